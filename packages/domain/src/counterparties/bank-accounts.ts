import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { bankResource } from '../reference-data/banks';
import { currencyResource } from '../reference-data/currencies';
import { COUNTERPARTY_ROLES, counterpartyParent } from './counterparty';
import { swiftSchema } from './schemas';

/**
 * An account of a counterparty. A Russian account (BIK given) is checked by the server with
 * `refineRussianBankDetails` (BIK, the account's and the correspondent account's control keys); any other
 * needs its IBAN, checked by ISO 13616 mod 97. One account of a counterparty is the primary one.
 */
export const counterpartyBankAccountResource = declareResource({
  name: 'counterparty_bank_account',
  path: '/counterparty-bank-accounts',
  title: 'counterparties.bankAccounts.title',
  itemTitle: 'counterparties.bankAccounts.item',
  keys: 'counterparties.bankAccounts',
  fields: {
    counterpartyId: counterpartyParent(),
    bankId: f.reference(bankResource).optional().listed().filterable(),
    bankName: f.text().optional().listed().searchable(),
    bik: f.text({ max: 32 }).optional().listed().searchable(),
    account: f.text({ max: 64 }).optional().listed().searchable(),
    correspondentAccount: f.text({ max: 64 }).optional(),
    iban: f.text({ max: 64 }).optional().listed().searchable(),
    swift: f.text().input(swiftSchema).optional().listed().searchable(),
    currencyId: f.reference(currencyResource, 'code').optional().listed(),
    primary: f.boolean().defaulted().listed().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: COUNTERPARTY_ROLES,
  labelField: 'account',
  defaultSort: { field: 'primary', order: 'desc' },
  deletable: true,
  screens: { create: false, edit: false },
});
export type CounterpartyBankAccount = z.infer<typeof counterpartyBankAccountResource.entity>;

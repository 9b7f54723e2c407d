import { z } from 'zod';
import { updatedAtField } from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';
import { COUNTERPARTY_ROLES, counterpartyIdField } from './counterparty';
import { swiftSchema } from './schemas';

/**
 * An account of a counterparty. A Russian account (BIK given) is checked by the server with
 * `refineRussianBankDetails` (BIK, the account's and the correspondent account's control keys); any other
 * needs its IBAN, checked by ISO 13616 mod 97. One account of a counterparty is the primary one.
 */
export const counterpartyBankAccountCreateSchema = z.object({
  counterpartyId: z.number().int().positive(),
  bankId: z.number().int().positive().nullable().optional(),
  bankName: z.string().trim().max(255).nullable().optional(),
  bik: z.string().trim().max(32).nullable().optional(),
  account: z.string().trim().max(64).nullable().optional(),
  correspondentAccount: z.string().trim().max(64).nullable().optional(),
  iban: z.string().trim().max(64).nullable().optional(),
  swift: swiftSchema.nullable().optional(),
  currencyId: z.number().int().positive().nullable().optional(),
  primary: z.boolean().optional(),
});
export const counterpartyBankAccountSchema = z.object({
  ...entityBase,
  counterpartyId: z.number().int(),
  bankId: z.number().int().nullable(),
  bankName: z.string().nullable(),
  bik: z.string().nullable(),
  account: z.string().nullable(),
  correspondentAccount: z.string().nullable(),
  iban: z.string().nullable(),
  swift: z.string().nullable(),
  currencyId: z.number().int().nullable(),
  primary: z.boolean(),
});
export type CounterpartyBankAccount = z.infer<typeof counterpartyBankAccountSchema>;

const field = (name: string) => ({
  name,
  label: `counterparties.bankAccounts.${name}`,
});

export const counterpartyBankAccountResource = defineResource({
  name: 'counterparty_bank_account',
  path: '/counterparty-bank-accounts',
  title: 'counterparties.bankAccounts.title',
  itemTitle: 'counterparties.bankAccounts.item',
  titles: { ru: 'Банковские счета контрагентов', en: 'Counterparty bank accounts' },
  entity: counterpartyBankAccountSchema,
  create: counterpartyBankAccountCreateSchema,
  fields: [
    counterpartyIdField,
    {
      ...field('bankId'),
      type: 'reference',
      reference: { path: '/banks', labelField: 'name' },
      listed: true,
      filterable: true,
    },
    { ...field('bankName'), type: 'text', listed: true, searchable: true },
    { ...field('bik'), type: 'text', listed: true, searchable: true },
    { ...field('account'), type: 'text', listed: true, searchable: true },
    { ...field('correspondentAccount'), type: 'text' },
    { ...field('iban'), type: 'text', listed: true, searchable: true },
    { ...field('swift'), type: 'text', listed: true, searchable: true },
    {
      ...field('currencyId'),
      type: 'reference',
      reference: { path: '/settings/currencies', labelField: 'code' },
      listed: true,
    },
    { ...field('primary'), type: 'boolean', listed: true, sortable: true },
    updatedAtField,
  ],
  roles: COUNTERPARTY_ROLES,
  labelField: 'account',
  defaultSort: { field: 'primary', order: 'desc' },
  deletable: true,
  screens: { create: false, edit: false },
});

import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { DECLARED_SCREENS } from '../screens';

/** What an account of the chart is, as the trial balance reads its balance. */
export const LEDGER_ACCOUNT_KIND_LABELS = {
  asset: { ru: 'Актив', en: 'Asset' },
  liability: { ru: 'Обязательство', en: 'Liability' },
  income: { ru: 'Доход', en: 'Income' },
  expense: { ru: 'Расход', en: 'Expense' },
  equity: { ru: 'Капитал', en: 'Equity' },
} as const;

/**
 * The chart of accounts (docs/finance.md "Accounts and postings"): the accounts the ledger posts to, seeded by
 * the migration that adds each. Read only: an account comes with the code that posts to it.
 */
export const ledgerAccountResource = declareResource({
  name: 'ledger_account',
  path: DECLARED_SCREENS.ledgerAccountResource.path,
  title: 'finance.ledgerAccounts.title',
  itemTitle: 'finance.ledgerAccounts.item',
  keys: 'finance.ledgerAccounts',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    kind: f.enum(LEDGER_ACCOUNT_KIND_LABELS).listed().filterable().sortable(),
    enabled: f.enabled(),
  },
  roles: { view: ['ROLE_REPORT_BOOKS_ALL'], edit: [] },
  labelField: 'name',
  defaultSort: { field: 'code', order: 'asc' },
  readOnly: true,
});
export type LedgerAccountRecord = z.infer<typeof ledgerAccountResource.entity>;

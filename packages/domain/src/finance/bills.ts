import { z } from 'zod';
import { declareResource } from '../common/declare';
import { defineFieldRoles } from '../common/field-roles';
import { f } from '../common/fields';
import { MESSAGES } from '../common/validation';
import { legalEntityResource } from '../company/legal-entities';
import { moneyAmountSchema } from '../company/material-assets';
import { serviceOfficeResource } from '../company/service-offices';
import { counterpartyResource } from '../counterparties/counterparty';
import { jobResource } from '../operations/job';
import { orderResource } from '../operations/order';
import { type Role, rolesOfScopedPermission } from '../permissions';
import { currencyResource } from '../reference-data/currencies';
import { colleagueReference } from '../users';
import { budgetItemResource } from './budgets';
import { internalTransferResource } from './internal-transfers';
import { paymentFormResource } from './payment-forms';

/** Stable English messages of the bills' rules (spec §5, §8); the web translates them in messages.json. */
export const BILL_MESSAGES = {
  operationsRequired: 'Bills must link to orders or jobs.',
  overheadOperations: 'An overhead bill is not linked to orders or jobs.',
  trackingJob: 'A tracking job cannot have bills.',
  operationLocked: 'order or job archived or has a locking finance control status',
  commissionCurrency: 'Currency required if a bank commission is set.',
  counterDirection: 'Counter bill must be of opposite direction.',
  counterCounterparty: 'Counterparties of bills must be the same.',
  counterSelf: 'A bill cannot be its own counter bill.',
  periodLocked: 'Recognition date period locked.',
  changeBlocked: 'Cannot delete or modify a bill with payments, a printable bill or files.',
  paymentFormCompany: 'The payment form belongs to another legal entity.',
  kindDenied: 'You may not create, change or delete bills of this kind.',
} as const;

/** Income: the client owes us; expense: we owe a contractor (DOMAIN.md "Money in detail"). */
export const BILL_DIRECTIONS = {
  INCOME: { ru: 'Доход', en: 'Income' },
  EXPENSE: { ru: 'Расход', en: 'Expense' },
} as const;
export type BillDirection = keyof typeof BILL_DIRECTIONS;

/** Direct bills belong to orders or jobs; overhead bills (rent, salaries) to none. */
export const BILL_KINDS = {
  DIRECT: { ru: 'Прямой', en: 'Direct' },
  OVERHEAD: { ru: 'Накладной', en: 'Overhead' },
} as const;
export type BillKind = keyof typeof BILL_KINDS;

/** The roles each kind of bill needs to be created and deleted (spec §6 "Bills"). */
export const BILL_KIND_ROLES: Readonly<
  Record<BillKind, { create: readonly Role[]; delete: readonly Role[] }>
> = {
  DIRECT: {
    create: ['ROLE_BILL_CREATE', 'ROLE_DIRECT_BILL_CREATE'],
    delete: ['ROLE_BILL_DELETE', 'ROLE_DIRECT_BILL_DELETE'],
  },
  OVERHEAD: { create: ['ROLE_OVERHEAD_BILL_CREATE'], delete: ['ROLE_OVERHEAD_BILL_DELETE'] },
};

export const BILL_ROLES = {
  view: [...rolesOfScopedPermission('ROLE_BILL_VIEW'), 'ROLE_DIRECT_BILL_VIEW', 'ROLE_OVERHEAD_BILL_VIEW'],
  edit: [...rolesOfScopedPermission('ROLE_BILL_EDIT'), 'ROLE_OVERHEAD_BILL_CREATE'],
  create: ['ROLE_BILL_CREATE', 'ROLE_DIRECT_BILL_CREATE', 'ROLE_OVERHEAD_BILL_CREATE'],
  delete: ['ROLE_BILL_DELETE', 'ROLE_DIRECT_BILL_DELETE', 'ROLE_OVERHEAD_BILL_DELETE'],
} as const satisfies Record<'view' | 'edit' | 'create' | 'delete', readonly Role[]>;

/**
 * Spec §6: a bill's recognition date is changed (after its creation) only with its role, the counter bill
 * set only by holders of the counter-bill role; its budget item changed only with "budget change".
 */
export const BILL_FIELD_RULES = defineFieldRoles({
  roles: {
    recognitionDate: 'ROLE_RECOGNITION_DATE_CHANGE',
    counterBillId: 'ROLE_BILL_COUNTER',
    budgetItemId: 'ROLE_BILL_BUDGET_CHANGE',
  },
  freeOnCreate: ['recognitionDate', 'budgetItemId'],
  createDefaults: { counterBillId: null },
});

const positiveAmount = moneyAmountSchema.refine((v) => /[1-9]/.test(v), MESSAGES.tooSmall);

/**
 * Bills (`/finances/bills`, spec §3 "Bill"): what a client owes us (income) or we owe a contractor
 * (expense), in the bill's currency. Every write posts to, or reverses in, the ledger in the same
 * transaction (docs/finance.md "Ledger"); the balance and the amount in the base currency are the ledger's.
 */
export const billResource = declareResource({
  fieldRoles: BILL_FIELD_RULES,
  name: 'bill',
  path: '/finances/bills',
  title: 'finance.bills.title',
  itemTitle: 'finance.bills.item',
  keys: 'finance.bills.fields',
  fields: {
    number: f.text({ max: 50 }).listed().searchable().sortable(),
    direction: f.enum(BILL_DIRECTIONS).listed().filterable().sortable().width('short'),
    kind: f.enum(BILL_KINDS).defaulted().listed().filterable().width('short'),
    counterpartyId: f.reference(counterpartyResource).filterable(),
    /** The counterparty's name at the last save: the list's column (readers of bills need not read counterparties), sort and search. */
    counterpartyName: f.text().readOnly().listed().searchable().sortable().hiddenInForm(),
    legalEntityId: f.reference(legalEntityResource).listed().filterable(),
    paymentFormId: f.reference(paymentFormResource).filterable(),
    currencyId: f.reference(currencyResource, 'code').listed().filterable(),
    amount: f.money().input(positiveAmount).listed().sortable(),
    /** The amount in the base currency at the recognition date's rate, as the ledger stored it. */
    amountInBase: f.money().readOnly().listed().sortable(),
    /** Amount − payments, as the ledger holds it. */
    balance: f.money({ negative: true }).readOnly().listed().sortable(),
    date: f.date().listed().filterable().sortable(),
    paymentDate: f.date().optional().listed().sortable(),
    recognitionDate: f.date().listed().filterable().sortable(),
    /** Duties and fees paid for the client and re-billed at cost: kept out of revenue and profit. */
    disbursement: f.boolean().defaulted().listed().filterable().width('short'),
    orderIds: f
      .references(orderResource, undefined, { max: 50, padded: true })
      .defaulted()
      .listed()
      .filterable(),
    jobIds: f.references(jobResource, undefined, { max: 50, padded: true }).defaulted().listed().filterable(),
    /** The bill of the opposite direction and the same counterparty this one is netted against. */
    counterBillId: f.integer({ min: 1 }).optional(),
    bankCommission: f.money().input(positiveAmount).optional(),
    bankCommissionCurrencyId: f.reference(currencyResource, 'code').optional(),
    comment: f.textarea({ max: 2000 }).optional(),
    /** What the bill is planned and counted under (docs/finance.md "Budgets"). */
    budgetItemId: f.reference(budgetItemResource).optional().listed().filterable(),
    /** The internal transfer an intercompany bill documents: set by finance only, never by a form. */
    internalTransferId: f
      .reference(internalTransferResource)
      .readOnly()
      .optional()
      .filterable()
      .hiddenInForm(),
    serviceOfficeId: f.reference(serviceOfficeResource).readOnly().optional().filterable().hiddenInForm(),
    createdById: f.reference(colleagueReference).readOnly().optional().filterable().hiddenInForm(),
    createdAt: f.createdAt().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: BILL_ROLES,
  labelField: 'number',
  defaultSort: { field: 'date', order: 'desc' },
  deletable: true,
  screens: { create: true, edit: true },
});

export const billCreateSchema = billResource.create;
export type BillCreate = z.infer<typeof billCreateSchema>;
export const billSchema = billResource.entity;
export type Bill = z.infer<typeof billSchema>;

/** Which operation a bills block or a bill made from an operation belongs to. */
export const BILL_OPERATION_TYPES = ['order', 'job'] as const;
export type BillOperationType = (typeof BILL_OPERATION_TYPES)[number];
export const billOperationQuerySchema = z.object({
  operation: z.enum(BILL_OPERATION_TYPES).default('order'),
});
/** A new bill of an operation: income by default for an order, expense for a job. */
export const billFromOperationQuerySchema = billOperationQuerySchema.extend({
  direction: z.enum(['INCOME', 'EXPENSE']).optional(),
});

/**
 * An operation's bills and its result in the base currency, read from the ledger: income and expense
 * without disbursements, profit = income − expense; disbursements apart.
 */
export const operationBillsSchema = z.object({
  bills: z.array(billSchema),
  baseCurrency: z.string(),
  income: z.string(),
  expense: z.string(),
  profit: z.string(),
  disbursements: z.string(),
});
export type OperationBills = z.infer<typeof operationBillsSchema>;

/** A month (its first day, `YYYY-MM-01`) closed for postings, and who closed it. */
export const lockedMonthSchema = z.object({
  month: z.string(),
  lockedAt: z.string(),
  lockedById: z.number().int().nullable(),
});
export type LockedMonth = z.infer<typeof lockedMonthSchema>;
export const monthParamSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'This value is not a valid month.'),
});

/**
 * The accounts of the ledger (docs/finance.md "Ledger"): CASH is the money on a payment form, the advances
 * the unlinked parts of payments, CONVERSION the other side of a currency conversion, INTERNAL_TRANSFERS
 * the clearing account between the two payments of an internal transfer, COMMISSION the banks' commissions,
 * ACQUIRING_COMMISSION the expense of the acquiring banks' commissions.
 */
export const LEDGER_ACCOUNTS = [
  'RECEIVABLE',
  'PAYABLE',
  'REVENUE',
  'COST',
  'DISBURSEMENT',
  'CASH',
  'ADVANCES_RECEIVED',
  'ADVANCES_PAID',
  'CONVERSION',
  'INTERNAL_TRANSFERS',
  'COMMISSION',
  'ACQUIRING_COMMISSION',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/**
 * The entries of a bill's posting (debit positive, credit negative; they sum to zero). Income: receivable
 * from the counterparty against revenue; expense: cost against payable. A disbursement goes to the
 * disbursement account instead of revenue or cost, so it never reaches the profit.
 */
export function billPostingLines(bill: {
  direction: BillDirection;
  disbursement: boolean;
  amount: string;
}): { account: LedgerAccount; debit: boolean }[] {
  const result: LedgerAccount = bill.disbursement
    ? 'DISBURSEMENT'
    : bill.direction === 'INCOME'
      ? 'REVENUE'
      : 'COST';
  return bill.direction === 'INCOME'
    ? [
        { account: 'RECEIVABLE', debit: true },
        { account: result, debit: false },
      ]
    : [
        { account: result, debit: true },
        { account: 'PAYABLE', debit: false },
      ];
}

/** The first day of the month of a date `YYYY-MM-DD`. */
export const monthOf = (date: string): string => `${date.slice(0, 7)}-01`;

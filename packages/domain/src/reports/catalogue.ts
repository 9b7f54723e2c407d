import { z } from 'zod';
import { recordIdSchema } from '../common/list';
import { MESSAGES } from '../common/validation';
import { DECLARATION_DIRECTIONS } from '../customs/declarations';
import {
  DECLARATION_STATUSES,
  INSPECTION_MODES,
  OPEN_DECLARATION_STATUSES,
} from '../customs/declarations-status';
import { CUSTOMS_DECLARATIONS_TOPIC } from '../customs/release-deadline';
import { LEDGER_ACCOUNTS } from '../finance/bills';
import {
  type DeclaredReport,
  defineReport,
  REPORT_FILTERS as F,
  periodQuery,
  reportQueryParts as Q,
  REPORT_MESSAGES,
  yearStart,
} from './report';

/** Ageing bucket edges in days, ascending (`30,60,90`): not due, 1-30, 31-60, 61-90, over 90. */
export const DEFAULT_AGEING_BUCKETS = [30, 60, 90] as const;

const bucketsSchema = z
  .string()
  .max(60)
  .transform((text, ctx) => {
    const parts = text.split(',').map((part) => part.trim());
    const days = parts.map(Number);
    const valid =
      parts.length <= 8 &&
      parts.every((part) => /^\d{1,4}$/.test(part)) &&
      days.every((d, i) => d > 0 && (i === 0 || d > days[i - 1]!));
    if (!valid) {
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.buckets });
      return z.NEVER;
    }
    return days;
  });

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * Accounts receivable (docs/reports.md): the income bills open at the as-of date, by client and currency, in
 * ageing buckets by days past due, with prepayments (unallocated incoming payments) as a negative column.
 */
export const accountsReceivableReport = defineReport(
  {
    key: 'accounts-receivable',
    path: '/reports/accounts-receivable',
    title: 'reports:accountsReceivable.title',
    nav: 'nav.accountsReceivable',
    icon: 'report-money',
    permission: 'ROLE_REPORT_ACCOUNTS_RECEIVABLE',
    filters: [
      F.asOf,
      { name: 'buckets', kind: 'text', label: 'reports:filters.buckets', placeholder: '30,60,90' },
      F.client,
      F.currency,
      F.office,
      F.legalEntity,
      F.paymentForm,
      F.seller,
      { name: 'overdueOnly', kind: 'boolean', label: 'reports:filters.overdueOnly' },
    ],
    defaults: (today) => ({ asOf: today, buckets: DEFAULT_AGEING_BUCKETS.join(',') }),
  },
  z.object({
    asOf: Q.day,
    buckets: bucketsSchema.default([...DEFAULT_AGEING_BUCKETS]),
    clientId: Q.clientId,
    currencyId: Q.currencyId,
    serviceOfficeId: Q.serviceOfficeId,
    legalEntityId: Q.legalEntityId,
    paymentFormId: Q.paymentFormId,
    sellerId: Q.sellerId,
    overdueOnly: flag.optional(),
  }),
);
export type AccountsReceivableQuery = z.infer<typeof accountsReceivableReport.query>;

export const NEW_CLIENT_GROUPS = ['client', 'seller', 'month'] as const;

/**
 * New clients (docs/reports.md): the clients whose first order ever was made in the period, with their
 * revenue and gross profit of the period, credited to the first order's seller.
 */
export const newClientsReport = defineReport(
  {
    key: 'new-clients',
    path: '/reports/new-clients',
    title: 'reports:newClients.title',
    nav: 'nav.newClients',
    icon: 'user-plus',
    permission: 'ROLE_REPORT_NEW_CLIENTS',
    filters: [
      F.from,
      F.to,
      {
        name: 'groupBy',
        kind: 'enum',
        label: 'reports:filters.groupBy',
        options: NEW_CLIENT_GROUPS,
        optionsKey: 'reports:groups',
      },
      F.office,
      F.seller,
      F.product,
    ],
    defaults: (today) => ({ from: yearStart(today), to: today, groupBy: 'client' }),
  },
  periodQuery({
    groupBy: z.enum(NEW_CLIENT_GROUPS).default('client'),
    serviceOfficeId: Q.serviceOfficeId,
    sellerId: Q.sellerId,
    productId: Q.productId,
  }),
);
export type NewClientsQuery = z.infer<typeof newClientsReport.query>;

export const GROSS_PROFIT_GROUPS = ['month', 'office', 'client', 'seller', 'forwarder', 'product'] as const;

/**
 * Gross profit (docs/reports.md): per order, income − expense in the base currency fixed at posting, of the
 * bills recognised in the period, disbursements and internal transfers left out, grouped.
 */
export const grossProfitReport = defineReport(
  {
    key: 'gross-profit',
    path: '/reports/gross-profit',
    title: 'reports:grossProfit.title',
    nav: 'nav.grossProfit',
    icon: 'chart-bar',
    permission: 'ROLE_REPORT_GROSS_PROFIT',
    filters: [
      F.from,
      F.to,
      {
        name: 'groupBy',
        kind: 'enum',
        label: 'reports:filters.groupBy',
        options: GROSS_PROFIT_GROUPS,
        optionsKey: 'reports:groups',
      },
      F.office,
      F.legalEntity,
      F.paymentForm,
      F.product,
      F.client,
      F.seller,
      F.forwarder,
      F.currency,
    ],
    defaults: (today) => ({ from: yearStart(today), to: today, groupBy: 'month' }),
  },
  periodQuery({
    groupBy: z.enum(GROSS_PROFIT_GROUPS).default('month'),
    serviceOfficeId: Q.serviceOfficeId,
    legalEntityId: Q.legalEntityId,
    paymentFormId: Q.paymentFormId,
    productId: Q.productId,
    clientId: Q.clientId,
    sellerId: Q.sellerId,
    forwarderId: Q.forwarderId,
    currencyId: Q.currencyId,
  }),
);
export type GrossProfitQuery = z.infer<typeof grossProfitReport.query>;

/** The books' amounts: each account per currency in that currency, or all in the base currency fixed at posting. */
export const BOOKS_AMOUNTS = ['currency', 'base'] as const;
const amountsFilter = {
  name: 'amounts',
  kind: 'enum',
  label: 'reports:filters.amounts',
  options: BOOKS_AMOUNTS,
  optionsKey: 'reports:amounts',
} as const;
const monthStart = (today: string) => `${today.slice(0, 7)}-01`;

/**
 * Trial balance (оборотно-сальдовая ведомость, docs/reports.md): per account of the chart and currency, the
 * opening balance, debit and credit turnover of the period and the closing balance; debits equal credits.
 */
export const trialBalanceReport = defineReport(
  {
    key: 'trial-balance',
    path: '/reports/trial-balance',
    title: 'reports:trialBalance.title',
    nav: 'nav.trialBalance',
    icon: 'calculator',
    permission: 'ROLE_REPORT_BOOKS',
    filters: [F.from, F.to, F.legalEntity, F.currency, amountsFilter],
    defaults: (today) => ({ from: monthStart(today), to: today, amounts: 'currency' }),
  },
  periodQuery({
    legalEntityId: Q.legalEntityId,
    currencyId: Q.currencyId,
    amounts: z.enum(BOOKS_AMOUNTS).default('currency'),
  }),
);
export type TrialBalanceQuery = z.infer<typeof trialBalanceReport.query>;

/**
 * Account turnover (карточка счёта, docs/reports.md): one account's entries of the period with their documents,
 * between its opening and closing balance: the trial balance's figures drilled down.
 */
export const accountTurnoverReport = defineReport(
  {
    key: 'account-turnover',
    path: '/reports/account-turnover',
    title: 'reports:accountTurnover.title',
    nav: 'nav.accountTurnover',
    icon: 'list-details',
    permission: 'ROLE_REPORT_BOOKS',
    filters: [
      {
        name: 'account',
        kind: 'enum',
        label: 'reports:filters.account',
        options: LEDGER_ACCOUNTS,
        optionsKey: 'reports:ledgerAccounts',
      },
      F.from,
      F.to,
      F.legalEntity,
      F.currency,
      F.paymentForm,
      F.client,
      amountsFilter,
    ],
    defaults: (today) => ({ account: 'CASH', from: monthStart(today), to: today, amounts: 'currency' }),
  },
  periodQuery({
    account: z.enum(LEDGER_ACCOUNTS).default('CASH'),
    legalEntityId: Q.legalEntityId,
    currencyId: Q.currencyId,
    paymentFormId: Q.paymentFormId,
    clientId: Q.clientId,
    amounts: z.enum(BOOKS_AMOUNTS).default('currency'),
  }),
);
export type AccountTurnoverQuery = z.infer<typeof accountTurnoverReport.query>;

export const CASH_STEPS = ['month', 'day'] as const;

/**
 * Cash per payment form (docs/reports.md): each form's balance at the start, money in and out and balance at
 * the end of each month or day of the period, in the form's currency.
 */
export const cashByPaymentFormReport = defineReport(
  {
    key: 'cash-by-payment-form',
    path: '/reports/cash-by-payment-form',
    title: 'reports:cashByPaymentForm.title',
    nav: 'nav.cashByPaymentForm',
    icon: 'cash',
    permission: 'ROLE_REPORT_BOOKS',
    filters: [
      F.from,
      F.to,
      {
        name: 'step',
        kind: 'enum',
        label: 'reports:filters.step',
        options: CASH_STEPS,
        optionsKey: 'reports:steps',
      },
      F.legalEntity,
      F.paymentForm,
      F.currency,
    ],
    defaults: (today) => ({ from: monthStart(today), to: today, step: 'month' }),
  },
  periodQuery({
    step: z.enum(CASH_STEPS).default('month'),
    legalEntityId: Q.legalEntityId,
    paymentFormId: Q.paymentFormId,
    currencyId: Q.currencyId,
  }),
);
export type CashByPaymentFormQuery = z.infer<typeof cashByPaymentFormReport.query>;

/**
 * Counterparty reconciliation statement (акт сверки, docs/reports.md): for one counterparty and period, the
 * balance of settlements at its start, the bills and payments of the period and the balance at its end.
 */
export const reconciliationReport = defineReport(
  {
    key: 'reconciliation',
    path: '/reports/reconciliation',
    title: 'reports:reconciliation.title',
    nav: 'nav.reconciliation',
    icon: 'file-invoice',
    permission: 'ROLE_REPORT_BOOKS',
    filters: [
      { ...F.client, label: 'reports:filters.counterparty' },
      F.from,
      F.to,
      F.legalEntity,
      F.currency,
      amountsFilter,
    ],
    defaults: (today) => ({ from: yearStart(today), to: today, amounts: 'currency' }),
  },
  periodQuery({
    clientId: z.string({ error: MESSAGES.blank }).pipe(Q.clientId.unwrap()),
    legalEntityId: Q.legalEntityId,
    currencyId: Q.currencyId,
    amounts: z.enum(BOOKS_AMOUNTS).default('currency'),
  }),
);
export type ReconciliationQuery = z.infer<typeof reconciliationReport.query>;
export const CASH_CYCLE_TYPES = ['dso', 'dpo', 'ccc'] as const;
export type CashCycleType = (typeof CASH_CYCLE_TYPES)[number];
export const CASH_CYCLE_GROUPS = ['month', 'counterparty'] as const;

const cashCycleQuery = periodQuery({
  groupBy: z.enum(CASH_CYCLE_GROUPS).default('month'),
  serviceOfficeId: Q.serviceOfficeId,
  legalEntityId: Q.legalEntityId,
  clientId: Q.clientId,
  currencyId: Q.currencyId,
});
export type CashCycleQuery = z.infer<typeof cashCycleQuery>;

const CASH_CYCLE = {
  dso: { permission: 'ROLE_REPORT_DSO', title: 'reports:dso.title', nav: 'nav.dso' },
  dpo: { permission: 'ROLE_REPORT_DPO', title: 'reports:dpo.title', nav: 'nav.dpo' },
  ccc: { permission: 'ROLE_REPORT_CCC', title: 'reports:ccc.title', nav: 'nav.ccc' },
} as const;

/**
 * DSO, DPO and CCC (docs/reports.md): one screen differing by its type (spec §2), each with its own role.
 * DSO = receivables at the end ÷ invoiced in the period × days; DPO the same of payables and purchases;
 * CCC = DSO − DPO (a forwarder holds no inventory). CCC reads by month only (clients and contractors differ).
 */
function cashCycleReport<T extends CashCycleType>(type: T) {
  const { permission, title, nav } = CASH_CYCLE[type];
  return defineReport(
    {
      key: type,
      path: `/reports/${type}`,
      title,
      nav,
      icon: 'calendar',
      permission,
      filters: [
        F.from,
        F.to,
        ...(type === 'ccc'
          ? []
          : [
              {
                name: 'groupBy',
                kind: 'enum',
                label: 'reports:filters.groupBy',
                options: CASH_CYCLE_GROUPS,
                optionsKey: 'reports:groups',
              } as const,
              type === 'dso' ? F.client : { ...F.client, label: 'reports:filters.contractor' },
            ]),
        F.legalEntity,
        F.office,
        F.currency,
      ],
      defaults: (today) => ({ from: yearStart(today), to: today, groupBy: 'month' }),
    },
    cashCycleQuery,
  );
}
export const dsoReport = cashCycleReport('dso');
export const dpoReport = cashCycleReport('dpo');
export const cccReport = cashCycleReport('ccc');

const vatFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * Orders by payment form (docs/reports.md): per form and currency, the orders with income bills on it
 * recognised in the period, what was invoiced and what of it was paid by the period's end.
 */
export const ordersByPaymentFormsReport = defineReport(
  {
    key: 'orders-by-payment-forms',
    path: '/reports/orders-by-payment-forms',
    title: 'reports:ordersByPaymentForms.title',
    nav: 'nav.ordersByPaymentForms',
    icon: 'wallet',
    permission: 'ROLE_REPORT_ORDERS_BY_PAYMENT_FORM',
    filters: [
      F.from,
      F.to,
      F.paymentForm,
      F.legalEntity,
      { name: 'withVat', kind: 'boolean', label: 'reports:filters.withVat' },
      F.currency,
      F.office,
    ],
    defaults: (today) => ({ from: yearStart(today), to: today }),
  },
  periodQuery({
    paymentFormId: Q.paymentFormId,
    legalEntityId: Q.legalEntityId,
    withVat: vatFlag.optional(),
    currencyId: Q.currencyId,
    serviceOfficeId: Q.serviceOfficeId,
  }),
);
export type OrdersByPaymentFormsQuery = z.infer<typeof ordersByPaymentFormsReport.query>;

export const PLAN_FACT_GROUPS = ['item', 'month'] as const;
const ITEM_KINDS = ['DIRECT', 'OVERHEAD'] as const;
const ITEM_DIRECTIONS = ['EXPENSE', 'INCOME'] as const;

/** A whole number of the address, digits only (the API's query rule: `0x7E7` or `2e3` are no year). */
const wholeNumber = (min: number, max: number, error: string) =>
  z
    .string()
    .regex(/^[0-9]{1,9}$/, { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error }));

/**
 * Plan-fact (docs/reports.md): per budget item (or month) the plan against the fact, the base amounts of the
 * item's bills recognised in the month, of one year: a month, the year to that month, or the whole year;
 * expense items or income items (never added together).
 */
export const planFactReport = defineReport(
  {
    key: 'plan-fact-report',
    path: '/reports/plan-fact-report',
    title: 'reports:planFact.title',
    nav: 'nav.planFact',
    icon: 'report-analytics',
    permission: 'ROLE_REPORT_PLAN_FACT',
    filters: [
      { name: 'year', kind: 'text', label: 'reports:filters.year', placeholder: '2026' },
      { name: 'month', kind: 'text', label: 'reports:filters.month', placeholder: '1–12' },
      { name: 'ytd', kind: 'boolean', label: 'reports:filters.ytd' },
      {
        name: 'groupBy',
        kind: 'enum',
        label: 'reports:filters.groupBy',
        options: PLAN_FACT_GROUPS,
        optionsKey: 'reports:groups',
      },
      {
        name: 'direction',
        kind: 'enum',
        label: 'reports:filters.direction',
        options: ITEM_DIRECTIONS,
        optionsKey: 'reports:budgetDirections',
      },
      {
        name: 'budgetId',
        kind: 'reference',
        label: 'reports:filters.budget',
        path: '/budgets',
        labelField: 'name',
      },
      {
        name: 'kind',
        kind: 'enum',
        label: 'reports:filters.itemKind',
        options: ITEM_KINDS,
        optionsKey: 'reports:itemKinds',
      },
      F.legalEntity,
    ],
    defaults: (today) => ({ year: today.slice(0, 4), groupBy: 'item', direction: 'EXPENSE' }),
  },
  z.object({
    year: wholeNumber(2000, 2100, REPORT_MESSAGES.year),
    month: wholeNumber(1, 12, REPORT_MESSAGES.month).optional(),
    ytd: flag.optional(),
    groupBy: z.enum(PLAN_FACT_GROUPS).default('item'),
    direction: z.enum(ITEM_DIRECTIONS).default('EXPENSE'),
    budgetId: recordIdSchema.optional(),
    kind: z.enum(ITEM_KINDS).optional(),
    legalEntityId: Q.legalEntityId,
  }),
);
export type PlanFactQuery = z.infer<typeof planFactReport.query>;

export const REGISTRY_BASES = ['document', 'recognition'] as const;
export const REGISTRY_DOCUMENTS = ['bills', 'payments'] as const;
export const REGISTRY_DIRECTIONS = ['in', 'out'] as const;

/**
 * The finance registry (docs/reports.md): the period's bills and payments for accounting, one row each, with
 * totals per legal entity and currency.
 */
export const financeRegistryReport = defineReport(
  {
    key: 'finance-registry',
    path: '/reports/finance-registry',
    title: 'reports:financeRegistry.title',
    nav: 'nav.financeRegistry',
    icon: 'list-details',
    permission: 'ROLE_REPORT_FINANCE_REGISTRY',
    filters: [
      F.from,
      F.to,
      {
        name: 'basis',
        kind: 'enum',
        label: 'reports:filters.dateBasis',
        options: REGISTRY_BASES,
        optionsKey: 'reports:dateBases',
      },
      {
        name: 'documents',
        kind: 'enum',
        label: 'reports:filters.documents',
        options: REGISTRY_DOCUMENTS,
        optionsKey: 'reports:documents',
      },
      {
        name: 'direction',
        kind: 'enum',
        label: 'reports:filters.direction',
        options: REGISTRY_DIRECTIONS,
        optionsKey: 'reports:directions',
      },
      { name: 'processed', kind: 'boolean', label: 'reports:filters.processed' },
      F.legalEntity,
      F.paymentForm,
      F.currency,
    ],
    defaults: (today) => ({ from: `${today.slice(0, 7)}-01`, to: today, basis: 'document' }),
  },
  periodQuery({
    basis: z.enum(REGISTRY_BASES).default('document'),
    documents: z.enum(REGISTRY_DOCUMENTS).optional(),
    direction: z.enum(REGISTRY_DIRECTIONS).optional(),
    processed: flag.optional(),
    legalEntityId: Q.legalEntityId,
    paymentFormId: Q.paymentFormId,
    currencyId: Q.currencyId,
  }),
);
export type FinanceRegistryQuery = z.infer<typeof financeRegistryReport.query>;

/** Whose gross profit a bonus is (spec §9 "Bonus report types"). */
export const BONUS_ROLES = ['seller', 'forwarder', 'logist'] as const;
export type BonusRole = (typeof BONUS_ROLES)[number];
const bonusTypeFilter = {
  name: 'type',
  kind: 'enum',
  label: 'reports:filters.bonusType',
  options: BONUS_ROLES,
  optionsKey: 'reports:bonusTypes',
} as const;
const employeeFilter = {
  name: 'employeeId',
  kind: 'reference',
  label: 'reports:filters.employee',
  path: '/users/colleagues',
  labelField: 'contactName',
} as const;

/**
 * Bonus profit (docs/reports.md): the gross profit of the period credited to each seller, forwarder or
 * logist by his share of each order: the base his bonus is computed from.
 */
export const bonusProfitReport = defineReport(
  {
    key: 'bonus-profit',
    path: '/reports/bonus-profit',
    title: 'reports:bonusProfit.title',
    nav: 'nav.bonusProfit',
    icon: 'coin',
    permission: 'ROLE_REPORT_BONUS_PROFIT',
    filters: [F.from, F.to, bonusTypeFilter, employeeFilter, F.office, F.product, F.client, F.legalEntity],
    defaults: (today) => ({ from: yearStart(today), to: today, type: 'seller' }),
  },
  periodQuery({
    type: z.enum(BONUS_ROLES).default('seller'),
    employeeId: recordIdSchema.optional(),
    serviceOfficeId: Q.serviceOfficeId,
    productId: Q.productId,
    clientId: Q.clientId,
    legalEntityId: Q.legalEntityId,
  }),
);
export type BonusProfitQuery = z.infer<typeof bonusProfitReport.query>;

export const MARGINAL_INCOME_GROUPS = ['month', 'office'] as const;

/**
 * Marginal income (docs/reports.md): revenue less the variable costs (expense bills of an order or a job),
 * then the overhead (expense bills of no order) down to the operating result, by month or office.
 */
export const marginalIncomeReport = defineReport(
  {
    key: 'marginal-income',
    path: '/reports/marginal-income',
    title: 'reports:marginalIncome.title',
    nav: 'nav.marginalIncome',
    icon: 'chart-pie',
    permission: 'ROLE_REPORT_MARGINAL_INCOME',
    filters: [
      F.from,
      F.to,
      {
        name: 'groupBy',
        kind: 'enum',
        label: 'reports:filters.groupBy',
        options: MARGINAL_INCOME_GROUPS,
        optionsKey: 'reports:groups',
      },
      F.office,
      F.legalEntity,
    ],
    defaults: (today) => ({ from: yearStart(today), to: today, groupBy: 'month' }),
  },
  periodQuery({
    groupBy: z.enum(MARGINAL_INCOME_GROUPS).default('month'),
    serviceOfficeId: Q.serviceOfficeId,
    legalEntityId: Q.legalEntityId,
  }),
);
export type MarginalIncomeQuery = z.infer<typeof marginalIncomeReport.query>;

export const PROFITABILITY_GROUPS = ['client', 'product', 'office', 'month'] as const;

/** A sum of money of the address, in roubles and kopecks (`10000`, `2500.50`). */
const moneyText = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, { error: REPORT_MESSAGES.money });

/**
 * Profitability (docs/reports.md): margin = gross profit ÷ revenue and markup = gross profit ÷ cost, by
 * client, product, office or month; groups under a minimum revenue hidden.
 */
export const profitabilityReport = defineReport(
  {
    key: 'profitability',
    path: '/reports/profitability',
    title: 'reports:profitability.title',
    nav: 'nav.profitability',
    icon: 'report-analytics',
    permission: 'ROLE_REPORT_PROFITABILITY',
    filters: [
      F.from,
      F.to,
      {
        name: 'groupBy',
        kind: 'enum',
        label: 'reports:filters.groupBy',
        options: PROFITABILITY_GROUPS,
        optionsKey: 'reports:groups',
      },
      { name: 'minRevenue', kind: 'text', label: 'reports:filters.minRevenue', placeholder: '10000' },
      F.office,
      F.product,
      F.client,
      F.seller,
      F.legalEntity,
    ],
    defaults: (today) => ({ from: yearStart(today), to: today, groupBy: 'client' }),
  },
  periodQuery({
    groupBy: z.enum(PROFITABILITY_GROUPS).default('client'),
    minRevenue: moneyText.optional(),
    serviceOfficeId: Q.serviceOfficeId,
    productId: Q.productId,
    clientId: Q.clientId,
    sellerId: Q.sellerId,
    legalEntityId: Q.legalEntityId,
  }),
);
export type ProfitabilityQuery = z.infer<typeof profitabilityReport.query>;

export const PRODUCTIVITY_GROUPS = ['employee', 'office'] as const;

/**
 * Specific productivity (docs/reports.md): per employee of a role (or per office), the orders he handled and
 * the gross profit credited to him by the bonus shares, per order and per month of the period.
 */
export const productivityReport = defineReport(
  {
    key: 'specific-productivity',
    path: '/reports/specific-productivity',
    title: 'reports:productivity.title',
    nav: 'nav.productivity',
    icon: 'users',
    permission: 'ROLE_REPORT_PRODUCTIVITY',
    filters: [
      F.from,
      F.to,
      bonusTypeFilter,
      {
        name: 'groupBy',
        kind: 'enum',
        label: 'reports:filters.groupBy',
        options: PRODUCTIVITY_GROUPS,
        optionsKey: 'reports:groups',
      },
      F.office,
      F.product,
    ],
    defaults: (today) => ({ from: yearStart(today), to: today, type: 'seller', groupBy: 'employee' }),
  },
  periodQuery({
    type: z.enum(BONUS_ROLES).default('seller'),
    groupBy: z.enum(PRODUCTIVITY_GROUPS).default('employee'),
    serviceOfficeId: Q.serviceOfficeId,
    productId: Q.productId,
  }),
);
export type ProductivityQuery = z.infer<typeof productivityReport.query>;

export const VAT0_STATUSES = ['confirmed', 'pending', 'expired'] as const;
export type Vat0Status = (typeof VAT0_STATUSES)[number];
/** Days a zero-rate sale has to be confirmed by documents (НК РФ ст.165 п.9). */
export const VAT0_DEADLINE_DAYS = 180;
/** The file tags of the transport and customs documents confirming it (ст.165 п.3.1): CMR, air and sea bills, rail, DT. */
export const VAT0_DOCUMENT_TAGS = ['CMR', 'AWB', 'BL', 'CIM', 'SMGS', 'DT'] as const;
const quarterStart = (today: string) =>
  `${today.slice(0, 4)}-${String(Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;

/**
 * VAT 0 % (docs/reports.md): the income bills of international carriage recognised in the period, each with
 * its 180-day document deadline and status at the as-of date: confirmed, pending (days left) or expired.
 * Seeing it and exporting it are separate roles (spec §6).
 */
export const vat0Report = defineReport(
  {
    key: 'vat0',
    path: '/reports/vat0',
    title: 'reports:vat0.title',
    nav: 'nav.vat0',
    icon: 'receipt',
    permission: 'ROLE_REPORT_VAT0_PREVIEW',
    exportPermission: 'ROLE_REPORT_VAT0_EXPORT',
    filters: [
      F.from,
      F.to,
      F.asOf,
      {
        name: 'status',
        kind: 'enum',
        label: 'reports:filters.status',
        options: VAT0_STATUSES,
        optionsKey: 'reports:vat0Statuses',
      },
      F.legalEntity,
      F.client,
    ],
    defaults: (today) => ({ from: quarterStart(today), to: today, asOf: today }),
  },
  periodQuery({
    asOf: Q.day,
    status: z.enum(VAT0_STATUSES).optional(),
    legalEntityId: Q.legalEntityId,
    clientId: Q.clientId,
  }),
);
export type Vat0Query = z.infer<typeof vat0Report.query>;

export const CUSTOMS_REPORT_GROUPS = [
  'status',
  'customsPoint',
  'declarant',
  'procedure',
  'inspectionMode',
] as const;
export type CustomsReportGroup = (typeof CUSTOMS_REPORT_GROUPS)[number];

const customsFilters = {
  customsPoint: {
    name: 'customsPointId',
    kind: 'reference',
    label: 'reports:filters.customsPoint',
    path: '/tms/customs-points',
    labelField: 'name',
  },
  declarant: {
    name: 'declarantId',
    kind: 'reference',
    label: 'reports:filters.declarant',
    path: '/users/colleagues',
    labelField: 'contactName',
  },
} as const;

/**
 * The customs report (docs/reports.md): the declarations of a period (by registration day, a declaration
 * not yet registered by the day it was drafted) by status, customs point, declarant, procedure or inspection
 * mode: how many, released, their release time (registration → release decision) as median and 90th
 * percentile, inspections and refusals. Scoped by the customs report's own scope (own, office, all).
 */
export const customsReportReport = defineReport(
  {
    key: 'customs-report',
    path: '/reports/customs-report',
    title: 'reports:customsReport.title',
    nav: 'nav.customsReport',
    icon: 'certificate',
    permission: 'ROLE_CUSTOMS_REPORT',
    filters: [
      F.from,
      F.to,
      {
        name: 'groupBy',
        kind: 'enum',
        label: 'reports:filters.groupBy',
        options: CUSTOMS_REPORT_GROUPS,
        optionsKey: 'reports:groups',
      },
      {
        name: 'status',
        kind: 'enum',
        label: 'reports:filters.status',
        options: DECLARATION_STATUSES,
        optionsKey: 'reports:customsStatuses',
      },
      customsFilters.customsPoint,
      customsFilters.declarant,
      {
        name: 'direction',
        kind: 'enum',
        label: 'reports:filters.customsDirection',
        options: DECLARATION_DIRECTIONS,
        optionsKey: 'reports:customsDirections',
      },
      {
        name: 'inspectionMode',
        kind: 'enum',
        label: 'reports:filters.inspectionMode',
        options: INSPECTION_MODES,
        optionsKey: 'reports:inspectionModes',
      },
      F.office,
      F.client,
    ],
    defaults: (today) => ({ from: yearStart(today), to: today, groupBy: 'status' }),
  },
  periodQuery({
    groupBy: z.enum(CUSTOMS_REPORT_GROUPS).default('status'),
    status: z.enum(DECLARATION_STATUSES).optional(),
    customsPointId: recordIdSchema.optional(),
    declarantId: recordIdSchema.optional(),
    direction: z.enum(DECLARATION_DIRECTIONS).optional(),
    inspectionMode: z.enum(INSPECTION_MODES).optional(),
    serviceOfficeId: Q.serviceOfficeId,
    clientId: Q.clientId,
  }),
);
export type CustomsReportQuery = z.infer<typeof customsReportReport.query>;

/**
 * The customs monitoring (docs/reports.md): the declarations with the authority now (submitted, registered,
 * under control), live, each with the time gone since its term started against its deadline, in the customs
 * point's own time zone; the most pressing first.
 */
export const customsMonitoringReport = defineReport(
  {
    key: 'customs-monitoring',
    path: '/reports/customs-monitoring',
    title: 'reports:customsMonitoring.title',
    nav: 'nav.customsMonitoring',
    icon: 'clock',
    permission: 'ROLE_CUSTOMS_REPORT',
    live: CUSTOMS_DECLARATIONS_TOPIC,
    filters: [
      {
        name: 'status',
        kind: 'enum',
        label: 'reports:filters.status',
        options: OPEN_DECLARATION_STATUSES,
        optionsKey: 'reports:customsStatuses',
      },
      customsFilters.customsPoint,
      customsFilters.declarant,
      F.office,
    ],
    defaults: () => ({}),
  },
  z.object({
    status: z
      .enum(OPEN_DECLARATION_STATUSES as unknown as ['SUBMITTED', 'REGISTERED', 'UNDER_CONTROL'])
      .optional(),
    customsPointId: recordIdSchema.optional(),
    declarantId: recordIdSchema.optional(),
    serviceOfficeId: Q.serviceOfficeId,
  }),
);
export type CustomsMonitoringQuery = z.infer<typeof customsMonitoringReport.query>;

export const PCC_ANALYTICS_GROUPS = ['client', 'user'] as const;

/**
 * PCC analytics (docs/reports.md): what clients do in their cabinet — sign-ins, active users, tracking views,
 * downloads, requests and bookings — per client or per cabinet user, and the share of a client's orders
 * placed through the cabinet.
 */
export const pccAnalyticsReport = defineReport(
  {
    key: 'pcc-analytics',
    path: '/reports/pcc-analytics',
    title: 'reports:pccAnalytics.title',
    nav: 'nav.pccAnalytics',
    icon: 'user-share',
    permission: 'ROLE_REPORT_PCC_ANALYTICS',
    filters: [
      F.from,
      F.to,
      {
        name: 'groupBy',
        kind: 'enum',
        label: 'reports:filters.groupBy',
        options: PCC_ANALYTICS_GROUPS,
        optionsKey: 'reports:groups',
      },
      F.client,
    ],
    defaults: (today) => ({ from: monthStart(today), to: today, groupBy: 'client' }),
  },
  periodQuery({ groupBy: z.enum(PCC_ANALYTICS_GROUPS).default('client'), clientId: Q.clientId }),
);
export type PccAnalyticsQuery = z.infer<typeof pccAnalyticsReport.query>;

/** Every report of the framework, in menu order: `/reports` opens the first one the user may read. */
export const REPORTS: readonly DeclaredReport[] = [
  grossProfitReport,
  accountsReceivableReport,
  newClientsReport,
  dsoReport,
  dpoReport,
  cccReport,
  ordersByPaymentFormsReport,
  planFactReport,
  financeRegistryReport,
  bonusProfitReport,
  marginalIncomeReport,
  profitabilityReport,
  productivityReport,
  vat0Report,
  trialBalanceReport,
  accountTurnoverReport,
  cashByPaymentFormReport,
  reconciliationReport,
  customsReportReport,
  customsMonitoringReport,
  pccAnalyticsReport,
] as unknown as readonly DeclaredReport[];

export const reportByKey = (key: string): DeclaredReport | undefined =>
  REPORTS.find((report) => report.key === key);

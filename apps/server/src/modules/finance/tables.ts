import type {
  BillDirection,
  BillKind,
  BudgetItemDirection,
  BudgetItemKind,
  CurrencyRateSource,
  PaymentDirection,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { serviceOffices, users } from '../../platform/identity/tables';
import {
  dictionaryColumns,
  listIndexes,
  resourceTable,
  searchTextColumn,
} from '../../platform/resources/indexes';
import { legalEntities } from '../company';
import { counterparties } from '../counterparties';
import { banks, currencies } from '../reference-data';

/** Reasons chosen when a finance control status is set on an order or job. */
export const financeControlStatusReasons = pgTable(
  'finance_control_status_reasons',
  {
    ...entityColumns(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name', 'name_en'),
  },
  (t) => [
    uniqueIndex('finance_control_status_reasons_name_uq').on(t.name),
    ...listIndexes('finance_control_status_reasons', t, {
      sortable: [t.nameEn, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Accounts of our companies that bills are paid through. */
export const paymentForms = pgTable(
  'payment_forms',
  {
    ...entityColumns(),
    name: text('name').notNull(),
    legalEntityId: integer('legal_entity_id')
      .notNull()
      .references(() => legalEntities.id),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    accountNumber: text('account_number').notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    serviceOfficeId: integer('service_office_id').references(() => serviceOffices.id),
    withVat: boolean('with_vat').notNull().default(true),
    /** The bank as a counterparty, for bank commissions (docs/finance.md "Automatic transfers"). */
    bankCounterpartyId: integer('bank_counterparty_id').references(() => counterparties.id),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name', 'account_number'),
  },
  (t) => [
    uniqueIndex('payment_forms_name_uq').on(t.name),
    // One account in one currency is one payment form.
    uniqueIndex('payment_forms_account_uq').on(t.accountNumber, t.bankId, t.currencyId),
    index('payment_forms_legal_entity_idx').on(t.legalEntityId),
    index('payment_forms_bank_idx').on(t.bankId),
    index('payment_forms_currency_idx').on(t.currencyId),
    index('payment_forms_service_office_idx').on(t.serviceOfficeId),
    index('payment_forms_bank_counterparty_idx').on(t.bankCounterpartyId),
    ...listIndexes('payment_forms', t, { sortable: [t.updatedAt], searchText: t.searchText }),
  ],
);

/**
 * A currency's rate on a date: `nominal` units cost `rate` units of the base currency. One rate per currency
 * and day; a conversion reads exactly its date's row (docs/finance.md "Currency rates").
 */
export const currencyRates = pgTable(
  'currency_rates',
  {
    ...entityColumns(),
    date: date('date', { mode: 'string' }).notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    nominal: integer('nominal').notNull().default(1),
    // Unscaled: a rate reads back as it was quoted (the schema allows 6 decimals).
    rate: numeric('rate').notNull(),
    source: text('source').$type<CurrencyRateSource>().notNull().default('MANUAL'),
  },
  (t) => [
    uniqueIndex('currency_rates_date_currency_uq').on(t.date, t.currencyId),
    index('currency_rates_currency_idx').on(t.currencyId),
    ...listIndexes('currency_rates', t, { sortable: [t.date, t.rate, t.updatedAt] }),
  ],
);

/** How a company's printable bills look: language, heading, terms, signers (docs/finance.md "Printable bill PDF"). */
export const printableBillTemplates = resourceTable(
  'printable_bill_templates',
  {
    name: text('name').notNull(),
    legalEntityId: integer('legal_entity_id').references(() => legalEntities.id),
    language: text('language').notNull(),
    heading: text('heading'),
    terms: text('terms'),
    directorName: text('director_name'),
    accountantName: text('accountant_name'),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name'),
  },
  {
    unique: ['name'],
    indexed: ['legalEntityId'],
    sortable: ['name', 'updatedAt'],
  },
);

const day = (name: string) => date(name, { mode: 'string' });
const amount = (name: string) => numeric(name, { precision: 18, scale: 2 });

/**
 * Bills (spec §3 "Bill"): income (the client owes us) or expense (we owe a contractor). `balance` and
 * `amountInBase` are the ledger's: a deferred trigger holds the balance equal to the bill's receivable or
 * payable entries at every commit (docs/finance.md "Ledger").
 */
export const bills = pgTable(
  'bills',
  {
    ...entityColumns(),
    number: text('number').notNull(),
    direction: text('direction').$type<BillDirection>().notNull(),
    kind: text('kind').$type<BillKind>().notNull().default('DIRECT'),
    counterpartyId: integer('counterparty_id')
      .notNull()
      .references(() => counterparties.id),
    counterpartyName: text('counterparty_name').notNull(),
    legalEntityId: integer('legal_entity_id')
      .notNull()
      .references(() => legalEntities.id),
    paymentFormId: integer('payment_form_id')
      .notNull()
      .references(() => paymentForms.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    amount: amount('amount').notNull(),
    amountInBase: amount('amount_in_base').notNull(),
    balance: amount('balance').notNull(),
    date: day('date').notNull(),
    paymentDate: day('payment_date'),
    recognitionDate: day('recognition_date').notNull(),
    disbursement: boolean('disbursement').notNull().default(false),
    orderIds: integer('order_ids').array().notNull().default([]),
    jobIds: integer('job_ids').array().notNull().default([]),
    counterBillId: integer('counter_bill_id'),
    bankCommission: amount('bank_commission'),
    bankCommissionCurrencyId: integer('bank_commission_currency_id').references(() => currencies.id),
    comment: text('comment'),
    budgetItemId: integer('budget_item_id').references(() => budgetItems.id),
    /**
     * The internal transfer this intercompany bill (between two of our companies) documents: set only by
     * finance's use cases; such a bill takes only that transfer's payments (docs/finance.md "Internal transfers").
     */
    internalTransferId: integer('internal_transfer_id').references((): AnyPgColumn => internalTransfers.id),
    serviceOfficeId: integer('service_office_id').references(() => serviceOffices.id),
    createdById: integer('created_by_id').references(() => users.id),
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql.raw(`lower(coalesce("number", '') || E'\\n' || coalesce("counterparty_name", ''))`),
    ),
  },
  (t) => [
    check('bills_amount_positive', sql`${t.amount} > 0`),
    check('bills_direction', sql`${t.direction} IN ('INCOME', 'EXPENSE')`),
    check('bills_kind', sql`${t.kind} IN ('DIRECT', 'OVERHEAD')`),
    // Payments never pay more than a bill's amount (docs/finance.md "Payments").
    check('bills_balance_range', sql`${t.balance} >= 0 AND ${t.balance} <= ${t.amount}`),
    check(
      'bills_commission_currency',
      sql`${t.bankCommission} IS NULL OR ${t.bankCommissionCurrencyId} IS NOT NULL`,
    ),
    index('bills_counterparty_idx').on(t.counterpartyId),
    index('bills_legal_entity_idx').on(t.legalEntityId),
    index('bills_payment_form_idx').on(t.paymentFormId),
    index('bills_currency_idx').on(t.currencyId),
    index('bills_commission_currency_idx').on(t.bankCommissionCurrencyId),
    index('bills_office_idx').on(t.serviceOfficeId),
    index('bills_created_by_idx').on(t.createdById),
    index('bills_internal_transfer_idx').on(t.internalTransferId),
    index('bills_counter_bill_idx').on(t.counterBillId),
    index('bills_budget_item_idx').on(t.budgetItemId),
    // The receivables at a date (docs/reports.md "Accounts receivable") start from the income bills open now.
    index('bills_open_income_idx').on(t.recognitionDate).where(sql`direction = 'INCOME' AND balance > 0`),
    index('bills_orders_idx').using('gin', t.orderIds),
    index('bills_jobs_idx').using('gin', t.jobIds),
    ...listIndexes('bills', t, {
      sortable: [
        t.number,
        t.direction,
        t.counterpartyName,
        t.amount,
        t.amountInBase,
        t.balance,
        t.date,
        t.paymentDate,
        t.recognitionDate,
        t.createdAt,
      ],
      searchText: t.searchText,
    }),
  ],
);

/**
 * The chart of accounts (docs/finance.md "Accounts and postings"): the accounts the ledger posts to, as
 * data, so an entry's account is a foreign key rather than a CHECK list each new account re-wrote. Seeded
 * by migration 0060 with `LEDGER_ACCOUNTS`; an account is never deleted (entries keep it), only disabled.
 * Read at `/finances/ledger-accounts` (a read-only resource).
 */
export const ledgerAccounts = resourceTable(
  'ledger_accounts',
  {
    ...dictionaryColumns(),
    kind: text('kind').notNull(),
  },
  { unique: ['code'], sortable: ['code', 'name', 'nameEn', 'kind'] },
);

/**
 * One posting of the ledger: the entries that move money between accounts at once, on one date. Append
 * only (a trigger refuses updates and deletes); a change is undone by a reversal, never by an edit.
 * `source` names what posted it (a bill, later a payment or a conversion).
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    date: day('date').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: integer('source_id').notNull(),
    /** The transaction this one undoes, entry by entry. */
    reversalOf: integer('reversal_of'),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transactions_source_idx').on(t.sourceType, t.sourceId),
    // A transaction is reversed at most once.
    uniqueIndex('ledger_transactions_reversal_uq').on(t.reversalOf),
    index('ledger_transactions_date_idx').on(t.date),
  ],
);

/**
 * An entry: `amount` in its currency (debit positive, credit negative) and `baseAmount`, the same in the
 * base currency at the rate of the transaction's date, stored once and never reconverted. The entries of
 * a transaction sum to zero per currency, in both columns (a deferred constraint trigger).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text('account')
      .notNull()
      .references(() => ledgerAccounts.code),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    amount: amount('amount').notNull(),
    baseAmount: amount('base_amount').notNull(),
    counterpartyId: integer('counterparty_id').references(() => counterparties.id),
    legalEntityId: integer('legal_entity_id').references(() => legalEntities.id),
    /** The bill the entry belongs to (no foreign key: the ledger keeps a deleted bill's history). */
    billId: integer('bill_id'),
    /** The payment form whose money a CASH entry is. */
    paymentFormId: integer('payment_form_id').references(() => paymentForms.id),
  },
  (t) => [
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
    check('ledger_entries_base_sign', sql`${t.baseAmount} = 0 OR sign(${t.baseAmount}) = sign(${t.amount})`),
    check('ledger_entries_cash_form', sql`(${t.account} = 'CASH') = (${t.paymentFormId} IS NOT NULL)`),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_bill_idx').on(t.billId, t.account),
    index('ledger_entries_currency_idx').on(t.currencyId),
    index('ledger_entries_counterparty_idx').on(t.counterpartyId),
    index('ledger_entries_legal_entity_idx').on(t.legalEntityId),
    index('ledger_entries_payment_form_idx').on(t.paymentFormId),
    index('ledger_entries_account_idx').on(t.account),
  ],
);

/** Months closed for postings (the first day of each); see docs/finance.md "Period locks". */
export const ledgerLockedMonths = pgTable(
  'ledger_locked_months',
  {
    month: day('month').primaryKey(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
    lockedById: integer('locked_by_id').references(() => users.id),
  },
  (t) => [
    check('ledger_locked_months_first_day', sql`extract(day from ${t.month}) = 1`),
    index('ledger_locked_months_locked_by_idx').on(t.lockedById),
  ],
);

/**
 * A locked month's entries summed per account, currency, legal entity, counterparty and payment form
 * (docs/reports.md "Rollups of closed months"): the books read a closed month here instead of its entries.
 * `debit` and `credit` are the sums on each side in the entry's currency, a reversal counted on the side of
 * what it undoes (so `credit` is negative and a storno makes its side smaller); `baseDebit` and `baseCredit`
 * the same in the base currency. Written when the month is locked, kept by a trigger when a user who may
 * ignore the lock posts into it, dropped when it is unlocked; a scheduled check recomputes them.
 */
export const ledgerMonthTotals = pgTable(
  'ledger_month_totals',
  {
    month: day('month').notNull(),
    account: text('account').notNull(),
    currencyId: integer('currency_id').notNull(),
    legalEntityId: integer('legal_entity_id'),
    counterpartyId: integer('counterparty_id'),
    paymentFormId: integer('payment_form_id'),
    debit: numeric('debit').notNull(),
    credit: numeric('credit').notNull(),
    baseDebit: numeric('base_debit').notNull(),
    baseCredit: numeric('base_credit').notNull(),
  },
  (t) => [
    unique('ledger_month_totals_key')
      .on(t.month, t.account, t.currencyId, t.legalEntityId, t.counterpartyId, t.paymentFormId)
      .nullsNotDistinct(),
    // A month's totals are nearly as many as its entries at a large forwarder (one per counterparty): the
    // reconciliation statement's opening reads one counterparty's, cash per payment form the CASH ones
    // (those with a form), without reading every closed month whole.
    index('ledger_month_totals_counterparty_idx').on(t.counterpartyId, t.month),
    index('ledger_month_totals_payment_form_idx').on(t.paymentFormId, t.month),
  ],
);

/**
 * The same totals without the counterparty: per account, currency, legal entity and payment form. A month's
 * `ledgerMonthTotals` are nearly as many as its entries at a large forwarder (one per counterparty and
 * account), so the books that read no counterparty (the trial balance, cash per payment form, an account's
 * turnover for all) read these, a few hundred a month. Kept with them: summed when a month is locked, by the
 * same trigger, dropped when it is unlocked, checked by the same job.
 */
export const ledgerMonthAccountTotals = pgTable(
  'ledger_month_account_totals',
  {
    month: day('month').notNull(),
    account: text('account').notNull(),
    currencyId: integer('currency_id').notNull(),
    legalEntityId: integer('legal_entity_id'),
    paymentFormId: integer('payment_form_id'),
    debit: numeric('debit').notNull(),
    credit: numeric('credit').notNull(),
    baseDebit: numeric('base_debit').notNull(),
    baseCredit: numeric('base_credit').notNull(),
  },
  (t) => [
    unique('ledger_month_account_totals_key')
      .on(t.month, t.account, t.currencyId, t.legalEntityId, t.paymentFormId)
      .nullsNotDistinct(),
  ],
);

/**
 * A locked month's gross-profit facts per order (docs/reports.md "Rollups of closed months"): the revenue
 * (−REVENUE) and cost (COST) in base of the month's postings on the bills reaching the order, a bill reaching
 * several orders split among them equally, per the bill's legal entity, payment form and currency (the
 * reports filter by these; everything else they group or filter by is the order's). Not rounded: a report
 * sums an order's month over the dimensions it lets through and rounds it to kopecks, as it does reading the
 * entries. An internal transfer's bills are not here. Order ids are plain integers, as the bills keep them.
 * Written when the month is locked, kept by a trigger when a user who may ignore the lock posts into it,
 * dropped when it is unlocked; the scheduled check recomputes them.
 */
export const ledgerOrderMonthFacts = pgTable(
  'ledger_order_month_facts',
  {
    month: day('month').notNull(),
    orderId: integer('order_id').notNull(),
    legalEntityId: integer('legal_entity_id'),
    paymentFormId: integer('payment_form_id'),
    currencyId: integer('currency_id'),
    revenue: numeric('revenue').notNull(),
    cost: numeric('cost').notNull(),
  },
  (t) => [
    unique('ledger_order_month_facts_key')
      .on(t.month, t.orderId, t.legalEntityId, t.paymentFormId, t.currencyId)
      .nullsNotDistinct(),
  ],
);

// ---- Printable bills (docs/finance.md "Printable bills") ----

/**
 * Printable bills: the document sent to the client for income bills of one counterparty, company, payment
 * form and currency (`billIds`; a bill is in one document at most). `number` is unique per company and
 * the year of `date`; `processed` only after `finalized`.
 */
export const printableBills = pgTable(
  'printable_bills',
  {
    ...entityColumns(),
    number: text('number').notNull(),
    date: day('date').notNull(),
    numberYear: integer('number_year').generatedAlwaysAs(
      (): SQL => sql.raw(`extract(year from "date")::integer`),
    ),
    billIds: integer('bill_ids').array().notNull(),
    counterpartyId: integer('counterparty_id')
      .notNull()
      .references(() => counterparties.id),
    counterpartyName: text('counterparty_name').notNull(),
    legalEntityId: integer('legal_entity_id')
      .notNull()
      .references(() => legalEntities.id),
    paymentFormId: integer('payment_form_id')
      .notNull()
      .references(() => paymentForms.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    amount: amount('amount').notNull(),
    templateId: integer('template_id').references(() => printableBillTemplates.id),
    basis: text('basis'),
    certificateNumber: text('certificate_number'),
    certificateDate: day('certificate_date'),
    finalized: boolean('finalized').notNull().default(false),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    processed: boolean('processed').notNull().default(false),
    createdById: integer('created_by_id').references(() => users.id),
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql.raw(`lower(coalesce("number", '') || E'\\n' || coalesce("counterparty_name", ''))`),
    ),
  },
  (t) => [
    check('printable_bills_amount_positive', sql`${t.amount} > 0`),
    check('printable_bills_bills', sql`cardinality(${t.billIds}) > 0`),
    check('printable_bills_processed_finalized', sql`NOT ${t.processed} OR ${t.finalized}`),
    uniqueIndex('printable_bills_number_uq').on(t.legalEntityId, t.numberYear, t.number),
    index('printable_bills_bills_idx').using('gin', t.billIds),
    index('printable_bills_counterparty_idx').on(t.counterpartyId),
    index('printable_bills_payment_form_idx').on(t.paymentFormId),
    index('printable_bills_currency_idx').on(t.currencyId),
    index('printable_bills_template_idx').on(t.templateId),
    index('printable_bills_created_by_idx').on(t.createdById),
    ...listIndexes('printable_bills', t, {
      sortable: [t.number, t.date, t.counterpartyName, t.amount, t.createdAt],
      searchText: t.searchText,
    }),
  ],
);

/** The service lines of a printable bill, in order; `amount` = quantity × price. */
export const printableBillLines = pgTable(
  'printable_bill_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    printableBillId: integer('printable_bill_id')
      .notNull()
      .references(() => printableBills.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    quantity: numeric('quantity', { precision: 15, scale: 3 }).notNull(),
    unit: text('unit').notNull(),
    price: amount('price').notNull(),
    vatRate: text('vat_rate'),
    amount: amount('amount').notNull(),
  },
  (t) => [
    check('printable_bill_lines_positive', sql`${t.quantity} > 0 AND ${t.price} > 0 AND ${t.amount} > 0`),
    check('printable_bill_lines_vat', sql`${t.vatRate} IS NULL OR ${t.vatRate} IN ('0', '10', '20')`),
    uniqueIndex('printable_bill_lines_position_uq').on(t.printableBillId, t.position),
  ],
);

/**
 * The last number given per company and year: a create takes the row's lock with its increment, so
 * concurrent creates queue on it and a rolled-back one gives its number back (no gaps, no duplicates).
 */
export const printableBillCounters = pgTable(
  'printable_bill_counters',
  {
    legalEntityId: integer('legal_entity_id')
      .notNull()
      .references(() => legalEntities.id),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.legalEntityId, t.year] })],
);

// ---- Budgets (docs/finance.md "Budgets") ----

/** A year's budget of one of our companies (none: the group), with who may put bills into it. */
export const budgets = resourceTable(
  'budgets',
  {
    name: text('name').notNull(),
    year: integer('year').notNull(),
    legalEntityId: integer('legal_entity_id').references(() => legalEntities.id),
    editorIds: integer('editor_ids').array().notNull().default([]),
    viewerIds: integer('viewer_ids').array().notNull().default([]),
    comment: text('comment'),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name'),
  },
  { unique: ['name'], indexed: ['legalEntityId'], sortable: ['name', 'year', 'updatedAt'] },
);

/** A budget's item: direct or overhead, income or expenses, and the link rules bills on it obey. */
export const budgetItems = pgTable(
  'budget_items',
  {
    ...entityColumns(),
    budgetId: integer('budget_id')
      .notNull()
      .references(() => budgets.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    direction: text('direction').$type<BudgetItemDirection>().notNull(),
    kind: text('kind').$type<BudgetItemKind>().notNull(),
    noDirectOrderLink: boolean('no_direct_order_link').notNull().default(false),
    noPaidBills: boolean('no_paid_bills').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('code', 'name'),
  },
  (t) => [
    // A code is unique within its budget (a duplicate answers under `code`).
    uniqueIndex('budget_items_code_uq').on(t.code, t.budgetId),
    index('budget_items_budget_idx').on(t.budgetId),
    check('budget_items_direction', sql`${t.direction} IN ('INCOME', 'EXPENSE')`),
    check('budget_items_kind', sql`${t.kind} IN ('DIRECT', 'OVERHEAD')`),
    ...listIndexes('budget_items', t, { sortable: [t.code, t.name, t.updatedAt], searchText: t.searchText }),
  ],
);

/** The planned amount of an item in a month (its first day), in the base currency. */
export const budgetPlans = pgTable(
  'budget_plans',
  {
    budgetItemId: integer('budget_item_id')
      .notNull()
      .references(() => budgetItems.id, { onDelete: 'cascade' }),
    month: day('month').notNull(),
    amount: amount('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.budgetItemId, t.month] }),
    check('budget_plans_first_day', sql`extract(day from ${t.month}) = 1`),
    check('budget_plans_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * Payments (spec §3 "Payment"): money in (INCOMING) or out (OUTGOING) on one of our payment forms, whose
 * company and currency it keeps. `linkedAmount` is the sum of its links, `unlinkedAmount` the rest; a deferred
 * trigger holds both, and every linked bill's balance, to the links at commit (docs/finance.md "Payments").
 */
export const payments = pgTable(
  'payments',
  {
    ...entityColumns(),
    number: text('number').notNull(),
    direction: text('direction').$type<PaymentDirection>().notNull(),
    date: day('date').notNull(),
    paymentFormId: integer('payment_form_id')
      .notNull()
      .references(() => paymentForms.id),
    legalEntityId: integer('legal_entity_id')
      .notNull()
      .references(() => legalEntities.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    amount: amount('amount').notNull(),
    counterpartyId: integer('counterparty_id').references(() => counterparties.id),
    counterpartyName: text('counterparty_name'),
    purpose: text('purpose'),
    linkedAmount: amount('linked_amount').notNull().default('0'),
    unlinkedAmount: amount('unlinked_amount').notNull(),
    /** A bank statement line's fingerprint: the same line imported again is found, never doubled. */
    statementFingerprint: text('statement_fingerprint'),
    /** The internal transfer whose outgoing or incoming payment this is (one of each per transfer). */
    internalTransferId: integer('internal_transfer_id').references(() => internalTransfers.id),
    serviceOfficeId: integer('service_office_id').references(() => serviceOffices.id),
    createdById: integer('created_by_id').references(() => users.id),
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql.raw(
          `lower(coalesce("number", '') || E'\\n' || coalesce("counterparty_name", '') || E'\\n' || coalesce("purpose", ''))`,
        ),
    ),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_direction', sql`${t.direction} IN ('INCOMING', 'OUTGOING')`),
    check(
      'payments_linked_range',
      sql`${t.linkedAmount} >= 0 AND ${t.unlinkedAmount} >= 0 AND ${t.linkedAmount} + ${t.unlinkedAmount} = ${t.amount}`,
    ),
    uniqueIndex('payments_statement_fingerprint_uq').on(t.statementFingerprint),
    uniqueIndex('payments_internal_transfer_uq').on(t.internalTransferId, t.direction),
    index('payments_payment_form_idx').on(t.paymentFormId),
    index('payments_legal_entity_idx').on(t.legalEntityId),
    index('payments_currency_idx').on(t.currencyId),
    index('payments_counterparty_idx').on(t.counterpartyId),
    index('payments_office_idx').on(t.serviceOfficeId),
    index('payments_created_by_idx').on(t.createdById),
    ...listIndexes('payments', t, {
      sortable: [
        t.number,
        t.direction,
        t.date,
        t.amount,
        t.counterpartyName,
        t.linkedAmount,
        t.unlinkedAmount,
        t.createdAt,
      ],
      searchText: t.searchText,
    }),
  ],
);

/** What part of a payment pays which bill. A bill with links can no longer change (`billChangeBlockers`). */
export const paymentBills = pgTable(
  'payment_bills',
  {
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id),
    amount: amount('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.billId] }),
    check('payment_bills_amount_positive', sql`${t.amount} > 0`),
    index('payment_bills_bill_idx').on(t.billId),
  ],
);

/**
 * Currency conversions (`/currency-conversion`): one currency sold from a payment form, another bought onto
 * a payment form, on one date. Posted as a pair that balances per currency (docs/finance.md "Currency
 * conversion").
 */
export const currencyConversions = pgTable(
  'currency_conversions',
  {
    ...entityColumns(),
    date: day('date').notNull(),
    soldFormId: integer('sold_form_id')
      .notNull()
      .references(() => paymentForms.id),
    soldCurrencyId: integer('sold_currency_id')
      .notNull()
      .references(() => currencies.id),
    soldAmount: amount('sold_amount').notNull(),
    boughtFormId: integer('bought_form_id')
      .notNull()
      .references(() => paymentForms.id),
    boughtCurrencyId: integer('bought_currency_id')
      .notNull()
      .references(() => currencies.id),
    boughtAmount: amount('bought_amount').notNull(),
    /** Bought per one sold, as entered amounts give it (shown; the ledger holds the amounts). */
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    comment: text('comment'),
    serviceOfficeId: integer('service_office_id').references(() => serviceOffices.id),
    createdById: integer('created_by_id').references(() => users.id),
  },
  (t) => [
    check('currency_conversions_amounts', sql`${t.soldAmount} > 0 AND ${t.boughtAmount} > 0`),
    check('currency_conversions_currencies', sql`${t.soldCurrencyId} <> ${t.boughtCurrencyId}`),
    index('currency_conversions_sold_form_idx').on(t.soldFormId),
    index('currency_conversions_bought_form_idx').on(t.boughtFormId),
    index('currency_conversions_sold_currency_idx').on(t.soldCurrencyId),
    index('currency_conversions_bought_currency_idx').on(t.boughtCurrencyId),
    index('currency_conversions_office_idx').on(t.serviceOfficeId),
    index('currency_conversions_created_by_idx').on(t.createdById),
    ...listIndexes('currency_conversions', t, {
      sortable: [t.date, t.soldAmount, t.boughtAmount, t.createdAt],
    }),
  ],
);

/**
 * Internal transfers (docs/finance.md "Internal transfers"): money moved between two of our payment forms of
 * one currency; its payments (`payments.internal_transfer_id`) carry the money and the ledger's entries.
 */
export const internalTransfers = pgTable(
  'internal_transfers',
  {
    ...entityColumns(),
    date: day('date').notNull(),
    senderFormId: integer('sender_form_id')
      .notNull()
      .references(() => paymentForms.id),
    senderLegalEntityId: integer('sender_legal_entity_id')
      .notNull()
      .references(() => legalEntities.id),
    recipientFormId: integer('recipient_form_id')
      .notNull()
      .references(() => paymentForms.id),
    recipientLegalEntityId: integer('recipient_legal_entity_id')
      .notNull()
      .references(() => legalEntities.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    amount: amount('amount').notNull(),
    /** The order it is for (no foreign key: finance does not import operations, as bills' `order_ids`). */
    orderId: integer('order_id'),
    comment: text('comment'),
    serviceOfficeId: integer('service_office_id').references(() => serviceOffices.id),
    createdById: integer('created_by_id').references(() => users.id),
  },
  (t) => [
    check('internal_transfers_amount_positive', sql`${t.amount} > 0`),
    check('internal_transfers_forms', sql`${t.senderFormId} <> ${t.recipientFormId}`),
    index('internal_transfers_sender_form_idx').on(t.senderFormId),
    index('internal_transfers_recipient_form_idx').on(t.recipientFormId),
    index('internal_transfers_order_idx').on(t.orderId),
    index('internal_transfers_office_idx').on(t.serviceOfficeId),
    index('internal_transfers_created_by_idx').on(t.createdById),
    index('internal_transfers_sender_entity_idx').on(t.senderLegalEntityId),
    index('internal_transfers_recipient_entity_idx').on(t.recipientLegalEntityId),
    index('internal_transfers_currency_idx').on(t.currencyId),
    ...listIndexes('internal_transfers', t, { sortable: [t.date, t.amount, t.createdAt] }),
  ],
);

// ---- Automatic transfers (docs/finance.md "Automatic transfers") ----

/**
 * Automatic transfer rules: an order's transfer plan needing money from the sender company to the recipient
 * company in the currency makes the `automatic-transfers` job enter the transfer between the forms.
 */
export const automaticTransferRules = resourceTable(
  'automatic_transfer_rules',
  {
    name: text('name').notNull(),
    senderLegalEntityId: integer('sender_legal_entity_id')
      .notNull()
      .references(() => legalEntities.id),
    recipientLegalEntityId: integer('recipient_legal_entity_id')
      .notNull()
      .references(() => legalEntities.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    senderFormId: integer('sender_form_id').references(() => paymentForms.id),
    recipientFormId: integer('recipient_form_id').references(() => paymentForms.id),
    commissionPercent: amount('commission_percent'),
    commissionFixed: amount('commission_fixed'),
    comment: text('comment'),
    /** Whose authority the job enters the rule's transfers with. */
    createdById: integer('created_by_id').references(() => users.id),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name'),
  },
  {
    unique: ['name'],
    indexed: [
      'senderLegalEntityId',
      'recipientLegalEntityId',
      'currencyId',
      'senderFormId',
      'recipientFormId',
      'createdById',
    ],
    sortable: ['name', 'updatedAt'],
  },
);

/** Per ordered pair of our companies: whether automatic transfers run from one to the other, default forms. */
export const automaticTransferLegalEntityRules = pgTable(
  'automatic_transfer_legal_entity_rules',
  {
    senderLegalEntityId: integer('sender_legal_entity_id')
      .notNull()
      .references(() => legalEntities.id),
    recipientLegalEntityId: integer('recipient_legal_entity_id')
      .notNull()
      .references(() => legalEntities.id),
    enabled: boolean('enabled').notNull().default(false),
    senderFormId: integer('sender_form_id').references(() => paymentForms.id),
    recipientFormId: integer('recipient_form_id').references(() => paymentForms.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.senderLegalEntityId, t.recipientLegalEntityId] }),
    check(
      'automatic_transfer_legal_entity_rules_pair',
      sql`${t.senderLegalEntityId} <> ${t.recipientLegalEntityId}`,
    ),
    index('automatic_transfer_legal_entity_rules_recipient_idx').on(t.recipientLegalEntityId),
    index('automatic_transfer_legal_entity_rules_sender_form_idx').on(t.senderFormId),
    index('automatic_transfer_legal_entity_rules_recipient_form_idx').on(t.recipientFormId),
  ],
);

/** A run of the `automatic-transfers` job: started, finished, by whom (null: the schedule), how much it did. */
export const automaticTransferRuns = pgTable(
  'automatic_transfer_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    startedById: integer('started_by_id').references(() => users.id),
    created: integer('created').notNull().default(0),
    errors: integer('errors').notNull().default(0),
  },
  (t) => [
    index('automatic_transfer_runs_started_idx').on(t.startedAt, t.id),
    index('automatic_transfer_runs_started_by_idx').on(t.startedById),
  ],
);

/**
 * What a run did per rule and order: the transfer it created (with its commission) or the error. A created
 * item is the key of its transfer: one per rule and order (`automatic_transfer_run_items_created_uq`), so
 * no run enters a rule's transfer for an order twice.
 */
export const automaticTransferRunItems = pgTable(
  'automatic_transfer_run_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    runId: integer('run_id')
      .notNull()
      .references(() => automaticTransferRuns.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id').references(() => automaticTransferRules.id, { onDelete: 'set null' }),
    ruleName: text('rule_name').notNull(),
    orderId: integer('order_id').notNull(),
    status: text('status').notNull(),
    transferId: integer('transfer_id').references(() => internalTransfers.id, { onDelete: 'set null' }),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    amount: amount('amount').notNull(),
    commission: amount('commission'),
    message: text('message'),
  },
  (t) => [
    check('automatic_transfer_run_items_status', sql`${t.status} IN ('created', 'error')`),
    uniqueIndex('automatic_transfer_run_items_created_uq')
      .on(t.ruleId, t.orderId)
      .where(sql`${t.status} = 'created'`),
    index('automatic_transfer_run_items_run_idx').on(t.runId),
    index('automatic_transfer_run_items_transfer_idx').on(t.transferId),
    index('automatic_transfer_run_items_currency_idx').on(t.currencyId),
  ],
);

/**
 * Bank acquiring operations (docs/finance.md "Bank acquiring"): a client's card payments received through an
 * acquiring bank onto one of our payment forms. The gross is the incoming payment `payment_id` (its links pay
 * the client's bills); the commission is posted by the operation; the net is what the form receives.
 */
export const acquiringOperations = pgTable(
  'acquiring_operations',
  {
    ...entityColumns(),
    number: text('number').notNull(),
    date: day('date').notNull(),
    acquirerId: integer('acquirer_id')
      .notNull()
      .references(() => counterparties.id),
    paymentFormId: integer('payment_form_id')
      .notNull()
      .references(() => paymentForms.id),
    legalEntityId: integer('legal_entity_id')
      .notNull()
      .references(() => legalEntities.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    counterpartyId: integer('counterparty_id')
      .notNull()
      .references(() => counterparties.id),
    grossAmount: amount('gross_amount').notNull(),
    /** The rate in percent the commission was computed from, when it was. */
    commissionRate: numeric('commission_rate', { precision: 7, scale: 4 }),
    commissionAmount: amount('commission_amount').notNull(),
    netAmount: amount('net_amount').notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    comment: text('comment'),
    serviceOfficeId: integer('service_office_id').references(() => serviceOffices.id),
    createdById: integer('created_by_id').references(() => users.id),
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql.raw(`lower(coalesce("number", '') || E'\\n' || coalesce("comment", ''))`),
    ),
  },
  (t) => [
    check(
      'acquiring_operations_amounts',
      sql`${t.grossAmount} > 0 AND ${t.commissionAmount} >= 0 AND ${t.commissionAmount} < ${t.grossAmount} AND ${t.netAmount} = ${t.grossAmount} - ${t.commissionAmount}`,
    ),
    uniqueIndex('acquiring_operations_payment_uq').on(t.paymentId),
    index('acquiring_operations_acquirer_idx').on(t.acquirerId),
    index('acquiring_operations_payment_form_idx').on(t.paymentFormId),
    index('acquiring_operations_legal_entity_idx').on(t.legalEntityId),
    index('acquiring_operations_currency_idx').on(t.currencyId),
    index('acquiring_operations_counterparty_idx').on(t.counterpartyId),
    index('acquiring_operations_office_idx').on(t.serviceOfficeId),
    index('acquiring_operations_created_by_idx').on(t.createdById),
    ...listIndexes('acquiring_operations', t, {
      sortable: [t.number, t.date, t.grossAmount, t.commissionAmount, t.netAmount, t.createdAt],
      searchText: t.searchText,
    }),
  ],
);

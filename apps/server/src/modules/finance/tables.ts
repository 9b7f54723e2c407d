import { boolean, date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { serviceOffices } from '../../platform/identity/tables';
import { listIndexes, resourceTable, searchTextColumn } from '../../platform/resources/indexes';
import { legalEntities } from '../company';
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
    source: text('source').notNull().default('MANUAL'),
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

import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { serviceOffices, users } from '../../platform/identity/tables';
import { dictionaryColumns, listIndexes, searchTextColumn } from '../../platform/resources/indexes';

/** ISO 3166-1 countries, loaded from db/seed/data/countries.json. */
export const countries = pgTable(
  'countries',
  {
    ...entityColumns(),
    code: text('code').notNull(),
    alpha3: text('alpha3').notNull(),
    numericCode: text('numeric_code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('code', 'alpha3', 'numeric_code', 'name', 'name_en'),
  },
  (t) => [
    uniqueIndex('countries_code_uq').on(t.code),
    uniqueIndex('countries_alpha3_uq').on(t.alpha3),
    uniqueIndex('countries_numeric_code_uq').on(t.numericCode),
    ...listIndexes('countries', t, { sortable: [t.name, t.nameEn, t.updatedAt], searchText: t.searchText }),
  ],
);

/** ISO 4217 currencies, loaded from db/seed/data/currencies.json. */
export const currencies = pgTable(
  'currencies',
  {
    ...entityColumns(),
    code: text('code').notNull(),
    numericCode: text('numeric_code').notNull(),
    minorUnits: smallint('minor_units').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    symbol: text('symbol'),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('code', 'numeric_code', 'name', 'name_en'),
  },
  (t) => [
    uniqueIndex('currencies_code_uq').on(t.code),
    uniqueIndex('currencies_numeric_code_uq').on(t.numericCode),
    ...listIndexes('currencies', t, {
      sortable: [t.name, t.nameEn, t.minorUnits, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Kinds of contact details: phone, email, Telegram, ... */
export const contactInfoTypes = pgTable(
  'contact_info_types',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
    format: text('format').notNull(),
  },
  (t) => [
    uniqueIndex('contact_info_types_code_uq').on(t.code),
    ...listIndexes('contact_info_types', t, { sortable: [t.name, t.nameEn], searchText: t.searchText }),
  ],
);

/** Kinds of vehicles and load units with their usual capacity. */
export const vehicleTypes = pgTable(
  'vehicle_types',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
    transportType: text('transport_type').notNull(),
    capacityKg: integer('capacity_kg'),
    volumeM3: numeric('volume_m3', { precision: 10, scale: 2, mode: 'number' }),
  },
  (t) => [
    uniqueIndex('vehicle_types_code_uq').on(t.code),
    ...listIndexes('vehicle_types', t, {
      sortable: [t.name, t.nameEn, t.transportType, t.capacityKg, t.volumeM3],
      searchText: t.searchText,
    }),
  ],
);

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

/** Kinds of offers on customer requests. */
export const requestOfferTypes = pgTable(
  'request_offer_types',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
  },
  (t) => [
    uniqueIndex('request_offer_types_code_uq').on(t.code),
    ...listIndexes('request_offer_types', t, {
      sortable: [t.name, t.nameEn, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Non-working days; one entry per date. */
export const holidays = pgTable(
  'holidays',
  {
    ...entityColumns(),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    searchText: searchTextColumn('name', 'name_en'),
  },
  (t) => [
    uniqueIndex('holidays_date_uq').on(t.date),
    ...listIndexes('holidays', t, { sortable: [t.name, t.nameEn, t.updatedAt], searchText: t.searchText }),
  ],
);

/** Kinds of agreements with counterparties. */
export const agreementTypes = pgTable(
  'agreement_types',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
  },
  (t) => [
    uniqueIndex('agreement_types_code_uq').on(t.code),
    ...listIndexes('agreement_types', t, {
      sortable: [t.name, t.nameEn, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Courier companies with their tracking links. */
export const courierDeliveryServices = pgTable(
  'courier_delivery_services',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
    website: text('website'),
    trackingUrl: text('tracking_url'),
  },
  (t) => [
    uniqueIndex('courier_delivery_services_code_uq').on(t.code),
    ...listIndexes('courier_delivery_services', t, {
      sortable: [t.name, t.nameEn, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Banks our companies and counterparties keep accounts at. */
export const banks = pgTable(
  'banks',
  {
    ...entityColumns(),
    name: text('name').notNull(),
    bik: text('bik'),
    swift: text('swift'),
    correspondentAccount: text('correspondent_account'),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    address: text('address'),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name', 'bik', 'swift', 'correspondent_account', 'address'),
  },
  (t) => [
    uniqueIndex('banks_bik_uq').on(t.bik),
    index('banks_country_idx').on(t.countryId),
    ...listIndexes('banks', t, { sortable: [t.name, t.swift, t.updatedAt], searchText: t.searchText }),
  ],
);

/** Our own companies (the group's legal entities). */
export const legalEntities = pgTable(
  'legal_entities',
  {
    ...entityColumns(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    inn: text('inn'),
    kpp: text('kpp'),
    ogrn: text('ogrn'),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    address: text('address'),
    vatPayer: boolean('vat_payer').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name', 'short_name', 'inn', 'kpp', 'ogrn', 'address'),
  },
  (t) => [
    uniqueIndex('legal_entities_short_name_uq').on(t.shortName),
    index('legal_entities_country_idx').on(t.countryId),
    ...listIndexes('legal_entities', t, { sortable: [t.name, t.updatedAt], searchText: t.searchText }),
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

/** Where a counterparty stands with us. */
export const counterpartyStatuses = pgTable(
  'counterparty_statuses',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
  },
  (t) => [
    uniqueIndex('counterparty_statuses_code_uq').on(t.code),
    ...listIndexes('counterparty_statuses', t, {
      sortable: [t.name, t.nameEn, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Marks a counterparty can carry. */
export const counterpartyFeatures = pgTable(
  'counterparty_features',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
  },
  (t) => [
    uniqueIndex('counterparty_features_code_uq').on(t.code),
    ...listIndexes('counterparty_features', t, {
      sortable: [t.name, t.nameEn, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Company property on the books. */
export const materialAssets = pgTable(
  'material_assets',
  {
    ...entityColumns(),
    name: text('name').notNull(),
    inventoryNumber: text('inventory_number').notNull(),
    kind: text('kind').notNull(),
    serviceOfficeId: integer('service_office_id').references(() => serviceOffices.id),
    responsibleUserId: integer('responsible_user_id').references(() => users.id),
    acquisitionDate: date('acquisition_date'),
    cost: numeric('cost', { precision: 18, scale: 2 }),
    currencyId: integer('currency_id').references(() => currencies.id),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name', 'inventory_number'),
  },
  (t) => [
    uniqueIndex('material_assets_inventory_number_uq').on(t.inventoryNumber),
    index('material_assets_service_office_idx').on(t.serviceOfficeId),
    index('material_assets_responsible_user_idx').on(t.responsibleUserId),
    index('material_assets_currency_idx').on(t.currencyId),
    ...listIndexes('material_assets', t, {
      sortable: [t.name, t.kind, t.acquisitionDate, t.cost, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

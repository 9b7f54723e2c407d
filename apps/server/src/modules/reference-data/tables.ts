import type { ContactInfoFormat, ShipmentTermType, TransportType } from '@tms/domain';
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
    aliases: text('aliases'),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('code', 'alpha3', 'numeric_code', 'name', 'name_en', 'aliases'),
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
    format: text('format').$type<ContactInfoFormat>().notNull(),
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
    transportType: text('transport_type').$type<TransportType>().notNull(),
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

/** How cargo gets on and off a vehicle: rear, side, top, tail lift, crane, ... */
export const loadingUnloadingMethods = pgTable(
  'loading_unloading_methods',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
  },
  (t) => [
    uniqueIndex('loading_unloading_methods_code_uq').on(t.code),
    ...listIndexes('loading_unloading_methods', t, {
      sortable: [t.name, t.nameEn],
      searchText: t.searchText,
    }),
  ],
);

/** Delivery terms (Incoterms 2020 from db/seed/data/shipment-terms.json, plus any the company adds). */
export const shipmentTerms = pgTable(
  'shipment_terms',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
    type: text('type').$type<ShipmentTermType>().notNull(),
  },
  (t) => [
    uniqueIndex('shipment_terms_code_uq').on(t.code),
    ...listIndexes('shipment_terms', t, {
      sortable: [t.name, t.nameEn, t.type, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

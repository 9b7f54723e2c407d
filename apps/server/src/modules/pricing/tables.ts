import { boolean, date, index, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { dictionaryColumns, resourceTable, searchTextColumn } from '../../platform/resources/indexes';
import { currencies } from '../reference-data';

/** Computed regions: named groups of countries a request's route resolves to (docs/pricing.md). */
export const pricingRegions = resourceTable(
  'pricing_regions',
  {
    ...dictionaryColumns(),
    /** No foreign key (PostgreSQL has none for arrays): the engine checks the references. */
    countryIds: integer('country_ids').array().notNull().default([]),
  },
  { unique: ['code'], sortable: ['name', 'nameEn', 'updatedAt'] },
);

/** Price collections: the rate table of one origin region and its validity. */
export const priceCollections = resourceTable(
  'price_collections',
  {
    name: text('name').notNull(),
    regionId: integer('region_id')
      .notNull()
      .references(() => pricingRegions.id),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    currencyId: integer('currency_id').references(() => currencies.id),
    volumetricFactor: integer('volumetric_factor').notNull(),
    rowCount: integer('row_count').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name'),
  },
  {
    indexed: ['regionId', 'currencyId'],
    sortable: ['name', 'validFrom', 'validTo', 'rowCount', 'updatedAt'],
  },
);

/** The rows of a collection, as imported: written once with their collection, deleted with it. */
export const priceCollectionRows = pgTable(
  'price_collection_rows',
  {
    id: serial('id').primaryKey(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => priceCollections.id, { onDelete: 'cascade' }),
    sourceRow: integer('source_row').notNull(),
    toRegionId: integer('to_region_id')
      .notNull()
      .references(() => pricingRegions.id),
    weightBreak: numeric('weight_break', { precision: 18, scale: 6 }),
    volumeBreak: numeric('volume_break', { precision: 18, scale: 6 }),
    price: numeric('price', { precision: 18, scale: 2 }).notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
  },
  (t) => [
    index('price_collection_rows_collection_idx').on(t.collectionId, t.toRegionId),
    index('price_collection_rows_to_region_idx').on(t.toRegionId),
    index('price_collection_rows_currency_idx').on(t.currencyId),
  ],
);

import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { listIndexes, searchTextColumn } from '../../platform/resources/indexes';
import { countries } from '../reference-data';

/** Customs offices where declarations are lodged. */
export const customsPoints = pgTable(
  'customs_points',
  {
    ...entityColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    address: text('address'),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('code', 'name', 'name_en', 'address'),
  },
  (t) => [
    uniqueIndex('customs_points_code_uq').on(t.code),
    index('customs_points_country_idx').on(t.countryId),
    ...listIndexes('customs_points', t, {
      sortable: [t.name, t.nameEn, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Who answers for a customs formality on an order. */
export const customsResponsibilities = pgTable(
  'customs_responsibilities',
  {
    ...entityColumns(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name', 'name_en'),
  },
  (t) => [
    uniqueIndex('customs_responsibilities_name_uq').on(t.name),
    ...listIndexes('customs_responsibilities', t, {
      sortable: [t.nameEn, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

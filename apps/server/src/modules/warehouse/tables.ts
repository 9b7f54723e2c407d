import { index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { dictionaryColumns, listIndexes } from '../../platform/resources/indexes';
import { currencies } from '../settings/tables';

/** The warehouse's price list of services. */
export const warehouseServices = pgTable(
  'warehouse_services',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
    unit: text('unit').notNull(),
    price: numeric('price', { precision: 18, scale: 2 }),
    currencyId: integer('currency_id').references(() => currencies.id),
    description: text('description'),
  },
  (t) => [
    uniqueIndex('warehouse_services_code_uq').on(t.code),
    index('warehouse_services_currency_idx').on(t.currencyId),
    ...listIndexes('warehouse_services', t, {
      sortable: [t.name, t.nameEn, t.unit, t.price, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

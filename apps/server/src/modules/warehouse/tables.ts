import { integer, numeric, text } from 'drizzle-orm/pg-core';
import { dictionaryColumns, resourceTable } from '../../platform/resources/indexes';
import { currencies } from '../reference-data';

/** The warehouse's price list of services. */
export const warehouseServices = resourceTable(
  'warehouse_services',
  {
    ...dictionaryColumns(),
    unit: text('unit').notNull(),
    price: numeric('price', { precision: 18, scale: 2 }),
    currencyId: integer('currency_id').references(() => currencies.id),
    description: text('description'),
  },
  { unique: ['code'], indexed: ['currencyId'], sortable: ['name', 'nameEn', 'unit', 'price', 'updatedAt'] },
);

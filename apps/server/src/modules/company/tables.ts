import type { MaterialAssetKind, MaterialAssetStatus } from '@tms/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { serviceOffices, users } from '../../platform/identity/tables';
import { listIndexes, searchTextColumn } from '../../platform/resources/indexes';
import { countries, currencies } from '../reference-data';

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

/**
 * Company property on the books. `bill_id` is the expense bill that bought it: its foreign key to `bills` is
 * hand-written SQL (drizzle/manual/material_asset_bills.sql), as finance's tables build on this module.
 */
export const materialAssets = pgTable(
  'material_assets',
  {
    ...entityColumns(),
    name: text('name').notNull(),
    inventoryNumber: text('inventory_number').notNull(),
    kind: text('kind').$type<MaterialAssetKind>().notNull(),
    status: text('status').$type<MaterialAssetStatus>().notNull().default('in_use'),
    legalEntityId: integer('legal_entity_id').references(() => legalEntities.id),
    serviceOfficeId: integer('service_office_id').references(() => serviceOffices.id),
    responsibleUserId: integer('responsible_user_id').references(() => users.id),
    acquisitionDate: date('acquisition_date'),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    currencyId: integer('currency_id').references(() => currencies.id),
    billId: integer('bill_id'),
    comment: text('comment'),
    searchText: searchTextColumn('name', 'inventory_number'),
  },
  (t) => [
    check('material_assets_status', sql`${t.status} IN ('in_use', 'written_off')`),
    uniqueIndex('material_assets_inventory_number_uq').on(t.inventoryNumber),
    index('material_assets_legal_entity_idx').on(t.legalEntityId),
    index('material_assets_service_office_idx').on(t.serviceOfficeId),
    index('material_assets_responsible_user_idx').on(t.responsibleUserId),
    index('material_assets_currency_idx').on(t.currencyId),
    index('material_assets_bill_idx').on(t.billId),
    ...listIndexes('material_assets', t, {
      sortable: [t.name, t.kind, t.status, t.acquisitionDate, t.amount, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

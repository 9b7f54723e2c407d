import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { dictionaryColumns, listIndexes, searchTextColumn } from '../../platform/resources/indexes';
import { countries } from '../settings';

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

/** Services the company sells; products bundle them. */
export const services = pgTable(
  'services',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
    transportType: text('transport_type'),
  },
  (t) => [
    uniqueIndex('services_code_uq').on(t.code),
    ...listIndexes('services', t, {
      sortable: [t.name, t.nameEn, t.transportType, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Products: bundles of services with route limits. `service_ids` is checked by the product hooks. */
export const products = pgTable(
  'products',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
    serviceIds: integer('service_ids').array().notNull().default([]),
    maxDispatchPoints: integer('max_dispatch_points'),
    maxDeliveryPoints: integer('max_delivery_points'),
  },
  (t) => [
    uniqueIndex('products_code_uq').on(t.code),
    index('products_service_ids_idx').using('gin', t.serviceIds),
    ...listIndexes('products', t, {
      sortable: [t.name, t.nameEn, t.maxDispatchPoints, t.maxDeliveryPoints, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Job types and the products they are compatible with (`product_ids`, checked by the hooks). */
export const jobTypes = pgTable(
  'job_types',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
    productIds: integer('product_ids').array().notNull().default([]),
  },
  (t) => [
    uniqueIndex('job_types_code_uq').on(t.code),
    index('job_types_product_ids_idx').using('gin', t.productIds),
    ...listIndexes('job_types', t, { sortable: [t.name, t.nameEn, t.updatedAt], searchText: t.searchText }),
  ],
);

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

/** Delivery terms (Incoterms 2020 from db/seed/data/shipment-terms.json, plus any the company adds). */
export const shipmentTerms = pgTable(
  'shipment_terms',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
    type: text('type').notNull(),
  },
  (t) => [
    uniqueIndex('shipment_terms_code_uq').on(t.code),
    ...listIndexes('shipment_terms', t, {
      sortable: [t.name, t.nameEn, t.type, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Kinds of stages with their PCC/OPS presentation and behaviours (STAGE_BEHAVIOURS codes). */
export const stageTypes = pgTable(
  'stage_types',
  {
    ...entityColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    pccName: text('pcc_name'),
    pccVisible: boolean('pcc_visible').notNull().default(false),
    opsName: text('ops_name'),
    opsVisible: boolean('ops_visible').notNull().default(true),
    behaviours: text('behaviours').array().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name', 'code', 'pcc_name', 'ops_name'),
  },
  (t) => [
    uniqueIndex('stage_types_code_uq').on(t.code),
    ...listIndexes('stage_types', t, {
      sortable: [t.name, t.pccName, t.opsName, t.sortOrder, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

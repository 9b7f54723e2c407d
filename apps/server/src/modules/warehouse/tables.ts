import type {
  MovementKind,
  WarehouseEventKind,
  WarehouseUnit,
  WmsAdviceKind,
  WmsAdviceState,
} from '@tms/domain';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { users } from '../../platform/identity/tables';
import {
  dictionaryColumns,
  listIndexes,
  resourceTable,
  searchTextColumn,
} from '../../platform/resources/indexes';
import { counterparties } from '../counterparties';
import { bills, paymentForms } from '../finance';
import { orders, stages } from '../operations';
import { countries, currencies } from '../reference-data';

/** The warehouse's price list of services. */
export const warehouseServices = resourceTable(
  'warehouse_services',
  {
    ...dictionaryColumns(),
    unit: text('unit').$type<WarehouseUnit>().notNull(),
    price: numeric('price', { precision: 18, scale: 2 }),
    currencyId: integer('currency_id').references(() => currencies.id),
    description: text('description'),
  },
  { unique: ['code'], indexed: ['currencyId'], sortable: ['name', 'nameEn', 'unit', 'price', 'updatedAt'] },
);

/** Warehouses, own and partners', with the WMS each runs. */
export const warehouses = pgTable(
  'warehouses',
  {
    ...entityColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    ownership: text('ownership').notNull(),
    operatorId: integer('operator_id').references(() => counterparties.id),
    countryId: integer('country_id').references(() => countries.id),
    address: text('address').notNull(),
    wmsSystem: text('wms_system'),
    wmsUrl: text('wms_url'),
    storageServiceId: integer('storage_service_id').references(() => warehouseServices.id),
    storagePaymentFormId: integer('storage_payment_form_id').references(() => paymentForms.id),
    comment: text('comment'),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('code', 'name', 'name_en', 'address', 'wms_system'),
  },
  (t) => [
    uniqueIndex('warehouses_code_uq').on(t.code),
    index('warehouses_operator_idx').on(t.operatorId),
    index('warehouses_country_idx').on(t.countryId),
    ...listIndexes('warehouses', t, {
      sortable: [t.name, t.nameEn, t.ownership, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

const kg = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'number' });

/** Receipts and releases of an order's places at a warehouse (warehouse accounting). */
export const warehouseMovements = pgTable(
  'warehouse_movements',
  {
    ...entityColumns(),
    movedOn: date('moved_on').notNull(),
    kind: text('kind').$type<MovementKind>().notNull(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    clientName: text('client_name'),
    places: integer('places').notNull(),
    weight: kg('weight'),
    volume: kg('volume'),
    marks: text('marks'),
    damaged: boolean('damaged').notNull().default(false),
    damageNote: text('damage_note'),
    comment: text('comment'),
    createdById: integer('created_by_id').references(() => users.id),
    searchText: searchTextColumn('client_name', 'marks', 'damage_note'),
  },
  (t) => [
    index('warehouse_movements_order_idx').on(t.orderId, t.warehouseId, t.movedOn),
    index('warehouse_movements_warehouse_idx').on(t.warehouseId, t.movedOn),
    ...listIndexes('warehouse_movements', t, {
      sortable: [t.movedOn, t.places, t.clientName, t.createdAt],
      searchText: t.searchText,
    }),
  ],
);

/** What happened at a warehouse, when and by whom: written with each movement. */
export const warehouseEvents = pgTable(
  'warehouse_events',
  {
    ...entityColumns(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').$type<WarehouseEventKind>().notNull(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    movementId: integer('movement_id'),
    places: integer('places'),
    details: text('details'),
    userId: integer('user_id').references(() => users.id),
    searchText: searchTextColumn('details'),
  },
  (t) => [
    index('warehouse_events_warehouse_idx').on(t.warehouseId),
    index('warehouse_events_order_idx').on(t.orderId),
    index('warehouse_events_user_idx').on(t.userId),
    ...listIndexes('warehouse_events', t, { sortable: [t.occurredAt], searchText: t.searchText }),
  ],
);

/**
 * The advice a WMS_AA or WMS_AR stage sent to the warehouse's WMS (one per stage: the stage's id is the
 * WMS's idempotency key) and where it stands; `wmsVersion` is the last state change applied, so a late or
 * repeated report changes nothing.
 */
export const wmsAdvices = pgTable(
  'wms_advices',
  {
    ...entityColumns(),
    stageId: integer('stage_id')
      .notNull()
      .references(() => stages.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** None when a user closed the stage by hand before any advice was sent. */
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    kind: text('kind').$type<WmsAdviceKind>().notNull(),
    state: text('state').$type<WmsAdviceState>().notNull().default('queued'),
    places: integer('places').notNull(),
    weight: kg('weight'),
    volume: kg('volume'),
    marks: text('marks'),
    actualPlaces: integer('actual_places'),
    wmsId: text('wms_id'),
    wmsVersion: integer('wms_version').notNull().default(-1),
    reason: text('reason'),
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    movementId: integer('movement_id').references(() => warehouseMovements.id),
    userId: integer('user_id').references(() => users.id),
  },
  (t) => [
    uniqueIndex('wms_advices_stage_uq').on(t.stageId),
    uniqueIndex('wms_advices_wms_uq').on(t.warehouseId, t.wmsId),
    index('wms_advices_order_idx').on(t.orderId),
    index('wms_advices_state_idx').on(t.state),
    index('wms_advices_movement_idx').on(t.movementId),
    index('wms_advices_user_idx').on(t.userId),
  ],
);

/**
 * The storage days billed: one row per warehouse, order and month, with the bill made for it, so that the
 * scheduled billing bills each month of an order's stay once, whichever instance runs it.
 */
export const warehouseStorageCharges = pgTable(
  'warehouse_storage_charges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The first and last day of the month billed. */
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    placeDays: integer('place_days').notNull(),
    /** Deleting the bill (a wrong price, say) lets the next run bill the month again. */
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('warehouse_storage_charges_uq').on(t.warehouseId, t.orderId, t.periodFrom),
    index('warehouse_storage_charges_order_idx').on(t.orderId),
    index('warehouse_storage_charges_bill_idx').on(t.billId),
  ],
);

import { SYSTEM_OPTIONS_DEFAULTS as D } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';

/** The system options (/options/main): exactly one row, created with the defaults on first start. */
export const systemOptions = pgTable(
  'system_options',
  {
    ...entityColumns(),
    /** Always true and unique: a second row cannot exist. */
    singleton: boolean('singleton').notNull().default(true).unique(),
    defaultOfferValidityDays: integer('default_offer_validity_days')
      .notNull()
      .default(D.defaultOfferValidityDays),
    expectedDateAutoSetIntervalDays: integer('expected_date_auto_set_interval_days')
      .notNull()
      .default(D.expectedDateAutoSetIntervalDays),
    maxBillBacktrackDays: integer('max_bill_backtrack_days').notNull().default(D.maxBillBacktrackDays),
    orderCapacityPerYear: integer('order_capacity_per_year').notNull().default(D.orderCapacityPerYear),
    cargoInsuredValue: numeric('cargo_insured_value', { precision: 18, scale: 2 })
      .notNull()
      .default(D.cargoInsuredValue),
    cargoDeclaredValue: numeric('cargo_declared_value', { precision: 18, scale: 2 })
      .notNull()
      .default(D.cargoDeclaredValue),
    cargoDeclaredValuePerKg: numeric('cargo_declared_value_per_kg', { precision: 18, scale: 2 })
      .notNull()
      .default(D.cargoDeclaredValuePerKg),
    /** Minutes. */
    announcementEditTimeout: integer('announcement_edit_timeout')
      .notNull()
      .default(D.announcementEditTimeout),
    /** Minutes. */
    customerRequestRestoreStatusTimeout: integer('customer_request_restore_status_timeout')
      .notNull()
      .default(D.customerRequestRestoreStatusTimeout),
    /** A warehouse of the warehouse module; not a foreign key while that module is absent. */
    wmsWarehouseId: integer('wms_warehouse_id'),
    systemCurrencyCode: text('system_currency_code').notNull().default(D.systemCurrencyCode),
    archiveAfterDays: integer('archive_after_days').notNull().default(D.archiveAfterDays),
    coldStorageAfterDays: integer('cold_storage_after_days').notNull().default(D.coldStorageAfterDays),
  },
  (t) => [check('system_options_singleton_ck', sql`${t.singleton}`)],
);

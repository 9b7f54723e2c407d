import { z } from 'zod';
import { MESSAGES } from '../common/validation';

/**
 * System options (spec §3 "Options", §9 "Settings exist for ..."): one record for the whole installation,
 * edited on /options/main. Money is a decimal string in the system currency.
 */

/** A non-negative amount with at most two decimals, as a string: "1234.50". */
const amount = z
  .string()
  .trim()
  .regex(/^\d{1,16}(\.\d{1,2})?$/, MESSAGES.invalid);

const days = (max: number) => z.number().int().min(0).max(max);
/** Minutes; at most a week. */
const minutes = z
  .number()
  .int()
  .min(0)
  .max(7 * 24 * 60);

export const systemOptionsFields = {
  /** Days an offer stays valid when no validity date is given (offer extension is at most a year). */
  defaultOfferValidityDays: z.number().int().min(1).max(365),
  /** Days after which an unset expected stage date is filled in automatically. */
  expectedDateAutoSetIntervalDays: days(365),
  /** How many days back a bill may be dated. */
  maxBillBacktrackDays: days(3650),
  /** Orders a counterparty is expected to place a year when none is set on it. */
  orderCapacityPerYear: z.number().int().min(0).max(1_000_000),
  /** Default insured value of a cargo. */
  cargoInsuredValue: amount,
  /** Default declared value of a cargo. */
  cargoDeclaredValue: amount,
  /** Default declared value of a cargo per kilogram. */
  cargoDeclaredValuePerKg: amount,
  /** Minutes during which the author may still edit an announcement. */
  announcementEditTimeout: minutes,
  /** Minutes after which a customer request's operational status can no longer be restored. */
  customerRequestRestoreStatusTimeout: minutes,
  /** The warehouse the warehouse-management system (WMS) advices go to. */
  wmsWarehouseId: z.number().int().positive().nullable(),
  /** ISO 4217 code of the currency reports and balances are kept in. */
  systemCurrencyCode: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, MESSAGES.invalid),
  /** Days after the last stage closes before the archiver moves an order or job to the archive. */
  archiveAfterDays: days(3650),
  /** Days after its archiving before the files of an order or job move to cold storage. */
  coldStorageAfterDays: days(3650),
};

export const systemOptionsValuesSchema = z.object(systemOptionsFields);
export type SystemOptionsValues = z.infer<typeof systemOptionsValuesSchema>;

export const systemOptionsSchema = systemOptionsValuesSchema.extend({
  version: z.number().int(),
  updatedAt: z.string(),
});
export type SystemOptions = z.infer<typeof systemOptionsSchema>;

/**
 * The update body: any subset of the values. `version` is the one the edit was based on; it may come in
 * the If-Match header instead.
 */
export const systemOptionsUpdateSchema = z.strictObject({
  ...systemOptionsValuesSchema.partial().shape,
  version: z.number().int().positive().optional(),
});
export type SystemOptionsUpdate = z.infer<typeof systemOptionsUpdateSchema>;

/** What a new installation starts with. */
export const SYSTEM_OPTIONS_DEFAULTS: SystemOptionsValues = {
  defaultOfferValidityDays: 14,
  expectedDateAutoSetIntervalDays: 3,
  maxBillBacktrackDays: 30,
  orderCapacityPerYear: 12,
  cargoInsuredValue: '0.00',
  cargoDeclaredValue: '0.00',
  cargoDeclaredValuePerKg: '20.00',
  announcementEditTimeout: 60,
  customerRequestRestoreStatusTimeout: 30,
  wmsWarehouseId: null,
  systemCurrencyCode: 'RUB',
  archiveAfterDays: 30,
  coldStorageAfterDays: 365,
};

export const SHORT_DATE_FORMAT = 'DD.MM.YYYY';
export const SHORT_MONTH_FORMAT = 'MM.YYYY';

/** Objects the home call can answer (spec §7 `GET home`). */
export const HOME_OBJECTS = ['systemCurrency', 'recentDocuments'] as const;
export type HomeObject = (typeof HOME_OBJECTS)[number];

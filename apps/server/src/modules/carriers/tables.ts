import type { DriverVerificationStatus } from '@tms/domain';
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
import { listIndexes, searchTextColumn } from '../../platform/resources/indexes';
import { counterparties } from '../counterparties';
import { jobs } from '../operations';
import { vehicleTypes } from '../reference-data';

const day = (name: string) => date(name, { mode: 'string' });
const counterpartyId = () =>
  integer('counterparty_id')
    .notNull()
    .references(() => counterparties.id, { onDelete: 'cascade' });

/** Drivers of a contractor (carrier), with the state of their identity check. */
export const counterpartyDrivers = pgTable(
  'counterparty_drivers',
  {
    ...entityColumns(),
    counterpartyId: counterpartyId(),
    name: text('name').notNull(),
    phone: text('phone'),
    birthDate: day('birth_date'),
    passportSeries: text('passport_series'),
    passportNumber: text('passport_number'),
    passportIssuedBy: text('passport_issued_by'),
    passportIssuedAt: day('passport_issued_at'),
    licenseNumber: text('license_number'),
    licenseCategories: text('license_categories'),
    licenseExpiresAt: day('license_expires_at'),
    insuranceVerified: boolean('insurance_verified').notNull().default(false),
    insuranceVerifiedAt: day('insurance_verified_at'),
    verificationStatus: text('verification_status')
      .$type<DriverVerificationStatus>()
      .notNull()
      .default('draft'),
    verificationReason: text('verification_reason'),
    searchText: searchTextColumn('name', 'phone', 'passport_number', 'license_number'),
  },
  (t) => [
    index('counterparty_drivers_counterparty_idx').on(t.counterpartyId),
    ...listIndexes('counterparty_drivers', t, {
      sortable: [t.name, t.verificationStatus, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/**
 * Every move of a driver's verification status, kept for the back office and the carrier: who moved it (a
 * staff user, the carrier's cabinet and its user, or the system), when, from what to what, and why.
 */
export const driverVerifications = pgTable(
  'driver_verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => counterpartyDrivers.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<DriverVerificationStatus>(),
    toStatus: text('to_status').$type<DriverVerificationStatus>().notNull(),
    reason: text('reason'),
    actor: text('actor').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // The cabinets module's user (no foreign key: that module builds on this one, not the other way).
    cabinetUserId: integer('cabinet_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('driver_verifications_driver_idx').on(t.driverId, t.id)],
);

/** Vehicles of a contractor. */
export const counterpartyVehicles = pgTable(
  'counterparty_vehicles',
  {
    ...entityColumns(),
    counterpartyId: counterpartyId(),
    vehicleTypeId: integer('vehicle_type_id')
      .notNull()
      .references(() => vehicleTypes.id),
    plate: text('plate').notNull(),
    trailerPlate: text('trailer_plate'),
    brand: text('brand'),
    capacity: numeric('capacity', { precision: 10, scale: 3, mode: 'number' }),
    volume: numeric('volume', { precision: 10, scale: 3, mode: 'number' }),
    comment: text('comment'),
    searchText: searchTextColumn('plate', 'trailer_plate', 'brand'),
  },
  (t) => [
    index('counterparty_vehicles_counterparty_idx').on(t.counterpartyId, t.plate),
    ...listIndexes('counterparty_vehicles', t, {
      sortable: [t.plate, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/**
 * The driver and vehicle a carrier puts on one of his trips (a job given to him), one pair a trip: his own
 * verified driver and his own vehicle, chosen in his cabinet and shown on the job in the back office.
 */
export const tripAssignments = pgTable(
  'trip_assignments',
  {
    ...entityColumns(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    counterpartyId: counterpartyId(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => counterpartyDrivers.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => counterpartyVehicles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('trip_assignments_job_idx').on(t.jobId),
    index('trip_assignments_counterparty_idx').on(t.counterpartyId),
  ],
);

import { z } from 'zod';
import { type CabinetStage, NO_STAFF, readOnlyRoute } from '../cabinets/shared';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { DRIVER_VERIFICATION_LABELS, DRIVER_VERIFICATION_STATUSES, driverPersonFields } from './drivers';
import { plateSchema } from './plates';

/**
 * The carrier's cabinet's (`/carrier/...`) views of the back office's records, served to his cabinet alone
 * within his counterparty (the kernel's counterparty scope): his drivers (he keeps their papers and submits
 * them for verification; the back office verifies), his vehicles, and his trips (the jobs given to his
 * counterparty, with their OPS-visible stages to close). Staff users read the same rows through their own
 * resources; no staff role opens these.
 */

/** The carrier's drivers (`/carrier/drivers`): the person and his papers, and where his verification stands. */
export const carrierDriverResource = declareResource({
  name: 'counterparty_driver',
  path: '/carrier/drivers',
  title: 'cabinets.carrier.drivers.title',
  itemTitle: 'cabinets.carrier.drivers.item',
  keys: 'cabinets.carrier.drivers.fields',
  fields: {
    ...driverPersonFields(),
    verificationStatus: f
      .enum(DRIVER_VERIFICATION_STATUSES, DRIVER_VERIFICATION_LABELS)
      .readOnly()
      .listed()
      .filterable()
      .sortable(),
    verificationReason: f.text({ max: 1000 }).optional().readOnly(),
    updatedAt: f.updatedAt(),
  },
  roles: NO_STAFF,
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
});
export type CarrierDriver = z.infer<typeof carrierDriverResource.entity>;

/**
 * The carrier's vehicles (`/carrier/vehicles`): the vehicle type of the settings' list (its name beside
 * it), the plates (normalised, one vehicle a plate), capacity in tonnes and volume in cubic metres.
 */
export const carrierVehicleResource = declareResource({
  name: 'counterparty_vehicle',
  path: '/carrier/vehicles',
  title: 'cabinets.carrier.vehicles.title',
  itemTitle: 'cabinets.carrier.vehicles.item',
  keys: 'cabinets.carrier.vehicles.fields',
  fields: {
    vehicleTypeId: f.integer({ min: 1 }).listed().filterable(),
    vehicleTypeName: f.text().readOnly().listed(),
    plate: f.text().input(plateSchema('vehicle')).listed().searchable().sortable(),
    trailerPlate: f.text().input(plateSchema('trailer')).optional().listed().searchable(),
    brand: f.text({ max: 100 }).optional().listed().searchable(),
    capacity: f.number({ min: 0, max: 1000 }).optional().listed(),
    volume: f.number({ min: 0, max: 1000 }).optional().listed(),
    comment: f.textarea().optional(),
    updatedAt: f.updatedAt(),
  },
  roles: NO_STAFF,
  labelField: 'plate',
  defaultSort: { field: 'plate', order: 'asc' },
});
export type CarrierVehicle = z.infer<typeof carrierVehicleResource.entity>;

/** A vehicle type the carrier picks from (`/carrier/vehicle-types`): the settings' enabled road ones. */
export const carrierVehicleTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  transportType: z.string(),
});
export type CarrierVehicleType = z.infer<typeof carrierVehicleTypeSchema>;

const route = readOnlyRoute;

/** The carrier's trips (`/carrier/trips`): the jobs given to his counterparty, their route and dates. */
export const carrierTripResource = declareResource({
  name: 'job',
  path: '/carrier/trips',
  title: 'cabinets.carrier.trips.title',
  itemTitle: 'cabinets.carrier.trips.item',
  keys: 'cabinets.carrier.trips.fields',
  fields: {
    number: f.integer().readOnly().listed().searchable().sortable(),
    route: route.listed(),
    dispatchDate: f.date().readOnly().optional().listed().filterable().sortable(),
    deliveryDate: f.date().readOnly().optional().listed().filterable().sortable(),
    completionDate: f.date().readOnly().optional().listed().sortable(),
    /** The first open stage shown to him (its OPS name): what he closes next. */
    nextStage: f.text().readOnly().optional().listed(),
    createdAt: f.createdAt().listed().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: NO_STAFF,
  labelField: 'number',
  defaultSort: { field: 'number', order: 'desc' },
  readOnly: true,
});
export type CarrierTrip = z.infer<typeof carrierTripResource.entity>;

/** A stage of a trip as the carrier sees it: the cabinets' shared one. */
export type CarrierStage = CabinetStage;

/** `PUT /carrier/trips/{id}/assignment`: the carrier's own verified driver and his own vehicle for the trip. */
export const carrierTripAssignSchema = z.strictObject({
  driverId: z.number().int().positive(),
  vehicleId: z.number().int().positive(),
});

/**
 * The driver and vehicle on a trip (`GET /carrier/trips/{id}/assignment`, `/tms/jobs/{id}/trip-assignment`),
 * null while the carrier has put none.
 */
export const tripAssignmentSchema = z
  .object({
    driverId: z.number().int(),
    driverName: z.string(),
    driverPhone: z.string().nullable(),
    vehicleId: z.number().int(),
    plate: z.string(),
    trailerPlate: z.string().nullable(),
    vehicleTypeName: z.string(),
    vehicleTypeNameEn: z.string().nullable(),
    updatedAt: z.string(),
  })
  .nullable();
export type TripAssignment = z.infer<typeof tripAssignmentSchema>;

/** The driver and vehicle as one line: "Иванов И. · +7900…; А111АА 77 / ВВ1234 77 (Тент 20 т)". */
export function tripAssignmentText(a: NonNullable<TripAssignment>, language: string): string {
  const type = language === 'en' && a.vehicleTypeNameEn ? a.vehicleTypeNameEn : a.vehicleTypeName;
  const driver = a.driverPhone ? `${a.driverName} · ${a.driverPhone}` : a.driverName;
  const vehicle = a.trailerPlate ? `${a.plate} / ${a.trailerPlate}` : a.plate;
  return `${driver}; ${vehicle} (${type})`;
}

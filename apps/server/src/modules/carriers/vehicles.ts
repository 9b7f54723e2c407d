import { CARRIER_MESSAGES, carrierVehicleResource, counterpartyVehicleResource, MESSAGES } from '@tms/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { fieldError } from '../../platform/errors';
import { type CreateInput, resourceService } from '../../platform/resources';
import { counterpartyPartHooks } from '../counterparties';
import { vehicleTypes } from '../reference-data';
import { CARRIER_DRIVERS, CARRIER_PREDICATES } from './predicates';
import { counterpartyVehicles } from './tables';

type VehicleRow = typeof counterpartyVehicles.$inferSelect;

/** A carrier has one vehicle a plate (plates are normalised, so "a123bc77" and "А123ВС 77" are one). */
async function checkVehicle(
  tx: Tx,
  record: { counterpartyId: number; plate: string },
  existing: VehicleRow | null,
): Promise<undefined> {
  const [same] = await tx
    .select({ id: counterpartyVehicles.id })
    .from(counterpartyVehicles)
    .where(
      and(
        eq(counterpartyVehicles.counterpartyId, record.counterpartyId),
        eq(counterpartyVehicles.plate, record.plate),
        existing ? ne(counterpartyVehicles.id, existing.id) : undefined,
      ),
    )
    .limit(1);
  if (same) throw fieldError(['plate'], CARRIER_MESSAGES.plateTaken);
  return undefined;
}

/** A carrier's vehicles: the back office's sub-resource of the counterparty, and the carrier cabinet's. */
export const vehicleService = resourceService(counterpartyVehicleResource, counterpartyVehicles, {
  hooks: counterpartyPartHooks<VehicleRow, CreateInput<typeof counterpartyVehicleResource>>(
    counterpartyVehicles.counterpartyId,
    { contractorOnly: true, check: checkVehicle },
  ),
});

/** The vehicle types a carrier's vehicle may be of: the settings' enabled road ones (he runs trucks). */
export const carrierVehicleTypes = () =>
  and(eq(vehicleTypes.enabled, true), eq(vehicleTypes.transportType, 'auto'))!;

/** The carrier picks one of his vehicle types (`carrierVehicleTypes`); another is not a choice. */
async function checkVehicleType(tx: Tx, id: number | undefined): Promise<void> {
  if (id === undefined) return;
  const [type] = await tx
    .select({ id: vehicleTypes.id })
    .from(vehicleTypes)
    .where(and(eq(vehicleTypes.id, id), carrierVehicleTypes()));
  if (!type) throw fieldError(['vehicleTypeId'], MESSAGES.choice);
}

/**
 * The carrier cabinet's view of his vehicles (`/carrier/vehicles`): read, add and edit his own
 * (`CARRIER_PREDICATES.vehicle`) with the back office's rules (an enabled road type, one vehicle a plate); the
 * type's name beside its id.
 */
export const carrierVehicleService = resourceService(carrierVehicleResource, counterpartyVehicles, {
  cabinet: {
    kind: 'carrier',
    only: true,
    counterparty: (id) => CARRIER_PREDICATES.vehicle(id),
    actions: ['read', 'create', 'edit'],
    roles: { read: CARRIER_DRIVERS, create: CARRIER_DRIVERS, edit: CARRIER_DRIVERS },
  },
  virtual: ['vehicleTypeName' as never],
  hooks: {
    async beforeCreate(ctx, values: CreateInput<typeof carrierVehicleResource>) {
      if (ctx.auth.kind !== 'cabinet') throw new Error("A carrier's vehicle is created by his cabinet");
      const counterpartyId = ctx.auth.counterpartyId;
      await checkVehicleType(ctx.tx, values.vehicleTypeId);
      await checkVehicle(ctx.tx, { counterpartyId, plate: values.plate }, null);
      return { ...values, counterpartyId };
    },
    async beforeUpdate(ctx, values, existing) {
      await checkVehicleType(ctx.tx, values.vehicleTypeId);
      await checkVehicle(ctx.tx, { ...existing, ...values }, existing);
      return values;
    },
    async toEntities(rows, ctx) {
      const ids = [...new Set(rows.map((row) => row.vehicleTypeId))];
      const types = ids.length
        ? await ctx.tx
            .select({ id: vehicleTypes.id, name: vehicleTypes.name })
            .from(vehicleTypes)
            .where(inArray(vehicleTypes.id, ids))
        : [];
      const nameOf = new Map(types.map((t) => [t.id, t.name]));
      return rows.map((row) => ({
        id: row.id,
        version: row.version,
        vehicleTypeId: row.vehicleTypeId,
        vehicleTypeName: nameOf.get(row.vehicleTypeId) ?? '',
        plate: row.plate,
        trailerPlate: row.trailerPlate,
        brand: row.brand,
        capacity: row.capacity,
        volume: row.volume,
        comment: row.comment,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }));
    },
  },
});

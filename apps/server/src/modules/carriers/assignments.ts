import {
  CARRIER_MESSAGES,
  carrierTripAssignSchema,
  dataSchema,
  idParamSchema,
  OPERATION_ROLES,
  type TripAssignment,
  tripAssignmentSchema,
} from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/connection';
import { requestDb } from '../../platform/auth/cabinet-wall';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { requestContext } from '../../platform/resources';
import { jobService } from '../operations';
import { vehicleTypes } from '../reference-data';
import { carrierTripService } from './cabinet';
import { carrierDriverService } from './drivers';
import { CARRIER_TRIPS } from './predicates';
import { counterpartyDrivers, counterpartyVehicles, tripAssignments } from './tables';
import { carrierVehicleService } from './vehicles';

/** The driver and vehicle on a job, or null. */
async function tripAssignmentOf(tx: Tx, jobId: number): Promise<TripAssignment> {
  const [row] = await tx
    .select({
      driverId: counterpartyDrivers.id,
      driverName: counterpartyDrivers.name,
      driverPhone: counterpartyDrivers.phone,
      vehicleId: counterpartyVehicles.id,
      plate: counterpartyVehicles.plate,
      trailerPlate: counterpartyVehicles.trailerPlate,
      vehicleTypeName: vehicleTypes.name,
      vehicleTypeNameEn: vehicleTypes.nameEn,
      updatedAt: tripAssignments.updatedAt,
    })
    .from(tripAssignments)
    .innerJoin(counterpartyDrivers, eq(counterpartyDrivers.id, tripAssignments.driverId))
    .innerJoin(counterpartyVehicles, eq(counterpartyVehicles.id, tripAssignments.vehicleId))
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, counterpartyVehicles.vehicleTypeId))
    .where(eq(tripAssignments.jobId, jobId));
  return row ? { ...row, updatedAt: row.updatedAt.toISOString() } : null;
}

/**
 * A trip's driver and vehicle: the carrier puts his own verified driver and his own vehicle on his trip
 * (`/carrier/trips/{id}/assignment`), the back office reads them on the job (`/tms/jobs/{id}/trip-assignment`).
 */
export function tripAssignmentRoutes(app: App): void {
  app.get(
    '/carrier/trips/:id/assignment',
    {
      config: { cabinet: 'carrier', cabinetRoles: CARRIER_TRIPS },
      schema: {
        tags: ['carrier'],
        summary: 'The driver and vehicle on the trip, or null',
        params: idParamSchema,
        response: { 200: dataSchema(tripAssignmentSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request);
      const trip = await carrierTripService.find(ctx, id);
      return { data: await tripAssignmentOf(ctx.tx, trip.id) };
    },
  );

  app.put(
    '/carrier/trips/:id/assignment',
    {
      config: { cabinet: 'carrier', cabinetRoles: CARRIER_TRIPS },
      schema: {
        tags: ['carrier'],
        summary: 'Put one of his verified drivers and one of his vehicles on the trip',
        params: idParamSchema,
        body: carrierTripAssignSchema,
        response: { 200: dataSchema(tripAssignmentSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof carrierTripAssignSchema>;
      const data = await requestDb(request).transaction(async (tx) => {
        const ctx = requestContext(request, tx);
        const trip = await carrierTripService.find(ctx, id, { lock: true });
        // Found in his own scope: another carrier's driver or vehicle is a 404 like any foreign id.
        const driver = await carrierDriverService.find(ctx, body.driverId);
        const vehicle = await carrierVehicleService.find(ctx, body.vehicleId);
        if (driver.verificationStatus !== 'verified')
          throw fieldError(['driverId'], CARRIER_MESSAGES.driverNotVerified);
        const now = app.clock();
        await tx
          .insert(tripAssignments)
          .values({
            jobId: trip.id,
            counterpartyId: driver.counterpartyId,
            driverId: driver.id,
            vehicleId: vehicle.id,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: tripAssignments.jobId,
            set: {
              driverId: driver.id,
              vehicleId: vehicle.id,
              updatedAt: now,
              version: sql`${tripAssignments.version} + 1`,
            },
          });
        return tripAssignmentOf(tx, trip.id);
      });
      return { data };
    },
  );

  app.get(
    '/tms/jobs/:id/trip-assignment',
    {
      config: { roles: OPERATION_ROLES.job.view },
      schema: {
        tags: ['carriers'],
        summary: "The driver and vehicle the job's carrier put on it, or null",
        params: idParamSchema,
        response: { 200: dataSchema(tripAssignmentSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request);
      const job = await jobService.find(ctx, id, { access: 'read' });
      return { data: await tripAssignmentOf(ctx.tx, job.id) };
    },
  );
}

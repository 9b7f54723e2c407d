import {
  carrierDriverResource,
  carrierTripResource,
  carrierVehicleTypeSchema,
  dataSchema,
  driverVerificationEventSchema,
  driverVerificationStepSchema,
  idParamSchema,
} from '@tms/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { requestDb } from '../../platform/auth/cabinet-wall';
import type { App } from '../../platform/http/types';
import { registerResourceRoutes, requestContext, resourceService } from '../../platform/resources';
import { cabinetJobStageRoutes } from '../cabinets';
import { jobs, stages } from '../operations';
import { vehicleTypes } from '../reference-data';
import { carrierDriverService, driverVerificationHistory, submitDriver } from './drivers';
import { CARRIER_DRIVERS, CARRIER_PREDICATES, CARRIER_TRIPS } from './predicates';
import { carrierVehicleService, carrierVehicleTypes } from './vehicles';

/** The carrier's trips: the jobs given to his counterparty, read only. */
export const carrierTripService = resourceService(carrierTripResource, jobs, {
  cabinet: {
    kind: 'carrier',
    only: true,
    counterparty: (id) => CARRIER_PREDICATES.trip(id),
    roles: { read: CARRIER_TRIPS },
  },
  virtual: ['nextStage' as never],
  hooks: {
    async toEntities(rows, ctx) {
      const ids = rows.map((row) => row.id);
      const open = ids.length
        ? await ctx.tx
            .select({ jobId: stages.operationId, name: stages.opsName })
            .from(stages)
            .where(
              and(
                eq(stages.operationType, 'job'),
                inArray(stages.operationId, ids),
                eq(stages.opsVisible, true),
                eq(stages.closed, false),
              ),
            )
            .orderBy(asc(stages.sortOrder), sql`${stages.expectedDate} ASC NULLS LAST`, asc(stages.id))
        : [];
      const next = new Map<number, string>();
      for (const stage of open) if (!next.has(stage.jobId)) next.set(stage.jobId, stage.name);
      return rows.map((row) => ({
        id: row.id,
        version: row.version,
        number: row.number,
        route: row.route,
        dispatchDate: row.dispatchDate,
        deliveryDate: row.deliveryDate,
        completionDate: row.completionDate,
        nextStage: next.get(row.id) ?? null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }));
    },
  },
});

/**
 * `/api/carrier/...`: the carrier's drivers (kept, submitted for verification, their history), vehicles
 * (with the settings' vehicle types) and trips (their stages, closed from the cabinet).
 */
export async function carrierCabinetRoutes(app: App): Promise<void> {
  const tags = ['carrier'];
  registerResourceRoutes(app, carrierDriverService);
  registerResourceRoutes(app, carrierVehicleService);
  registerResourceRoutes(app, carrierTripService);

  app.post(
    '/carrier/drivers/:id/submit',
    {
      config: { cabinet: 'carrier', cabinetRoles: CARRIER_DRIVERS },
      schema: {
        tags,
        summary: 'Submit a driver for verification: his passport and licence filled in, the licence in force',
        params: idParamSchema,
        body: driverVerificationStepSchema.pick({ version: true }),
        response: { 200: dataSchema(carrierDriverResource.entity) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as { version?: number };
      const data = await requestDb(request).transaction((tx) =>
        submitDriver.run(requestContext(request, tx), { id, version: body.version }),
      );
      return { data };
    },
  );

  app.get(
    '/carrier/drivers/:id/verifications',
    {
      config: { cabinet: 'carrier', cabinetRoles: CARRIER_DRIVERS },
      schema: {
        tags,
        summary: "A driver's verification history: when, from and to, why",
        params: idParamSchema,
        response: { 200: dataSchema(z.array(driverVerificationEventSchema)) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      return { data: await driverVerificationHistory.run(requestContext(request), { id }) };
    },
  );

  app.get(
    '/carrier/vehicle-types',
    {
      config: { cabinet: 'carrier', cabinetRoles: CARRIER_DRIVERS },
      schema: {
        tags,
        summary: "The vehicle types a vehicle may be of (the settings' enabled road ones)",
        response: { 200: dataSchema(z.array(carrierVehicleTypeSchema)) },
      },
    },
    async (request) => {
      const { tx } = requestContext(request);
      const data = await tx
        .select({
          id: vehicleTypes.id,
          name: vehicleTypes.name,
          nameEn: vehicleTypes.nameEn,
          transportType: vehicleTypes.transportType,
        })
        .from(vehicleTypes)
        .where(carrierVehicleTypes())
        .orderBy(asc(vehicleTypes.name));
      return { data };
    },
  );

  cabinetJobStageRoutes(app, {
    kind: 'carrier',
    path: '/carrier/trips',
    noun: 'trip',
    tags,
    roles: CARRIER_TRIPS,
    jobs: carrierTripService,
  });
}

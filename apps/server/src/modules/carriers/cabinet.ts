import {
  type CarrierStage,
  carrierDriverResource,
  carrierStageCloseSchema,
  carrierStageSchema,
  carrierTripResource,
  carrierVehicleTypeSchema,
  dataSchema,
  driverVerificationEventSchema,
  driverVerificationStepSchema,
  idParamSchema,
} from '@tms/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/connection';
import { requestDb } from '../../platform/auth/cabinet-wall';
import type { App } from '../../platform/http/types';
import { registerResourceRoutes, requestContext, resourceService } from '../../platform/resources';
import { closeStage, jobs, stages } from '../operations';
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

/** The stages of a trip the carrier is shown (the OPS-visible ones, under their OPS names), in their order. */
export async function carrierStagesOf(tx: Tx, jobId: number): Promise<CarrierStage[]> {
  return tx
    .select({
      id: stages.id,
      version: stages.version,
      name: stages.opsName,
      expectedDate: stages.expectedDate,
      actualDate: stages.actualDate,
      closed: stages.closed,
    })
    .from(stages)
    .where(and(eq(stages.opsVisible, true), eq(stages.operationType, 'job'), eq(stages.operationId, jobId)))
    .orderBy(asc(stages.sortOrder), sql`${stages.expectedDate} ASC NULLS LAST`, asc(stages.id));
}

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

  app.get(
    '/carrier/trips/:id/stages',
    {
      config: { cabinet: 'carrier', cabinetRoles: CARRIER_TRIPS },
      schema: {
        tags,
        summary: 'The stages of a trip the carrier is shown, under their OPS names',
        params: idParamSchema,
        response: { 200: dataSchema(z.array(carrierStageSchema)) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request);
      const trip = await carrierTripService.find(ctx, id);
      return { data: await carrierStagesOf(ctx.tx, trip.id) };
    },
  );

  app.post(
    '/carrier/trips/:id/stages/:stageId/close',
    {
      config: { cabinet: 'carrier', cabinetRoles: CARRIER_TRIPS },
      schema: {
        tags,
        summary: 'Close a stage of the trip with the date it was reached',
        params: z.object({ id: idParamSchema.shape.id, stageId: idParamSchema.shape.id }),
        body: carrierStageCloseSchema,
        response: { 200: dataSchema(carrierStageSchema) },
      },
    },
    async (request) => {
      const { id, stageId } = request.params as { id: number; stageId: number };
      const body = request.body as z.infer<typeof carrierStageCloseSchema>;
      const data = await requestDb(request).transaction(async (tx) => {
        const ctx = requestContext(request, tx);
        const trip = await carrierTripService.find(ctx, id, { lock: true });
        // The operations module's own closing: its order, WMS and marking rules apply to him as to anyone.
        await closeStage.run(ctx, { ...body, operation: 'job', id: trip.id, stageId });
        return (await carrierStagesOf(tx, trip.id)).find((s) => s.id === stageId)!;
      });
      return { data };
    },
  );
}

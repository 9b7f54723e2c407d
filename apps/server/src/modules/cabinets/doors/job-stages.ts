import {
  type CabinetStage,
  cabinetStageCloseSchema,
  cabinetStageSchema,
  dataSchema,
  idParamSchema,
} from '@tms/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../../db/connection';
import { requestDb } from '../../../platform/auth/cabinet-wall';
import type { App } from '../../../platform/http/types';
import { type ResourceContext, requestContext } from '../../../platform/resources';
import { closeStage, stages } from '../../operations';

/** The stages of a job its contractor (or carrier) is shown, under their OPS names, in their order. */
export async function cabinetJobStagesOf(tx: Tx, jobId: number): Promise<CabinetStage[]> {
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
 * A job's stages in a cabinet that works jobs, the contractor's portal (`/ops/jobs`) and the carrier's
 * cabinet (`/carrier/trips`): `GET <path>/:id/stages` lists them, `POST <path>/:id/stages/:stageId/close`
 * closes one. `jobs` finds the job within the cabinet's counterparty (404 otherwise); the closing is the
 * operations module's own, whose order, WMS and marking rules apply to him as to anyone.
 */
export function cabinetJobStageRoutes(
  app: App,
  spec: {
    kind: 'contractor' | 'carrier';
    path: `/${string}`;
    /** What the cabinet calls a job, in the routes' summaries. */
    noun: 'job' | 'trip';
    tags: string[];
    roles: readonly string[];
    jobs: { find(ctx: ResourceContext, id: number, options?: { lock?: boolean }): Promise<{ id: number }> };
  },
): void {
  const { kind, path, noun, tags, roles, jobs } = spec;
  app.get(
    `${path}/:id/stages`,
    {
      config: { cabinet: kind, cabinetRoles: roles },
      schema: {
        tags,
        summary: `The stages of a ${noun} the ${kind} is shown, under their OPS names`,
        params: idParamSchema,
        response: { 200: dataSchema(z.array(cabinetStageSchema)) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request);
      const job = await jobs.find(ctx, id);
      return { data: await cabinetJobStagesOf(ctx.tx, job.id) };
    },
  );

  app.post(
    `${path}/:id/stages/:stageId/close`,
    {
      config: { cabinet: kind, cabinetRoles: roles },
      schema: {
        tags,
        summary: `Close a stage of the ${noun} with the date it was reached`,
        params: z.object({ id: idParamSchema.shape.id, stageId: idParamSchema.shape.id }),
        body: cabinetStageCloseSchema,
        response: { 200: dataSchema(cabinetStageSchema) },
      },
    },
    async (request) => {
      const { id, stageId } = request.params as { id: number; stageId: number };
      const body = request.body as z.infer<typeof cabinetStageCloseSchema>;
      const data = await requestDb(request).transaction(async (tx) => {
        const ctx = requestContext(request, tx);
        const job = await jobs.find(ctx, id, { lock: true });
        await closeStage.run(ctx, { ...body, operation: 'job', id: job.id, stageId });
        return (await cabinetJobStagesOf(tx, job.id)).find((s) => s.id === stageId)!;
      });
      return { data };
    },
  );
}

import { createHmac } from 'node:crypto';
import {
  WMS_MESSAGES as M,
  MESSAGES,
  OPERATION_TYPES,
  STAGE_ROLES,
  WAREHOUSE_ROLES,
  WMS_ADVICE_KINDS,
  WMS_DONE_STATES,
  WMS_FINAL_STATES,
  type WmsAdvice,
  type WmsReport,
  wmsAdviceRequestSchema,
  wmsAdviceSchema,
  wmsBehaviourOf,
  wmsForceCloseSchema,
} from '@tms/domain';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Tx } from '../../db/connection';
import { calendarDay } from '../../platform/calendar';
import { fieldError } from '../../platform/errors';
import { defineTask } from '../../platform/jobs/tasks';
import type { Registries, ScheduledJob } from '../../platform/modules';
import { asSystem, defineUseCase, type ResourceContext, userOf } from '../../platform/resources';
import { closeStageBySystem, managedStage, orders, type StageBehaviourHandler } from '../operations';
import { movementService } from './accounting';
import { recordWarehouseEvent } from './events';
import { warehouses, wmsAdvices } from './tables';
import { httpWmsClient, type WmsAdapter, WmsUnavailable } from './wms-adapter';

export type AdviceRow = typeof wmsAdvices.$inferSelect;

/** The WMS every warehouse speaks to through: one HTTP API for now (the sandbox's). */
export const wmsAdapter: WmsAdapter = httpWmsClient;

/** The secret a warehouse's WMS signs its callbacks with: ours, per warehouse, given with each advice. */
export function wmsSecretOf(config: Pick<Config, 'secretKey'>, warehouseId: number): string {
  return createHmac('sha256', config.secretKey).update(`wms-callback:${warehouseId}`).digest('hex');
}

/** Where the WMS posts its callbacks; without the public address, it is polled only. */
export function wmsCallbackUrl(config: Pick<Config, 'publicUrl'>): string | null {
  return config.publicUrl ? `${config.publicUrl}/api/warehouse/wms/callback` : null;
}

export function adviceEntity(row: AdviceRow): WmsAdvice {
  return {
    id: row.id,
    stageId: row.stageId,
    orderId: row.orderId,
    warehouseId: row.warehouseId ?? 0,
    kind: row.kind as WmsAdvice['kind'],
    state: row.state,
    places: row.places,
    actualPlaces: row.actualPlaces,
    wmsId: row.wmsId,
    reason: row.reason,
    lastError: row.lastError,
    attempts: row.attempts,
    movementId: row.movementId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function lockedAdvice(tx: Tx, id: number): Promise<AdviceRow | undefined> {
  const [row] = await tx.select().from(wmsAdvices).where(eq(wmsAdvices.id, id)).for('update');
  return row;
}

/**
 * Applies what the WMS reports of an advice, as the system, whether by callback, polling or its answer to
 * the advice: a report no newer than the last applied (a repeated or late callback) or about a finished
 * advice changes nothing. Confirmed or partial: the places the WMS counted are received or released in the
 * warehouse accounting and the stage closes. Answers whether anything changed.
 */
export async function applyWmsReport(
  ctx: ResourceContext,
  adviceId: number,
  report: WmsReport,
  now: Date,
): Promise<boolean> {
  const advice = await lockedAdvice(ctx.tx, adviceId);
  if (!advice || WMS_FINAL_STATES.includes(advice.state)) return false;
  if (report.version <= advice.wmsVersion) return false;
  const system = asSystem(ctx, 'wms confirmation', advice.userId);
  const state = report.state;
  const actualPlaces = WMS_DONE_STATES.includes(state) ? (report.actualPlaces ?? advice.places) : null;
  let movementId: number | null = null;
  const day = calendarDay(now);
  if (actualPlaces && advice.warehouseId !== null) {
    const movement = await movementService.create(system, {
      movedOn: day,
      kind: advice.kind === 'acceptance' ? 'receipt' : 'release',
      warehouseId: advice.warehouseId,
      orderId: advice.orderId,
      places: actualPlaces,
      // The advice's weight and volume hold for all its places; a partial count leaves them unknown.
      weight: actualPlaces === advice.places ? advice.weight : null,
      volume: actualPlaces === advice.places ? advice.volume : null,
      marks: advice.marks,
      damaged: false,
      comment: `WMS ${report.id}`,
    });
    movementId = (movement as { id: number }).id;
  }
  await ctx.tx
    .update(wmsAdvices)
    .set({
      state,
      wmsId: report.id,
      wmsVersion: report.version,
      actualPlaces,
      reason: report.reason ?? null,
      lastError: null,
      movementId,
      updatedAt: now,
    })
    .where(eq(wmsAdvices.id, advice.id));
  if (WMS_DONE_STATES.includes(state)) await closeStageBySystem(system, advice.stageId, day);
  return true;
}

/** What one attempt to reach the WMS left: the error while it is retried, or nothing. */
async function noteAttempt(tx: Tx, adviceId: number, error: string | null, now: Date): Promise<void> {
  const [row] = await tx.select().from(wmsAdvices).where(eq(wmsAdvices.id, adviceId));
  if (!row) return;
  await tx
    .update(wmsAdvices)
    .set({ attempts: row.attempts + 1, lastError: error, updatedAt: now })
    .where(eq(wmsAdvices.id, adviceId));
}

/**
 * Sends a queued advice (again: the WMS knows it by the stage's id) or asks the WMS where a received one
 * stands, and applies the answer. A WMS out of reach is noted on the advice and thrown for the caller to
 * retry; the advice stays queued, so nothing is lost.
 */
export async function syncAdvice(
  deps: { db: Tx; registries: Registries; config: Config; adapter?: WmsAdapter },
  adviceId: number,
  now: Date,
): Promise<void> {
  const adapter = deps.adapter ?? wmsAdapter;
  const [facts] = await deps.db
    .select({ advice: wmsAdvices, wmsUrl: warehouses.wmsUrl, orderNumber: orders.number })
    .from(wmsAdvices)
    .innerJoin(warehouses, eq(warehouses.id, wmsAdvices.warehouseId))
    .innerJoin(orders, eq(orders.id, wmsAdvices.orderId))
    .where(eq(wmsAdvices.id, adviceId));
  if (!facts?.wmsUrl || WMS_FINAL_STATES.includes(facts.advice.state)) return;
  const { advice } = facts;
  let report: WmsReport;
  try {
    report =
      advice.state === 'queued' || !advice.wmsId
        ? await adapter.sendAdvice(facts.wmsUrl, {
            externalId: String(advice.stageId),
            kind: advice.kind as WmsAdvice['kind'],
            orderNumber: String(facts.orderNumber),
            places: advice.places,
            weight: advice.weight,
            volume: advice.volume,
            marks: advice.marks,
            callbackUrl: wmsCallbackUrl(deps.config),
            callbackSecret: wmsSecretOf(deps.config, advice.warehouseId!),
          })
        : await adapter.getAdvice(facts.wmsUrl, advice.wmsId);
  } catch (error) {
    if (!(error instanceof WmsUnavailable)) throw error;
    await noteAttempt(deps.db, adviceId, error.message, now);
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    await noteAttempt(tx, adviceId, null, now);
    await applyWmsReport(
      asSystem({ tx, registries: deps.registries }, 'wms confirmation'),
      adviceId,
      report,
      now,
    );
  });
}

/** Sends one advice through the job queue: retried with backoff while the WMS is out of reach. */
export const wmsAdviceTask = defineTask({
  name: 'wms-advice',
  payload: z.object({ adviceId: z.number().int() }),
  maxAttempts: 8,
  backoffMs: 30_000,
  async run({ database, registries, config, clock }, { adviceId }) {
    await syncAdvice({ db: database.db, registries, config }, adviceId, clock());
    return undefined;
  },
});

/**
 * Polling: the advices still waiting for the WMS are sent again (their job may have given up) or asked
 * after (a callback may be lost). One WMS out of reach does not stop the others.
 */
export const wmsPollJob: ScheduledJob = {
  name: 'wms-poll',
  intervalMs: 5 * 60_000,
  async run({ database, registries, config, clock, log }) {
    const waiting = await database.db
      .select({ id: wmsAdvices.id })
      .from(wmsAdvices)
      .where(inArray(wmsAdvices.state, ['queued', 'received']))
      .orderBy(wmsAdvices.id)
      .limit(500);
    let failed = 0;
    for (const { id } of waiting) {
      try {
        await syncAdvice({ db: database.db, registries, config }, id, clock());
      } catch (error) {
        failed++;
        log.warn({ err: error, adviceId: id }, 'WMS poll failed');
      }
    }
    return { polled: waiting.length, failed };
  },
};

const stageInput = z.object({
  operation: z.enum(OPERATION_TYPES),
  id: z.number().int().positive(),
  stageId: z.number().int().positive(),
});

/**
 * A user sends a WMS_AA or WMS_AR stage's advice (acceptance or release of the order's places at a
 * warehouse running a WMS): written as queued and sent by the job queue once this commits. One advice per
 * stage; the stage then waits for the WMS.
 */
export const sendWmsAdvice = defineUseCase({
  name: 'warehouse.send-wms-advice',
  roles: STAGE_ROLES.manage,
  input: stageInput.extend(wmsAdviceRequestSchema.shape),
  output: wmsAdviceSchema,
  async run(ctx, input) {
    const auth = userOf(ctx);
    const stage = await managedStage({ ...ctx, auth }, input.operation, input.id, input.stageId);
    const behaviour = wmsBehaviourOf(stage.behaviours);
    if (!behaviour) throw fieldError([], M.notWmsStage);
    if (input.operation !== 'order') throw fieldError([], M.orderOnly);
    if (stage.closed) throw fieldError([], MESSAGES.invalid);
    const [warehouse] = await ctx.tx.select().from(warehouses).where(eq(warehouses.id, input.warehouseId));
    if (!warehouse?.enabled) throw fieldError(['warehouseId'], MESSAGES.invalid);
    if (!warehouse.wmsUrl) throw fieldError(['warehouseId'], M.noWms);
    const [existing] = await ctx.tx
      .select({ id: wmsAdvices.id })
      .from(wmsAdvices)
      .where(eq(wmsAdvices.stageId, stage.id));
    if (existing) throw fieldError([], M.alreadyAdvised);
    const [row] = await ctx.tx
      .insert(wmsAdvices)
      .values({
        stageId: stage.id,
        orderId: input.id,
        warehouseId: warehouse.id,
        kind: WMS_ADVICE_KINDS[behaviour],
        places: input.places,
        weight: input.weight ?? null,
        volume: input.volume ?? null,
        marks: input.marks ?? null,
        userId: auth.userId,
      })
      .returning();
    await wmsAdviceTask.enqueue({ ...ctx, auth }, { adviceId: row!.id }, { label: `WMS ${stage.name}` });
    return adviceEntity(row!);
  },
});

/**
 * Forced WMS management: a user closes a WMS stage by hand, saying why (the WMS is gone, the goods moved
 * without it). The advice, if any, stops waiting; the reason stays on it and in the warehouse events.
 */
export const forceCloseWmsStage = defineUseCase({
  name: 'warehouse.force-close-wms-stage',
  roles: WAREHOUSE_ROLES.forcedWms,
  input: stageInput.extend(wmsForceCloseSchema.shape),
  output: wmsAdviceSchema,
  async run(ctx, input) {
    const auth = userOf(ctx);
    const stage = await managedStage({ ...ctx, auth }, input.operation, input.id, input.stageId);
    const behaviour = wmsBehaviourOf(stage.behaviours);
    if (!behaviour) throw fieldError([], M.notWmsStage);
    if (input.operation !== 'order') throw fieldError([], M.orderOnly);
    if (stage.closed) throw fieldError([], MESSAGES.invalid);
    const set = { state: 'forced' as const, reason: input.reason, lastError: null, updatedAt: new Date() };
    const [updated] = await ctx.tx
      .update(wmsAdvices)
      .set(set)
      .where(eq(wmsAdvices.stageId, stage.id))
      .returning();
    const row =
      updated ??
      (
        await ctx.tx
          .insert(wmsAdvices)
          .values({
            ...set,
            stageId: stage.id,
            orderId: input.id,
            kind: WMS_ADVICE_KINDS[behaviour],
            places: 0,
            userId: auth.userId,
          })
          .returning()
      )[0]!;
    const system = asSystem({ ...ctx, auth }, 'wms forced');
    await closeStageBySystem(system, stage.id, input.actualDate ?? calendarDay(new Date()));
    if (row.warehouseId !== null) {
      await recordWarehouseEvent(
        { ...ctx, auth },
        {
          kind: 'wmsForced',
          warehouseId: row.warehouseId,
          orderId: row.orderId,
          places: row.places,
          details: input.reason,
        },
      );
    }
    return adviceEntity(row);
  },
});

/** The advice of each stage, for the stages' view. */
export async function advicesOfStages(tx: Tx, stageIds: readonly number[]): Promise<WmsAdvice[]> {
  if (!stageIds.length) return [];
  const rows = await tx
    .select()
    .from(wmsAdvices)
    .where(inArray(wmsAdvices.stageId, [...stageIds]));
  return rows.map(adviceEntity);
}

/** The advice a WMS's callback is about: ours by the stage's id, theirs by its own. */
export async function adviceOfReport(tx: Tx, report: WmsReport): Promise<AdviceRow | undefined> {
  const stageId = Number(report.externalId);
  if (!Number.isInteger(stageId) || stageId <= 0) return undefined;
  const [row] = await tx.select().from(wmsAdvices).where(eq(wmsAdvices.stageId, stageId));
  if (!row || row.warehouseId === null || (row.wmsId !== null && row.wmsId !== report.id)) return undefined;
  return row;
}

/**
 * A WMS stage closes on the WMS's confirmation or by forced management, both as the system: a user's
 * own closing is refused, whatever checks they may skip, while the stage awaits the WMS.
 */
export const wmsStageHandler: StageBehaviourHandler = async (ctx, event) => {
  // Advices go from orders' stages only; a job's WMS stage has nothing to wait for.
  if (event.event === 'close' && event.operationType === 'order' && ctx.auth.kind !== 'system') {
    throw fieldError([], M.awaiting);
  }
};

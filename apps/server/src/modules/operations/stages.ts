import {
  applyOrderEffects,
  behaviourEffects,
  OPERATION_MESSAGES as M,
  MESSAGES,
  type OperationType,
  type OrderEffectState,
  type Stage,
  type StageEvent,
  type StageRuleAdditions,
  type StageRules,
  stageRules,
} from '@tms/domain';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import type { Principal } from '../../platform/auth/context';
import { calendarDay } from '../../platform/calendar';
import { diff, recordChange } from '../../platform/changelog/service';
import { conflict, fieldError, notFound } from '../../platform/errors';
import type { Registries } from '../../platform/modules';
import { asSystem, type ResourceContext } from '../../platform/resources';
import { billsComplete } from './bills-complete';
import { type OperationKind, type OperationRow, orderService } from './operation';
import { refreshOrderStageFacts } from './orders';
import { stageManageScope } from './scope';
import { jobOrders, type jobs, stages, stageTypes } from './tables';

export type StageRow = typeof stages.$inferSelect;

/** A stage with a behaviour closed or re-opened, for the module that acts on it. */
export interface StageBehaviourEvent {
  operationType: OperationType;
  operationId: number;
  stageTypeId: number;
  event: StageEvent;
}

/**
 * What a module does when a stage with its behaviour closes or re-opens, in the same transaction, beyond
 * the order effects of the stage rules (the documents module: DOCUMENT_GENERATION generates files).
 */
export type StageBehaviourHandler = (ctx: ResourceContext, event: StageBehaviourEvent) => Promise<void>;

declare module '../../platform/modules' {
  interface ModuleContributions {
    /** What a module adds to the stage rules: closure checks by name, behaviours by code (the WMS: WMS_AR). */
    stageRules: StageRuleAdditions;
    /** What a module does when a stage with a behaviour closes or re-opens, by behaviour code. */
    stageBehaviourHandlers: StageBehaviourHandler;
  }
}

/** Runs the handlers of the stage's behaviours that modules contribute. */
export async function runStageHandlers(
  ctx: ResourceContext,
  stage: StageRow,
  event: StageEvent,
): Promise<void> {
  const handlers = ctx.registries.contributions('stageBehaviourHandlers');
  for (const behaviour of stage.behaviours) {
    await handlers.get(behaviour)?.(ctx, {
      operationType: stage.operationType,
      operationId: stage.operationId,
      stageTypeId: stage.stageTypeId,
      event,
    });
  }
}

// Built once per app from its modules' contributions; keyed by the registries, so it holds no app's state.
const builtRules = new WeakMap<Registries, StageRules>();

/** The stage rules of the app: the built-in ones with what its modules contribute. */
export function stageRulesOf(registries: Registries): StageRules {
  let rules = builtRules.get(registries);
  if (!rules) {
    rules = stageRules(...registries.contributions('stageRules').values());
    builtRules.set(registries, rules);
  }
  return rules;
}

/** Today as the company's calendar says (YYYY-MM-DD, in its time zone). */
export function today(now: Date = new Date()): string {
  return calendarDay(now);
}

export function stageEntity(row: StageRow): Stage {
  return {
    ...row,
    operationType: row.operationType,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/** The stages of one operation, in their order. */
export async function stagesOf(tx: Tx, type: OperationType, id: number): Promise<StageRow[]> {
  return tx
    .select()
    .from(stages)
    .where(and(eq(stages.operationType, type), eq(stages.operationId, id)))
    .orderBy(asc(stages.sortOrder), asc(stages.id));
}

/** The stages of an order and of its jobs: what the order's statuses follow (marking, warehouse). */
export async function orderAndJobStages(tx: Tx, orderId: number): Promise<StageRow[]> {
  return tx
    .select()
    .from(stages)
    .where(
      or(
        and(eq(stages.operationType, 'order'), eq(stages.operationId, orderId)),
        and(
          eq(stages.operationType, 'job'),
          inArray(
            stages.operationId,
            tx.select({ id: jobOrders.jobId }).from(jobOrders).where(eq(jobOrders.orderId, orderId)),
          ),
        ),
      ),
    );
}

/** The orders whose of `operation`: itself, or a job's orders. */
function ordersOf(operation: OperationRow, kind: OperationKind): number[] {
  return kind.type === 'order' ? [operation.id] : (operation as typeof jobs.$inferSelect).orderIds;
}

/**
 * Applies what closing or re-opening a stage with `behaviours` does to the orders concerned (the order of
 * an order's stage; every order of a job's stage), as the system: a status moves only where the system may
 * move it. Each changed order is logged.
 */
export async function applyEffects(
  ctx: ResourceContext,
  operation: OperationRow,
  kind: OperationKind,
  behaviours: readonly string[],
  event: StageEvent,
  actualDate: string | null,
): Promise<void> {
  const effects = behaviourEffects(behaviours, event, { actualDate }, stageRulesOf(ctx.registries));
  if (!effects.length) return;
  for (const orderId of ordersOf(operation, kind)) {
    // The stage's effects reach every order of the operation, those outside the user's scope too.
    const order = await orderService.find(asSystem(ctx, 'stage effects'), orderId, { lock: true });
    const state: OrderEffectState = {
      archived: order.archived,
      financeControlStatus: order.financeControlStatus,
      markingStatus: order.markingStatus,
      completionDate: order.completionDate,
      failure: order.failure,
      inWarehouse: order.inWarehouse,
      expensesFiled: order.expensesFiled,
      // Only MARK_ORDER_READY reads it: no query for the other behaviours.
      billsComplete:
        effects.some((effect) => effect.type === 'financeControl') &&
        (await billsComplete(ctx.tx, 'order', order.id)),
    };
    const result = applyOrderEffects(state, effects);
    if (!result.changed.length) continue;
    const set: Record<string, unknown> = {};
    for (const key of result.changed) set[key] = result.state[key];
    if (result.changed.includes('financeControlStatus')) {
      set.financeControlChangedAt = new Date();
      set.financeControlReasonId = null;
    }
    await orderService.write(ctx, order, set, { action: `stage-${event}` });
  }
}

/** The stage type a stage is made from: it must exist and be enabled. */
export async function enabledStageType(tx: Tx, id: number): Promise<typeof stageTypes.$inferSelect> {
  const [type] = await tx.select().from(stageTypes).where(eq(stageTypes.id, id)).limit(1);
  if (!type?.enabled) throw fieldError(['stageTypeId'], MESSAGES.invalid);
  return type;
}

/** The operation for stage work: in `scope` (by default the stage management scope), not archived. */
export async function managedOperation(
  ctx: ResourceContext,
  kind: OperationKind,
  id: number,
  scope = stageManageScope(ctx.auth, kind.type),
): Promise<OperationRow> {
  const operation = await kind.service.find(ctx, id, { where: scope, lock: true });
  if (operation.archived) throw fieldError([], M.locked);
  return operation;
}

/** A stage of the operation, locked; 404 when the operation has none of that id. */
export async function lockedStage(
  tx: Tx,
  kind: OperationKind,
  operationId: number,
  stageId: number,
): Promise<StageRow> {
  const [row] = await tx
    .select()
    .from(stages)
    .where(
      and(eq(stages.id, stageId), eq(stages.operationType, kind.type), eq(stages.operationId, operationId)),
    )
    .for('update')
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** After a stage is added, changed or deleted: its orders' open stage dates follow, the change is logged. */
export async function stageChanged(
  tx: Tx,
  auth: Principal,
  kind: OperationKind,
  operation: OperationRow,
  action: string,
  before: StageRow | null,
  after: StageRow | null,
): Promise<void> {
  await refreshOrderStageFacts(tx, ordersOf(operation, kind));
  await recordChange(tx, {
    entityType: 'stage',
    entityId: (after ?? before)!.id,
    action,
    auth,
    changes: diff(before && stageEntity(before), after && stageEntity(after)),
  });
}

/** Writes `set` on a locked stage at the version the user saw (else 409) and logs it. */
export async function saveStage(
  tx: Tx,
  auth: Principal,
  kind: OperationKind,
  operation: OperationRow,
  before: StageRow,
  set: Partial<StageRow>,
  action: string,
  version: number,
): Promise<StageRow> {
  if (before.version !== version) throw conflict();
  const [after] = await tx
    .update(stages)
    .set({ ...set, version: sql`${stages.version} + 1`, updatedAt: new Date() })
    .where(eq(stages.id, before.id))
    .returning();
  await stageChanged(tx, auth, kind, operation, action, before, after!);
  return after!;
}

import {
  applyOrderEffects,
  behaviourEffects,
  canReopenStage,
  dataSchema,
  expectedDateIssue,
  type FinanceControlStatus,
  idParamSchema,
  listResultSchema,
  OPERATION_MESSAGES as M,
  type MarkingStatus,
  MESSAGES,
  type OperationType,
  type OrderEffectState,
  STAGE_ROLES,
  type Stage,
  type StageEvent,
  stageCloseIssues,
  stageCloseSchema,
  stageCreateSchema,
  stageFromType,
  stageReopenIssue,
  stageReopenSchema,
  stageSchema,
  stageUpdateSchema,
} from '@tms/domain';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/connection';
import type { AuthContext } from '../../platform/auth/context';
import { calendarDay } from '../../platform/calendar';
import { diff, recordChange } from '../../platform/changelog/service';
import { conflict, ErrorCollector, fieldError, forbidden, notFound } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { stageTypes } from '../tms';
import {
  OPERATION_KINDS,
  type OperationKind,
  type OperationRow,
  operationRow,
  writeOperation,
} from './operation';
import { actorOf, type OrderRow, refreshOpenStageDates } from './orders';
import { stageManageScope } from './scope';
import { jobOrders, type jobs, type orders, stages } from './tables';

export type StageRow = typeof stages.$inferSelect;

/** Today as the company's calendar says (YYYY-MM-DD, in its time zone). */
export function today(now: Date = new Date()): string {
  return calendarDay(now);
}

export function stageEntity(row: StageRow): Stage {
  return {
    ...row,
    operationType: row.operationType as OperationType,
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
async function applyEffects(
  tx: Tx,
  auth: AuthContext,
  operation: OperationRow,
  kind: OperationKind,
  behaviours: readonly string[],
  event: StageEvent,
  actualDate: string | null,
): Promise<void> {
  const effects = behaviourEffects(behaviours, event, { actualDate });
  if (!effects.length) return;
  for (const orderId of ordersOf(operation, kind)) {
    const order = (await operationRow(tx, OPERATION_KINDS.order, orderId, undefined)) as OrderRow;
    const state: OrderEffectState = {
      archived: order.archived,
      financeControlStatus: order.financeControlStatus as FinanceControlStatus,
      markingStatus: order.markingStatus as MarkingStatus,
      completionDate: order.completionDate,
      failure: order.failure,
      inWarehouse: order.inWarehouse,
      expensesFiled: order.expensesFiled,
    };
    const result = applyOrderEffects(state, effects);
    if (!result.changed.length) continue;
    const set: Record<string, unknown> = {};
    for (const key of result.changed) set[key] = result.state[key];
    if (result.changed.includes('financeControlStatus')) {
      set.financeControlChangedAt = new Date();
      set.financeControlReasonId = null;
    }
    await writeOperation(tx, OPERATION_KINDS.order, order, set, `stage-${event}`, auth);
  }
}

/** The stage type a stage is made from: it must exist and be enabled. */
async function enabledStageType(tx: Tx, id: number): Promise<typeof stageTypes.$inferSelect> {
  const [type] = await tx.select().from(stageTypes).where(eq(stageTypes.id, id)).limit(1);
  if (!type?.enabled) throw fieldError(['stageTypeId'], MESSAGES.invalid);
  return type;
}

const stageParams = z.object({
  id: z.coerce.number().int().positive(),
  stageId: z.coerce.number().int().positive(),
});

/**
 * The stages of orders and jobs: list, create from a stage type, change dates and comment, delete an open
 * one, close (closure checks, behaviours) and re-open (ROLE_STAGE_REOPEN).
 */
export function registerStageRoutes(app: App): void {
  const db = () => app.database.db;

  for (const kind of Object.values(OPERATION_KINDS)) {
    const base = `/tms/${kind.segment}/:id/stages`;
    const tags = ['stage'];
    const readRoles = [...kind.descriptor.roles.view, ...kind.descriptor.roles.edit, ...STAGE_ROLES.manage];

    /** The operation for stage work: in `scope` (by default the stage management scope), not archived. */
    async function managed(
      tx: Tx,
      auth: AuthContext,
      id: number,
      scope = stageManageScope(auth, kind.type),
    ): Promise<OperationRow> {
      const operation = await operationRow(tx, kind, id, scope);
      if (operation.archived) throw fieldError([], M.locked);
      return operation;
    }

    async function stageOf(tx: Tx, operationId: number, stageId: number): Promise<StageRow> {
      const [row] = await tx
        .select()
        .from(stages)
        .where(
          and(
            eq(stages.id, stageId),
            eq(stages.operationType, kind.type),
            eq(stages.operationId, operationId),
          ),
        )
        .for('update')
        .limit(1);
      if (!row) throw notFound();
      return row;
    }

    /** After a stage is added, changed or deleted: its orders' open stage dates follow, the change is logged. */
    async function stageChanged(
      tx: Tx,
      auth: AuthContext,
      operation: OperationRow,
      action: string,
      before: StageRow | null,
      after: StageRow | null,
    ): Promise<void> {
      await refreshOpenStageDates(tx, ordersOf(operation, kind));
      await recordChange(tx, {
        entityType: 'stage',
        entityId: (after ?? before)!.id,
        action,
        auth,
        changes: diff(before && stageEntity(before), after && stageEntity(after)),
      });
    }

    async function saveStage(
      tx: Tx,
      auth: AuthContext,
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
      await stageChanged(tx, auth, operation, action, before, after!);
      return after!;
    }

    app.get(
      base,
      {
        config: { roles: readRoles },
        schema: {
          tags,
          summary: `Stages of the ${kind.type}`,
          params: idParamSchema,
          response: { 200: dataSchema(listResultSchema(stageSchema)) },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const auth = request.auth!;
        const read = kind.scope(auth, 'read', false);
        const manage = stageManageScope(auth, kind.type, false);
        const condition = read === undefined || manage === undefined ? undefined : or(read, manage);
        const table = kind.table as typeof orders;
        const [found] = await db()
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.id, id), condition))
          .limit(1);
        if (!found) throw notFound();
        const collection = (await stagesOf(db(), kind.type, id)).map(stageEntity);
        return { data: { collection, total: collection.length } };
      },
    );

    app.post(
      base,
      {
        config: { roles: STAGE_ROLES.manage },
        schema: {
          tags,
          summary: `Add a stage to the ${kind.type}`,
          params: idParamSchema,
          body: stageCreateSchema.strict(),
          response: { 201: dataSchema(stageSchema) },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: number };
        const body = request.body as z.infer<typeof stageCreateSchema>;
        const auth = request.auth!;
        const stage = await db().transaction(async (tx) => {
          const operation = await managed(tx, auth, id);
          const type = await enabledStageType(tx, body.stageTypeId);
          const issue = expectedDateIssue(body.expectedDate, await stagesOf(tx, kind.type, id));
          if (issue) throw fieldError(issue.path, issue.message);
          const [row] = await tx
            .insert(stages)
            .values({
              operationType: kind.type,
              operationId: id,
              stageTypeId: type.id,
              ...stageFromType(type),
              expectedDate: body.expectedDate ?? null,
              comment: body.comment ?? null,
            })
            .returning();
          await stageChanged(tx, auth, operation, 'create', null, row!);
          return row!;
        });
        return reply.code(201).send({ data: stageEntity(stage) });
      },
    );

    app.put(
      `${base}/:stageId`,
      {
        config: { roles: STAGE_ROLES.manage },
        schema: {
          tags,
          summary: 'Change the expected date or comment of a stage',
          params: stageParams,
          body: stageUpdateSchema.extend({ version: z.number().int().positive() }).strict(),
          response: { 200: dataSchema(stageSchema) },
        },
      },
      async (request) => {
        const { id, stageId } = request.params as z.infer<typeof stageParams>;
        const { version, ...body } = request.body as z.infer<typeof stageUpdateSchema> & { version: number };
        const auth = request.auth!;
        const stage = await db().transaction(async (tx) => {
          const operation = await managed(tx, auth, id);
          const before = await stageOf(tx, id, stageId);
          const set: Partial<StageRow> = {};
          if (body.stageTypeId !== undefined && body.stageTypeId !== before.stageTypeId) {
            if (before.closed) throw fieldError([], M.stageClosed);
            const type = await enabledStageType(tx, body.stageTypeId);
            Object.assign(set, {
              stageTypeId: type.id,
              ...stageFromType(type),
            });
          }
          if (body.expectedDate !== undefined) {
            const others = (await stagesOf(tx, kind.type, id)).filter((s) => s.id !== stageId);
            const issue = expectedDateIssue(body.expectedDate, others);
            if (issue) throw fieldError(issue.path, issue.message);
            set.expectedDate = body.expectedDate;
          }
          if (body.comment !== undefined) set.comment = body.comment;
          return saveStage(tx, auth, operation, before, set, 'update', version);
        });
        return { data: stageEntity(stage) };
      },
    );

    app.delete(
      `${base}/:stageId`,
      {
        config: { roles: STAGE_ROLES.manage },
        schema: {
          tags,
          summary: 'Delete an open stage',
          params: stageParams,
          response: { 200: dataSchema(stageSchema) },
        },
      },
      async (request) => {
        const { id, stageId } = request.params as z.infer<typeof stageParams>;
        const auth = request.auth!;
        const stage = await db().transaction(async (tx) => {
          const operation = await managed(tx, auth, id);
          const row = await stageOf(tx, id, stageId);
          if (row.closed) throw fieldError([], M.stageClosed);
          await tx.delete(stages).where(eq(stages.id, stageId));
          await stageChanged(tx, auth, operation, 'delete', row, null);
          return row;
        });
        return { data: stageEntity(stage) };
      },
    );

    /**
     * Closing and re-opening: the stage of an operation in `scope` changes as `change` answers (refusing what
     * may not be done), then its behaviours take effect on the orders concerned, or are taken back, with the
     * actual date `change` names.
     */
    function stageEventRoute<Body extends { version: number }>(
      event: StageEvent,
      route: { roles: readonly string[]; summary: string; body: z.ZodType<Body> },
      scope: (auth: AuthContext) => SQL | undefined,
      change: (
        tx: Tx,
        auth: AuthContext,
        before: StageRow,
        body: Body,
      ) => Promise<{ set: Partial<StageRow>; actualDate: string | null }>,
    ): void {
      app.post(
        `${base}/:stageId/${event}`,
        {
          config: { roles: route.roles },
          schema: {
            tags,
            summary: route.summary,
            params: stageParams,
            body: route.body,
            response: { 200: dataSchema(stageSchema) },
          },
        },
        async (request) => {
          const { id, stageId } = request.params as z.infer<typeof stageParams>;
          const body = request.body as Body;
          const auth = request.auth!;
          const stage = await db().transaction(async (tx) => {
            const operation = await managed(tx, auth, id, scope(auth));
            const before = await stageOf(tx, id, stageId);
            const { set, actualDate } = await change(tx, auth, before, body);
            const after = await saveStage(tx, auth, operation, before, set, event, body.version);
            await applyEffects(tx, auth, operation, kind, before.behaviours, event, actualDate);
            return after;
          });
          return { data: stageEntity(stage) };
        },
      );
    }

    stageEventRoute(
      'close',
      {
        roles: STAGE_ROLES.manage,
        summary: 'Close a stage; its behaviours take effect on the order',
        body: stageCloseSchema.strict(),
      },
      (auth) => stageManageScope(auth, kind.type),
      async (tx, auth, before, body) => {
        const actualDate = body.actualDate ?? today();
        const issues = stageCloseIssues({
          stage: before,
          stages: await stagesOf(tx, kind.type, before.operationId),
          actualDate,
          today: today(),
          actor: actorOf(auth),
        });
        if (issues.length) {
          const errors = new ErrorCollector();
          for (const issue of issues) errors.add(issue.path, issue.message);
          errors.throwIfAny();
        }
        return {
          set: { closed: true, actualDate, closedAt: new Date(), closedById: auth.userId },
          actualDate,
        };
      },
    );

    stageEventRoute(
      'reopen',
      {
        roles: STAGE_ROLES.reopen,
        summary: 'Re-open a closed stage; its behaviours are taken back',
        body: stageReopenSchema.strict(),
      },
      // Re-opening is its own permission: the operation only has to be visible.
      (auth) => {
        if (!canReopenStage(actorOf(auth))) throw forbidden();
        return kind.scope(auth, 'read', false);
      },
      async (_tx, _auth, before) => {
        const issue = stageReopenIssue(before);
        if (issue) throw fieldError(issue.path, issue.message);
        return {
          set: { closed: false, actualDate: null, closedAt: null, closedById: null },
          actualDate: before.actualDate,
        };
      },
    );
  }
}

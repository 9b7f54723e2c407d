import type { OperationType } from '@tms/domain';
import { and, eq, or } from 'drizzle-orm';
import { notFound } from '../../platform/errors';
import type { ResourceContext } from '../../platform/resources';
import { notifyStageMoved } from './notifications';
import { OPERATION_KINDS } from './operation';
import { stageManageScope } from './scope';
import {
  applyEffects,
  lockedStage,
  managedOperation,
  runStageHandlers,
  saveStage,
  stageEntity,
} from './stages';
import { stages } from './tables';

/**
 * Another module closes one stage on the fact it waits for (the WMS's confirmation, a forced closing), as
 * `ctx` says (the system): closure checks are not asked, the stage's behaviours take effect and its news
 * goes out as a user's closing has. An archived operation or a closed stage stays as it is. Answers the
 * closed stage, or null when nothing was closed.
 */
export async function closeStageBySystem(ctx: ResourceContext, stageId: number, actualDate: string) {
  const [row] = await ctx.tx.select().from(stages).where(eq(stages.id, stageId));
  if (!row || row.closed) return null;
  const kind = OPERATION_KINDS[row.operationType];
  const operation = await kind.service.find(ctx, row.operationId, { lock: true });
  if (operation.archived) return null;
  const before = await lockedStage(ctx.tx, kind, row.operationId, stageId);
  if (before.closed) return null;
  const closedById = 'userId' in ctx.auth ? (ctx.auth.userId ?? null) : null;
  const set = { closed: true, actualDate, closedAt: new Date(), closedById };
  const after = await saveStage(ctx.tx, ctx.auth, kind, operation, before, set, 'close', before.version);
  await applyEffects(ctx, operation, kind, before.behaviours, 'close', actualDate);
  await runStageHandlers(ctx, before, 'close');
  await notifyStageMoved(ctx, kind.type, operation, after.name, 'Closed');
  return stageEntity(after);
}

/**
 * A stage another module acts on for a user (a WMS advice, a forced closing): the order or job in the
 * user's stage management scope and not archived (else 404 or "locked"), the stage locked.
 */
export async function managedStage(
  ctx: ResourceContext,
  operationType: OperationType,
  operationId: number,
  stageId: number,
) {
  const kind = OPERATION_KINDS[operationType];
  await managedOperation(ctx, kind, operationId);
  return lockedStage(ctx.tx, kind, operationId, stageId);
}

/**
 * A stage another module shows a user (a WMS advice): the order or job in the user's read or stage
 * management scope (else 404), and the stage one of its own.
 */
export async function visibleStage(
  ctx: ResourceContext,
  operationType: OperationType,
  operationId: number,
  stageId: number,
) {
  const kind = OPERATION_KINDS[operationType];
  // Whoever sees the operation's stages: its readers and its stage managers, as the stages' list.
  const read = kind.scope(ctx.auth, 'read', false);
  const manage = stageManageScope(ctx.auth, kind.type, false);
  const where = read === undefined || manage === undefined ? undefined : or(read, manage);
  await kind.service.find(ctx, operationId, { where });
  const [row] = await ctx.tx
    .select({ id: stages.id })
    .from(stages)
    .where(
      and(
        eq(stages.id, stageId),
        eq(stages.operationType, operationType),
        eq(stages.operationId, operationId),
      ),
    );
  if (!row) throw notFound();
  return row;
}

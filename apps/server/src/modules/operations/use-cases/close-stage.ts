import { OPERATION_TYPES, STAGE_ROLES, stageCloseIssues, stageCloseSchema, stageSchema } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { type AuthContext, actingUserId, isStaff } from '../../../platform/auth/context';
import { ErrorCollector, notFound } from '../../../platform/errors';
import { asSystem, defineUseCase, type ResourceContext, userOf } from '../../../platform/resources';
import { notifyStageMoved } from '../notifications';
import { OPERATION_KINDS } from '../operation';
import { actorOf } from '../orders';
import { stageManageScope } from '../scope';
import {
  applyEffects,
  lockedStage,
  managedOperation,
  runStageHandlers,
  saveStage,
  stageEntity,
  stageRulesOf,
  stagesOf,
  today,
} from '../stages';
import { jobs } from '../tables';

export const closeStageInput = stageCloseSchema.extend({
  operation: z.enum(OPERATION_TYPES),
  /** The order or job. */
  id: z.number().int().positive(),
  stageId: z.number().int().positive(),
});

/** The order or job a user closes a stage of: in his stage management scope, not archived. */
async function usersOperation(
  ctx: ResourceContext & { auth: AuthContext },
  input: z.infer<typeof closeStageInput>,
) {
  const kind = OPERATION_KINDS[input.operation];
  const scope = stageManageScope(ctx.auth, kind.type);
  const operation = await managedOperation(ctx, kind, input.id, scope);
  return { kind, operation, stage: await lockedStage(ctx.tx, kind, input.id, input.stageId) };
}

/**
 * The job a contractor's (or carrier's) cabinet closes a stage of: a job given to his counterparty (not archived), and
 * only a stage shown in his portal (OPS-visible); 404 for any other.
 */
async function contractorsJob(ctx: ResourceContext, input: z.infer<typeof closeStageInput>) {
  if (ctx.auth.kind !== 'cabinet' || input.operation !== 'job') throw notFound();
  const kind = OPERATION_KINDS.job;
  // The job's own resource is the back office's: read as the system, within the contractor's jobs.
  const operation = await managedOperation(
    asSystem(ctx, 'contractor portal'),
    kind,
    input.id,
    eq(jobs.contractorId, ctx.auth.counterpartyId),
  );
  const stage = await lockedStage(ctx.tx, kind, input.id, input.stageId);
  if (!stage.opsVisible) throw notFound();
  return { kind, operation, stage };
}

/**
 * A user closes a stage of an order or job in their stage management scope (not archived); a contractor
 * from his portal an OPS-visible stage of a job given to him. The closure checks pass unless the user may
 * ignore them (a contractor never may), the actual date (default today) is not in the future, then the
 * stage's behaviours take effect on the orders concerned as the system moves them. Answers the stage.
 */
export const closeStage = defineUseCase({
  name: 'operations.close-stage',
  roles: STAGE_ROLES.manage,
  // The contractor's portal and the carrier's cabinet: both close the OPS-visible stages of their jobs.
  cabinet: ['contractor', 'carrier'],
  input: closeStageInput,
  output: stageSchema,
  async run(ctx, input) {
    const auth = ctx.auth.kind === 'cabinet' ? ctx.auth : userOf(ctx);
    const { tx } = ctx;
    const {
      kind,
      operation,
      stage: before,
    } = isStaff(auth) ? await usersOperation({ ...ctx, auth }, input) : await contractorsJob(ctx, input);
    const actualDate = input.actualDate ?? today();
    const issues = stageCloseIssues(
      {
        stage: before,
        stages: await stagesOf(tx, kind.type, before.operationId),
        actualDate,
        today: today(),
        actor: actorOf(auth),
      },
      stageRulesOf(ctx.registries),
    );
    if (issues.length) {
      const errors = new ErrorCollector();
      for (const issue of issues) errors.add(issue.path, issue.message);
      errors.throwIfAny();
    }
    const set = { closed: true, actualDate, closedAt: new Date(), closedById: actingUserId(auth) };
    const after = await saveStage(tx, auth, kind, operation, before, set, 'close', input.version);
    await applyEffects({ ...ctx, auth }, operation, kind, before.behaviours, 'close', actualDate);
    await runStageHandlers({ ...ctx, auth }, before, 'close');
    await notifyStageMoved(ctx, kind.type, operation, after.name, 'Closed');
    return stageEntity(after);
  },
});

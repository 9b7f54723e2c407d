import { OPERATION_TYPES, STAGE_ROLES, stageCloseIssues, stageCloseSchema, stageSchema } from '@tms/domain';
import { z } from 'zod';
import { ErrorCollector } from '../../../platform/errors';
import { defineUseCase, userOf } from '../../../platform/resources';
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

export const closeStageInput = stageCloseSchema.extend({
  operation: z.enum(OPERATION_TYPES),
  /** The order or job. */
  id: z.number().int().positive(),
  stageId: z.number().int().positive(),
});

/**
 * A user closes a stage of an order or job in their stage management scope (not archived): the closure
 * checks pass unless they may ignore them, the actual date (default today) is not in the future, then the
 * stage's behaviours take effect on the orders concerned as the system moves them. Answers the stage.
 */
export const closeStage = defineUseCase({
  name: 'operations.close-stage',
  roles: STAGE_ROLES.manage,
  input: closeStageInput,
  output: stageSchema,
  async run(ctx, input) {
    const auth = userOf(ctx);
    const { tx } = ctx;
    const kind = OPERATION_KINDS[input.operation];
    const operation = await managedOperation(
      { ...ctx, auth },
      kind,
      input.id,
      stageManageScope(auth, kind.type),
    );
    const before = await lockedStage(tx, kind, input.id, input.stageId);
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
    const set = { closed: true, actualDate, closedAt: new Date(), closedById: auth.userId };
    const after = await saveStage(tx, auth, kind, operation, before, set, 'close', input.version);
    await applyEffects({ ...ctx, auth }, operation, kind, before.behaviours, 'close', actualDate);
    await runStageHandlers({ ...ctx, auth }, before, 'close');
    await notifyStageMoved(ctx, kind.type, operation, after.name, 'Closed');
    return stageEntity(after);
  },
});

import {
  canReopenStage,
  OPERATION_TYPES,
  STAGE_ROLES,
  stageReopenIssue,
  stageReopenSchema,
  stageSchema,
} from '@tms/domain';
import { z } from 'zod';
import { fieldError, forbidden } from '../../../platform/errors';
import { defineUseCase, userOf } from '../../../platform/resources';
import { notifyStageMoved } from '../notifications';
import { OPERATION_KINDS } from '../operation';
import { actorOf } from '../orders';
import {
  applyEffects,
  lockedStage,
  managedOperation,
  runStageHandlers,
  saveStage,
  stageEntity,
} from '../stages';

export const reopenStageInput = stageReopenSchema.extend({
  operation: z.enum(OPERATION_TYPES),
  /** The order or job. */
  id: z.number().int().positive(),
  stageId: z.number().int().positive(),
});

/**
 * A user with ROLE_STAGE_REOPEN re-opens a closed stage of an order or job they can see (not archived):
 * re-opening is its own permission, so the view scope is enough. The stage's behaviours are taken back
 * on the orders concerned. Answers the stage.
 */
export const reopenStage = defineUseCase({
  name: 'operations.reopen-stage',
  roles: STAGE_ROLES.reopen,
  input: reopenStageInput,
  output: stageSchema,
  async run(ctx, input) {
    const auth = userOf(ctx);
    const { tx } = ctx;
    const kind = OPERATION_KINDS[input.operation];
    if (!canReopenStage(actorOf(auth))) throw forbidden();
    const operation = await managedOperation(
      { ...ctx, auth },
      kind,
      input.id,
      kind.scope(auth, 'read', false),
    );
    const before = await lockedStage(tx, kind, input.id, input.stageId);
    const issue = stageReopenIssue(before);
    if (issue) throw fieldError(issue.path, issue.message);
    const set = { closed: false, actualDate: null, closedAt: null, closedById: null };
    const after = await saveStage(tx, auth, kind, operation, before, set, 'reopen', input.version);
    await applyEffects({ ...ctx, auth }, operation, kind, before.behaviours, 'reopen', before.actualDate);
    await runStageHandlers({ ...ctx, auth }, before, 'reopen');
    await notifyStageMoved(ctx, kind.type, operation, after.name, 'Opened');
    return stageEntity(after);
  },
});

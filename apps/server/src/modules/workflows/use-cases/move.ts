import {
  unmetConditions,
  WORKFLOW_MESSAGES,
  workflowInstanceViewSchema,
  workflowMoveSchema,
} from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { actingUserId } from '../../../platform/auth/context';
import { ErrorCollector, fieldError, forbidden } from '../../../platform/errors';
import { defineUseCase } from '../../../platform/resources';
import { initiatorSource } from '../initiators';
import { instanceServiceOf, instanceView, mayMove } from '../instances';
import { workflowDescriptions, workflowMoves } from '../tables';

export const moveWorkflowInput = workflowMoveSchema.extend({ id: z.number().int().positive() });

/**
 * Moves an instance along a transition of its description, in the record's transaction (brief §3): the
 * record is locked first (as its own writes lock it), then the instance. Whatever the form sent, the
 * server checks that the target is a state of this description reached from the current state, the
 * transition's roles (403), its conditions on the record's values now (400 under each unmet field, custom
 * fields under `customFields`), and the version (409). The move is a history row and an instance change
 * logged as `move`, whose domain event tells the record's people.
 */
export const moveWorkflow = defineUseCase({
  name: 'workflows.move',
  // Each transition names its own roles; the record's edit scope is the initiator's.
  roles: [],
  input: moveWorkflowInput,
  output: workflowInstanceViewSchema,
  async run(ctx, input) {
    const { tx } = ctx;
    const current = await instanceServiceOf(ctx.registries).find(ctx, input.id);
    const source = initiatorSource(ctx.registries, current.initiatorType);
    const record = await source.load(ctx, current.initiatorId, { lock: true, access: 'write' });
    const before = await instanceServiceOf(ctx.registries).find(ctx, input.id, { lock: true });
    const [description] = await tx
      .select()
      .from(workflowDescriptions)
      .where(eq(workflowDescriptions.id, before.descriptionId));
    if (!description) throw fieldError(['to'], WORKFLOW_MESSAGES.unknownState);

    if (!description.states.some((state) => state.id === input.to)) {
      const [other] = await tx
        .select({ id: workflowDescriptions.id })
        .from(workflowDescriptions)
        .where(sql`${workflowDescriptions.states} @> ${JSON.stringify([{ id: input.to }])}::jsonb`)
        .limit(1);
      throw fieldError(['to'], other ? WORKFLOW_MESSAGES.foreignState : WORKFLOW_MESSAGES.unknownState);
    }
    const transition = description.transitions.find(
      (t) => t.source === before.stateId && t.target === input.to,
    );
    if (!transition) throw fieldError(['to'], WORKFLOW_MESSAGES.noTransition);
    if (!mayMove(ctx.auth, transition.roles)) throw forbidden(WORKFLOW_MESSAGES.transitionRefused);

    const errors = new ErrorCollector();
    for (const unmet of unmetConditions(transition, record.values)) {
      errors.add(unmet.field.split('.'), unmet.message);
    }
    errors.throwIfAny();

    const after = await instanceServiceOf(ctx.registries).write(
      ctx,
      before,
      { stateId: input.to },
      { action: 'move', version: input.version },
    );
    await tx.insert(workflowMoves).values({
      instanceId: after.id,
      fromState: before.stateId,
      toState: input.to,
      transitionId: transition.id,
      userId: actingUserId(ctx.auth),
    });
    return instanceView(ctx, after);
  },
});

import {
  WORKFLOW_MESSAGES,
  workflowInstanceResource,
  workflowInstanceViewSchema,
  workflowStartSchema,
} from '@tms/domain';
import { and, eq } from 'drizzle-orm';
import { actingUserId } from '../../../platform/auth/context';
import { recordChange } from '../../../platform/changelog/service';
import { fieldError } from '../../../platform/errors';
import { defineUseCase } from '../../../platform/resources';
import { initiatorSource } from '../initiators';
import { instanceView } from '../instances';
import { workflowDescriptions, workflowInstances, workflowMoves } from '../tables';

/**
 * Starts a description on a record, in its initial state (spec §3 "Workflow instance"): whoever may change
 * the record (its edit scope, checked by the initiator under the record's lock), once per description and
 * record. The start is the history's first row and a `create` in the change log.
 */
export const startWorkflow = defineUseCase({
  name: 'workflows.start',
  roles: [],
  input: workflowStartSchema,
  output: workflowInstanceViewSchema,
  async run(ctx, input) {
    const { tx } = ctx;
    const [description] = await tx
      .select()
      .from(workflowDescriptions)
      .where(eq(workflowDescriptions.id, input.descriptionId));
    if (!description) throw fieldError(['descriptionId'], WORKFLOW_MESSAGES.unknownDescription);
    if (description.initiatorType !== input.initiatorType || !description.initialState) {
      throw fieldError(['descriptionId'], WORKFLOW_MESSAGES.wrongInitiator);
    }
    const source = initiatorSource(ctx.registries, input.initiatorType);
    await source.load(ctx, input.initiatorId, { lock: true, access: 'write' });
    const [running] = await tx
      .select({ id: workflowInstances.id })
      .from(workflowInstances)
      .where(
        and(
          eq(workflowInstances.descriptionId, description.id),
          eq(workflowInstances.initiatorType, input.initiatorType),
          eq(workflowInstances.initiatorId, input.initiatorId),
        ),
      );
    if (running) throw fieldError(['descriptionId'], WORKFLOW_MESSAGES.alreadyRunning);
    // Inserted here rather than by the resource's create: starting is open to whoever may change the record,
    // not only to the workflow settings' editors.
    const [row] = await tx
      .insert(workflowInstances)
      .values({
        descriptionId: description.id,
        initiatorType: input.initiatorType,
        initiatorId: input.initiatorId,
        stateId: description.initialState,
      })
      .returning();
    const instance = row as NonNullable<typeof row>;
    await tx.insert(workflowMoves).values({
      instanceId: instance.id,
      fromState: null,
      toState: description.initialState,
      userId: actingUserId(ctx.auth),
    });
    await recordChange(tx, {
      entityType: workflowInstanceResource.name,
      entityId: instance.id,
      action: 'create',
      auth: ctx.auth,
      changes: {
        descriptionId: { old: null, new: description.id },
        initiatorId: { old: null, new: input.initiatorId },
        stateId: { old: null, new: description.initialState },
      },
      version: instance.version,
    });
    return instanceView(ctx, instance);
  },
});

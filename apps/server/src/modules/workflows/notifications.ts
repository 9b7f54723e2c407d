import { stateName, workflowInstanceResource } from '@tms/domain';
import { eq } from 'drizzle-orm';
import type { EventSubscriber } from '../../platform/modules';
import { notify } from '../../platform/notifications/notify';
import type { NotificationType } from '../../platform/notifications/types';
import { asSystem } from '../../platform/resources';
import { initiatorSource } from './initiators';
import { workflowDescriptions, workflowInstances } from './tables';

/** One type per kind of record, so each is capped by that record's view permission (texts: notifications.json). */
export const WORKFLOW_NOTIFICATIONS = {
  orderWorkflowMoved: { permission: 'ROLE_ORDER_VIEW', defaultScope: 'direct', colour: 'violet' },
  jobWorkflowMoved: { permission: 'ROLE_JOB_VIEW', defaultScope: 'direct', colour: 'violet' },
  requestWorkflowMoved: { permission: 'ROLE_REQUEST_VIEW', defaultScope: 'direct', colour: 'violet' },
  billWorkflowMoved: { permission: 'ROLE_BILL_VIEW', defaultScope: 'direct', colour: 'violet' },
} as const satisfies Record<string, NotificationType>;

const localized = (state: Parameters<typeof stateName>[0]) => ({
  ru: stateName(state, 'ru'),
  en: stateName(state, 'en'),
});

/**
 * Tells the record's responsible people (an order's forwarder, seller and curators; a bill's author and its
 * operations' people) of a committed move, the mover untold. Runs from the domain event of the instance's
 * `move`: the old and new state ids are the event's change of `stateId`.
 */
export const workflowMovedNotifications: EventSubscriber = {
  entities: [workflowInstanceResource.name],
  kinds: ['move'],
  changes: true,
  async handle(ctx, events) {
    for (const event of events) {
      const change = event.changes?.stateId;
      if (!change) continue;
      const [row] = await ctx.tx
        .select({
          initiatorType: workflowInstances.initiatorType,
          initiatorId: workflowInstances.initiatorId,
          name: workflowDescriptions.name,
          states: workflowDescriptions.states,
        })
        .from(workflowInstances)
        .innerJoin(workflowDescriptions, eq(workflowDescriptions.id, workflowInstances.descriptionId))
        .where(eq(workflowInstances.id, event.entityId));
      if (!row) continue;
      const type = `${row.initiatorType}WorkflowMoved`;
      if (!ctx.registries.notificationTypes.get(type)) continue;
      const source = initiatorSource(ctx.registries, row.initiatorType);
      const audience = await source.audience(ctx, row.initiatorId);
      if (!audience) continue;
      const record = await source.load(asSystem(ctx, 'workflow notification'), row.initiatorId, {
        lock: false,
        access: 'read',
      });
      const find = (id: unknown) => row.states.find((state) => state.id === id);
      await notify(ctx, {
        type,
        params: { workflow: row.name, from: localized(find(change.old)), to: localized(find(change.new)) },
        links: { record: { link: record.link, text: record.title } },
        actorId: event.userId,
        ...audience,
      });
    }
  },
};

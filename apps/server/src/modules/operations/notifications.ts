import { jobResource, OPERATION_STATUSES, type OperationType, orderResource } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import type { EventSubscriber } from '../../platform/modules';
import { notify } from '../../platform/notifications/notify';
import { localizedText, type NotificationType } from '../../platform/notifications/types';
import type { ResourceHooks } from '../../platform/resources';
import type { CallContext, ChangeContext } from '../../platform/resources/context';
import { counterparties } from '../counterparties';
import { financeControlStatusReasons } from '../finance';
import type { JobRow, OrderRow } from './orders';
import { jobs, orders } from './tables';

/** The notification types of orders, jobs and their stages (texts: `notifications.json`). */
export const OPERATION_NOTIFICATIONS = {
  orderCreated: { permission: 'ROLE_ORDER_VIEW', defaultScope: 'related', colour: 'teal' },
  orderStatusChanged: { permission: 'ROLE_ORDER_VIEW', defaultScope: 'direct', colour: 'blue' },
  orderFinanceControlChanged: { permission: 'ROLE_ORDER_VIEW', defaultScope: 'direct', colour: 'orange' },
  orderStageClosed: { permission: 'ROLE_ORDER_VIEW', defaultScope: 'direct', colour: 'green' },
  orderStageOpened: { permission: 'ROLE_ORDER_VIEW', defaultScope: 'direct', colour: 'yellow' },
  orderArchived: { permission: 'ROLE_ORDER_VIEW', defaultScope: 'off', colour: 'gray' },
  orderFailed: { permission: 'ROLE_ORDER_VIEW', defaultScope: 'direct', colour: 'red' },
  orderDamaged: { permission: 'ROLE_ORDER_VIEW', defaultScope: 'direct', colour: 'red' },
  jobCreated: { permission: 'ROLE_JOB_VIEW', defaultScope: 'direct', colour: 'teal' },
  jobStatusChanged: { permission: 'ROLE_JOB_VIEW', defaultScope: 'direct', colour: 'blue' },
  jobFinanceControlChanged: { permission: 'ROLE_JOB_VIEW', defaultScope: 'direct', colour: 'orange' },
  jobStageClosed: { permission: 'ROLE_JOB_VIEW', defaultScope: 'direct', colour: 'green' },
  jobStageOpened: { permission: 'ROLE_JOB_VIEW', defaultScope: 'direct', colour: 'yellow' },
  jobArchived: { permission: 'ROLE_JOB_VIEW', defaultScope: 'off', colour: 'gray' },
  jobFailed: { permission: 'ROLE_JOB_VIEW', defaultScope: 'direct', colour: 'red' },
  jobDamaged: { permission: 'ROLE_JOB_VIEW', defaultScope: 'direct', colour: 'red' },
} as const satisfies Record<string, NotificationType>;

type OperationRowOf<T extends OperationType> = T extends 'order' ? OrderRow : JobRow;

const padded = (n: number) => String(n).padStart(6, '0');

/** Who an operation concerns: the people it names, those related through its client or its orders, its office. */
async function audience(tx: Tx, type: OperationType, row: OrderRow | JobRow) {
  if (type === 'order') {
    const order = row as OrderRow;
    const [client] = await tx
      .select({ curators: counterparties.curatorIds, managers: counterparties.managerIds })
      .from(counterparties)
      .where(eq(counterparties.id, order.clientId));
    return {
      direct: [order.forwarderId, order.sellerId, ...order.curatorIds],
      related: [...(client?.curators ?? []), ...(client?.managers ?? []), ...order.jobForwarderIds],
      offices: [order.serviceOfficeId],
    };
  }
  const job = row as JobRow;
  const people = job.orderIds.length
    ? await tx
        .select({ forwarderId: orders.forwarderId, sellerId: orders.sellerId, curators: orders.curatorIds })
        .from(orders)
        .where(sql`${orders.id} = ANY(${sql.param(job.orderIds)}::integer[])`)
    : [];
  return {
    direct: [job.forwarderId],
    related: people.flatMap((p) => [p.forwarderId, p.sellerId, ...p.curators]),
    offices: [job.serviceOfficeId],
  };
}

function linkOf(type: OperationType, row: { id: number; number: number }) {
  return {
    operation: { link: `/tms/${type === 'order' ? 'orders' : 'jobs'}/${row.id}`, text: padded(row.number) },
  };
}

/** "; reason: …" after a finance control move that names its reason (a rejection always does), or nothing. */
async function reasonOf(tx: Tx, reasonId: number | null) {
  if (reasonId === null) return '';
  const [reason] = await tx
    .select({ name: financeControlStatusReasons.name, nameEn: financeControlStatusReasons.nameEn })
    .from(financeControlStatusReasons)
    .where(eq(financeControlStatusReasons.id, reasonId));
  if (!reason) return '';
  return localizedText('notifications.reason', { ru: reason.name, en: reason.nameEn || reason.name });
}

/** The marks of an operation whose setting is news, by the type suffix (`orderFailed`); their clearing is not. */
const FLAGS = { archived: 'Archived', failure: 'Failed', damaged: 'Damaged' } as const;

/**
 * Tells the people of an order or a job of its statuses' moves (whoever moved them, a user or the system)
 * and of its being archived, marked failed or damaged (an insurance case), in the transaction of the change.
 */
export function withNotifications<T extends OperationType, Input extends object>(
  type: T,
  hooks: ResourceHooks<OperationRowOf<T>, Input>,
): ResourceHooks<OperationRowOf<T>, Input> {
  return {
    ...hooks,
    async onChange(ctx, event) {
      await hooks.onChange?.(ctx, event);
      const { before, after } = event;
      if (!after || !before) return;
      for (const status of Object.values(OPERATION_STATUSES)) {
        if (!(status.operations as readonly string[]).includes(type)) continue;
        const from = (before as Record<string, unknown>)[status.field] as string;
        const to = (after as Record<string, unknown>)[status.field] as string;
        if (from === to) continue;
        const finance = status.kind === 'financeControl';
        const labels = status.labels as Record<string, { ru: string; en: string }>;
        await notify(ctx, {
          type: `${type}${finance ? 'FinanceControlChanged' : 'StatusChanged'}`,
          params: {
            status: status.label,
            from: labels[from] ?? from,
            to: labels[to] ?? to,
            reason: finance ? await reasonOf(ctx.tx, after.financeControlReasonId) : '',
          },
          links: linkOf(type, after),
          ...(await audience(ctx.tx, type, after)),
        });
      }
      for (const [field, suffix] of Object.entries(FLAGS) as [keyof typeof FLAGS, string][]) {
        if (before[field] || !after[field]) continue;
        await notify(ctx, {
          type: `${type}${suffix}`,
          links: linkOf(type, after),
          ...(await audience(ctx.tx, type, after)),
        });
      }
    },
  };
}

/**
 * Tells the people of a new order or job of it, once its creation committed (a domain-event subscriber):
 * the record as it is by then, the author not told. One deleted in between is no news.
 */
export const operationCreatedNotifications: EventSubscriber = {
  entities: [orderResource.name, jobResource.name],
  kinds: ['create'],
  async handle(ctx, events) {
    for (const event of events) {
      const type: OperationType = event.entityType === orderResource.name ? 'order' : 'job';
      const table = type === 'order' ? orders : jobs;
      const [row] = await ctx.tx.select().from(table).where(eq(table.id, event.entityId));
      if (!row) continue;
      await notify(ctx, {
        type: type === 'order' ? 'orderCreated' : 'jobCreated',
        params: { client: type === 'order' ? (row as OrderRow).clientName : '' },
        links: linkOf(type, row),
        actorId: event.userId,
        ...(await audience(ctx.tx, type, row as OrderRow | JobRow)),
      });
    }
  },
};

/** Tells the people of an order or a job that one of its stages was closed or opened again. */
export async function notifyStageMoved(
  ctx: ChangeContext,
  type: OperationType,
  operation: OrderRow | JobRow,
  stageName: string,
  move: 'Closed' | 'Opened',
): Promise<void> {
  await notify(ctx, {
    type: `${type}Stage${move}`,
    params: { stage: stageName },
    links: linkOf(type, operation),
    ...(await audience(ctx.tx, type, operation)),
  });
}

/** Who an order or a job concerns and its link, for what other modules tell of it (a generated document). */
export async function operationAudienceOf(ctx: CallContext, type: OperationType, id: number) {
  const table = type === 'order' ? orders : jobs;
  const [row] = await ctx.tx.select().from(table).where(eq(table.id, id));
  if (!row) return null;
  return { ...(await audience(ctx.tx, type, row as OrderRow | JobRow)), links: linkOf(type, row) };
}

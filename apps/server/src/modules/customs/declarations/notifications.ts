import { DECLARATION_STATUS_LABELS } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { notify } from '../../../platform/notifications/notify';
import type { NotificationType } from '../../../platform/notifications/types';
import type { ChangeContext } from '../../../platform/resources/context';
import { counterparties } from '../../counterparties';
import { orders } from '../../operations';
import type { DeclarationRow } from './service';

/** The news of a declaration (texts: `notifications.json`), told to its order's people. */
export const DECLARATION_NOTIFICATIONS = {
  declarationRegistered: { permission: 'ROLE_ORDER_VIEW', defaultScope: 'related', colour: 'blue' },
  declarationDocumentsRequested: { permission: 'ROLE_ORDER_VIEW', defaultScope: 'related', colour: 'orange' },
  declarationReleased: { permission: 'ROLE_ORDER_VIEW', defaultScope: 'related', colour: 'green' },
  declarationRefused: { permission: 'ROLE_ORDER_VIEW', defaultScope: 'related', colour: 'red' },
} as const satisfies Record<string, NotificationType>;
export type DeclarationNotification = keyof typeof DECLARATION_NOTIFICATIONS;

const padded = (n: number) => String(n).padStart(6, '0');

/**
 * Tells the order's forwarder (named) and the client's managers (related) of a declaration's move, in the
 * transaction of the move; the user who recorded it is not told.
 */
export async function notifyDeclaration(
  ctx: ChangeContext,
  type: DeclarationNotification,
  row: DeclarationRow,
): Promise<void> {
  const [order] = await ctx.tx
    .select({
      id: orders.id,
      number: orders.number,
      forwarderId: orders.forwarderId,
      serviceOfficeId: orders.serviceOfficeId,
      managers: counterparties.managerIds,
    })
    .from(orders)
    .leftJoin(counterparties, eq(counterparties.id, orders.clientId))
    .where(eq(orders.id, row.orderId));
  if (!order) return;
  await notify(ctx, {
    type,
    params: {
      number: row.number ?? `#${row.id}`,
      status: DECLARATION_STATUS_LABELS[row.status],
      decisionCode: row.decisionCode ?? '',
    },
    links: {
      declaration: { link: `/tms/customs/${row.id}`, text: row.number ?? `#${row.id}` },
      order: { link: `/tms/orders/${order.id}`, text: padded(order.number) },
    },
    direct: [order.forwarderId],
    related: order.managers ?? [],
    offices: [order.serviceOfficeId],
  });
}

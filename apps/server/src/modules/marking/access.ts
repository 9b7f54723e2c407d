import { type MarkingStatus, markingCodesLock, OPERATION_MESSAGES } from '@tms/domain';
import { and, eq } from 'drizzle-orm';
import { isStaff, type Principal } from '../../platform/auth/context';
import { fieldError, forbidden, notFound } from '../../platform/errors';
import { hasAnyRole } from '../../platform/permissions/check';
import type { UseCaseContext } from '../../platform/resources/use-case';
import { orderScope, orders } from '../operations';

/** Besides the order's editors, whoever holds the marking status permission (spec §6) works on its marking. */
export const MARKING_ROLE = 'ROLE_MARKING_STATUS';

export interface MarkingOrder {
  id: number;
  markingStatus: MarkingStatus;
  archived: boolean;
  tnvedCodes: string[];
  /** The user may change the order's marking. */
  editable: boolean;
}

/** Whether `auth` may change the marking of an order it reads: its edit scope reaches it, or the marking role. */
async function mayEdit(ctx: UseCaseContext, orderId: number): Promise<boolean> {
  const { auth } = ctx;
  if (auth.kind === 'system') return true;
  if (!isStaff(auth)) return false;
  if (hasAnyRole(auth, [MARKING_ROLE])) return true;
  const scope = orderScope(auth as Principal, 'write', false);
  const [row] = await ctx.tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), scope))
    .limit(1);
  return Boolean(row);
}

/**
 * The order whose marking is read or changed: in the user's read scope (404 outside it, 403 without any
 * order scope), locked for a change. A change needs the edit scope or the marking role (403), an order not
 * archived, and, for its codes, marking required and not yet marked.
 */
export async function markingOrder(
  ctx: UseCaseContext,
  orderId: number,
  change?: 'codes' | 'calls',
): Promise<MarkingOrder> {
  const scope = ctx.auth.kind === 'system' ? undefined : orderScope(ctx.auth as Principal, 'read');
  const query = ctx.tx
    .select({
      id: orders.id,
      markingStatus: orders.markingStatus,
      archived: orders.archived,
      cargo: orders.cargo,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), scope))
    .limit(1);
  const [row] = change ? await query.for('update') : await query;
  if (!row) throw notFound();
  const order: MarkingOrder = {
    id: row.id,
    markingStatus: row.markingStatus,
    archived: row.archived,
    tnvedCodes: [...(row.cargo?.tnvedCodes ?? [])],
    editable: false,
  };
  order.editable = !order.archived && (await mayEdit(ctx, orderId));
  if (!change) return order;
  if (!(await mayEdit(ctx, orderId))) throw forbidden();
  if (order.archived) throw fieldError([], OPERATION_MESSAGES.locked);
  if (change === 'codes') {
    const lock = markingCodesLock(order.markingStatus);
    if (lock) throw fieldError([], lock);
  } else if (order.markingStatus === 'not_required') {
    throw fieldError([], markingCodesLock(order.markingStatus) as string);
  }
  return order;
}

import { SYSTEM_ACTOR, type TnvedControlStatus, tnvedControlTransition } from '@tms/domain';
import { fieldError } from '../../platform/errors';
import { asSystem, type ResourceContext } from '../../platform/resources';
import { orderService } from './operation';
import { orderTnvedIssues } from './tnved-issues';

/**
 * The customs module's door after an order's declaration date changed (a DT registered, withdrawn or deemed
 * not filed): the order's codes asked again on the new date, and an order READY or VERIFIED with a line no
 * longer valid then goes back to NOT_READY, as the system ("declaration date"), logged as `status`. An
 * archived order stays as it is. Answers the status the order has after it.
 */
export async function recheckOrderTnvedControl(
  ctx: ResourceContext,
  orderId: number,
): Promise<TnvedControlStatus | null> {
  const system = asSystem(ctx, 'declaration date');
  const order = await orderService.find(system, orderId, { lock: true });
  const from = order.tnvedControlStatus;
  if (from === 'NOT_READY' || order.archived) return from;
  const issues = await orderTnvedIssues(system, { id: order.id, codes: order.cargo.tnvedCodes });
  if (!issues.length) return from;
  const result = tnvedControlTransition(from, 'NOT_READY', SYSTEM_ACTOR, {
    operation: 'order',
    archived: order.archived,
  });
  if (!result.ok) throw fieldError(result.path, result.error);
  await orderService.write(system, order, { tnvedControlStatus: 'NOT_READY' }, { action: 'status' });
  return 'NOT_READY';
}

import { MARKING_MESSAGES as M } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { fieldError } from '../../platform/errors';
import { hasAnyRole } from '../../platform/permissions/check';
import { jobs, type StageBehaviourHandler } from '../operations';
import { unmarkedCodeCount } from './calls';

/**
 * CZ_MARKING_COMPLETED closes only when every marking code of its orders is applied (or introduced) in
 * Честный ЗНАК: the check runs in the closing's transaction, so a refusal closes nothing. Holders of
 * ROLE_IGNORE_STAGE_CLOSURE_CHECKS and the system pass, as with every closure check; an order without
 * codes is not held (its goods were marked outside the product).
 */
export const markingCompletedCheck: StageBehaviourHandler = async (ctx, event) => {
  if (event.event !== 'close') return;
  if (ctx.auth.kind === 'system' || hasAnyRole(ctx.auth, ['ROLE_IGNORE_STAGE_CLOSURE_CHECKS'])) return;
  let orderIds = [event.operationId];
  if (event.operationType === 'job') {
    const [job] = await ctx.tx
      .select({ orderIds: jobs.orderIds })
      .from(jobs)
      .where(eq(jobs.id, event.operationId));
    orderIds = job?.orderIds ?? [];
  }
  for (const orderId of orderIds) {
    if ((await unmarkedCodeCount(ctx.tx, orderId)).unmarked > 0) throw fieldError([], M.notMarked);
  }
};

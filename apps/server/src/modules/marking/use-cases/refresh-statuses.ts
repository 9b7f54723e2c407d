import { MARKING_MESSAGES as M, markingRequestSchema, OPERATION_ROLES } from '@tms/domain';
import { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import { defineUseCase } from '../../../platform/resources';
import { markingOrder } from '../access';
import { orderCodesIn, requestMarkingCall } from '../calls';

/** Asks Честный ЗНАК where every code of the order stands, through the job queue; answers the call. */
export const refreshMarkingStatuses = defineUseCase({
  name: 'marking.refresh-statuses',
  roles: OPERATION_ROLES.order.view,
  input: z.object({ orderId: z.number().int().positive() }),
  output: markingRequestSchema,
  async run(ctx, input) {
    const order = await markingOrder(ctx, input.orderId, 'calls');
    const codes = await orderCodesIn(ctx.tx, order.id);
    if (!codes.length) throw fieldError([], M.noCodes);
    return requestMarkingCall(ctx, { orderId: order.id, kind: 'status', codeIds: codes.map((c) => c.id) });
  },
});

import {
  MARKING_MESSAGES as M,
  markingRequestSchema,
  OPERATION_ROLES,
  REPORTABLE_CODE_STATUSES,
} from '@tms/domain';
import { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import { defineUseCase } from '../../../platform/resources';
import { markingOrder } from '../access';
import { orderCodesIn, requestMarkingCall } from '../calls';

/**
 * The codes were applied to the goods: the application report of every code of the order not yet reported
 * (entered or emitted) goes to Честный ЗНАК through the job queue; answers the call.
 */
export const reportMarkingApplied = defineUseCase({
  name: 'marking.report-applied',
  roles: OPERATION_ROLES.order.view,
  input: z.object({ orderId: z.number().int().positive() }),
  output: markingRequestSchema,
  async run(ctx, input) {
    const order = await markingOrder(ctx, input.orderId, 'codes');
    const codes = await orderCodesIn(ctx.tx, order.id, REPORTABLE_CODE_STATUSES);
    if (!codes.length) throw fieldError([], M.nothingToReport);
    return requestMarkingCall(ctx, { orderId: order.id, kind: 'report', codeIds: codes.map((c) => c.id) });
  },
});

import {
  MARKING_MESSAGES as M,
  markingEmissionSchema,
  markingRequestSchema,
  OPERATION_ROLES,
} from '@tms/domain';
import { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import { defineUseCase } from '../../../platform/resources';
import { markingOrder } from '../access';
import { requestMarkingCall } from '../calls';

/** Orders codes of a GTIN for a cargo line from Честный ЗНАК (СУЗ) through the job queue; answers the call. */
export const orderMarkingCodes = defineUseCase({
  name: 'marking.order-codes',
  roles: OPERATION_ROLES.order.view,
  input: markingEmissionSchema.extend({ orderId: z.number().int().positive() }),
  output: markingRequestSchema,
  async run(ctx, input) {
    const order = await markingOrder(ctx, input.orderId, 'codes');
    if (!order.tnvedCodes.includes(input.tnvedCode)) throw fieldError(['tnvedCode'], M.noLine);
    return requestMarkingCall(ctx, {
      orderId: order.id,
      kind: 'emission',
      tnvedCode: input.tnvedCode,
      gtin: input.gtin,
      quantity: input.quantity,
    });
  },
});

import { OPERATION_ROLES, orderMarkingSchema } from '@tms/domain';
import { z } from 'zod';
import { defineUseCase } from '../../../platform/resources';
import type { UseCaseContext } from '../../../platform/resources/use-case';
import { markingOrder } from '../access';
import { orderMarking } from '../read';

export interface MarkingReadContext extends UseCaseContext {
  /** The app has an address of Честный ЗНАК (its configuration). */
  adapterConfigured: boolean;
}

/** The order's marking as its page shows it, to whoever reads the order. */
export const readOrderMarking = defineUseCase<
  z.ZodObject<{ orderId: z.ZodNumber }>,
  typeof orderMarkingSchema,
  MarkingReadContext
>({
  name: 'marking.read',
  roles: OPERATION_ROLES.order.view,
  input: z.object({ orderId: z.number().int().positive() }),
  output: orderMarkingSchema,
  async run(ctx, input) {
    const order = await markingOrder(ctx, input.orderId);
    return orderMarking(ctx.tx, order, ctx.adapterConfigured);
  },
});

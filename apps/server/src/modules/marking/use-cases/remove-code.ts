import { MARKING_MESSAGES as M, OPERATION_ROLES } from '@tms/domain';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { fieldError, notFound } from '../../../platform/errors';
import { defineUseCase } from '../../../platform/resources';
import { markingOrder } from '../access';
import { markingCodes } from '../tables';

/** Removes a code entered by mistake: only one Честный ЗНАК knows nothing of (NEW), while codes may change. */
export const removeMarkingCode = defineUseCase({
  name: 'marking.remove-code',
  roles: OPERATION_ROLES.order.view,
  input: z.object({ orderId: z.number().int().positive(), codeId: z.number().int().positive() }),
  output: z.object({ removed: z.number().int() }),
  async run(ctx, input) {
    await markingOrder(ctx, input.orderId, 'codes');
    const [row] = await ctx.tx
      .select()
      .from(markingCodes)
      .where(and(eq(markingCodes.id, input.codeId), eq(markingCodes.orderId, input.orderId)));
    if (!row) throw notFound();
    if (row.status !== 'NEW') throw fieldError([], M.codeLocked);
    await ctx.tx.delete(markingCodes).where(eq(markingCodes.id, row.id));
    return { removed: row.id };
  },
});

import { MARKING_MESSAGES as M, markingCodesAddSchema, OPERATION_ROLES, parseMarkingCode } from '@tms/domain';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCollector, fieldError } from '../../../platform/errors';
import { defineUseCase } from '../../../platform/resources';
import { markingOrder } from '../access';
import { markingCodes } from '../tables';

const CHUNK = 1000;

/**
 * Codes typed, pasted or uploaded for one cargo line of an order that requires marking: each must read as
 * a Честный ЗНАК code (codes.ts), be given once and be on no order yet. Any bad code refuses them all with
 * its error under `codes.<its position>`, nothing written. Answers how many were added.
 */
export const addMarkingCodes = defineUseCase({
  name: 'marking.add-codes',
  roles: OPERATION_ROLES.order.view,
  input: markingCodesAddSchema.extend({ orderId: z.number().int().positive() }),
  output: z.object({ added: z.number().int() }),
  async run(ctx, input) {
    const order = await markingOrder(ctx, input.orderId, 'codes');
    if (!order.tnvedCodes.includes(input.tnvedCode)) throw fieldError(['tnvedCode'], M.noLine);
    const errors = new ErrorCollector();
    const byCis = new Map<
      string,
      { index: number; code: Extract<ReturnType<typeof parseMarkingCode>, { ok: true }>['code'] }
    >();
    input.codes.forEach((raw, index) => {
      const result = parseMarkingCode(raw);
      if (!result.ok) errors.add(['codes', index], result.error);
      else if (byCis.has(result.code.cis)) errors.add(['codes', index], M.duplicate);
      else byCis.set(result.code.cis, { index, code: result.code });
    });
    const cises = [...byCis.keys()];
    for (let start = 0; start < cises.length; start += CHUNK) {
      const taken = await ctx.tx
        .select({ cis: markingCodes.cis, orderId: markingCodes.orderId })
        .from(markingCodes)
        .where(inArray(markingCodes.cis, cises.slice(start, start + CHUNK)));
      for (const row of taken)
        errors.add(['codes', byCis.get(row.cis)!.index], row.orderId === order.id ? M.onOrder : M.elsewhere);
    }
    errors.throwIfAny();
    const rows = [...byCis.values()].map(({ code }) => ({
      orderId: order.id,
      tnvedCode: input.tnvedCode,
      gtin: code.gtin,
      serial: code.serial,
      cis: code.cis,
      code: code.code,
      printed: code.printed,
    }));
    for (let start = 0; start < rows.length; start += CHUNK)
      await ctx.tx.insert(markingCodes).values(rows.slice(start, start + CHUNK));
    return { added: rows.length };
  },
});

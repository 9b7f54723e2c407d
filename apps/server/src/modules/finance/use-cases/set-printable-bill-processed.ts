import { PRINTABLE_BILL_MESSAGES, printableBillSchema } from '@tms/domain';
import { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import { defineUseCase, userOf } from '../../../platform/resources';
import { notifyPrintableBill } from '../notifications';
import { printableBillService } from '../printable-bills';

export const setPrintableBillProcessedInput = z.object({
  id: z.number().int().positive(),
  processed: z.boolean(),
  version: z.number().int().positive().optional(),
});

/**
 * Marks a finalized printable bill processed (passed to accounting) or takes the mark back
 * (ROLE_PRINTABLE_BILL_PROCESSED, checked by the route, on one the user reaches). A draft is not
 * processed: the accountant would book a document that may still change. Logged as `processed` /
 * `unprocessed`.
 */
export const setPrintableBillProcessed = defineUseCase({
  name: 'finance.set-printable-bill-processed',
  roles: ['ROLE_PRINTABLE_BILL_PROCESSED'],
  input: setPrintableBillProcessedInput,
  output: printableBillSchema,
  async run(ctx, input) {
    const auth = userOf(ctx);
    const before = await printableBillService.find({ ...ctx, auth }, input.id, { lock: true });
    if (before.processed === input.processed) return printableBillService.toEntity(before, ctx) as never;
    if (!before.finalized) throw fieldError([], PRINTABLE_BILL_MESSAGES.notFinalized);
    const after = await printableBillService.write(
      { ...ctx, auth },
      before,
      { processed: input.processed },
      { action: input.processed ? 'processed' : 'unprocessed', version: input.version },
    );
    if (input.processed) await notifyPrintableBill({ ...ctx, auth }, after, 'printableBillProcessed');
    return printableBillService.toEntity(after, ctx) as never;
  },
});

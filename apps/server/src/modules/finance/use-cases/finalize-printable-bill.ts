import { printableBillSchema } from '@tms/domain';
import { z } from 'zod';
import { forbidden } from '../../../platform/errors';
import { hasAnyRole } from '../../../platform/permissions/check';
import { defineUseCase, userOf } from '../../../platform/resources';
import { notifyPrintableBill } from '../notifications';
import { assertNotFinalized, printableBillService } from '../printable-bills';

export const finalizePrintableBillInput = z.object({
  id: z.number().int().positive(),
  version: z.number().int().positive().optional(),
});

/**
 * Finalizes a printable bill (ROLE_PRINTABLE_BILL_EDIT, on one the user reaches): from now on it is the
 * document the client has, so nothing of it changes and it is not deleted; only its processed status and
 * its files move. Logged as `finalize`.
 */
export const finalizePrintableBill = defineUseCase({
  name: 'finance.finalize-printable-bill',
  roles: ['ROLE_PRINTABLE_BILL_EDIT'],
  input: finalizePrintableBillInput,
  output: printableBillSchema,
  async run(ctx, input) {
    const auth = userOf(ctx);
    if (!hasAnyRole(auth, ['ROLE_PRINTABLE_BILL_EDIT'])) throw forbidden();
    const before = await printableBillService.find({ ...ctx, auth }, input.id, { lock: true });
    assertNotFinalized(before);
    const after = await printableBillService.write(
      { ...ctx, auth },
      before,
      { finalized: true, finalizedAt: new Date() },
      { action: 'finalize', version: input.version },
    );
    await notifyPrintableBill({ ...ctx, auth }, after, 'printableBillFinalized');
    return printableBillService.toEntity(after, ctx) as never;
  },
});

import { INSURANCE_MOVE_ROLES, insuranceCertificateSchema, INSURANCE_MESSAGES as M } from '@tms/domain';
import { z } from 'zod';
import { conflict, fieldError } from '../../../platform/errors';
import { defineUseCase } from '../../../platform/resources';
import { certificateService, statusOf } from '../certificates';
import { policyOf } from '../quote';
import { sendToInsurer } from './accept';

/**
 * Sends an accepted certificate to its linked insurer again once the queue gave up on it (every attempt
 * failed): the desk's way out of "the insurer did not answer". Not while a sending is under way.
 */
export const resendCertificate = defineUseCase({
  name: 'insurance.certificate-resend',
  roles: INSURANCE_MOVE_ROLES.accept,
  input: z.object({ id: z.number().int().positive(), version: z.number().int().positive() }),
  output: insuranceCertificateSchema,
  async run(ctx, input) {
    const before = await certificateService.find(ctx, input.id, { lock: true });
    if (before.version !== input.version) throw conflict();
    if (!(await policyOf(ctx.tx, before.policyId)).insurerUrl) throw fieldError(['status'], M.notLinked);
    if ((await statusOf(ctx.tx, before.orderId)) !== 'ACCEPTED') throw fieldError(['status'], M.moveRefused);
    if (before.insurerState === 'sending' || before.insurerState === 'retrying')
      throw fieldError(['status'], M.insurerBusy);
    const after = await certificateService.write(ctx, before, await sendToInsurer(ctx, before), {
      action: 'update',
      version: input.version,
    });
    return (await certificateService.toEntity(after, ctx)) as never;
  },
});

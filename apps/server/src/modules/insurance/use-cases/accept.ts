import { INSURANCE_MOVE_ROLES } from '@tms/domain';
import type { UseCaseContext } from '../../../platform/resources/use-case';
import type { CertificateRow } from '../certificates';
import { insurerSendTask } from '../insurer/send';
import { defineCertificateMove } from '../move';
import { policyOf } from '../quote';

/** Hands the certificate to its linked insurer through the job queue (docs/insurance.md "Insurer link"). */
export async function sendToInsurer(
  ctx: UseCaseContext,
  row: CertificateRow,
): Promise<Partial<CertificateRow>> {
  await insurerSendTask.enqueue(
    { ...ctx, clock: (ctx as { clock?: () => Date }).clock },
    { certificateId: row.id },
    { label: row.number ?? `#${row.id}` },
  );
  return {
    insurerState: 'sending',
    insurerApplicationId: null,
    insurerAttempts: 0,
    insurerError: null,
    insurerNextAttemptAt: null,
  };
}

/**
 * The insurer takes the application (spec §4 ACCEPTED); the certificate follows at issue. Under a policy
 * whose insurer is linked, accepting sends the application: the insurer's answer issues or rejects it.
 */
export const acceptCertificate = defineCertificateMove({
  name: 'certificate-accept',
  roles: INSURANCE_MOVE_ROLES.accept,
  to: 'ACCEPTED',
  by: 'user',
  extra: {},
  async apply(ctx, before) {
    const linked = Boolean((await policyOf(ctx.tx, before.policyId)).insurerUrl);
    return { rejectionReason: null, ...(linked ? await sendToInsurer(ctx, before) : {}) };
  },
});

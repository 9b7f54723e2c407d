import { INSURANCE_MOVE_ROLES, INSURANCE_MESSAGES as M } from '@tms/domain';
import { fieldError } from '../../../platform/errors';
import { insurerCancelTask } from '../insurer/after-issue';
import { defineCertificateMove } from '../move';
import { policyOf } from '../quote';

const HOUR = 3_600_000;

/**
 * Cancellation: before the insurer issued the certificate freely; an insured one only with "case removal"
 * (spec §6) and within the hours the policy's insurer allows after the issue; a linked insurer is told.
 */
export const cancelCertificate = defineCertificateMove({
  name: 'certificate-cancel',
  roles: INSURANCE_MOVE_ROLES.cancel,
  to: 'CANCELLED',
  by: 'user',
  extra: {},
  async apply(ctx, before, _input, from) {
    const now = (ctx as { clock?: () => Date }).clock?.() ?? new Date();
    if (from !== 'INSURED') return { cancelledAt: now };
    const policy = await policyOf(ctx.tx, before.policyId);
    const until = (before.issuedAt?.getTime() ?? 0) + policy.cancelWindowHours * HOUR;
    if (now.getTime() > until) throw fieldError(['status'], M.cancelWindowClosed);
    if (!policy.insurerUrl || !before.number) return { cancelledAt: now };
    // A linked insurer issued it: the queue tells it, retrying while it cannot be asked.
    await insurerCancelTask.enqueue(
      { ...ctx, clock: (ctx as { clock?: () => Date }).clock },
      { certificateId: before.id },
      { label: before.number },
    );
    return {
      cancelledAt: now,
      insurerState: 'sending',
      insurerAttempts: 0,
      insurerError: null,
      insurerNextAttemptAt: null,
    };
  },
});

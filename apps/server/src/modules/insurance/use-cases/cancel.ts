import { INSURANCE_MOVE_ROLES, INSURANCE_MESSAGES as M } from '@tms/domain';
import { fieldError } from '../../../platform/errors';
import { defineCertificateMove } from '../move';
import { policyOf } from '../quote';

const HOUR = 3_600_000;

/**
 * Cancellation: before the insurer issued the certificate freely; an insured one only with "case removal"
 * (spec §6) and within the hours the policy's insurer allows after the issue.
 */
export const cancelCertificate = defineCertificateMove({
  name: 'certificate-cancel',
  roles: INSURANCE_MOVE_ROLES.cancel,
  to: 'CANCELLED',
  by: 'user',
  extra: {},
  async apply(ctx, before, _input, from) {
    const now = (ctx as { clock?: () => Date }).clock?.() ?? new Date();
    if (from === 'INSURED') {
      const policy = await policyOf(ctx.tx, before.policyId);
      const until = (before.issuedAt?.getTime() ?? 0) + policy.cancelWindowHours * HOUR;
      if (now.getTime() > until) throw fieldError(['status'], M.cancelWindowClosed);
    }
    return { cancelledAt: now };
  },
});

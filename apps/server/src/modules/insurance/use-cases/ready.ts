import { INSURANCE_MOVE_ROLES } from '@tms/domain';
import { defineCertificateMove } from '../move';
import { quote } from '../quote';

/**
 * The certificate's details are complete: ready for the insurer (spec §6 "insurance status ready"). The
 * figures are reckoned again, so the insurer reads them at today's rates of the issue date.
 */
export const markCertificateReady = defineCertificateMove({
  name: 'certificate-ready',
  roles: INSURANCE_MOVE_ROLES.ready,
  to: 'READY',
  by: 'user',
  extra: {},
  apply: async (ctx, before) => quote(ctx.tx, before),
});

import { INSURANCE_MOVE_ROLES } from '@tms/domain';
import { defineCertificateMove } from '../move';

/** Back to preparation: the details are to change before the insurer sees them. */
export const markCertificateNotReady = defineCertificateMove({
  name: 'certificate-not-ready',
  roles: INSURANCE_MOVE_ROLES['not-ready'],
  to: 'NOT_READY',
  by: 'user',
  extra: {},
});

import { ERROR_MESSAGES } from '@tms/domain';
import { forbidden } from '../errors';
import type { AuthContext } from './context';

/**
 * While impersonating, nobody's password, API key, roles or access groups change: the person at the
 * keyboard borrows the user's rights to look and act, never to keep them or hand them on.
 */
export function assertNotImpersonating(auth: Pick<AuthContext, 'impersonatorId'>): void {
  if (auth.impersonatorId !== null) throw forbidden(ERROR_MESSAGES.impersonationCredentials);
}

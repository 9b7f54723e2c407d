import { can, ERROR_MESSAGES, type Permission } from '@tms/domain';
import type { AuthContext, Principal } from '../auth/context';
import { HttpError } from '../errors';

/**
 * Passes when nothing is required or the principal may act by the catalogue's rule (`can`, spec §6); the
 * system passes every check (`asSystem`), a cabinet holds only its own roles.
 */
export function hasAnyRole(
  auth: Pick<Principal, 'roles'> & { kind?: Principal['kind'] },
  required: readonly Permission[] | undefined,
): boolean {
  return auth.kind === 'system' || !required || required.length === 0 || can(auth.roles, required);
}

export function assertAnyRole(
  auth: AuthContext | null,
  required: readonly Permission[] | undefined,
): AuthContext {
  if (!auth) throw new HttpError(401, ERROR_MESSAGES.unauthorized);
  if (!hasAnyRole(auth, required)) throw new HttpError(403, ERROR_MESSAGES.accessDenied);
  return auth;
}

import { can, ERROR_MESSAGES, type Permission } from '@tms/domain';
import type { AuthContext } from '../auth/context';
import { HttpError } from '../errors';

/** Passes when nothing is required or the user may act by the catalogue's rule (`can`, spec §6). */
export function hasAnyRole(
  auth: Pick<AuthContext, 'roles'>,
  required: readonly Permission[] | undefined,
): boolean {
  return !required || required.length === 0 || can(auth.roles, required);
}

export function assertAnyRole(
  auth: AuthContext | null,
  required: readonly Permission[] | undefined,
): AuthContext {
  if (!auth) throw new HttpError(401, ERROR_MESSAGES.unauthorized);
  if (!hasAnyRole(auth, required)) throw new HttpError(403, ERROR_MESSAGES.accessDenied);
  return auth;
}

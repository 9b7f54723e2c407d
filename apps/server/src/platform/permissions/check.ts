import { ERROR_MESSAGES, ROLE_ADMIN } from '@tms/domain';
import type { AuthContext } from '../auth/context';
import { HttpError } from '../errors';

/** The administrator role grants every permission (the catalogue's constant, re-exported for the platform). */
export { ROLE_ADMIN };

/** Passes when nothing is required or the user holds at least one listed role (spec §6). */
export function hasAnyRole(
  auth: Pick<AuthContext, 'roles'>,
  required: readonly string[] | undefined,
): boolean {
  if (!required || required.length === 0) return true;
  if (auth.roles.has(ROLE_ADMIN)) return true;
  return required.some((role) => auth.roles.has(role));
}

export function assertAnyRole(
  auth: AuthContext | null,
  required: readonly string[] | undefined,
): AuthContext {
  if (!auth) throw new HttpError(401, ERROR_MESSAGES.unauthorized);
  if (!hasAnyRole(auth, required)) throw new HttpError(403, ERROR_MESSAGES.accessDenied);
  return auth;
}

import { ACCESS_MESSAGES, mayGrant } from '@tms/domain';
import type { AuthContext } from '../auth/context';
import { fieldError } from '../errors';

/**
 * Refuses giving roles the acting user may not grant (the catalogue's `mayGrant`), as a field error on
 * `field`: `roles` given directly or `accessGroupIds` giving them through groups. Pass only what the write
 * adds: keeping a role someone already has grants nothing.
 */
export function assertMayGrant(auth: AuthContext, field: string, roles: readonly string[]): void {
  const refused = roles.filter((role) => !mayGrant(auth.roles, role));
  if (!refused.length) return;
  throw fieldError(
    [field],
    refused.includes('ROLE_ADMIN') ? ACCESS_MESSAGES.adminOnly : ACCESS_MESSAGES.heldOnly,
  );
}

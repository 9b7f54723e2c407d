import { holdsAll, USER_MESSAGES } from '@tms/domain';
import type { AuthContext } from '../../platform/auth/context';
import { forbidden } from '../../platform/errors';

/**
 * Who may act on a user: issue or revoke his API key, set his password, edit him, change his roles or
 * groups, deactivate or enable him. Only a manager who holds every role the user holds (his own and those
 * of his enabled groups; the administrator holds them all), so managing users is never a way into an
 * account with more rights: a key or a password of the finance manager would read every bill. Every door
 * that acts on an existing user calls this (the resource's update, "set password", the API key actions);
 * impersonation asks the same `holdsAll` in the platform.
 */
export function assertMayManage(auth: AuthContext, target: { effectiveRoles: readonly string[] }): void {
  if (!holdsAll(auth.roles, target.effectiveRoles)) throw forbidden(USER_MESSAGES.manageHeldOnly);
}

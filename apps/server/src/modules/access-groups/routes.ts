import { ACCESS_MESSAGES, accessGroupResource, mayGrant } from '@tms/domain';
import type { AuthContext } from '../../platform/auth/context';
import { assertNotImpersonating } from '../../platform/auth/impersonation';
import { conflict, forbidden } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { accessGroups } from '../../platform/identity/tables';
import { assertMayGrant } from '../../platform/permissions/grants';
import { registerResource, userOf } from '../../platform/resources';
import { countUsersInGroup } from '../users';

type Row = typeof accessGroups.$inferSelect;

const isAdmin = (auth: AuthContext) => auth.roles.has('ROLE_ADMIN');
const grantsAdmin = (roles: readonly string[] | undefined) => roles?.includes('ROLE_ADMIN') ?? false;

/**
 * A group's roles are those of every user holding it, so any change of a group changes users' access:
 * never while impersonating, and only an administrator touches a group that makes its users administrators.
 */
function assertMayChange(auth: AuthContext, row: Row): void {
  assertNotImpersonating(auth);
  if (grantsAdmin(row.roles) && !isAdmin(auth)) throw forbidden();
}

/** The roles of a create or update without repeats; those it adds must be the acting user's to grant. */
function checkedRoles(auth: AuthContext, roles: unknown, before: readonly string[]): string[] | undefined {
  if (roles === undefined) return undefined;
  const unique = [...new Set(roles as string[])];
  assertMayGrant(
    auth,
    'roles',
    unique.filter((role) => !before.includes(role)),
  );
  return unique;
}

/** Access groups (/settings/access-groups): named role sets given to users. */
export default async function accessGroupsModule(app: App): Promise<void> {
  registerResource(app, accessGroupResource, accessGroups, {
    inUseMessage: ACCESS_MESSAGES.groupInUse,
    constraints: { access_groups_name_unique: 'name' },
    hooks: {
      beforeCreate: (ctx, values) => {
        const auth = userOf(ctx);
        assertNotImpersonating(auth);
        return { ...values, roles: checkedRoles(auth, values.roles, []) ?? [] };
      },
      beforeUpdate: (ctx, values, existing) => {
        const auth = userOf(ctx);
        assertMayChange(auth, existing);
        const roles = checkedRoles(auth, values.roles, existing.roles);
        return roles === undefined ? values : { ...values, roles };
      },
      beforeDelete: async (ctx, row) => {
        const { tx } = ctx;
        const auth = userOf(ctx);
        assertMayChange(auth, row);
        // Deleting the group would silently take its roles away from the users holding it.
        if ((await countUsersInGroup(tx, row.id)) > 0) throw conflict(ACCESS_MESSAGES.groupInUse);
      },
      afterWrite: (ctx, event) => {
        const auth = userOf(ctx);
        if ((event.action === 'enable' || event.action === 'disable') && event.before) {
          assertMayChange(auth, event.before);
          // Enabling gives the group's roles back to its users: a grant like any other.
          if (event.action === 'enable' && !event.before.roles.every((role) => mayGrant(auth.roles, role))) {
            throw forbidden(ACCESS_MESSAGES.heldOnly);
          }
        }
      },
    },
  });
}

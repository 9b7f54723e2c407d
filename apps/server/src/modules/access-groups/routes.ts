import { ACCESS_MESSAGES, accessGroupResource } from '@tms/domain';
import type { AuthContext } from '../../platform/auth/context';
import { conflict, fieldError, forbidden } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { accessGroups } from '../../platform/identity/tables';
import { registerResource } from '../../platform/resources';
import { countUsersInGroup } from '../users';

type Row = typeof accessGroups.$inferSelect;

const isAdmin = (auth: AuthContext) => auth.roles.has('ROLE_ADMIN');
const grantsAdmin = (roles: readonly string[] | undefined) => roles?.includes('ROLE_ADMIN') ?? false;

/** Only an administrator touches a group that makes its users administrators. */
function assertMayChange(auth: AuthContext, row: Row): void {
  if (grantsAdmin(row.roles) && !isAdmin(auth)) throw forbidden();
}

function checkedRoles(auth: AuthContext, roles: unknown): string[] | undefined {
  if (roles === undefined) return undefined;
  const unique = [...new Set(roles as string[])];
  if (grantsAdmin(unique) && !isAdmin(auth)) throw fieldError(['roles'], ACCESS_MESSAGES.adminOnly);
  return unique;
}

/** Access groups (/settings/access-groups): named role sets given to users. */
export default async function accessGroupsModule(app: App): Promise<void> {
  registerResource(app, accessGroupResource, accessGroups, {
    inUseMessage: ACCESS_MESSAGES.groupInUse,
    constraints: { access_groups_name_unique: 'name' },
    hooks: {
      beforeCreate: ({ auth }, values) => ({ ...values, roles: checkedRoles(auth, values.roles) ?? [] }),
      beforeUpdate: ({ auth }, values, existing) => {
        assertMayChange(auth, existing);
        const roles = checkedRoles(auth, values.roles);
        return roles === undefined ? values : { ...values, roles };
      },
      beforeDelete: async ({ tx, auth }, row) => {
        assertMayChange(auth, row);
        // Deleting the group would silently take its roles away from the users holding it.
        if ((await countUsersInGroup(tx, row.id)) > 0) throw conflict(ACCESS_MESSAGES.groupInUse);
      },
      afterWrite: ({ auth }, event) => {
        if ((event.action === 'enable' || event.action === 'disable') && event.before) {
          assertMayChange(auth, event.before);
        }
      },
    },
  });
}

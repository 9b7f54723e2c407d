import { can, type Permission } from '@tms/domain';
import type { SystemData } from './system';

/**
 * The user may act by the catalogue's rule (`can`: the administrator, or any wanted role; a scoped
 * permission's name is any of its scopes). Kept apart from `system.ts`, which the shell loads first,
 * so the permission catalogue loads with the screens that ask.
 */
export const hasRole = (system: SystemData, role: Permission | readonly Permission[]) =>
  can(system.roles, role);

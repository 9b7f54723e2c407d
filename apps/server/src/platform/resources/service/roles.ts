import type { ResourceDescriptor, Role } from '@tms/domain';

/** The kernel's actions on a resource, each with the descriptor's roles (`rolesFor`). */
export type ResourceAction = 'read' | 'create' | 'edit' | 'delete';

/** Roles that read a resource (list, export, get, history): its view roles and its edit roles; none: anyone. */
export function readRolesOf(descriptor: ResourceDescriptor): readonly Role[] {
  return descriptor.roles.view.length ? [...descriptor.roles.view, ...descriptor.roles.edit] : [];
}

/** The roles of one of the kernel's actions on a resource (at least one needed; none: any staff user). */
export function rolesFor(descriptor: ResourceDescriptor, action: ResourceAction): readonly Role[] {
  const { roles } = descriptor;
  if (action === 'read') return readRolesOf(descriptor);
  if (action === 'create') return roles.create ?? roles.edit;
  if (action === 'delete') return roles.delete ?? roles.edit;
  return roles.edit;
}

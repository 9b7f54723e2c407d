import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { isKnownRole } from '../permissions';

/** Stable English messages of access groups and users; the web translates them (locales/*\/messages.json). */
export const ACCESS_MESSAGES = {
  /** Deleting a group its users hold would take their roles away silently. */
  groupInUse: 'Access group is assigned to users.',
  /** Granting ROLE_ADMIN (directly or through a group) needs an administrator. */
  adminOnly: 'Only an administrator may grant the administrator role.',
  /** A user gives others only roles they hold (mayGrant). */
  heldOnly: 'You may grant only roles you hold yourself.',
  unknownRole: 'Unknown role.',
} as const;

/** A list of roles of the permission catalogue (the server drops repeats). */
export const roleListSchema = z
  .array(z.string().max(100).refine(isKnownRole, ACCESS_MESSAGES.unknownRole))
  .max(1000);

/** A named set of roles given to users together (spec §6 "access groups"). */
export const accessGroupResource = declareResource({
  name: 'access_group',
  path: '/settings/access-groups',
  title: 'access-groups.title',
  itemTitle: 'access-groups.item',
  keys: 'access-groups.fields',
  fields: {
    name: f.text().listed().searchable().sortable().width('wide'),
    description: f.textarea({ max: 2000 }).optional().listed().searchable(),
    roles: f.of('roles', roleListSchema, z.array(z.string())).defaulted().filterable(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  // Users' forms choose groups, so whoever manages users reads the list too.
  roles: {
    view: [
      'ROLE_ACCESS_GROUP_LIST',
      'ROLE_ACCESS_GROUP_SHOW',
      'ROLE_USER_LIST',
      'ROLE_USER_EDIT',
      'ROLE_USER_CREATE',
    ],
    edit: ['ROLE_ACCESS_GROUP_EDIT'],
    create: ['ROLE_ACCESS_GROUP_CREATE'],
  },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
});
export const accessGroupCreateSchema = accessGroupResource.create;
export const accessGroupSchema = accessGroupResource.entity;
export type AccessGroup = z.infer<typeof accessGroupSchema>;

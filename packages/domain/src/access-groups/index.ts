import { z } from 'zod';
import { enabledField, updatedAtField } from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';
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
export const accessGroupCreateSchema = z.object({
  name: z.string().trim().min(1).max(255),
  description: z.string().trim().max(2000).nullable().optional(),
  roles: roleListSchema.optional(),
});
export const accessGroupSchema = z.object({
  ...entityBase,
  name: z.string(),
  description: z.string().nullable(),
  roles: z.array(z.string()),
  enabled: z.boolean(),
});
export type AccessGroup = z.infer<typeof accessGroupSchema>;

export const accessGroupResource = defineResource({
  name: 'access_group',
  path: '/settings/access-groups',
  title: 'access-groups.title',
  itemTitle: 'access-groups.item',
  titles: { ru: 'Группы доступа', en: 'Access groups' },
  entity: accessGroupSchema,
  create: accessGroupCreateSchema,
  fields: [
    {
      name: 'name',
      type: 'text',
      label: 'access-groups.fields.name',
      listed: true,
      searchable: true,
      sortable: true,
      filterWidth: 'wide',
    },
    {
      name: 'description',
      type: 'textarea',
      label: 'access-groups.fields.description',
      listed: true,
      searchable: true,
    },
    {
      name: 'roles',
      type: 'roles',
      label: 'access-groups.fields.roles',
      filterable: true,
    },
    enabledField,
    updatedAtField,
  ],
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
  toggle: true,
  deletable: true,
});

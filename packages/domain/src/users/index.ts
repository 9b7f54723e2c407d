import { z } from 'zod';
import { roleListSchema } from '../access-groups';
import { updatedAtField } from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';

/** Locales and languages of spec §9. */
export const LOCALES = ['ru-RU', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];

/** How a user's sign-in address is limited: not at all, any office's network, or their own office's. */
export const IP_RESTRICTIONS = ['none', 'any', 'office'] as const;
export type IpRestriction = (typeof IP_RESTRICTIONS)[number];

/** Stable English messages of the users screens; the web translates them (locales/*\/messages.json). */
export const USER_MESSAGES = {
  username: 'The username may contain only Latin letters, digits, dot, dash and underscore.',
  invalidIp: 'This value is not a valid IP address or range.',
  passwordElsewhere: 'The password is changed with the "Set password" action.',
} as const;

/** Latin letters, digits, dot, dash and underscore; unique regardless of case. */
export const usernameSchema = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, USER_MESSAGES.username);

/** Both entries of a new password (spec §5); the rules are checked by the server. */
export const cleartextPasswordSchema = z.strictObject({
  first: z.string().max(1024),
  second: z.string().max(1024),
});

const userFields = {
  username: usernameSchema,
  /** The name of the user's contact (the person behind the account). */
  contactName: z.string().trim().min(1).max(255),
  email: z.email().trim().max(255).nullable().optional(),
  phone: z.string().trim().max(64).nullable().optional(),
  locale: z.enum(LOCALES).optional(),
  nextUi: z.boolean().optional(),
  changePasswordRequired: z.boolean().optional(),
  serviceOfficeId: z.number().int().positive().nullable().optional(),
  active: z.boolean().optional(),
  ipRestriction: z.enum(IP_RESTRICTIONS).optional(),
  remoteAccess: z.boolean().optional(),
  /** IPv4/IPv6 addresses or CIDR ranges let in besides the offices' (checked by the server). */
  allowedIpAddresses: z.array(z.string().trim().min(1).max(100)).max(500).optional(),
  accessGroupIds: z.array(z.number().int().positive()).max(500).optional(),
  /** Roles held directly, besides those of the access groups. */
  roles: roleListSchema.optional(),
};

/** `POST /api/settings/users`: a new user with their first password. */
export const userCreateSchema = z.object({
  ...userFields,
  cleartextPassword: cleartextPasswordSchema,
});

/** A user as the users screens see it (spec §3 User); no password or API key material ever leaves. */
export const userSchema = z.object({
  ...entityBase,
  username: z.string(),
  contactId: z.number().int(),
  contactName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  locale: z.enum(LOCALES),
  localeShort: z.string(),
  language: z.string(),
  nextUi: z.boolean(),
  changePasswordRequired: z.boolean(),
  serviceOfficeId: z.number().int().nullable(),
  lastLoginAt: z.string().nullable(),
  active: z.boolean(),
  ipRestriction: z.enum(IP_RESTRICTIONS),
  remoteAccess: z.boolean(),
  allowedIpAddresses: z.array(z.string()),
  /** An API key exists (it was shown once when generated). */
  hasApiKey: z.boolean(),
  accessGroupIds: z.array(z.number().int()),
  roles: z.array(z.string()),
  /** Own roles plus those of the enabled access groups. */
  effectiveRoles: z.array(z.string()),
});
export type User = z.infer<typeof userSchema>;

/** `POST /api/settings/users/{id}/api-key`: the new key, shown this once. */
export const apiKeySchema = z.object({ apiKey: z.string() });

const label = (name: string) => ({
  label: `users.fields.${name}`,
});

export const userResource = defineResource({
  name: 'user',
  path: '/settings/users',
  title: 'users.title',
  itemTitle: 'users.item',
  titles: { ru: 'Пользователи', en: 'Users' },
  entity: userSchema,
  create: userCreateSchema,
  fields: [
    {
      name: 'username',
      type: 'text',
      ...label('username'),
      listed: true,
      searchable: true,
      sortable: true,
    },
    {
      name: 'contactName',
      type: 'text',
      ...label('contactName'),
      listed: true,
      searchable: true,
      sortable: true,
      filterWidth: 'wide',
    },
    {
      name: 'email',
      type: 'email',
      ...label('email'),
      listed: true,
      searchable: true,
      sortable: true,
    },
    { name: 'phone', type: 'text', ...label('phone'), searchable: true },
    {
      name: 'serviceOfficeId',
      type: 'reference',
      ...label('serviceOffice'),
      reference: { path: '/settings/service-offices', labelField: 'name' },
      filterable: true,
    },
    {
      name: 'accessGroupIds',
      type: 'references',
      ...label('accessGroups'),
      reference: { path: '/settings/access-groups', labelField: 'name' },
      filterable: true,
    },
    {
      name: 'effectiveRoles',
      type: 'roles',
      ...label('effectiveRoles'),
      filterable: true,
      filterWidth: 'wide',
      readOnly: true,
      hiddenInForm: true,
    },
    { name: 'roles', type: 'roles', ...label('roles') },
    {
      name: 'locale',
      type: 'enum',
      optionsKey: 'users.fields.locale',
      ...label('localeLabel'),
      options: LOCALES,
      sortable: true,
    },
    { name: 'nextUi', type: 'boolean', ...label('nextUi') },
    {
      name: 'changePasswordRequired',
      type: 'boolean',
      ...label('changePasswordRequired'),
    },
    {
      name: 'ipRestriction',
      type: 'enum',
      optionsKey: 'users.fields.ipRestriction',
      ...label('ipRestrictionLabel'),
      options: IP_RESTRICTIONS,
      filterable: true,
    },
    {
      name: 'remoteAccess',
      type: 'boolean',
      ...label('remoteAccess'),
      filterable: true,
    },
    {
      name: 'allowedIpAddresses',
      type: 'tags',
      ...label('allowedIpAddresses'),
    },
    {
      name: 'active',
      type: 'boolean',
      ...label('active'),
      listed: true,
      filterable: true,
      sortable: true,
      filterWidth: 'short',
    },
    {
      name: 'lastLoginAt',
      type: 'datetime',
      ...label('lastLoginAt'),
      listed: true,
      sortable: true,
      readOnly: true,
    },
    {
      name: 'hasApiKey',
      type: 'boolean',
      ...label('hasApiKey'),
      readOnly: true,
    },
    updatedAtField,
  ],
  roles: {
    view: ['ROLE_USER_LIST', 'ROLE_USER_SHOW'],
    edit: ['ROLE_USER_EDIT'],
    create: ['ROLE_USER_CREATE'],
  },
  labelField: 'username',
  defaultSort: { field: 'username', order: 'asc' },
  // Users are deactivated, never deleted: the change log and documents keep naming them.
  deletable: false,
});

/**
 * Colleagues: the people behind users, as every signed-in user may see them to pick a curator, forwarder
 * or seller and to read their names on records. Only what identifies a colleague, never access details.
 */
export const colleagueSchema = z.object({
  ...entityBase,
  username: z.string(),
  contactName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  serviceOfficeId: z.number().int().nullable(),
  active: z.boolean(),
});
export type Colleague = z.infer<typeof colleagueSchema>;

/** How a field names a user: through the colleagues directory, which every signed-in user may read. */
export const colleagueReference = { path: '/users/colleagues', labelField: 'contactName' } as const;

export const colleagueResource = defineResource({
  name: 'colleague',
  path: '/users/colleagues',
  title: 'users.colleagues.title',
  itemTitle: 'users.colleagues.item',
  titles: { ru: 'Сотрудники', en: 'Colleagues' },
  entity: colleagueSchema,
  create: z.object({}),
  fields: [
    {
      name: 'contactName',
      type: 'text',
      ...label('contactName'),
      listed: true,
      searchable: true,
      sortable: true,
    },
    { name: 'username', type: 'text', ...label('username'), searchable: true },
    { name: 'email', type: 'email', ...label('email'), listed: true, searchable: true },
    { name: 'phone', type: 'text', ...label('phone'), searchable: true },
    {
      name: 'serviceOfficeId',
      type: 'reference',
      ...label('serviceOffice'),
      reference: { path: '/settings/service-offices', labelField: 'name' },
      listed: true,
      filterable: true,
    },
    { name: 'active', type: 'boolean', ...label('active'), filterable: true },
  ],
  roles: { view: [], edit: [] },
  labelField: 'contactName',
  defaultSort: { field: 'contactName', order: 'asc' },
  readOnly: true,
});

import { z } from 'zod';
import { accessGroupResource, roleListSchema } from '../access-groups';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { serviceOfficeResource } from '../company/service-offices';

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
  /** Acting on a user (password, API key, edit, roles, groups, deactivation) needs every role he holds. */
  manageHeldOnly: 'You may manage only users whose permissions you hold.',
  /** A password someone else chose stays to be changed: only its user's new password clears the flag. */
  passwordChangeStays: 'Only the user clears this, by choosing a new password.',
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

/** A user as the users screens see it (spec §3 User); no password or API key material ever leaves. */
export const userResource = declareResource({
  name: 'user',
  path: '/settings/users',
  title: 'users.title',
  itemTitle: 'users.item',
  keys: 'users.fields',
  fields: {
    username: f.text().input(usernameSchema).listed().searchable().sortable(),
    /** The name of the user's contact (the person behind the account). */
    contactName: f.text().listed().searchable().sortable().width('wide'),
    email: f.of('email', z.email().trim().max(255), z.string()).optional().listed().searchable().sortable(),
    phone: f.text({ max: 64 }).optional().searchable(),
    serviceOfficeId: f
      .reference(serviceOfficeResource)
      .optional()
      .label('users.fields.serviceOffice')
      .filterable(),
    accessGroupIds: f
      .references(accessGroupResource, undefined, { max: 500 })
      .defaulted()
      .label('users.fields.accessGroups')
      .filterable(),
    /** Own roles plus those of the enabled access groups. */
    effectiveRoles: f
      .of('roles', z.array(z.string()), z.array(z.string()))
      .readOnly()
      .filterable()
      .width('wide')
      .hiddenInForm(),
    /** Roles held directly, besides those of the access groups. */
    roles: f.of('roles', roleListSchema, z.array(z.string())).defaulted(),
    locale: f
      .enum(LOCALES)
      .defaulted()
      .label('users.fields.localeLabel')
      .optionsKey('users.fields.locale')
      .sortable(),
    nextUi: f.boolean().defaulted(),
    /**
     * The user must choose a new password at the next sign-in. Always true for a new user (the first password
     * is someone else's choice); a manager may set it, only the user's own new password clears it.
     */
    changePasswordRequired: f.boolean().defaulted(),
    ipRestriction: f
      .enum(IP_RESTRICTIONS)
      .defaulted()
      .label('users.fields.ipRestrictionLabel')
      .optionsKey('users.fields.ipRestriction')
      .filterable(),
    remoteAccess: f.boolean().defaulted().filterable(),
    /** IPv4/IPv6 addresses or CIDR ranges let in besides the offices' (checked by the server). */
    allowedIpAddresses: f
      .of('tags', z.array(z.string().trim().min(1).max(100)).max(500), z.array(z.string()))
      .defaulted(),
    active: f.boolean().defaulted().listed().filterable().sortable().width('short'),
    lastLoginAt: f.of('datetime', z.string(), z.string()).readOnly().optional().listed().sortable(),
    /** An API key exists (it was shown once when generated). */
    hasApiKey: f.boolean().readOnly(),
    updatedAt: f.updatedAt(),
    contactId: f.integer().readOnly().schemaOnly(),
    localeShort: f.text().readOnly().schemaOnly(),
    language: f.text().readOnly().schemaOnly(),
    /** The first password (`POST /api/settings/users`); later ones through "Set password". */
    cleartextPassword: f.of('json', cleartextPasswordSchema, z.never()).writeOnly().schemaOnly(),
  },
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
export const userCreateSchema = userResource.create;
export const userSchema = userResource.entity;
export type User = z.infer<typeof userSchema>;

/** `POST /api/settings/users/{id}/api-key`: the new key, shown this once. */
export const apiKeySchema = z.object({ apiKey: z.string() });

/** How a field names a user: through the colleagues directory, which every signed-in user may read. */
export const colleagueReference = { path: '/users/colleagues', labelField: 'contactName' } as const;

/**
 * Colleagues: the people behind users, as every signed-in user may see them to pick a curator, forwarder
 * or seller and to read their names on records. Only what identifies a colleague, never access details.
 */
export const colleagueResource = declareResource({
  name: 'colleague',
  path: colleagueReference.path,
  title: 'users.colleagues.title',
  itemTitle: 'users.colleagues.item',
  keys: 'users.fields',
  fields: {
    contactName: f.text().listed().searchable().sortable(),
    username: f.text().searchable(),
    email: f.of('email', z.string(), z.string()).optional().listed().searchable(),
    phone: f.text().optional().searchable(),
    serviceOfficeId: f
      .reference(serviceOfficeResource)
      .optional()
      .label('users.fields.serviceOffice')
      .listed()
      .filterable(),
    active: f.boolean().filterable(),
  },
  roles: { view: [], edit: [] },
  labelField: 'contactName',
  defaultSort: { field: 'contactName', order: 'asc' },
  readOnly: true,
});
export const colleagueSchema = colleagueResource.entity;
export type Colleague = z.infer<typeof colleagueSchema>;

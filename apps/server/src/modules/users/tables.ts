import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { listIndexes } from '../../platform/resources/indexes';
import { accessGroups } from '../access-groups/tables';
import { contacts } from '../contacts/tables';
import { serviceOffices } from '../settings/tables';

export const users = pgTable(
  'users',
  {
    ...entityColumns(),
    username: text('username').notNull(),
    /** argon2id hash; never leaves the server. */
    passwordHash: text('password_hash').notNull(),
    /** Hash of the password before the current one: "cannot equal the previous one". */
    previousPasswordHash: text('previous_password_hash'),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id),
    serviceOfficeId: integer('service_office_id').references(() => serviceOffices.id),
    locale: text('locale').notNull().default('ru-RU'),
    nextUi: boolean('next_ui').notNull().default(false),
    darkTheme: boolean('dark_theme').notNull().default(false),
    changePasswordRequired: boolean('change_password_required').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** none | any | office: see docs/decisions/002-ip-restriction.md */
    ipRestriction: text('ip_restriction').notNull().default('none'),
    remoteAccess: boolean('remote_access').notNull().default(false),
    allowedIpAddresses: text('allowed_ip_addresses').array().notNull().default([]),
    /** Hash of the user's API key for machine access; the key itself is shown once. */
    apiKeyHash: text('api_key_hash'),
    roles: text('roles').array().notNull().default([]),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    // Kept by the trigger users_derive (migration users_derived_columns) from the contact, the
    // access groups and user_access_groups, so the users list sorts, filters and searches them.
    contactName: text('contact_name').notNull().default(''),
    email: text('contact_email'),
    phone: text('contact_phone'),
    accessGroupIds: integer('access_group_ids').array().notNull().default([]),
    effectiveRoles: text('effective_roles').array().notNull().default([]),
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    index('users_service_office_idx').on(t.serviceOfficeId),
    ...listIndexes('users', t, {
      sortable: [t.contactName, t.email, t.lastLoginAt],
      searchText: t.searchText,
    }),
    index('users_access_groups_idx').using('gin', t.accessGroupIds),
    index('users_effective_roles_idx').using('gin', t.effectiveRoles),
  ],
);

export const userAccessGroups = pgTable(
  'user_access_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessGroupId: integer('access_group_id')
      .notNull()
      .references(() => accessGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accessGroupId] }), index('uag_group_idx').on(t.accessGroupId)],
);

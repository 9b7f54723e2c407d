// Identity and access: people (contacts), users, access groups, offices. Platform tables: sign-in,
// sessions, permissions, the change log and saved list views rely on them, and platform code imports no
// module.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns';
import { listIndexes, searchTextColumn } from '../resources/indexes';

/**
 * A contact may belong to a counterparty (`contacts.counterparty_id`). The counterparties table is the
 * counterparties module's, which the platform does not import: the foreign key names it through this
 * stand-in, which is not part of the schema (drizzle-kit writes the same constraint from its name).
 */
const counterpartiesTable = pgTable('counterparties', { id: integer('id') });

/** A named set of roles given to users together. */
export const accessGroups = pgTable('access_groups', {
  ...entityColumns(),
  name: text('name').notNull().unique(),
  description: text('description'),
  roles: text('roles').array().notNull().default([]),
  enabled: boolean('enabled').notNull().default(true),
});

/** An office of the company; its IP addresses back the "office only" sign-in restriction. */
export const serviceOffices = pgTable(
  'service_offices',
  {
    ...entityColumns(),
    name: text('name').notNull(),
    code: text('code'),
    address: text('address'),
    /** IPv4/IPv6 addresses or CIDR ranges of the office network. */
    ipAddresses: text('ip_addresses').array().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name', 'code', 'address'),
  },
  (t) => [
    uniqueIndex('service_offices_name_uq').on(t.name),
    ...listIndexes('service_offices', t, {
      sortable: [t.code, t.address, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** One detail of a configured contact info type (settings contact_info_types). */
export interface ContactInfoValue {
  typeId: number;
  value: string;
}

/**
 * A person: an employee behind a user, or a counterparty's contact (`counterparty_id` set; the
 * counterparties module keeps those as the `counterparty_contact` resource).
 */
export const contacts = pgTable(
  'contacts',
  {
    ...entityColumns(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    counterpartyId: integer('counterparty_id').references(() => counterpartiesTable.id, {
      onDelete: 'cascade',
    }),
    /** The staff position at the counterparty. */
    position: text('position'),
    /** Further addresses, ", "-joined. */
    emails: text('emails'),
    contactInfos: jsonb('contact_infos').$type<ContactInfoValue[]>().notNull().default([]),
    comment: text('comment'),
    enabled: boolean('enabled').notNull().default(true),
    /** Digits of the phone, last ten: the form compared by the similar search whatever the prefix. */
    phoneKey: text('phone_key').generatedAlwaysAs(
      sql`nullif(right(regexp_replace(coalesce(phone, ''), '\\D', '', 'g'), 10), '')`,
    ),
    searchText: searchTextColumn('name', 'position', 'email', 'phone'),
  },
  (t) => [
    index('contacts_name_idx').on(t.name),
    index('contacts_counterparty_idx').on(t.counterpartyId),
    index('contacts_email_lower_idx').on(sql`lower(${t.email})`),
    index('contacts_phone_key_idx').on(t.phoneKey),
    index('contacts_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

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
    // Every request with an X-Api-Key looks its hash up; two users never share a key.
    uniqueIndex('users_api_key_uq').on(t.apiKeyHash),
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

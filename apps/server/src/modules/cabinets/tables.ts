import type { CabinetKind, ContractorBillStatus } from '@tms/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { counterparties } from '../counterparties';
import { jobs } from '../operations';
import { currencies } from '../reference-data';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * People of a counterparty signing in to one of its cabinets (spec §6 "Cabinet user management"): never
 * staff users, so no staff table, role or scope reaches them. `kind` is the cabinet (`CABINET_KINDS`): the
 * client's, the contractor's or the carrier's. The e-mail is the sign-in name, unique across cabinets (one
 * mailbox, one account); no password until the invitation's link is used.
 */
export const cabinetUsers = pgTable(
  'cabinet_users',
  {
    ...entityColumns(),
    counterpartyId: integer('counterparty_id')
      .notNull()
      .references(() => counterparties.id),
    kind: text('kind').$type<CabinetKind>().notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    roles: text('roles').array().notNull().default([]),
    disabled: boolean('disabled').notNull().default(false),
    passwordHash: text('password_hash'),
    lastLoginAt: at('last_login_at'),
    /** Whether his cabinet's notifications also come to him by mail (his own switch). */
    mailNotifications: boolean('mail_notifications').notNull().default(true),
  },
  (t) => [
    uniqueIndex('cabinet_users_email_idx').on(sql`lower(${t.email})`),
    index('cabinet_users_counterparty_idx').on(t.counterpartyId),
  ],
);

/**
 * One-time links of invitations and password resets: only the token's hash is kept; a link is used once
 * (`usedAt`), dies at `expiresAt`, and a newer link of the same user ends the older ones.
 */
export const cabinetUserLinks = pgTable(
  'cabinet_user_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    cabinetUserId: integer('cabinet_user_id')
      .notNull()
      .references(() => cabinetUsers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('cabinet_user_links_user_idx').on(t.cabinetUserId)],
);

/**
 * A signed-in cabinet user's session: the token is random and opaque (no staff JWT can be mistaken for
 * it, nor it for one), only its hash is kept; disabling the user or resetting his password ends them.
 */
export const cabinetSessions = pgTable(
  'cabinet_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    cabinetUserId: integer('cabinet_user_id')
      .notNull()
      .references(() => cabinetUsers.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('cabinet_sessions_token_idx').on(t.tokenHash),
    index('cabinet_sessions_user_idx').on(t.cabinetUserId),
  ],
);

/**
 * Mails the cabinets send (invitations, resets), written in the transaction that decided them and sent by
 * the `cabinets.mail` job once it commits; the body, holding a one-time link, is blanked once sent.
 */
export const cabinetMails = pgTable(
  'cabinet_mails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [index('cabinet_mails_unsent_idx').on(t.id).where(sql`${t.sentAt} IS NULL`)],
);

/**
 * What the cabinet tells a cabinet user of his counterparty's records (a stage reached, a document added, a
 * bill issued), one row per user and domain event (delivered at least once, written once), read in the
 * cabinet's bell. The text's values are kept, the words are the web's.
 */
export const cabinetNotifications = pgTable(
  'cabinet_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cabinetUserId: integer('cabinet_user_id')
      .notNull()
      .references(() => cabinetUsers.id, { onDelete: 'cascade' }),
    counterpartyId: integer('counterparty_id').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    link: text('link').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    readAt: at('read_at'),
  },
  (t) => [
    uniqueIndex('cabinet_notifications_event_idx').on(t.cabinetUserId, t.eventId),
    index('cabinet_notifications_user_idx').on(t.cabinetUserId, t.id),
  ],
);

/**
 * A cabinet user's API keys (docs/cabinets.md "API keys of cabinet users"): only the key's hash is kept,
 * with its first characters to tell it apart; its roles are those it may use of its user's (read again
 * with his on every call), its allow-list the addresses it is accepted from (empty: any). Revoked keys stay,
 * for the record.
 */
export const cabinetApiKeys = pgTable(
  'cabinet_api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cabinetUserId: integer('cabinet_user_id')
      .notNull()
      .references(() => cabinetUsers.id, { onDelete: 'cascade' }),
    /** His counterparty's, so the database's wall keeps a cabinet to its own. */
    counterpartyId: integer('counterparty_id').notNull(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    roles: text('roles').array().notNull().default([]),
    allowedIps: text('allowed_ips').array().notNull().default([]),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('cabinet_api_keys_hash_idx').on(t.keyHash),
    index('cabinet_api_keys_user_idx').on(t.cabinetUserId),
  ],
);

/**
 * What happens in the cabinets, for the PCC analytics (docs/reports.md "PCC analytics"): one row per event
 * (`CABINET_EVENTS`), written by `logCabinetEvent` where it happens; the user (null for a counterparty's
 * key) and what it was about (the order, the file, the request).
 */
export const cabinetEvents = pgTable(
  'cabinet_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: at('at').notNull().defaultNow(),
    kind: text('kind').$type<CabinetKind>().notNull(),
    counterpartyId: integer('counterparty_id').notNull(),
    cabinetUserId: integer('cabinet_user_id').references(() => cabinetUsers.id, { onDelete: 'set null' }),
    apiKeyId: integer('api_key_id'),
    event: text('event').notNull(),
    entityType: text('entity_type'),
    entityId: integer('entity_id'),
    ip: text('ip'),
  },
  (t) => [
    index('cabinet_events_counterparty_idx').on(t.counterpartyId, t.at),
    index('cabinet_events_at_idx').on(t.at),
    // The requests created in a cabinet, found by the orders made of them (the analytics' share).
    index('cabinet_events_request_idx').on(t.entityId).where(sql`${t.event} = 'requestCreated'`),
  ],
);

const amount = (name: string) => numeric(name, { precision: 18, scale: 2 });

/**
 * A contractor's own bill for one of his jobs, sent from his portal with its PDF (a file of the job), for
 * the job's forwarder to accept or reject (docs/cabinets.md "Contractors' bills"). Accepting it makes no
 * finance bill: the forwarder enters the expense bill as before. One number per contractor.
 */
export const contractorBills = pgTable(
  'contractor_bills',
  {
    ...entityColumns(),
    counterpartyId: integer('counterparty_id')
      .notNull()
      .references(() => counterparties.id),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    number: text('number').notNull(),
    date: date('date').notNull(),
    amount: amount('amount').notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    vatAmount: amount('vat_amount'),
    fileId: integer('file_id').notNull(),
    status: text('status').$type<ContractorBillStatus>().notNull().default('SUBMITTED'),
    rejectReason: text('reject_reason'),
  },
  (t) => [
    uniqueIndex('contractor_bills_number_idx').on(t.counterpartyId, t.number),
    index('contractor_bills_job_idx').on(t.jobId),
  ],
);

import type { LocalizedText, NotificationLink, NotificationScope } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../identity/tables';

/**
 * One notification of one recipient. The content is rendered in the reader's language when read, from
 * the type's text and `params`; `links` are what its `%%slug%%` markers stand for.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The recipient's contact: the real-time channels are per contact (spec §4). */
    contactId: integer('contact_id').notNull(),
    type: text('type').notNull(),
    params: jsonb('params').$type<Record<string, string | LocalizedText>>().notNull().default({}),
    links: jsonb('links').$type<Record<string, NotificationLink>>().notNull().default({}),
    colour: text('colour').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The recipient asked for this type by e-mail too (their subscription when it was raised). */
    mail: boolean('mail').notNull().default(false),
    /** When the e-mail carrying it went out; null: not (yet) mailed. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_user_unread_idx').on(t.userId, t.id).where(sql`${t.readAt} IS NULL`),
    // The mailer's queue: what is still to be mailed, however large the history grows.
    index('notifications_mail_queue_idx').on(t.userId, t.id).where(sql`${t.mail} AND ${t.mailedAt} IS NULL`),
  ],
);

/** A user's choice for one notification type; no row: the type's default scope. */
export const notificationSubscriptions = pgTable(
  'notification_subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    scope: text('scope').$type<NotificationScope>().notNull(),
    /** Also by e-mail (in the digest of `mailer.ts`). */
    mail: boolean('mail').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/**
 * Per user, when their last digest mail went out (at most one per `mailDigestMinutes`) and, after a
 * refused or failed send, how many failed in a row and when the next attempt is due.
 */
export const notificationMailings = pgTable('notification_mailings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  failures: integer('failures').notNull().default(0),
  retryAt: timestamp('retry_at', { withTimezone: true }),
});

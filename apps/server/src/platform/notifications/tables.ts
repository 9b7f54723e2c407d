import type { LocalizedText, NotificationLink, NotificationScope } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
    /** When the e-mail carrying it went out; null: not (yet) mailed. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_user_unread_idx').on(t.userId, t.id).where(sql`${t.readAt} IS NULL`),
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
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

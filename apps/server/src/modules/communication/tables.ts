import type { ReplyKind } from '@tms/domain';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { users } from '../../platform/identity/tables';

/** An announcement to the staff: sanitized rich text; important ones wait in a modal until read. */
export const announcements = pgTable(
  'announcements',
  {
    ...entityColumns(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    isImportant: boolean('is_important').notNull().default(false),
    /** The service offices it is meant for; empty: everyone (spec §4 downgrade rule). */
    serviceOfficeIds: integer('service_office_ids').array().notNull().default([]),
  },
  (t) => [index('announcements_created_idx').on(t.createdAt, t.id)],
);

/** Who read which announcement. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);

/** A reply to an announcement, a complaint about it, or the answer to a complaint. */
export const announcementReplies = pgTable(
  'announcement_replies',
  {
    ...entityColumns(),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    kind: text('kind').$type<ReplyKind>().notNull().default('reply'),
    complaintId: integer('complaint_id'),
  },
  (t) => [index('announcement_replies_announcement_idx').on(t.announcementId, t.id)],
);

/** Who read which reply (a reader's own replies count as read). */
export const announcementReplyReads = pgTable(
  'announcement_reply_reads',
  {
    replyId: integer('reply_id')
      .notNull()
      .references(() => announcementReplies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.replyId] })],
);

/** A note about a release, shown once per user on the screens (route names) it concerns. */
export const versionNews = pgTable('version_news', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** The release it tells about (the spec's `version`). */
  release: text('release').notNull(),
  shortContent: text('short_content').notNull(),
  routeNames: text('route_names').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const versionNewsReads = pgTable(
  'version_news_reads',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => versionNews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.newsId] }), index('version_news_reads_news_idx').on(t.newsId)],
);

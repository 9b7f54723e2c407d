import {
  ANNOUNCEMENT_MESSAGES as A,
  type Announcement,
  can,
  importantFor,
  MESSAGES,
  type Reply,
  richTextBlank,
} from '@tms/domain';
import { desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { readEach, type Tx } from '../../db/connection';
import type { AuthContext } from '../../platform/auth/context';
import type { Clock } from '../../platform/clock';
import { fieldError } from '../../platform/errors';
import { users } from '../../platform/identity/tables';
import { sanitizeRichText } from '../../platform/rich-text/sanitize';
import { getOptions } from '../options';
import { announcementReads, announcementReplies, announcementReplyReads, announcements } from './tables';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type ReplyRow = typeof announcementReplies.$inferSelect;

/** Stored rich text: sanitized, and not blank once sanitized (a lone script is nothing to read). */
export function richTextOf(html: string, path: readonly string[] = ['content']): string {
  const clean = sanitizeRichText(html);
  if (richTextBlank(clean)) throw fieldError(path, MESSAGES.blank);
  return clean;
}

/**
 * Who may change a text: its author within the edit timeout of the options (spec §3), or a holder of
 * "edit all" at any time; anyone else is refused as if the time had passed for them too.
 */
export async function editableBy(
  tx: Tx,
  auth: AuthContext,
  row: { authorId: number; createdAt: Date },
  now: Date,
): Promise<boolean> {
  if (can(auth.roles, 'ROLE_ANNOUNCEMENT_EDIT_ALL')) return true;
  if (row.authorId !== auth.userId) return false;
  const { announcementEditTimeout } = await getOptions(tx);
  return now.getTime() - row.createdAt.getTime() < announcementEditTimeout * 60_000;
}

export async function assertEditable(
  tx: Tx,
  auth: AuthContext,
  row: { authorId: number; createdAt: Date },
  now: Date,
): Promise<void> {
  if (!(await editableBy(tx, auth, row, now))) throw fieldError([], A.editTimeExceeded);
}

const authorName = sql<string>`coalesce(nullif(${users.contactName}, ''), ${users.username})`;

/** Announcements as the reader sees them: read or not, with reply counts, the importance as it reaches them. */
export async function readAnnouncements(
  tx: Tx,
  auth: AuthContext,
  clock: Clock,
  options: { where?: SQL; limit?: number; offset?: number },
): Promise<Announcement[]> {
  const me = auth.userId;
  const rows = await tx
    .select({
      row: announcements,
      authorName,
      read: sql<boolean>`EXISTS (SELECT 1 FROM ${announcementReads} r WHERE r.announcement_id = ${announcements.id} AND r.user_id = ${me})`,
      total: sql<number>`(SELECT count(*)::int FROM ${announcementReplies} rp WHERE rp.announcement_id = ${announcements.id})`,
      notRead: sql<number>`(SELECT count(*)::int FROM ${announcementReplies} rp WHERE rp.announcement_id = ${announcements.id}
        AND rp.author_id <> ${me}
        AND NOT EXISTS (SELECT 1 FROM ${announcementReplyReads} rr WHERE rr.reply_id = rp.id AND rr.user_id = ${me}))`,
    })
    .from(announcements)
    .innerJoin(users, eq(users.id, announcements.authorId))
    .where(options.where)
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(options.limit ?? 1000)
    .offset(options.offset ?? 0);
  const now = clock();
  return readEach(tx, rows, async ({ row, authorName: name, read, total, notRead }) => ({
    id: row.id,
    version: row.version,
    title: row.title,
    content: row.content,
    author: { id: row.authorId, contactName: name },
    createdTimestamp: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isImportant: row.isImportant,
    serviceOffices: row.serviceOfficeIds,
    replyCount: { total, notRead },
    read,
    editable: await editableBy(tx, auth, row, now),
  }));
}

/** The unread announcements of the reader, newest first, each important only where it is for them. */
export async function notReadAnnouncements(tx: Tx, auth: AuthContext, clock: Clock): Promise<Announcement[]> {
  const list = await readAnnouncements(tx, auth, clock, {
    where: sql`NOT EXISTS (SELECT 1 FROM ${announcementReads} r WHERE r.announcement_id = ${announcements.id} AND r.user_id = ${auth.userId})`,
    limit: 200,
  });
  return list.map((a) => ({ ...a, isImportant: importantFor(a, auth.serviceOfficeId) }));
}

export function searchCondition(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  return ilike(announcements.title, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

export async function readReplies(
  tx: Tx,
  auth: AuthContext,
  clock: Clock,
  announcementId: number,
): Promise<Reply[]> {
  const me = auth.userId;
  const rows = await tx
    .select({
      row: announcementReplies,
      authorName,
      read: sql<boolean>`(${announcementReplies.authorId} = ${me} OR EXISTS (SELECT 1 FROM ${announcementReplyReads} rr WHERE rr.reply_id = ${announcementReplies.id} AND rr.user_id = ${me}))`,
    })
    .from(announcementReplies)
    .innerJoin(users, eq(users.id, announcementReplies.authorId))
    .where(eq(announcementReplies.announcementId, announcementId))
    .orderBy(announcementReplies.id);
  const now = clock();
  return readEach(tx, rows, ({ row, authorName: name, read }) => replyOf(tx, auth, row, name, read, now));
}

export async function replyOf(
  tx: Tx,
  auth: AuthContext,
  row: ReplyRow,
  name: string,
  read: boolean,
  now: Date,
): Promise<Reply> {
  return {
    id: row.id,
    version: row.version,
    announcementId: row.announcementId,
    content: row.content,
    kind: row.kind,
    complaintId: row.complaintId,
    author: { id: row.authorId, contactName: name },
    createdTimestamp: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    read,
    editable: await editableBy(tx, auth, row, now),
  };
}

export async function nameOf(tx: Tx, userId: number): Promise<string> {
  const [row] = await tx.select({ name: authorName }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

/** Marks announcements read by the user; answers the ids that were unread. */
export async function markRead(tx: Tx, userId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await tx
    .insert(announcementReads)
    .values(ids.map((announcementId) => ({ announcementId, userId })))
    .onConflictDoNothing()
    .returning({ id: announcementReads.announcementId });
  return rows.map((r) => r.id);
}

/** Marks every reply of an announcement read by the user. */
export async function markRepliesRead(tx: Tx, userId: number, announcementId: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${announcementReplyReads} (reply_id, user_id)
    SELECT id, ${userId} FROM ${announcementReplies} WHERE announcement_id = ${announcementId}
    ON CONFLICT DO NOTHING`);
}

import {
  ANNOUNCEMENT_MESSAGES as A,
  announcementCreateSchema,
  announcementListQuerySchema,
  announcementSchema,
  announcementUpdateSchema,
  can,
  dataSchema,
  idParamSchema,
  listResultSchema,
  MESSAGES,
  type Role,
  recordIdSchema,
  replyCreateSchema,
  replySchema,
  replyUpdateSchema,
} from '@tms/domain';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/connection';
import type { AuthContext } from '../../platform/auth/context';
import { changeEntrySchema, changeHistory, changeLogQuerySchema } from '../../platform/changelog/history';
import { diff, recordChange } from '../../platform/changelog/service';
import { changeLog } from '../../platform/changelog/tables';
import { conflict, fieldError, notFound } from '../../platform/errors';
import { recordEvent } from '../../platform/events/outbox';
import type { App } from '../../platform/http/types';
import { serviceOffices } from '../../platform/identity/tables';
import { notify } from '../../platform/notifications/notify';
import { publish } from '../../platform/realtime/hub';
import { requestContext } from '../../platform/resources';
import {
  type AnnouncementRow,
  assertEditable,
  markRead,
  markRepliesRead,
  nameOf,
  notReadAnnouncements,
  readAnnouncements,
  readReplies,
  replyOf,
  richTextOf,
  searchCondition,
} from './announcements';
import { announcementReplies, announcements } from './tables';
import versionNewsRoutes from './version-news';

/** The header's announcements are for the holders of ROLE_COMPANY_CHAPTERS (spec §2, §6). */
const roles: Role[] = ['ROLE_COMPANY_CHAPTERS'];
const tags = ['announcements'];
const done = z.object({ data: z.null() });
const replyParams = z.object({ id: recordIdSchema, replyId: recordIdSchema });

async function lockedAnnouncement(tx: Tx, id: number): Promise<AnnouncementRow> {
  const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

async function checkOffices(tx: Tx, ids: readonly number[] | undefined): Promise<void> {
  if (!ids?.length) return;
  const [found] = await tx
    .select({ n: count() })
    .from(serviceOffices)
    .where(inArray(serviceOffices.id, [...new Set(ids)]));
  if (found!.n !== new Set(ids).size) throw fieldError(['serviceOffices'], MESSAGES.invalid);
}

function checkImportant(auth: AuthContext, important: boolean | undefined, before = false): void {
  if (important !== undefined && important !== before && !can(auth.roles, 'ROLE_ANNOUNCEMENT_IMPORTANT_EDIT'))
    throw fieldError(['isImportant'], A.importantNotAllowed);
}

const editedMembers = (row: AnnouncementRow) => ({
  title: row.title,
  content: row.content,
  isImportant: row.isImportant,
  serviceOffices: row.serviceOfficeIds,
});

/**
 * Announcements (spec §2-§4, §7): the list and record screens, the header's unread ones with their read
 * marks, replies, complaints and the answers to them, the edit timeout and the edit log. Every change goes
 * out on the shell's channels (`announcements_new`, `announcements_read/{userId}`,
 * `announcements_read_all/{userId}`).
 */
export default async function communicationRoutes(app: App): Promise<void> {
  const db = app.database.db;
  const one = async (tx: Tx, auth: AuthContext, id: number) => {
    const [found] = await readAnnouncements(tx, auth, app.clock, {
      where: eq(announcements.id, id),
      limit: 1,
    });
    if (!found) throw notFound();
    return found;
  };

  app.get(
    '/announcements',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Announcements, newest first',
        querystring: announcementListQuerySchema,
        response: { 200: dataSchema(listResultSchema(announcementSchema)) },
      },
    },
    async (request) => {
      const { page, itemsPerPage, search } = request.query;
      const where = searchCondition(search);
      const [collection, [counted]] = await Promise.all([
        readAnnouncements(db, request.auth!, app.clock, {
          where,
          limit: itemsPerPage,
          offset: (page - 1) * itemsPerPage,
        }),
        db.select({ n: count() }).from(announcements).where(where),
      ]);
      return { data: { collection, total: counted!.n } };
    },
  );

  app.get(
    '/announcements/not-read',
    {
      config: { roles },
      schema: {
        tags,
        summary: "The reader's unread announcements; important only where meant for their office",
        response: { 200: dataSchema(z.array(announcementSchema)) },
      },
    },
    async (request) => ({ data: await notReadAnnouncements(db, request.auth!, app.clock) }),
  );

  app.post(
    '/announcements',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Publishes an announcement',
        body: announcementCreateSchema,
        response: { 201: dataSchema(announcementSchema) },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const body = request.body;
      checkImportant(auth, body.isImportant);
      const content = richTextOf(body.content);
      const created = await db.transaction(async (tx) => {
        await checkOffices(tx, body.serviceOffices);
        const [row] = await tx
          .insert(announcements)
          .values({
            title: body.title,
            content,
            authorId: auth.userId,
            isImportant: body.isImportant,
            serviceOfficeIds: [...new Set(body.serviceOffices)],
            createdAt: app.clock(),
            updatedAt: app.clock(),
          })
          .returning();
        await recordEvent(tx, {
          entityType: 'announcement',
          entityId: row!.id,
          kind: 'create',
          version: 1,
          auth,
        });
        // The author has read what they wrote.
        await markRead(tx, auth.userId, [row!.id]);
        const entity = await one(tx, auth, row!.id);
        const {
          content: _content,
          read: _read,
          editable: _editable,
          replyCount: _count,
          ...summary
        } = entity;
        await publish(tx, 'announcements_new', summary);
        return entity;
      });
      return reply.code(201).send({ data: created });
    },
  );

  app.post(
    '/announcements/mark-read-all',
    {
      config: { roles },
      schema: { tags, summary: 'Marks every ordinary unread announcement read', response: { 200: done } },
    },
    async (request) => {
      const auth = request.auth!;
      await db.transaction(async (tx) => {
        const unread = await notReadAnnouncements(tx, auth, app.clock);
        // Important ones wait for their own mark, one by one (spec §2).
        await markRead(
          tx,
          auth.userId,
          unread.filter((a) => !a.isImportant).map((a) => a.id),
        );
        await publish(tx, `announcements_read_all/${auth.userId}`, {});
      });
      return { data: null };
    },
  );

  app.get(
    '/announcements/:id',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'One announcement',
        params: idParamSchema,
        response: { 200: dataSchema(announcementSchema) },
      },
    },
    async (request) => ({ data: await one(db, request.auth!, request.params.id) }),
  );

  app.put(
    '/announcements/:id',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Edits an announcement: its author within the edit timeout, or whoever may edit all',
        params: idParamSchema,
        body: announcementUpdateSchema,
        response: { 200: dataSchema(announcementSchema) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const body = request.body;
      const data = await db.transaction(async (tx) => {
        const before = await lockedAnnouncement(tx, request.params.id);
        await assertEditable(tx, auth, before, app.clock());
        if (before.version !== body.version) throw conflict();
        checkImportant(auth, body.isImportant, before.isImportant);
        await checkOffices(tx, body.serviceOffices);
        const [after] = await tx
          .update(announcements)
          .set({
            ...(body.title === undefined ? {} : { title: body.title }),
            ...(body.content === undefined ? {} : { content: richTextOf(body.content) }),
            ...(body.isImportant === undefined ? {} : { isImportant: body.isImportant }),
            ...(body.serviceOffices === undefined
              ? {}
              : { serviceOfficeIds: [...new Set(body.serviceOffices)] }),
            version: before.version + 1,
            updatedAt: app.clock(),
          })
          .where(eq(announcements.id, before.id))
          .returning();
        const changes = diff(editedMembers(before), editedMembers(after!));
        if (Object.keys(changes).length)
          await recordChange(tx, {
            entityType: 'announcement',
            entityId: before.id,
            action: 'update',
            auth,
            changes,
            version: after!.version,
          });
        return one(tx, auth, before.id);
      });
      return { data };
    },
  );

  app.post(
    '/announcements/:id/mark-read',
    {
      config: { roles },
      schema: { tags, summary: 'Marks an announcement read', params: idParamSchema, response: { 200: done } },
    },
    async (request) => {
      const auth = request.auth!;
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: announcements.id })
          .from(announcements)
          .where(eq(announcements.id, request.params.id));
        if (!row) throw notFound();
        await markRead(tx, auth.userId, [row.id]);
        await publish(tx, `announcements_read/${auth.userId}`, { id: row.id });
      });
      return { data: null };
    },
  );

  app.get(
    '/announcements/:id/replies',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'The replies, complaints and answers to complaints of an announcement, oldest first',
        params: idParamSchema,
        response: { 200: dataSchema(z.array(replySchema)) },
      },
    },
    async (request) => {
      await one(db, request.auth!, request.params.id);
      return { data: await readReplies(db, request.auth!, app.clock, request.params.id) };
    },
  );

  app.post(
    '/announcements/:id/replies/mark-read',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Marks every reply of an announcement read',
        params: idParamSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await one(db, request.auth!, request.params.id);
      await markRepliesRead(db, request.auth!.userId, request.params.id);
      return { data: null };
    },
  );

  app.post(
    '/announcements/:id/replies',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Replies to an announcement, complains about it, or answers a complaint',
        params: idParamSchema,
        body: replyCreateSchema,
        response: { 201: dataSchema(replySchema) },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const body = request.body;
      const content = richTextOf(body.content);
      const data = await db.transaction(async (tx) => {
        const announcement = await lockedAnnouncement(tx, request.params.id);
        let complaintAuthor: number | null = null;
        if (body.kind === 'complaintReply') {
          if (!can(auth.roles, 'ROLE_ANNOUNCEMENT_COMPLAINT_REPLY'))
            throw fieldError(['kind'], A.complaintReplyNotAllowed);
          const [complaint] = body.complaintId
            ? await tx
                .select()
                .from(announcementReplies)
                .where(
                  and(
                    eq(announcementReplies.id, body.complaintId),
                    eq(announcementReplies.announcementId, announcement.id),
                  ),
                )
            : [];
          if (complaint?.kind !== 'complaint') throw fieldError(['complaintId'], A.notAComplaint);
          complaintAuthor = complaint.authorId;
        }
        const [row] = await tx
          .insert(announcementReplies)
          .values({
            announcementId: announcement.id,
            authorId: auth.userId,
            content,
            kind: body.kind,
            complaintId: body.kind === 'complaintReply' ? body.complaintId! : null,
            createdAt: app.clock(),
            updatedAt: app.clock(),
          })
          .returning();
        await recordEvent(tx, {
          entityType: 'announcement_reply',
          entityId: row!.id,
          kind: 'create',
          version: 1,
          auth,
        });
        const author = await nameOf(tx, auth.userId);
        const ctx = requestContext(request, tx);
        const links = {
          announcement: { link: `/announcements/${announcement.id}`, text: announcement.title },
        };
        if (body.kind === 'reply')
          await notify(ctx, {
            type: 'announcementReply',
            params: { author },
            links,
            direct: [announcement.authorId],
          });
        else if (body.kind === 'complaint')
          await notify(ctx, { type: 'announcementComplaint', params: { author }, links });
        else
          await notify(ctx, {
            type: 'announcementComplaintReply',
            params: { author },
            links,
            direct: [complaintAuthor],
          });
        return replyOf(tx, auth, row!, author, true, app.clock());
      });
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/announcements/:id/replies/:replyId',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Edits a reply: its author within the edit timeout, or whoever may edit all',
        params: replyParams,
        body: replyUpdateSchema,
        response: { 200: dataSchema(replySchema) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const { id, replyId } = request.params;
      const data = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(announcementReplies)
          .where(and(eq(announcementReplies.id, replyId), eq(announcementReplies.announcementId, id)))
          .for('update');
        if (!before) throw notFound();
        await assertEditable(tx, auth, before, app.clock());
        if (before.version !== request.body.version) throw conflict();
        const content = richTextOf(request.body.content);
        const [after] = await tx
          .update(announcementReplies)
          .set({ content, version: before.version + 1, updatedAt: app.clock() })
          .where(eq(announcementReplies.id, before.id))
          .returning();
        if (content !== before.content)
          await recordChange(tx, {
            entityType: 'announcement_reply',
            entityId: before.id,
            action: 'update',
            auth,
            changes: { content: { old: before.content, new: content } },
            version: after!.version,
          });
        return replyOf(tx, auth, after!, await nameOf(tx, after!.authorId), true, app.clock());
      });
      return { data };
    },
  );

  app.get(
    '/announcements/:id/edit-log',
    {
      config: { roles: ['ROLE_ANNOUNCEMENT_EDIT_LOG_VIEW'] },
      schema: {
        tags,
        summary: 'The edits of an announcement and of its replies, newest first',
        params: idParamSchema,
        response: { 200: dataSchema(listResultSchema(changeEntrySchema)) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await one(db, request.auth!, id);
      const visible = sql`((${changeLog.entityType} = 'announcement' AND ${changeLog.entityId} = ${id})
        OR (${changeLog.entityType} = 'announcement_reply' AND ${changeLog.entityId} IN
          (SELECT r.id FROM ${announcementReplies} r WHERE r.announcement_id = ${id})))`;
      return { data: await changeHistory(db, changeLogQuerySchema.parse({ itemsPerPage: '200' }), visible) };
    },
  );

  await versionNewsRoutes(app);
}

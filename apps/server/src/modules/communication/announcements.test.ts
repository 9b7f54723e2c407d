import { ANNOUNCEMENT_MESSAGES as A, MESSAGES } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { serviceOffices } from '../../platform/identity/tables';
import { dangers, XSS_PAYLOADS } from '../../platform/rich-text/xss-corpus';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn, socketUrl } from '../../test/users';
import { systemOptions } from '../options';

/** Announcements: rich text, importance and its downgrade, reading, replies and complaints, the edit timeout. */
let ctx: TestContext;
let offset = 0;
let moscow: number;
let minsk: number;
let author: SignedIn;
let reader: SignedIn;
let chief: SignedIn;

const CHAPTERS = 'ROLE_COMPANY_CHAPTERS';
type Body = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedIn, payload?: Body) =>
  ctx.app.inject({ method, url, headers: who.headers, payload });
const tree = (res: {
  json(): { errors: { children: Record<string, { errors: string[] }>; errors: string[] } };
}) => res.json().errors;

async function publish(who: SignedIn, body: Body = {}) {
  const res = await call('POST', '/api/announcements', who, {
    title: 'Новый склад',
    content: '<p>С понедельника <strong>склад</strong> в Химках.</p>',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const notRead = async (who: SignedIn) =>
  (await call('GET', '/api/announcements/not-read', who)).json().data as Array<{
    id: number;
    isImportant: boolean;
  }>;

beforeAll(async () => {
  // The edit timeout is measured on the app's clock, moved forward by the tests.
  ctx = await createTestApp({}, [], () => new Date(Date.now() + offset));
  await ctx.database.db.insert(systemOptions).values({ announcementEditTimeout: 15 });
  const [a, b] = await ctx.database.db
    .insert(serviceOffices)
    .values([{ name: 'Москва' }, { name: 'Минск' }])
    .returning();
  moscow = a!.id;
  minsk = b!.id;
  author = await signIn(ctx, [CHAPTERS, 'ROLE_ANNOUNCEMENT_IMPORTANT_EDIT'], {
    serviceOfficeId: moscow,
    contactName: 'Анна Автор',
  });
  reader = await signIn(ctx, [CHAPTERS], { serviceOfficeId: minsk, contactName: 'Роман Читатель' });
  chief = await signIn(ctx, [
    CHAPTERS,
    'ROLE_ANNOUNCEMENT_EDIT_ALL',
    'ROLE_ANNOUNCEMENT_EDIT_LOG_VIEW',
    'ROLE_ANNOUNCEMENT_COMPLAINT_REPLY',
  ]);
});
afterAll(() => ctx?.close());

describe('an announcement', () => {
  it('is published with sanitized rich text, read by its author, unread by the others', async () => {
    const created = await publish(author, { content: '<p onclick="x()">Текст<script>alert(1)</script></p>' });
    expect(created).toMatchObject({
      content: '<p>Текст</p>',
      author: { id: author.user.id, contactName: 'Анна Автор' },
      isImportant: false,
      read: true,
      editable: true,
      replyCount: { total: 0, notRead: 0 },
    });
    expect((await notRead(reader)).map((a) => a.id)).toContain(created.id);
    expect((await notRead(author)).map((a) => a.id)).not.toContain(created.id);
  });

  it('refuses a blank title, content blank once sanitized, unknown offices and importance without the right', async () => {
    const res = await call('POST', '/api/announcements', reader, {
      title: ' ',
      content: '<script>alert(1)</script>',
      isImportant: true,
    });
    expect(res.statusCode).toBe(400);
    expect(tree(res).children.title!.errors).toEqual([MESSAGES.blank]);
    const noContent = await call('POST', '/api/announcements', reader, { title: 'T', content: '<p> </p>' });
    expect(tree(noContent).children.content!.errors).toEqual([MESSAGES.blank]);
    const important = await call('POST', '/api/announcements', reader, {
      title: 'T',
      content: 'x',
      isImportant: true,
    });
    expect(tree(important).children.isImportant!.errors).toEqual([A.importantNotAllowed]);
    const offices = await call('POST', '/api/announcements', author, {
      title: 'T',
      content: 'x',
      serviceOffices: [moscow, 999_999],
    });
    expect(tree(offices).children.serviceOffices!.errors).toEqual([MESSAGES.invalid]);
    expect((await call('GET', '/api/announcements?search=T', author)).json().data.total).toBe(0);
  });

  it('stays important only for the offices it names, and for everyone when it names none', async () => {
    const forMoscow = await publish(author, { isImportant: true, serviceOffices: [moscow] });
    const forAll = await publish(author, { isImportant: true });
    const colleague = await signIn(ctx, [CHAPTERS], { serviceOfficeId: moscow });
    const importance = async (who: SignedIn) =>
      Object.fromEntries((await notRead(who)).map((a) => [a.id, a.isImportant]));
    expect(await importance(colleague)).toMatchObject({ [forMoscow.id]: true, [forAll.id]: true });
    expect(await importance(reader)).toMatchObject({ [forMoscow.id]: false, [forAll.id]: true });
  });

  it('is marked read one by one; "read all" leaves the important ones to their own mark', async () => {
    const who = await signIn(ctx, [CHAPTERS]);
    const ordinary = await publish(author);
    const important = await publish(author, { isImportant: true });
    expect((await call('POST', '/api/announcements/mark-read-all', who)).statusCode).toBe(200);
    const left = (await notRead(who)).map((a) => a.id);
    expect(left).toContain(important.id);
    expect(left).not.toContain(ordinary.id);
    expect((await call('POST', `/api/announcements/${important.id}/mark-read`, who)).statusCode).toBe(200);
    expect((await notRead(who)).map((a) => a.id)).not.toContain(important.id);
    expect((await call('POST', '/api/announcements/999999/mark-read', who)).statusCode).toBe(404);
  });

  it('is for the holders of ROLE_COMPANY_CHAPTERS', async () => {
    const outsider = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL']);
    expect((await call('GET', '/api/announcements', outsider)).statusCode).toBe(403);
    expect((await call('GET', '/api/announcements/not-read', outsider)).statusCode).toBe(403);
  });
});

describe('replies and complaints', () => {
  it('count in total and unread per reader, and tell the author', async () => {
    const a = await publish(author);
    const url = `/api/announcements/${a.id}/replies`;
    expect((await call('POST', url, reader, { content: '<p>Спасибо!</p>' })).statusCode).toBe(201);
    const seen = (await call('GET', `/api/announcements/${a.id}`, author)).json().data;
    expect(seen.replyCount).toEqual({ total: 1, notRead: 1 });
    expect((await call('GET', `/api/announcements/${a.id}`, reader)).json().data.replyCount).toEqual({
      total: 1,
      notRead: 0,
    });
    await call('POST', `${url}/mark-read`, author);
    expect((await call('GET', `/api/announcements/${a.id}`, author)).json().data.replyCount.notRead).toBe(0);
    const [told] = (await call('GET', '/api/notifications/internal/unread', author)).json().data.collection;
    expect(told).toMatchObject({
      type: 'announcementReply',
      content: expect.stringContaining('Роман Читатель'),
      links: { announcement: { link: `/announcements/${a.id}` } },
    });
  });

  it('answers a complaint only by those who may, and only a complaint', async () => {
    const a = await publish(author);
    const url = `/api/announcements/${a.id}/replies`;
    const complaint = (
      await call('POST', url, reader, { content: 'Неверный адрес', kind: 'complaint' })
    ).json().data;
    const plain = (await call('POST', url, author, { content: 'Адрес верный' })).json().data;
    const refused = await call('POST', url, author, {
      content: 'Ответ',
      kind: 'complaintReply',
      complaintId: complaint.id,
    });
    expect(tree(refused).children.kind!.errors).toEqual([A.complaintReplyNotAllowed]);
    const notComplaint = await call('POST', url, chief, {
      content: 'Ответ',
      kind: 'complaintReply',
      complaintId: plain.id,
    });
    expect(tree(notComplaint).children.complaintId!.errors).toEqual([A.notAComplaint]);
    const answered = await call('POST', url, chief, {
      content: 'Исправили',
      kind: 'complaintReply',
      complaintId: complaint.id,
    });
    expect(answered.statusCode).toBe(201);
    const kinds = (await call('GET', url, reader)).json().data.map((r: { kind: string }) => r.kind);
    expect(kinds).toEqual(['complaint', 'reply', 'complaintReply']);
    const types = (await call('GET', '/api/notifications/internal/unread', reader))
      .json()
      .data.collection.map((n: { type: string }) => n.type);
    expect(types).toContain('announcementComplaintReply');
    const chiefTypes = (await call('GET', '/api/notifications/internal/unread', chief))
      .json()
      .data.collection.map((n: { type: string }) => n.type);
    expect(chiefTypes).toContain('announcementComplaint');
  });
});

describe('editing', () => {
  it('lets the author edit within the timeout, then refuses; "edit all" edits any time; the edit log keeps it', async () => {
    const a = await publish(author);
    const reply = (
      await call('POST', `/api/announcements/${a.id}/replies`, reader, { content: 'Первый ответ' })
    ).json().data;
    const edited = await call('PUT', `/api/announcements/${a.id}`, author, {
      title: 'Склад в Химках',
      version: a.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await call('PUT', `/api/announcements/${a.id}`, author, {
      title: 'Другое',
      version: a.version,
    });
    expect(stale.statusCode).toBe(409);
    const foreign = await call('PUT', `/api/announcements/${a.id}`, reader, { title: 'Чужое', version: 2 });
    expect(tree(foreign).errors).toEqual([A.editTimeExceeded]);

    offset += 16 * 60_000;
    try {
      const late = await call('PUT', `/api/announcements/${a.id}`, author, { title: 'Поздно', version: 2 });
      expect(late.statusCode).toBe(400);
      expect(tree(late).errors).toEqual([A.editTimeExceeded]);
      const lateReply = await call('PUT', `/api/announcements/${a.id}/replies/${reply.id}`, reader, {
        content: 'Исправленный ответ',
        version: reply.version,
      });
      expect(tree(lateReply).errors).toEqual([A.editTimeExceeded]);
      expect((await call('GET', `/api/announcements/${a.id}`, author)).json().data.editable).toBe(false);
      const byChief = await call('PUT', `/api/announcements/${a.id}/replies/${reply.id}`, chief, {
        content: '<p>Поправлено</p>',
        version: reply.version,
      });
      expect(byChief.statusCode, byChief.body).toBe(200);
    } finally {
      offset = 0;
    }

    expect((await call('GET', `/api/announcements/${a.id}/edit-log`, author)).statusCode).toBe(403);
    const log = (await call('GET', `/api/announcements/${a.id}/edit-log`, chief)).json().data.collection;
    expect(log.map((e: { entityType: string }) => e.entityType)).toEqual([
      'announcement_reply',
      'announcement',
    ]);
    expect(log[1].changes.title).toEqual({ old: 'Новый склад', new: 'Склад в Химках' });
  });
});

describe('stored rich text', () => {
  it(`keeps nothing that could run of ${XSS_PAYLOADS.length} payloads, in announcements and replies`, async () => {
    const a = await publish(author);
    const stored: string[] = [];
    let published = 0;
    for (const payload of XSS_PAYLOADS) {
      const content = `<p>x</p>${payload}`;
      const res = await call('POST', '/api/announcements', author, { title: 'XSS', content });
      const reply = await call('POST', `/api/announcements/${a.id}/replies`, author, { content });
      // A NUL character is refused before anything is read (the input guard of platform/errors).
      if (payload.includes('\u0000')) {
        expect([res.statusCode, reply.statusCode]).toEqual([400, 400]);
        continue;
      }
      expect([res.statusCode, reply.statusCode], payload).toEqual([201, 201]);
      published++;
      stored.push(res.json().data.content, reply.json().data.content);
    }
    const listed = (await call('GET', '/api/announcements?search=XSS&itemsPerPage=1000', author)).json().data;
    expect(published).toBeGreaterThanOrEqual(100);
    expect(listed.total).toBe(published);
    stored.push(...listed.collection.map((x: { content: string }) => x.content));
    expect(stored.flatMap(dangers)).toEqual([]);
  }, 180_000);
});

function collect(socket: WebSocket) {
  const messages: Array<{ type: string; topic?: string; payload?: Record<string, unknown> }> = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  return messages;
}

describe('in real time', () => {
  it('announces a new one to everyone and a read mark to its reader only', async () => {
    const other = await signIn(ctx, [CHAPTERS]);
    const sockets = await Promise.all(
      [reader, other].map(async (who) => ctx.app.injectWS(await socketUrl(ctx.app, who.token))),
    );
    const [mine, theirs] = sockets.map(collect) as [ReturnType<typeof collect>, ReturnType<typeof collect>];
    sockets[0]!.send(
      JSON.stringify({
        type: 'subscribe',
        topics: ['announcements_new', `announcements_read/${reader.user.id}`],
      }),
    );
    sockets[1]!.send(
      JSON.stringify({
        type: 'subscribe',
        topics: ['announcements_new', `announcements_read/${reader.user.id}`],
      }),
    );
    await expect.poll(() => mine.length && theirs.length).toBeTruthy();
    expect(theirs[0]).toEqual({ type: 'subscribed', topics: ['announcements_new'] });

    const a = await publish(author, { isImportant: true, serviceOffices: [moscow] });
    await call('POST', `/api/announcements/${a.id}/mark-read`, reader);
    await expect.poll(() => mine.filter((m) => m.type === 'message').length, { timeout: 10_000 }).toBe(2);
    expect(mine.find((m) => m.topic === 'announcements_new')!.payload).toMatchObject({
      id: a.id,
      isImportant: true,
      serviceOffices: [moscow],
      author: { id: author.user.id },
    });
    expect(mine.find((m) => m.topic === `announcements_read/${reader.user.id}`)!.payload).toEqual({
      id: a.id,
    });
    await expect.poll(() => theirs.filter((m) => m.type === 'message').length, { timeout: 10_000 }).toBe(1);
    for (const socket of sockets) socket.terminate();
  });
});

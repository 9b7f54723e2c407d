import {
  APPLICATION_FILE_TAG,
  flattenTree,
  MESSAGES,
  type PccNotificationPage,
  QUOTE_MESSAGES,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLog } from '../../../platform/changelog/tables';
import { files as filesTable, fileTagTypes } from '../../../platform/files/tables';
import { cabinetUser } from '../../../test/cabinets';
import { createTestApp, deliverEvents, type TestContext } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { EDIT_ALL, route } from '../../../test/operations-world';
import { type PccWorld, pccWorld } from '../../../test/pcc-world';
import { signIn } from '../../../test/users';
import { printableBills } from '../../finance';
import { stages } from '../../operations';
import { customerRequests, requestQuotes } from '../../requests';
import { cabinetMails, cabinetUsers } from '../tables';

let ctx: TestContext;
let w: PccWorld;
const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers, payload });

beforeAll(async () => {
  ctx = await createTestApp();
  w = await pccWorld(ctx);
}, 300_000);
afterAll(() => ctx?.close());

describe('the client cabinet (PCC)', () => {
  it("creates a request for the client's own counterparty, which the back office then works on", async () => {
    const res = await post('/api/pcc/requests', w.a.user.headers, {
      route: route(w.world, { from: '2026-04-01', to: '2026-04-10' }),
      cargo: { description: 'Паллеты', placeCount: 10 },
      transportTypes: ['auto'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      status: 'QUOTE_NOT_COMPLETED',
      cargoDescription: 'Паллеты',
      dispatchDate: '2026-04-01',
    });
    expect(created).not.toHaveProperty('forwarderId');
    const [row] = await ctx.database.db
      .select()
      .from(customerRequests)
      .where(eq(customerRequests.id, created.id));
    expect(row).toMatchObject({ clientId: w.a.id, clientName: w.a.name, createdById: null });
    // The change log names the cabinet: the counterparty acted.
    const [entry] = await ctx.database.db.select().from(changeLog).where(eq(changeLog.entityId, created.id));
    expect(entry).toMatchObject({ entityType: 'request', principal: 'cabinet', counterpartyId: w.a.id });

    const staff = await signIn(ctx, ['ROLE_REQUEST_VIEW_ALL']);
    expect((await get(`/api/requests/${created.id}`, staff.headers)).json().data.clientId).toBe(w.a.id);
    const list = await get('/api/pcc/requests?status=QUOTE_NOT_COMPLETED', w.a.user.headers);
    expect(list.json().data.collection.map((r: { id: number }) => r.id)).toContain(created.id);
  });

  it('refuses a request without a route or transport, with the back office rules, and writes nothing', async () => {
    const res = await post('/api/pcc/requests', w.a.user.headers, {
      route: [],
      cargo: {},
      transportTypes: [],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(flattenTree(res.json().errors))).toEqual(expect.arrayContaining(['transportTypes']));
  });

  it("answers the forwarder's question: NEED_MORE_INFO becomes INFO_PROVIDED, the answer in the history", async () => {
    const [row] = await ctx.database.db
      .update(customerRequests)
      .set({ status: 'NEED_MORE_INFO' })
      .where(eq(customerRequests.id, w.a.requestId))
      .returning();
    const res = await post(`/api/pcc/requests/${w.a.requestId}/answer`, w.a.user.headers, {
      answer: 'Груз на паллетах, 10 мест',
      version: row!.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('INFO_PROVIDED');
    const again = await post(`/api/pcc/requests/${w.a.requestId}/answer`, w.a.user.headers, {
      answer: 'Ещё',
      version: res.json().data.version,
    });
    expect(again.statusCode).toBe(400);
    expect(flattenTree(again.json().errors)).toEqual({ status: [MESSAGES.choice] });
  });

  it('shows an order with its visible stages under their PCC names, in their order', async () => {
    const order = await get(`/api/pcc/orders/${w.a.orderId}`, w.a.user.headers);
    expect(order.json().data).toMatchObject({ id: w.a.orderId, cargoDescription: 'Станки A' });
    expect(order.json().data).not.toHaveProperty('plannedIncome');
    const stages = await get(`/api/pcc/orders/${w.a.orderId}/stages`, w.a.user.headers);
    expect(stages.json().data.map((s: { name: string }) => s.name)).toEqual(w.a.visibleStages);
  });

  it("downloads the order's documents", async () => {
    const list = await get(`/api/pcc/orders/${w.a.orderId}/files`, w.a.user.headers);
    expect(list.json().data).toEqual([expect.objectContaining({ id: w.a.fileId, name: 'CMR A.pdf' })]);
    const file = await get(`/api/pcc/orders/${w.a.orderId}/files/${w.a.fileId}`, w.a.user.headers);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('CMR A');
  });

  it('lists bills with their currency to the finance role only', async () => {
    const bills = await get('/api/pcc/bills', w.a.user.headers);
    expect(bills.json().data.collection).toEqual([
      expect.objectContaining({ id: w.a.billId, number: 'СЧ-A', amount: '1000.00', currencyCode: 'RUB' }),
    ]);
    const requestsOnly = await cabinetUser(ctx, w.a.id, ['CABINET_REQUESTS']);
    expect((await get('/api/pcc/bills', requestsOnly.headers)).statusCode).toBe(403);
    expect((await get(`/api/pcc/bills/${w.a.billId}/pdf`, requestsOnly.headers)).statusCode).toBe(403);
    const financeOnly = await cabinetUser(ctx, w.a.id, ['CABINET_FINANCE']);
    expect((await get('/api/pcc/requests', financeOnly.headers)).statusCode).toBe(403);
  });

  it('never serves staff users: the views are for cabinets alone', async () => {
    const admin = await signIn(ctx, ['ROLE_ADMIN']);
    expect((await get('/api/pcc/orders', admin.headers)).statusCode).toBe(403);
    expect((await get(`/api/pcc/orders/${w.a.orderId}/stages`, admin.headers)).statusCode).toBe(403);
  });

  it('shows the quote sent for his request; he accepts one of its rates, which the forwarder then sees', async () => {
    const created = await post('/api/pcc/requests', w.a.user.headers, {
      route: route(w.world),
      cargo: { description: 'Котировка' },
      transportTypes: ['auto'],
    });
    const requestId = created.json().data.id as number;
    const [quote] = await ctx.database.db
      .insert(requestQuotes)
      .values({
        requestId,
        rates: [
          { amount: '90000.00', currency: 'RUB' },
          { amount: '1000.00', currency: 'EUR' },
        ],
        comment: 'Цена до двери',
        sentAt: new Date('2026-03-02T09:00:00Z'),
      })
      .returning();
    const accept = (body: Record<string, unknown>) =>
      post(`/api/pcc/requests/${requestId}/quote/accept`, w.a.user.headers, body);
    const listed = async () =>
      (await get('/api/pcc/quotes', w.a.user.headers))
        .json()
        .data.collection.find((q: { requestId: number }) => q.requestId === requestId);
    // Not priced yet (QUOTE_NOT_COMPLETED): the rule of an order from a request refuses it.
    expect(await listed()).toMatchObject({ comment: 'Цена до двери', acceptable: false, acceptedAt: null });
    const early = await accept({ currency: 'EUR', version: quote!.version });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.errors).toEqual([QUOTE_MESSAGES.notAcceptable]);

    await ctx.database.db
      .update(customerRequests)
      .set({ status: 'QUOTE_COMPLETED' })
      .where(eq(customerRequests.id, requestId));
    expect((await listed()).acceptable).toBe(true);
    const unknown = await accept({ currency: 'USD', version: quote!.version });
    expect(flattenTree(unknown.json().errors)).toEqual({ currency: [MESSAGES.choice] });
    expect((await accept({ currency: 'EUR', version: quote!.version + 5 })).statusCode).toBe(409);
    const accepted = await accept({ currency: 'EUR', version: quote!.version });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await listed()).toMatchObject({
      acceptable: false,
      acceptedRate: { amount: '1000.00', currency: 'EUR' },
    });
    const again = await accept({ currency: 'RUB', version: quote!.version + 1 });
    expect(again.json().errors.errors).toEqual([QUOTE_MESSAGES.alreadyAccepted]);

    const staff = await signIn(ctx, ['ROLE_REQUEST_VIEW_ALL']);
    const seen = await get(`/api/requests/${requestId}/quote`, staff.headers);
    expect(seen.json().data).toMatchObject({ acceptedRate: { amount: '1000.00', currency: 'EUR' } });
    expect(seen.json().data.acceptedAt).not.toBeNull();
    const history = await get(`/api/requests/${requestId}/history`, staff.headers);
    expect(JSON.stringify(history.json().data)).toContain('quote-accepted');
  });

  it("shows the forwarder's question on a request waiting for information, until he answers it", async () => {
    const created = await post('/api/pcc/requests', w.a.user.headers, {
      route: route(w.world),
      cargo: { description: 'Вопрос' },
      transportTypes: ['auto'],
    });
    const request = created.json().data;
    const staff = await signIn(ctx, ['ROLE_REQUEST_VIEW_ALL', 'ROLE_REQUEST_CREATE']);
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/requests/${request.id}/status`,
      headers: staff.headers,
      payload: { status: 'NEED_MORE_INFO', reason: 'Каков вес мест?', version: request.version },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const asked = (await get(`/api/pcc/requests/${request.id}`, w.a.user.headers)).json().data;
    expect(asked).toMatchObject({ status: 'NEED_MORE_INFO', statusReason: 'Каков вес мест?' });
    const answered = await post(`/api/pcc/requests/${request.id}/answer`, w.a.user.headers, {
      answer: '120 кг',
      version: asked.version,
    });
    expect(answered.json().data).toMatchObject({ status: 'INFO_PROVIDED', statusReason: null });
  });

  it('uploads a signed application and a document to his order: the back office sees them, tagged', async () => {
    const [tag] = await ctx.database.db
      .insert(fileTagTypes)
      .values({ code: APPLICATION_FILE_TAG, name: 'Заявка', nameEn: 'Application', color: '#228be6' })
      .onConflictDoNothing()
      .returning();
    const upload = (name: string, kind: string, who = w.a.user, orderId = w.a.orderId) => {
      const body = multipart(name, `content of ${name}`, 'application/pdf');
      return ctx.app.inject({
        method: 'POST',
        url: `/api/pcc/orders/${orderId}/files?kind=${kind}`,
        headers: { ...who.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const signed = await upload('Заявка подписанная.pdf', 'application');
    expect(signed.statusCode, signed.body).toBe(201);
    expect((await upload('Упаковочный лист.pdf', 'other')).statusCode).toBe(201);
    // Another client's order is not found, and nothing is stored for it.
    expect((await upload('Чужое.pdf', 'other', w.b.user)).statusCode).toBe(404);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: `/api/pcc/orders/${w.a.orderId}/files`,
      headers: w.a.user.headers,
    });
    expect(empty.statusCode).toBe(400);

    const staff = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL']);
    const files = (await get(`/api/tms/orders/${w.a.orderId}/files`, staff.headers)).json().data.collection;
    const byName = (name: string) => files.find((f: { description: string }) => f.description === name);
    expect(byName('Заявка подписанная.pdf').tags.map((t: { code: string }) => t.code)).toEqual(
      tag ? [APPLICATION_FILE_TAG] : expect.arrayContaining([APPLICATION_FILE_TAG]),
    );
    expect(byName('Упаковочный лист.pdf').tags).toEqual([]);
    const mine = (await get(`/api/pcc/orders/${w.a.orderId}/files`, w.a.user.headers)).json().data;
    expect(mine.map((f: { name: string }) => f.name)).toContain('Упаковочный лист.pdf');
    expect(
      (await ctx.database.db.select().from(filesTable).where(eq(filesTable.description, 'Чужое.pdf'))).length,
    ).toBe(0);
  });

  it("tells his users of a stage reached, a document added and a bill issued, in the cabinet and by mail; never another client's", async () => {
    const db = ctx.database.db;
    const quiet = await cabinetUser(ctx, w.a.id);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/pcc/me/settings',
          headers: quiet.headers,
          payload: { mailNotifications: false },
        })
      ).statusCode,
    ).toBe(200);
    const requestsOnly = await cabinetUser(ctx, w.a.id, ['CABINET_REQUESTS']);
    const staff = await signIn(ctx, [
      ...EDIT_ALL,
      'ROLE_STAGE_MANAGE_ALL',
      'ROLE_PRINTABLE_BILL_UNLINKED_VIEW',
      'ROLE_PRINTABLE_BILL_EDIT',
    ]);
    const call = (method: 'POST', url: string, payload: Record<string, unknown>) =>
      ctx.app.inject({ method, url, headers: staff.headers, payload });
    const mailsBefore = await db.select().from(cabinetMails);

    // A stage the client is shown is closed; one hidden from him is closed too and is no news.
    const [visible] = await db.select().from(stages).where(eq(stages.pccName, w.a.visibleStages[0]!));
    const [hidden] = await db.select().from(stages).where(eq(stages.pccName, w.a.hiddenStage));
    for (const stage of [visible!, hidden!]) {
      const closed = await call('POST', `/api/tms/orders/${w.a.orderId}/stages/${stage.id}/close`, {
        version: stage.version,
        actualDate: '2026-03-02',
      });
      expect(closed.statusCode, closed.body).toBe(200);
    }
    // The forwarder attaches a document to the order.
    const body = multipart('Коносамент.pdf', 'bl', 'application/pdf');
    const temporary = await ctx.app.inject({
      method: 'POST',
      url: '/api/file-management/files/temporary',
      headers: { ...staff.headers, ...body.headers },
      payload: body.payload,
    });
    const attached = await call('POST', `/api/tms/orders/${w.a.orderId}/files`, {
      fileIds: [temporary.json().data.id],
      tagTypeIds: [],
    });
    expect(attached.statusCode, attached.body).toBe(201);
    // A bill document is issued (finalized) for him.
    const [existing] = await db.select().from(printableBills).where(eq(printableBills.id, w.a.billId));
    const { id: _id, createdAt: _c, updatedAt: _u, version: _v, ...issued } = existing!;
    const [draft] = await db
      .insert(printableBills)
      .values({ ...issued, number: 'СЧ-A2', finalized: false })
      .returning();
    const finalized = await call('POST', `/api/finances/printable-bills/${draft!.id}/finalize`, {
      version: draft!.version,
    });
    expect(finalized.statusCode, finalized.body).toBe(200);
    await deliverEvents(ctx.app);

    const bell = async (who: { headers: Record<string, string> }) =>
      (await get('/api/pcc/notifications', who.headers)).json().data as PccNotificationPage;
    const news = (page: PccNotificationPage) =>
      page.collection
        .filter((n) => n.link !== '/pcc/bills' || n.params.bill === 'СЧ-A2')
        .map((n) => [n.kind, n.params]);
    const expected = [
      ['billIssued', { bill: 'СЧ-A2' }],
      ['documentAdded', { order: expect.any(String), document: 'Коносамент.pdf' }],
      ['stageReached', { order: expect.any(String), stage: w.a.visibleStages[0] }],
    ];
    const a = await bell(w.a.user);
    expect(news(a)).toEqual(expected);
    expect(a.unread).toBe(4); // and the one the world gave him
    expect(news(await bell(requestsOnly))).toEqual(expected.slice(1));
    expect(news(await bell(w.b.user))).toEqual([]);

    // By mail to those who keep it on; delivered again, nothing is written twice.
    await deliverEvents(ctx.app);
    const mails = (await db.select().from(cabinetMails)).filter(
      (m) => !mailsBefore.some((b) => b.id === m.id),
    );
    const [own] = await db
      .select({ email: cabinetUsers.email })
      .from(cabinetUsers)
      .where(eq(cabinetUsers.id, w.a.user.cabinetUserId!));
    const [off] = await db
      .select({ email: cabinetUsers.email })
      .from(cabinetUsers)
      .where(eq(cabinetUsers.id, quiet.cabinetUserId!));
    expect(mails.filter((m) => m.to === own!.email)).toHaveLength(3);
    expect(mails.filter((m) => m.to === off!.email)).toHaveLength(0);
    expect(mails.find((m) => m.to === own!.email && m.subject.includes('СЧ-A2'))?.body).toContain(
      '/pcc/bills',
    );
    expect((await bell(quiet)).unread).toBe(3);

    // Read one, then all.
    const first = a.collection[0]!;
    expect(
      (await post('/api/pcc/notifications/read', w.a.user.headers, { ids: [first.id] })).statusCode,
    ).toBe(204);
    expect((await bell(w.a.user)).unread).toBe(3);
    await post('/api/pcc/notifications/read', w.a.user.headers, {});
    expect((await bell(w.a.user)).unread).toBe(0);
    // A key is no user: it has no bell.
    expect((await get('/api/pcc/notifications', w.a.key.headers)).statusCode).toBe(404);
  });
});

import type { ReportAnswer, ReportDrill } from '@tms/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/password';
import { createTestApp, type TestContext } from '../../test/harness';
import { createOrder, EDIT_ALL } from '../../test/operations-world';
import { type PccWorld, pccWorld } from '../../test/pcc-world';
import { type SignedIn, signIn } from '../../test/users';
import { cabinetEvents, cabinetUsers } from '../cabinets';
import { orders } from '../operations';
import { customerRequests, requestQuotes } from '../requests';

/*
 * One world, every figure by hand (docs/reports.md "PCC analytics"). Client A's user signs in once and fails
 * once, opens his order's tracking twice (and once more with his own key, once with the client's key),
 * downloads its document, accepts the quote of the request he made in the cabinet (a booking); A's two
 * orders of March, one made of that request: a share of 50 %. Client B's user made a request in March and
 * last signed in in February; B's one order came from no cabinet request. Every event of March happens on
 * 03-02 at 09:00 UTC (12:00 in Moscow), one of A's tracking views on 03-05: A's user is active 2 days.
 */
describe('PCC analytics', () => {
  let ctx: TestContext;
  let w: PccWorld;
  let reader: SignedIn;
  let secondOrder: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await pccWorld(ctx);
    reader = await signIn(ctx, ['ROLE_REPORT_PCC_ANALYTICS']);
    const db = ctx.database.db;
    const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
      ctx.app.inject({ method, url, headers, payload });
    const [userA] = await db
      .update(cabinetUsers)
      .set({ passwordHash: await hashPassword('Secret-12345') })
      .where(eq(cabinetUsers.id, w.a.user.cabinetUserId!))
      .returning();
    const login = (password: string) =>
      call('POST', '/api/pcc/auth/login', {}, { email: userA!.email, password });
    expect((await login('Secret-12345')).statusCode).toBe(200);
    expect((await login('wrong')).statusCode).toBe(401);
    const tracking = `/api/pcc/orders/${w.a.orderId}/stages`;
    for (const who of [w.a.user, w.a.user, w.a.userKey, w.a.key]) {
      expect((await call('GET', tracking, who.headers)).statusCode).toBe(200);
    }
    const file = await call('GET', `/api/pcc/orders/${w.a.orderId}/files/${w.a.fileId}`, w.a.user.headers);
    expect(file.statusCode).toBe(200);
    await db
      .update(customerRequests)
      .set({ status: 'QUOTE_COMPLETED' })
      .where(eq(customerRequests.id, w.a.requestId));
    const [quote] = await db.select().from(requestQuotes).where(eq(requestQuotes.requestId, w.a.requestId));
    const accepted = await call('POST', `/api/pcc/requests/${w.a.requestId}/quote/accept`, w.a.user.headers, {
      currency: 'RUB',
      version: quote!.version,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // A refused call logs nothing: B's user cannot open A's order.
    expect((await call('GET', tracking, w.b.user.headers)).statusCode).toBe(404);

    await db.update(orders).set({ requestId: w.a.requestId }).where(eq(orders.id, w.a.orderId));
    const staff = await signIn(ctx, EDIT_ALL);
    secondOrder = (await createOrder(ctx, w.world, staff, w.a.id)).id;
    await db
      .update(orders)
      .set({ createdAt: new Date('2026-03-03T10:00:00Z') })
      .where(inArray(orders.clientId, [w.a.id, w.b.id]));
    await db.update(cabinetEvents).set({ at: new Date('2026-03-02T09:00:00Z') });
    const [later] = await db
      .select({ id: cabinetEvents.id })
      .from(cabinetEvents)
      .where(and(eq(cabinetEvents.event, 'trackingView'), eq(cabinetEvents.apiKeyId, w.a.userKey.keyId)));
    await db
      .update(cabinetEvents)
      .set({ at: new Date('2026-03-05T10:00:00Z') })
      .where(eq(cabinetEvents.id, later!.id));
    await db.insert(cabinetEvents).values({
      at: new Date('2026-02-10T07:30:00Z'),
      kind: 'client',
      counterpartyId: w.b.id,
      cabinetUserId: w.b.user.cabinetUserId,
      event: 'login',
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const march = 'from=2026-03-01&to=2026-03-31';
  const get = async <T>(path: string, who: SignedIn = reader) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/reports/${path}`, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };

  it('counts per client what its cabinet did, its active users and the share of its orders made there', async () => {
    const answer = await get<ReportAnswer>(`pcc-analytics?${march}`);
    expect(answer.rows.map((r) => [r.key, r.cells])).toEqual([
      [
        String(w.a.id),
        {
          client: w.a.name,
          logins: 1,
          failedLogins: 1,
          activeUsers: 1,
          dau: '0.1',
          mau: '1.0',
          trackingViews: 4,
          downloads: 1,
          requests: 1,
          bookings: 1,
          lastLogin: '2026-03-02 12:00',
          cabinetOrders: 1,
          orders: 2,
          cabinetShare: '50.0',
        },
      ],
      [
        String(w.b.id),
        {
          client: w.b.name,
          logins: 0,
          failedLogins: 0,
          activeUsers: 1,
          dau: '0.0',
          mau: '1.0',
          trackingViews: 0,
          downloads: 0,
          requests: 1,
          bookings: 0,
          lastLogin: '2026-02-10 10:30',
          cabinetOrders: 0,
          orders: 1,
          cabinetShare: '0.0',
        },
      ],
    ]);
    expect(answer.totals[0]!.cells).toMatchObject({
      logins: 1,
      activeUsers: 2,
      dau: '0.1',
      mau: '2.0',
      trackingViews: 4,
      cabinetOrders: 1,
      orders: 3,
      cabinetShare: '33.3',
    });
    // February: B's sign-in alone, no March figure.
    const february = await get<ReportAnswer>('pcc-analytics?from=2026-02-01&to=2026-02-28');
    expect(february.rows.find((r) => r.key === String(w.b.id))!.cells).toMatchObject({
      logins: 1,
      requests: 0,
      activeUsers: 1,
      orders: 0,
      cabinetShare: null,
    });
  });

  it("per user: his own key's doings are his, the client's key is a row of its own", async () => {
    const answer = await get<ReportAnswer>(`pcc-analytics?${march}&groupBy=user&clientId=${w.a.id}`);
    expect(
      answer.rows.map((r) => [r.key, r.cells.trackingViews, r.cells.activeDays, r.cells.cabinetOrders]),
    ).toEqual([
      [`u${w.a.user.cabinetUserId}`, 3, 2, 1],
      [`k${w.a.id}`, 1, 0, 0],
    ]);
    expect(answer.rows[1]!.cells.user).toBe('API');
  });

  it('drills a figure down to its events or orders, as many as it counts', async () => {
    const views = await get<ReportDrill>(`pcc-analytics/drill?${march}&row=${w.a.id}&column=trackingViews`);
    expect(views.kind).toBe('events');
    expect(views.rows).toHaveLength(4);
    expect(views.rows[0]).toMatchObject({ href: `/tms/orders/${w.a.orderId}` });
    const own = await get<ReportDrill>(
      `pcc-analytics/drill?${march}&groupBy=user&row=u${w.a.user.cabinetUserId}&column=cabinetOrders`,
    );
    expect(own.rows.map((r) => r.key)).toEqual([String(w.a.orderId)]);
    const all = await get<ReportDrill>(
      `pcc-analytics/drill?${march}&groupBy=user&row=u${w.a.user.cabinetUserId}&column=orders`,
    );
    expect(all.rows.map((r) => r.key).sort()).toEqual([String(w.a.orderId), String(secondOrder)].sort());
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/pcc-analytics/drill?${march}&row=total&column=activeUsers`,
      headers: reader.headers,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('is for holders of its role', async () => {
    const other = await signIn(ctx, ['ROLE_REPORT_NEW_CLIENTS_ALL']);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/pcc-analytics?${march}`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(403);
    const [n] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(cabinetEvents);
    expect(n!.n).toBeGreaterThan(0);
  });
});

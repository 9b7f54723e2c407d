import { flattenTree, MESSAGES } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLog } from '../../platform/changelog/tables';
import { cabinetUser } from '../../test/cabinets';
import { createTestApp, type TestContext } from '../../test/harness';
import { route } from '../../test/operations-world';
import { type PccWorld, pccWorld } from '../../test/pcc-world';
import { signIn } from '../../test/users';
import { customerRequests } from '../requests';

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
});

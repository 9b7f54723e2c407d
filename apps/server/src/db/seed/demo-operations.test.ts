import {
  CUSTOMS_STATUSES,
  decimalCompare,
  jobListRowSchema,
  orderListRowSchema,
  REQUEST_STATUSES,
  requestListRowSchema,
  routeIssues,
} from '@tms/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterparties } from '../../modules/counterparties/tables';
import { billsComplete } from '../../modules/operations/bills-complete';
import { orders } from '../../modules/operations/tables';
import { customerRequests } from '../../modules/requests/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { login } from '../../test/users';
import { DEMO_PASSWORD, seedDemoData } from './demo';

const quiet = { info: () => undefined };

describe('demo operations', () => {
  let ctx: TestContext;
  let headers: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.database, quiet, ctx.app.registries);
    headers = { authorization: `Bearer ${await login(ctx.app, 'ivanov', DEMO_PASSWORD)}` };
  });
  afterAll(() => ctx.close());

  it('gives the demo forwarder orders and jobs across statuses that the contract and rules accept', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/tms/orders?itemsPerPage=100', headers });
    expect(res.statusCode, res.body).toBe(200);
    const list = (res.json().data.collection as unknown[]).map((o) => orderListRowSchema.parse(o));
    expect(new Set(list.map((o) => o.financeControlStatus))).toEqual(
      new Set(['NOT_READY', 'READY', 'ACCEPTED']),
    );
    expect(list.some((o) => o.archived)).toBe(true);
    expect(list.some((o) => o.inWarehouse)).toBe(true);
    const routes = await ctx.database.db.select({ route: orders.route }).from(orders);
    for (const { route } of routes)
      expect(routeIssues(route, { requireDispatchAndDelivery: true })).toEqual([]);
    const jobs = await ctx.app.inject({ method: 'GET', url: '/api/tms/jobs?itemsPerPage=100', headers });
    expect(jobs.json().data.total).toBeGreaterThan(0);
    for (const job of jobs.json().data.collection) jobListRowSchema.parse(job);
  });

  it('has complete bills behind every READY or ACCEPTED order, and planned income in the credit exposure', async () => {
    const db = ctx.database.db;
    const checked = await db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.financeControlStatus, ['READY', 'ACCEPTED']));
    expect(checked.length).toBeGreaterThan(0);
    for (const order of checked) expect(await billsComplete(db, 'order', order.id)).toBe(true);

    const [client] = await db
      .select({ id: counterparties.id })
      .from(counterparties)
      .where(eq(counterparties.name, 'ПАО «Магнит»'));
    const finance = { authorization: `Bearer ${await login(ctx.app, 'sidorova', DEMO_PASSWORD)}` };
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/counterparties/${client!.id}/credit`,
      headers: finance,
    });
    expect(res.statusCode, res.body).toBe(200);
    const credit = res.json().data;
    expect(credit.state).toBe('THRESHOLD');
    expect(decimalCompare(credit.sources.orders, '3700000')).toBeGreaterThanOrEqual(0);
  });

  it('gives the demo forwarder requests in every operational status that the contract accepts', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/requests?itemsPerPage=100', headers });
    expect(res.statusCode, res.body).toBe(200);
    const list = (res.json().data.collection as unknown[]).map((r) => requestListRowSchema.parse(r));
    expect(new Set(list.map((r) => r.status))).toEqual(new Set(REQUEST_STATUSES));
    const routes = await ctx.database.db.select({ route: customerRequests.route }).from(customerRequests);
    for (const { route } of routes)
      expect(routeIssues(route, { requireDispatchAndDelivery: true })).toEqual([]);
  });

  it('gives the demo customs user customs requests in every customs status, and nothing else', async () => {
    const customs = { authorization: `Bearer ${await login(ctx.app, 'smirnov', DEMO_PASSWORD)}` };
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/requests?itemsPerPage=100',
      headers: customs,
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = (res.json().data.collection as unknown[]).map((r) => requestListRowSchema.parse(r));
    expect(list.every((r) => r.customs)).toBe(true);
    expect(new Set(list.map((r) => r.customsStatus))).toEqual(new Set(CUSTOMS_STATUSES));
  });

  it('fills the dashboard: stages due today and overdue, orders awaiting finance control', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/tms/dashboard', headers });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.stagesDueToday.count).toBeGreaterThan(0);
    expect(data.stagesOverdue.count).toBeGreaterThan(0);
    expect(data.ordersAwaitingFinanceControl.count).toBeGreaterThan(0);
    expect(data.recentlyChangedOrders.items.length).toBeGreaterThan(0);
  });
});

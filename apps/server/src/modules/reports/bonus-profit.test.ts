import type { ReportAnswer, ReportDrill } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type ReportsWorld, reportsWorld } from '../../test/reports-world';
import { type SignedIn, signIn } from '../../test/users';

/*
 * March 2026, base RUB, worked out by hand. Seller S, forwarder F, logists L1 and L2 (the forwarders of the
 * orders' jobs):
 *   O1  seller S, forwarder F, logists L1 + L2: income 1000.00, carrier 400.00   → GP 600.00 (L1, L2: 300.00 each)
 *   O2  seller S, no forwarder, logist L1:      income 333.33                    → GP 333.33
 *   O3  no seller, forwarder F, no logist:      income 100.00                    → GP 100.00
 * Total GP 1033.33 on revenue 1433.33 and cost 400.00: margin 72.1 %.
 */
describe('bonus profit', () => {
  let ctx: TestContext;
  let w: ReportsWorld;
  let reader: SignedIn;
  const o: Record<string, number> = {};
  const u: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await reportsWorld(ctx);
    reader = await signIn(ctx, ['ROLE_REPORT_BONUS_PROFIT_ALL']);
    for (const [key, name] of [
      ['S', 'Продавец'],
      ['F', 'Экспедитор'],
      ['L1', 'Логист Один'],
      ['L2', 'Логист Два'],
    ] as const) {
      u[key] = (await signIn(ctx, [], { contactName: name })).user.id;
    }
    const a = await w.counterparty('Альфа');
    const b = await w.counterparty('Бета');
    const carrier = await w.counterparty('Перевозчик', false);
    o.O1 = await w.order({ clientId: a, sellerId: u.S, forwarderId: u.F });
    o.O2 = await w.order({ clientId: b, sellerId: u.S });
    o.O3 = await w.order({ clientId: b, forwarderId: u.F });
    const logists = async (orderId: number, ids: number[]) =>
      ctx.database.db.execute(
        sql`UPDATE orders SET job_forwarder_ids = ${`{${ids.join(',')}}`}::integer[] WHERE id = ${orderId}`,
      );
    await logists(o.O1, [u.L1!, u.L2!]);
    await logists(o.O2, [u.L1!]);
    await w.bill({ orderIds: [o.O1], counterpartyId: a, amount: '1000.00', date: '2026-03-05' });
    await w.bill({
      direction: 'EXPENSE',
      orderIds: [o.O1],
      counterpartyId: carrier,
      amount: '400.00',
      date: '2026-03-06',
    });
    await w.bill({ orderIds: [o.O2], counterpartyId: b, amount: '333.33', date: '2026-03-10' });
    await w.bill({ orderIds: [o.O3], counterpartyId: b, amount: '100.00', date: '2026-03-12' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const march = 'from=2026-03-01&to=2026-03-31';
  const get = async <T>(path: string, who = reader) => {
    const res = await w.call('GET', `/api/reports/bonus-profit${path}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };
  const figures = (answer: ReportAnswer) =>
    answer.rows.map((r) => [
      r.cells.employee,
      r.cells.orders,
      r.cells.revenue,
      r.cells.cost,
      r.cells.bonusProfit,
    ]);

  it("credits each order's gross profit to the seller, the forwarder or the logists by their shares", async () => {
    const sellers = await get<ReportAnswer>(`?${march}`);
    expect(figures(sellers)).toEqual([
      ['Продавец', 2, '1333.33', '400.00', '933.33'],
      ['—', 1, '100.00', '0.00', '100.00'],
    ]);
    const forwarders = await get<ReportAnswer>(`?${march}&type=forwarder`);
    expect(figures(forwarders)).toEqual([
      ['Экспедитор', 2, '1100.00', '400.00', '700.00'],
      ['—', 1, '333.33', '0.00', '333.33'],
    ]);
    const logists = await get<ReportAnswer>(`?${march}&type=logist`);
    expect(figures(logists)).toEqual([
      ['Логист Один', 2, '833.33', '200.00', '633.33'],
      ['Логист Два', 1, '500.00', '200.00', '300.00'],
      ['—', 1, '100.00', '0.00', '100.00'],
    ]);
    // O1 is shared by both logists: counted once; the margin is Σ profit ÷ Σ revenue (not a mean of rows).
    expect(logists.totals[0]!.cells).toEqual({
      employee: null,
      orders: 3,
      revenue: '1433.33',
      cost: '400.00',
      bonusProfit: '1033.33',
      margin: '72.1',
    });
    expect(logists.rows[0]!.cells.margin).toBe('76.0');
    expect(logists.chart?.data).toEqual([
      { category: 'Логист Один', bonusProfit: 633.33 },
      { category: 'Логист Два', bonusProfit: 300 },
    ]);
    const one = await get<ReportAnswer>(`?${march}&type=logist&employeeId=${u.L2}`);
    expect(figures(one)).toEqual([['Логист Два', 1, '500.00', '200.00', '300.00']]);
  });

  it("drills an employee's figure down to his orders with his shares, summing to it", async () => {
    const drilled = await get<ReportDrill>(`/drill?${march}&type=logist&row=${u.L1}&column=bonusProfit`);
    expect(drilled.rows.map((r) => [r.href, r.cells.share, r.cells.bonusProfit])).toEqual([
      [`/tms/orders/${o.O1}`, '50.0', '300.00'],
      [`/tms/orders/${o.O2}`, '100.0', '333.33'],
    ]);
    expect(drilled.totals[0]!.cells.bonusProfit).toBe('633.33');
    const all = await get<ReportDrill>(`/drill?${march}&type=logist&row=total&column=bonusProfit`);
    expect(all.rows.map((r) => r.cells.bonusProfit)).toEqual(['600.00', '333.33', '100.00']);
    expect(all.totals[0]!.cells.bonusProfit).toBe('1033.33');
  });

  it('is read by holders of its role only', async () => {
    const outsider = await signIn(ctx, ['ROLE_REPORT_GROSS_PROFIT_ALL']);
    expect((await w.call('GET', `/api/reports/bonus-profit?${march}`, outsider)).statusCode).toBe(403);
    const bad = await w.call('GET', `/api/reports/bonus-profit?${march}&type=boss`, reader);
    expect(bad.statusCode).toBe(400);
  });
});

import type { ReportAnswer, ReportDrill } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type ReportsWorld, reportsWorld } from '../../test/reports-world';
import { type SignedIn, signIn } from '../../test/users';

/*
 * March 2026, base RUB, worked out by hand:
 *   A: O1 income 1000.00, carrier 600.00; O2 income 500.00 → revenue 1500, cost 600, GP 900: margin 60.0 %,
 *      markup 150.0 %
 *   B: O3 income 2000.00, carrier 1500.00                   → GP 500: margin 25.0 %, markup 33.3 %
 *   C: O4 income 100.00                                     → GP 100: margin 100.0 %, no markup (no cost)
 * Total: revenue 3600, cost 2100, GP 1500: margin 41.7 %, markup 71.4 % (of sums, not means of rows).
 */
describe('profitability', () => {
  let ctx: TestContext;
  let w: ReportsWorld;
  let reader: SignedIn;
  const o: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await reportsWorld(ctx);
    reader = await signIn(ctx, ['ROLE_REPORT_PROFITABILITY_ALL']);
    const a = await w.counterparty('Альфа');
    const b = await w.counterparty('Бета');
    const c = await w.counterparty('Гамма');
    const carrier = await w.counterparty('Перевозчик', false);
    o.O1 = await w.order({ clientId: a });
    o.O2 = await w.order({ clientId: a });
    o.O3 = await w.order({ clientId: b });
    o.O4 = await w.order({ clientId: c });
    const income = (order: number, client: number, amount: string) =>
      w.bill({ orderIds: [order], counterpartyId: client, amount, date: '2026-03-10' });
    const cost = (order: number, amount: string) =>
      w.bill({
        direction: 'EXPENSE',
        orderIds: [order],
        counterpartyId: carrier,
        amount,
        date: '2026-03-11',
      });
    await income(o.O1, a, '1000.00');
    await cost(o.O1, '600.00');
    await income(o.O2, a, '500.00');
    await income(o.O3, b, '2000.00');
    await cost(o.O3, '1500.00');
    await income(o.O4, c, '100.00');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const march = 'from=2026-03-01&to=2026-03-31';
  const get = async <T>(path: string, who = reader) => {
    const res = await w.call('GET', `/api/reports/profitability${path}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };
  const shown = (answer: ReportAnswer) =>
    answer.rows.map((r) => [r.cells.group, r.cells.grossProfit, r.cells.margin, r.cells.markup]);

  it('gives margin and markup per client, and the total of sums', async () => {
    const answer = await get<ReportAnswer>(`?${march}`);
    expect(shown(answer)).toEqual([
      ['Бета', '500.00', '25.0', '33.3'],
      ['Альфа', '900.00', '60.0', '150.0'],
      ['Гамма', '100.00', '100.0', null],
    ]);
    expect(answer.totals[0]!.cells).toEqual({
      group: null,
      orders: 4,
      revenue: '3600.00',
      cost: '2100.00',
      grossProfit: '1500.00',
      margin: '41.7',
      markup: '71.4',
    });
    expect(answer.chart?.data[0]).toEqual({ category: 'Бета', margin: 25, markup: 33.3 });
  });

  it('hides the groups under the minimum revenue from the rows and the totals', async () => {
    const answer = await get<ReportAnswer>(`?${march}&minRevenue=1000`);
    expect(shown(answer).map((r) => r[0])).toEqual(['Бета', 'Альфа']);
    expect(answer.totals[0]!.cells).toMatchObject({
      orders: 3,
      revenue: '3500.00',
      grossProfit: '1400.00',
      margin: '40.0',
      markup: '66.7',
    });
    const drilled = await get<ReportDrill>(`/drill?${march}&minRevenue=1000&row=total&column=grossProfit`);
    expect(drilled.rows.map((r) => r.href)).toEqual([o.O1, o.O2, o.O3].map((id) => `/tms/orders/${id}`));
    expect(drilled.totals[0]!.cells.grossProfit).toBe('1400.00');
    const bad = await w.call('GET', `/api/reports/profitability?${march}&minRevenue=lots`, reader);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.children.minRevenue.errors).toEqual([
      'Enter an amount in roubles, e.g. 10000 or 2500.50.',
    ]);
  });

  it("drills a client's figure down to its orders, summing to it", async () => {
    const answer = await get<ReportAnswer>(`?${march}`);
    const alpha = answer.rows.find((r) => r.cells.group === 'Альфа')!;
    const drilled = await get<ReportDrill>(`/drill?${march}&row=${alpha.key}&column=grossProfit`);
    expect(drilled.rows.map((r) => [r.href, r.cells.grossProfit, r.cells.markup])).toEqual([
      [`/tms/orders/${o.O1}`, '400.00', '66.7'],
      [`/tms/orders/${o.O2}`, '500.00', null],
    ]);
    expect(drilled.totals[0]!.cells).toMatchObject({
      grossProfit: '900.00',
      margin: '60.0',
      markup: '150.0',
    });
  });

  it('is read by holders of its role only', async () => {
    const outsider = await signIn(ctx, ['ROLE_REPORT_GROSS_PROFIT_ALL']);
    expect((await w.call('GET', `/api/reports/profitability?${march}`, outsider)).statusCode).toBe(403);
  });
});

import type { ReportAnswer, ReportDrill } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type ReportsWorld, reportsWorld } from '../../test/reports-world';
import { type SignedIn, signIn } from '../../test/users';

/*
 * February–March 2026 (two months), base RUB, worked out by hand; sellers S and T:
 *   O1  S, MOW: income 1000.00, carrier 400.00 → GP 600.00
 *   O2  S, SPB: income 300.00 (February)       → GP 300.00
 *   O3  T, MOW: income 500.00                  → GP 500.00
 *   O4  no seller, SPB: income 100.00          → GP 100.00
 * S: 2 orders, 900.00 (450.00 an order, 450.00 a month); T: 1, 500.00 (250.00 a month); total 1500.00.
 */
describe('specific productivity', () => {
  let ctx: TestContext;
  let w: ReportsWorld;
  let reader: SignedIn;
  const o: Record<string, number> = {};
  const u: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await reportsWorld(ctx);
    reader = await signIn(ctx, ['ROLE_REPORT_PRODUCTIVITY_ALL']);
    u.S = (await signIn(ctx, [], { contactName: 'Продавец Эс' })).user.id;
    u.T = (await signIn(ctx, [], { contactName: 'Продавец Тэ' })).user.id;
    const a = await w.counterparty('Альфа');
    const carrier = await w.counterparty('Перевозчик', false);
    o.O1 = await w.order({ clientId: a, sellerId: u.S });
    o.O2 = await w.order({ clientId: a, sellerId: u.S, officeId: w.spb });
    o.O3 = await w.order({ clientId: a, sellerId: u.T });
    o.O4 = await w.order({ clientId: a, officeId: w.spb });
    const income = (order: number, amount: string, date = '2026-03-10') =>
      w.bill({ orderIds: [order], counterpartyId: a, amount, date });
    await income(o.O1, '1000.00');
    await w.bill({
      direction: 'EXPENSE',
      orderIds: [o.O1],
      counterpartyId: carrier,
      amount: '400.00',
      date: '2026-03-11',
    });
    await income(o.O2, '300.00', '2026-02-10');
    await income(o.O3, '500.00');
    await income(o.O4, '100.00');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const period = 'from=2026-02-01&to=2026-03-31';
  const get = async <T>(path: string, who = reader) => {
    const res = await w.call('GET', `/api/reports/specific-productivity${path}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };

  it('gives each seller his orders and credited gross profit, per order and per month', async () => {
    const answer = await get<ReportAnswer>(`?${period}`);
    expect(answer.rows.map((r) => r.cells)).toEqual([
      {
        group: 'Продавец Эс',
        orders: 2,
        grossProfit: '900.00',
        grossProfitPerOrder: '450.00',
        grossProfitPerMonth: '450.00',
      },
      {
        group: 'Продавец Тэ',
        orders: 1,
        grossProfit: '500.00',
        grossProfitPerOrder: '500.00',
        grossProfitPerMonth: '250.00',
      },
      {
        group: '—',
        orders: 1,
        grossProfit: '100.00',
        grossProfitPerOrder: '100.00',
        grossProfitPerMonth: '50.00',
      },
    ]);
    expect(answer.totals[0]!.cells).toEqual({
      group: null,
      orders: 4,
      grossProfit: '1500.00',
      grossProfitPerOrder: '375.00',
      grossProfitPerMonth: '750.00',
    });
    expect(answer.chart?.data).toEqual([
      { category: 'Продавец Эс', grossProfitPerMonth: 450 },
      { category: 'Продавец Тэ', grossProfitPerMonth: 250 },
    ]);
  });

  it("divides an office's gross profit by the employees credited in it", async () => {
    const answer = await get<ReportAnswer>(`?${period}&groupBy=office`);
    expect(
      answer.rows.map((r) => [
        r.cells.group,
        r.cells.employees,
        r.cells.orders,
        r.cells.grossProfitPerEmployee,
      ]),
    ).toEqual([
      ['Москва', 2, 2, '550.00'],
      ['Санкт-Петербург', 1, 2, '400.00'],
    ]);
    expect(answer.totals[0]!.cells).toMatchObject({ employees: 2, grossProfitPerEmployee: '750.00' });
  });

  it("drills an employee's gross profit down to his orders, summing to it", async () => {
    const drilled = await get<ReportDrill>(`/drill?${period}&row=${u.S}&column=grossProfit`);
    expect(drilled.rows.map((r) => [r.href, r.cells.grossProfit])).toEqual([
      [`/tms/orders/${o.O1}`, '600.00'],
      [`/tms/orders/${o.O2}`, '300.00'],
    ]);
    expect(drilled.totals[0]!.cells.grossProfit).toBe('900.00');
    const outsider = await signIn(ctx, ['ROLE_REPORT_BONUS_PROFIT_ALL']);
    expect((await w.call('GET', `/api/reports/specific-productivity?${period}`, outsider)).statusCode).toBe(
      403,
    );
  });
});

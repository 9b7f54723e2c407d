import type { ReportAnswer, ReportDrill } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { createTestApp, type TestContext } from '../../test/harness';
import { type ReportsWorld, reportsWorld } from '../../test/reports-world';
import { type SignedIn, signIn } from '../../test/users';

/*
 * The budget of 2026 (base RUB), every figure worked out by hand:
 *   1.1 Перевозка (expense, direct): plan January 1000.00, February 1000.00, March 2000.00
 *       bills E1 800.00 on 01-15; E2 10.00 USD on 03-10 (rate 90.10: 901.00); E3 1499.00 on 03-20; E5 300.00 on 04-02
 *   2.1 Аренда (expense, overhead): plan March 500.00; bill E4 600.00 on 03-05
 *   3.1 Выручка (income): plan March 5000.00; bill I1 4000.00 on 03-05
 *   9.1 of the 2025 budget: plan 2025-03 700.00 (another year: never read)
 * The year, expenses: 1.1 plan 4000.00, fact 800 + 901 + 1499 + 300 = 3500.00, variance −500.00, 87.5 %;
 *   2.1 plan 500.00, fact 600.00, variance 100.00, 120.0 %; total plan 4500.00, fact 4100.00, variance −400.00,
 *   fact/plan 4100 / 4500 = 91.1 % (not the mean of 87.5 and 120.0).
 * March: 1.1 plan 2000.00, fact 901 + 1499 = 2400.00, 120.0 %.
 * To March (year to date) by month: January 1000.00 / 800.00; February 1000.00 / 0.00; March 2500.00 /
 *   2400 + 600 = 3000.00; total 4500.00 / 3800.00, 3800 / 4500 = 84.4 %.
 */
describe('plan-fact', () => {
  let ctx: TestContext;
  let w: ReportsWorld;
  let reader: SignedIn;
  const items: Record<string, number> = {};
  const bills: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await reportsWorld(ctx);
    reader = await signIn(ctx, ['ROLE_REPORT_PLAN_FACT']);
    const db = ctx.database.db;
    const budget = async (name: string, year: number) =>
      (
        await rowsOf<{ id: number }>(
          db,
          sql`INSERT INTO budgets (name, year, legal_entity_id) VALUES (${name}, ${year}, ${w.company}) RETURNING id`,
        )
      )[0]!.id;
    const b2026 = await budget('Бюджет 2026', 2026);
    const b2025 = await budget('Бюджет 2025', 2025);
    const item = async (budgetId: number, code: string, name: string, direction: string, kind: string) =>
      (
        await rowsOf<{ id: number }>(
          db,
          sql`INSERT INTO budget_items (budget_id, code, name, direction, kind)
            VALUES (${budgetId}, ${code}, ${name}, ${direction}, ${kind}) RETURNING id`,
        )
      )[0]!.id;
    items.freight = await item(b2026, '1.1', 'Перевозка', 'EXPENSE', 'DIRECT');
    items.rent = await item(b2026, '2.1', 'Аренда', 'EXPENSE', 'OVERHEAD');
    items.sales = await item(b2026, '3.1', 'Выручка', 'INCOME', 'DIRECT');
    items.old = await item(b2025, '9.1', 'Прошлый год', 'EXPENSE', 'DIRECT');
    const plan = (itemId: number, month: string, amount: string) =>
      db.execute(
        sql`INSERT INTO budget_plans (budget_item_id, month, amount) VALUES (${itemId}, ${month}, ${amount})`,
      );
    await plan(items.freight, '2026-01-01', '1000.00');
    await plan(items.freight, '2026-02-01', '1000.00');
    await plan(items.freight, '2026-03-01', '2000.00');
    await plan(items.rent, '2026-03-01', '500.00');
    await plan(items.sales, '2026-03-01', '5000.00');
    await plan(items.old, '2025-03-01', '700.00');
    const client = await w.counterparty('Альфа');
    const carrier = await w.counterparty('Перевозчик', false);
    const order = await w.order({ clientId: client });
    const job = await w.job(order, carrier);
    // Bills entered as a user does, then put on their item (the item's editors are not the point here).
    const bill = async (name: string, itemId: number, values: Record<string, unknown>) => {
      const expense = { direction: 'EXPENSE', jobIds: [job], counterpartyId: carrier };
      const income = { orderIds: [order], counterpartyId: client };
      bills[name] = (await w.bill({ ...(name.startsWith('I') ? income : expense), ...values })).id;
      await db.execute(sql`UPDATE bills SET budget_item_id = ${itemId} WHERE id = ${bills[name]}`);
    };
    await bill('E1', items.freight, { amount: '800.00', date: '2026-01-15' });
    await bill('E2', items.freight, { amount: '10.00', currencyId: w.usd, date: '2026-03-10' });
    await bill('E3', items.freight, { amount: '1499.00', date: '2026-03-20' });
    await bill('E5', items.freight, { amount: '300.00', date: '2026-04-02' });
    await bill('E4', items.rent, { amount: '600.00', date: '2026-03-05' });
    await bill('I1', items.sales, { amount: '4000.00', date: '2026-03-05' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const get = async <T>(path: string) => {
    const res = await w.call('GET', `/api/reports/${path}`, reader);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };

  it('sets the plan of each item against its fact, a total fact/plan of the sums', async () => {
    const year = await get<ReportAnswer>('plan-fact-report?year=2026');
    expect(year.rows.map((r) => [r.key, r.cells])).toEqual([
      [
        `item:${items.freight}`,
        { group: '1.1 Перевозка', plan: '4000.00', fact: '3500.00', variance: '-500.00', factPlan: '87.5' },
      ],
      [
        `item:${items.rent}`,
        { group: '2.1 Аренда', plan: '500.00', fact: '600.00', variance: '100.00', factPlan: '120.0' },
      ],
    ]);
    expect(year.totals[0]!.cells).toEqual({
      group: null,
      plan: '4500.00',
      fact: '4100.00',
      variance: '-400.00',
      factPlan: '91.1',
    });
    const march = await get<ReportAnswer>('plan-fact-report?year=2026&month=3');
    expect(march.rows[0]!.cells).toMatchObject({ plan: '2000.00', fact: '2400.00', factPlan: '120.0' });
    const income = await get<ReportAnswer>('plan-fact-report?year=2026&month=3&direction=INCOME');
    expect(income.rows.map((r) => r.cells)).toEqual([
      { group: '3.1 Выручка', plan: '5000.00', fact: '4000.00', variance: '-1000.00', factPlan: '80.0' },
    ]);
    const overhead = await get<ReportAnswer>('plan-fact-report?year=2026&kind=OVERHEAD');
    expect(overhead.rows.map((r) => r.key)).toEqual([`item:${items.rent}`]);
  });

  it('adds up the year to a month, by month, with plan and fact bars', async () => {
    const ytd = await get<ReportAnswer>('plan-fact-report?year=2026&month=3&ytd=true&groupBy=month');
    expect(ytd.rows.map((r) => [r.key, r.cells.plan, r.cells.fact, r.cells.factPlan])).toEqual([
      ['2026-01', '1000.00', '800.00', '80.0'],
      ['2026-02', '1000.00', '0.00', '0.0'],
      ['2026-03', '2500.00', '3000.00', '120.0'],
    ]);
    expect(ytd.totals[0]!.cells).toMatchObject({ plan: '4500.00', fact: '3800.00', factPlan: '84.4' });
    expect(ytd.chart?.data).toEqual([
      { category: '2026-01', plan: 1000, fact: 800 },
      { category: '2026-02', plan: 1000, fact: 0 },
      { category: '2026-03', plan: 2500, fact: 3000 },
    ]);
  });

  it('drills a fact down to the bills that make it up', async () => {
    const drill = await get<ReportDrill>(
      `plan-fact-report/drill?year=2026&month=3&row=item:${items.freight}&column=fact`,
    );
    expect(drill.rows.map((r) => [r.href, r.cells.fact])).toEqual([
      [`/finances/bills/${bills.E2}`, '901.00'],
      [`/finances/bills/${bills.E3}`, '1499.00'],
    ]);
    expect(drill.totals[0]!.cells.fact).toBe('2400.00');
    const plan = await w.call(
      'GET',
      '/api/reports/plan-fact-report/drill?year=2026&row=total&column=plan',
      reader,
    );
    expect(plan.statusCode).toBe(400);
  });

  it('refuses a month outside 1-12, and readers without the role', async () => {
    const bad = await w.call('GET', '/api/reports/plan-fact-report?year=2026&month=13', reader);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.children.month.errors).toEqual(['Enter a month from 1 to 12.']);
    const outsider = await signIn(ctx, ['ROLE_REPORT_DSO_ALL']);
    expect((await w.call('GET', '/api/reports/plan-fact-report', outsider)).statusCode).toBe(403);
  });
});

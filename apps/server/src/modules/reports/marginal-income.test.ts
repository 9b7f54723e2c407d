import type { ReportAnswer, ReportDrill } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type ReportsWorld, reportsWorld } from '../../test/reports-world';
import { type SignedIn, signIn } from '../../test/users';

/*
 * February and March 2026, base RUB, worked out by hand:
 *   February: income 500.00, carrier 200.00                          → MI 300.00 (60.0 %), result 300.00
 *   March:    income 1000.00, carrier 600.00 (its job's), a disbursement of 300.00 (neither), rent 250.00
 *             (an overhead bill)                                      → MI 400.00 (40.0 %), result 150.00
 * Total: revenue 1500.00, variable 800.00, MI 700.00 (46.7 %), overhead 250.00, result 450.00.
 */
describe('marginal income', () => {
  let ctx: TestContext;
  let w: ReportsWorld;
  let reader: SignedIn;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await reportsWorld(ctx);
    reader = await signIn(ctx, ['ROLE_REPORT_MARGINAL_INCOME_ALL']);
    const client = await w.counterparty('Альфа');
    const carrier = await w.counterparty('Перевозчик', false);
    const landlord = await w.counterparty('Арендодатель', false);
    const order = await w.order({ clientId: client, createdAt: '2026-02-01T09:00:00Z' });
    const job = await w.job(order, carrier);
    const bill = async (key: string, values: Record<string, unknown>) => {
      ids[key] = (await w.bill({ counterpartyId: client, orderIds: [order], ...values })).id;
    };
    await bill('febIncome', { amount: '500.00', date: '2026-02-10' });
    await bill('febCost', {
      direction: 'EXPENSE',
      counterpartyId: carrier,
      amount: '200.00',
      date: '2026-02-11',
    });
    await bill('income', { amount: '1000.00', date: '2026-03-05' });
    await bill('cost', {
      direction: 'EXPENSE',
      orderIds: [],
      jobIds: [job],
      counterpartyId: carrier,
      amount: '600.00',
      date: '2026-03-06',
    });
    await bill('disbursement', { amount: '300.00', date: '2026-03-07', disbursement: true });
    await bill('rent', {
      direction: 'EXPENSE',
      kind: 'OVERHEAD',
      orderIds: [],
      counterpartyId: landlord,
      amount: '250.00',
      date: '2026-03-15',
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const period = 'from=2026-02-01&to=2026-03-31';
  const get = async <T>(path: string, who = reader) => {
    const res = await w.call('GET', `/api/reports/marginal-income${path}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };

  it('takes revenue less variable costs, then overhead, per month, with a waterfall of the total', async () => {
    const answer = await get<ReportAnswer>(`?${period}`);
    expect(answer.rows.map((r) => r.cells)).toEqual([
      {
        group: '2026-02',
        revenue: '500.00',
        variableCost: '200.00',
        marginalIncome: '300.00',
        miRatio: '60.0',
        overhead: '0.00',
        result: '300.00',
      },
      {
        group: '2026-03',
        revenue: '1000.00',
        variableCost: '600.00',
        marginalIncome: '400.00',
        miRatio: '40.0',
        overhead: '250.00',
        result: '150.00',
      },
    ]);
    // Σ MI ÷ Σ revenue = 700 / 1500, not the mean of 60.0 and 40.0.
    expect(answer.totals[0]!.cells).toEqual({
      group: null,
      revenue: '1500.00',
      variableCost: '800.00',
      marginalIncome: '700.00',
      miRatio: '46.7',
      overhead: '250.00',
      result: '450.00',
    });
    expect(answer.chart).toMatchObject({ kind: 'waterfall', currency: 'RUB' });
    expect(answer.chart!.data.map((d) => [d.value, d.total])).toEqual([
      [1500, 0],
      [-800, 0],
      [700, 1],
      [-250, 0],
      [450, 1],
    ]);
  });

  it('drills each step down to its bills, costs negative in MI and the result, summing to the figure', async () => {
    const mi = await get<ReportDrill>(`/drill?${period}&row=2026-03&column=marginalIncome`);
    expect(mi.kind).toBe('bills');
    expect(mi.rows.map((r) => [r.href, r.cells.amount])).toEqual([
      [`/finances/bills/${ids.income}`, '1000.00'],
      [`/finances/bills/${ids.cost}`, '-600.00'],
    ]);
    expect(mi.totals[0]!.cells.amount).toBe('400.00');
    const overhead = await get<ReportDrill>(`/drill?${period}&row=total&column=overhead`);
    expect(overhead.rows.map((r) => r.href)).toEqual([`/finances/bills/${ids.rent}`]);
    const result = await get<ReportDrill>(`/drill?${period}&row=total&column=result`);
    expect(result.rows.map((r) => r.cells.amount)).toEqual([
      '500.00',
      '-200.00',
      '1000.00',
      '-600.00',
      '-250.00',
    ]);
    expect(result.totals[0]!.cells.amount).toBe('450.00');
  });

  it('is read by holders of its role only', async () => {
    const outsider = await signIn(ctx, ['ROLE_REPORT_GROSS_PROFIT_ALL']);
    expect((await w.call('GET', `/api/reports/marginal-income?${period}`, outsider)).statusCode).toBe(403);
    const bad = await w.call(
      'GET',
      `/api/reports/marginal-income/drill?${period}&row=total&column=miRatio`,
      reader,
    );
    expect(bad.statusCode).toBe(400);
  });
});

import type { ReportAnswer, ReportDrill } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type ReportsWorld, reportsWorld, sheetRows } from '../../test/reports-world';
import { type SignedIn, signIn } from '../../test/users';

/*
 * February and March 2026 (28 + 31 = 59 days), base RUB, every figure worked out by hand:
 * client A, roubles:
 *   I0  200.00 recognised 01-20 (before the period), paid 03-10  → open at 02-28: 200.00; at 03-31: 0
 *   I1 1000.00 recognised 02-10, 400.00 paid 02-20, 600.00 03-15 → open at 02-28: 600.00; at 03-31: 0
 *   I2  500.00 recognised 03-05, unpaid                          → open at 03-31: 500.00
 * client B, dollars:
 *   U1  100.00 USD recognised 03-10 (rate 90.10: 9010.00), 40.00 paid 03-20 → open 60.00 USD at 03-31,
 *       in base at its own rate 60 × 9010.00 / 100 = 5406.00
 * contractor C: E1 300.00 recognised 03-01, 100.00 paid 03-25 → owed 200.00 at 03-31
 *
 * DSO by month: February RUB 800 / 1000 × 28 = 22.4; March RUB 500 / 500 × 31 = 31.0; March USD in base
 *   5406 / 9010 × 31 = 0.6 × 31 = 18.6. Totals (balance at the period's end, billed summed, 59 days):
 *   RUB 500 / 1500 × 59 = 19.67 → 19.7; USD 60 / 100 (5406 / 9010) × 59 = 35.4;
 *   base (500 + 5406) / (1500 + 9010) × 59 = 5906 / 10510 × 59 = 348454 / 10510 = 33.15 → 33.2.
 *   The chart's March in base: 5906 / (500 + 9010) × 31 = 183086 / 9510 = 19.25 → 19.3.
 * DPO: March 200 / 300 × 31 = 20.67 → 20.7; total 200 / 300 × 59 = 39.33 → 39.3.
 * CCC: March 19.3 − 20.7 = −1.4; February no DPO (nothing bought) → none; total 33.2 − 39.3 = −6.1.
 */
describe('DSO, DPO and CCC', () => {
  let ctx: TestContext;
  let w: ReportsWorld;
  let reader: SignedIn;
  let a: number;
  let b: number;
  const bills: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await reportsWorld(ctx);
    reader = await signIn(ctx, ['ROLE_REPORT_DSO_ALL', 'ROLE_REPORT_DPO_ALL', 'ROLE_REPORT_CCC_ALL']);
    a = await w.counterparty('Альфа');
    b = await w.counterparty('Бета');
    const c = await w.counterparty('Перевозчик', false);
    const orderA = await w.order({ clientId: a });
    const orderB = await w.order({ clientId: b });
    const job = await w.job(orderA, c);
    const income = async (
      name: string,
      order: number,
      client: number,
      amount: string,
      date: string,
      extra = {},
    ) => {
      bills[name] = (await w.bill({ orderIds: [order], counterpartyId: client, amount, date, ...extra })).id;
    };
    await income('I0', orderA, a, '200.00', '2026-01-20');
    await income('I1', orderA, a, '1000.00', '2026-02-10');
    await income('I2', orderA, a, '500.00', '2026-03-05');
    await income('U1', orderB, b, '100.00', '2026-03-10', { currencyId: w.usd });
    bills.E1 = (
      await w.bill({
        direction: 'EXPENSE',
        jobIds: [job],
        counterpartyId: c,
        amount: '300.00',
        date: '2026-03-01',
      })
    ).id;
    const pay = (counterpartyId: number, bill: string, amount: string, date: string, extra = {}) =>
      w.pay({ counterpartyId, amount, date, links: [{ billId: bills[bill]!, amount }], ...extra });
    await pay(a, 'I0', '200.00', '2026-03-10');
    await pay(a, 'I1', '400.00', '2026-02-20');
    await pay(a, 'I1', '600.00', '2026-03-15');
    await pay(b, 'U1', '40.00', '2026-03-20', { currencyId: w.usd });
    await pay(c, 'E1', '100.00', '2026-03-25', { direction: 'OUTGOING' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const period = 'from=2026-02-01&to=2026-03-31';
  const get = async <T>(path: string, who = reader) => {
    const res = await w.call('GET', `/api/reports/${path}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };

  it('DSO per month and currency: the balance at each month end over the month invoiced, totals of sums', async () => {
    const answer = await get<ReportAnswer>(`dso?${period}`);
    expect(answer.rows.map((r) => [r.key, r.cells])).toEqual([
      [
        `2026-02:${w.rub}`,
        {
          group: '2026-02',
          currency: 'RUB',
          balance: '800.00',
          billed: '1000.00',
          balanceBase: '800.00',
          billedBase: '1000.00',
          days: 28,
          ratio: '22.4',
        },
      ],
      [
        `2026-03:${w.rub}`,
        expect.objectContaining({ balance: '500.00', billed: '500.00', days: 31, ratio: '31.0' }),
      ],
      [
        `2026-03:${w.usd}`,
        expect.objectContaining({
          currency: 'USD',
          balance: '60.00',
          billed: '100.00',
          balanceBase: '5406.00',
          billedBase: '9010.00',
          ratio: '18.6',
        }),
      ],
    ]);
    // Dollars and roubles are totalled apart; only the base adds them, and its ratio is of the sums.
    expect(answer.totals.map((t) => [t.key, t.cells])).toEqual([
      [
        `total:${w.rub}`,
        expect.objectContaining({
          currency: 'RUB',
          balance: '500.00',
          billed: '1500.00',
          days: 59,
          ratio: '19.7',
        }),
      ],
      [
        `total:${w.usd}`,
        expect.objectContaining({ currency: 'USD', balance: '60.00', billed: '100.00', ratio: '35.4' }),
      ],
      [
        'total:base',
        {
          group: null,
          currency: 'RUB',
          balanceBase: '5906.00',
          billedBase: '10510.00',
          days: 59,
          ratio: '33.2',
        },
      ],
    ]);
    expect(answer.chart?.data).toEqual([
      { category: '2026-02', ratio: 22.4 },
      { category: '2026-03', ratio: 19.3 },
    ]);
  });

  it('DSO per client over the whole period', async () => {
    const answer = await get<ReportAnswer>(`dso?${period}&groupBy=counterparty`);
    expect(answer.rows.map((r) => [r.key, r.cells.group, r.cells.balanceBase, r.cells.ratio])).toEqual([
      [`${b}:${w.usd}`, 'Бета', '5406.00', '35.4'],
      [`${a}:${w.rub}`, 'Альфа', '500.00', '19.7'],
    ]);
  });

  it('drills a balance down to the bills open at that month end, and a base total to all currencies', async () => {
    const february = await get<ReportDrill>(`dso/drill?${period}&row=2026-02:${w.rub}&column=balance`);
    expect(february.rows.map((r) => [r.href, r.cells.value])).toEqual([
      [`/finances/bills/${bills.I0}`, '200.00'],
      [`/finances/bills/${bills.I1}`, '600.00'],
    ]);
    expect(february.totals[0]!.cells.value).toBe('800.00');
    const base = await get<ReportDrill>(`dso/drill?${period}&row=total:base&column=balanceBase`);
    expect(base.rows.map((r) => r.cells.value)).toEqual(['500.00', '5406.00']);
    expect(base.totals[0]!.cells.value).toBe('5906.00');
    const billed = await get<ReportDrill>(`dso/drill?${period}&row=total:${w.rub}&column=billed`);
    expect(billed.totals[0]!.cells.value).toBe('1500.00');
    const ratio = await w.call('GET', `/api/reports/dso/drill?${period}&row=total:base&column=ratio`, reader);
    expect(ratio.statusCode).toBe(400);
  });

  it('DPO reads the expense bills and the outgoing payments', async () => {
    const answer = await get<ReportAnswer>(`dpo?${period}`);
    expect(answer.rows.map((r) => r.cells)).toEqual([
      {
        group: '2026-03',
        currency: 'RUB',
        balance: '200.00',
        billed: '300.00',
        balanceBase: '200.00',
        billedBase: '300.00',
        days: 31,
        ratio: '20.7',
      },
    ]);
    expect(answer.totals.at(-1)!.cells.ratio).toBe('39.3');
  });

  it('CCC is DSO − DPO month by month, in base', async () => {
    const answer = await get<ReportAnswer>(`ccc?${period}`);
    expect(answer.rows.map((r) => [r.cells.group, r.cells.dso, r.cells.dpo, r.cells.ccc])).toEqual([
      ['2026-02', '22.4', null, null],
      ['2026-03', '19.3', '20.7', '-1.4'],
    ]);
    expect(answer.totals[0]!.cells).toMatchObject({
      arBase: '5906.00',
      apBase: '200.00',
      dso: '33.2',
      dpo: '39.3',
      ccc: '-6.1',
    });
    const cost = await get<ReportDrill>(`ccc/drill?${period}&row=2026-03&column=costBase`);
    expect(cost.rows.map((r) => [r.href, r.cells.value])).toEqual([
      [`/finances/bills/${bills.E1}`, '300.00'],
    ]);
    const revenue = await get<ReportDrill>(`ccc/drill?${period}&row=2026-03&column=revenueBase`);
    expect(revenue.totals[0]!.cells.value).toBe('9510.00');
  });

  it('each type is its own role', async () => {
    const dsoOnly = await signIn(ctx, ['ROLE_REPORT_DSO_ALL']);
    expect((await w.call('GET', `/api/reports/dso?${period}`, dsoOnly)).statusCode).toBe(200);
    expect((await w.call('GET', `/api/reports/dpo?${period}`, dsoOnly)).statusCode).toBe(403);
    expect((await w.call('GET', `/api/reports/ccc?${period}`, dsoOnly)).statusCode).toBe(403);
  });

  it('exports DSO equal to the screen, totals included', async () => {
    const answer = await get<ReportAnswer>(`dso?${period}`);
    const queued = await w.call('POST', '/api/reports/dso/export', reader, {
      query: { from: '2026-02-01', to: '2026-03-31' },
      lang: 'en',
    });
    expect(queued.statusCode, queued.body).toBe(201);
    expect(await ctx.app.queue.drain()).toBe(1);
    const job = (await w.call('GET', `/api/background-jobs/${queued.json().data.id}`, reader)).json().data;
    const file = await ctx.app.inject({
      method: 'GET',
      url: job.result.downloadLink,
      headers: reader.headers,
    });
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]).toEqual([
      'Month',
      'Currency',
      'Receivables',
      'Invoiced',
      'Receivables, RUB',
      'Invoiced, RUB',
      'Days',
      'DSO, days',
    ]);
    expect(rows).toHaveLength(1 + answer.rows.length + answer.totals.length);
    expect(rows.at(-1)).toEqual(['Total', 'RUB', null, null, 5906, 10510, 59, 33.2]);
  });
});

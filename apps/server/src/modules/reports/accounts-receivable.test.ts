import { REPORT_MESSAGES, type ReportAnswer, type ReportDrill } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type ReportsWorld, reportsWorld, sheetRows } from '../../test/reports-world';
import { type SignedIn, signIn } from '../../test/users';

/*
 * The books (as of 2026-03-31 unless said), every figure below worked out by hand:
 * client A, roubles:
 *   A1 1000.00, due 03-20, 400.00 paid 03-12          → open 600.00, 11 days overdue  → 1-30
 *   A2  500.00, due 01-15, 200.00 paid 04-05 (after D) → open 500.00, 75 days          → 61-90
 *   A3  300.00, due 04-10                              → open 300.00, not due
 *   A4  700.00, due 02-10, paid in full 03-01          → settled, not listed
 *   A5  250.00, recognised 04-02 (after D)             → not yet a receivable
 *   A6  100.00, due 2025-12-01                         → open 100.00, 120 days         → over 90
 *   a payment of 150.00 on 03-15 linked to nothing     → prepayment −150.00
 * client B:
 *   B1  200.00 RUB, no due date, order dispatched 03-01 on 10 days' terms → due 03-11, 20 days → 1-30
 *   B2  100.00 USD on 03-10 (rate 90.10: 9010.00 in base) of the same order, due 03-11 too, 40.00 paid 03-20
 *       → open 60.00 USD, 20 days → 1-30; in base at its own rate 60 × 9010.00 / 100 = 5406.00
 */
describe('accounts receivable', () => {
  let ctx: TestContext;
  let w: ReportsWorld;
  let reader: SignedIn;
  let a: number;
  let b: number;
  const bills: Record<string, number> = {};
  let prepayment: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await reportsWorld(ctx);
    reader = await signIn(ctx, ['ROLE_REPORT_ACCOUNTS_RECEIVABLE_ALL']);
    a = await w.counterparty('Альфа');
    b = await w.counterparty('Бета');
    const orderA = await w.order({ clientId: a });
    const orderB = await w.order({
      clientId: b,
      paymentTermsBasis: 'DISPATCH',
      paymentTermsDays: 10,
      dispatchDate: '2026-03-01',
    });
    const bill = async (name: string, values: Record<string, unknown>) => {
      const client = name.startsWith('B') ? b : a;
      const order = client === b ? orderB : orderA;
      bills[name] = (await w.bill({ orderIds: [order], counterpartyId: client, ...values })).id;
    };
    await bill('A1', { amount: '1000.00', date: '2026-03-01', paymentDate: '2026-03-20' });
    await bill('A2', { amount: '500.00', date: '2026-01-05', paymentDate: '2026-01-15' });
    await bill('A3', { amount: '300.00', date: '2026-03-25', paymentDate: '2026-04-10' });
    await bill('A4', { amount: '700.00', date: '2026-02-01', paymentDate: '2026-02-10' });
    await bill('A5', { amount: '250.00', date: '2026-04-02', paymentDate: '2026-04-20' });
    await bill('A6', { amount: '100.00', date: '2025-11-20', paymentDate: '2025-12-01' });
    await bill('B1', { amount: '200.00', date: '2026-03-05' });
    await bill('B2', { amount: '100.00', currencyId: w.usd, date: '2026-03-10' });
    const link = (bill: string, amount: string) => [{ billId: bills[bill]!, amount }];
    await w.pay({ counterpartyId: a, amount: '400.00', date: '2026-03-12', links: link('A1', '400.00') });
    await w.pay({ counterpartyId: a, amount: '200.00', date: '2026-04-05', links: link('A2', '200.00') });
    await w.pay({ counterpartyId: a, amount: '700.00', date: '2026-03-01', links: link('A4', '700.00') });
    prepayment = (await w.pay({ counterpartyId: a, amount: '150.00', date: '2026-03-15' })).id;
    await w.pay({
      counterpartyId: b,
      currencyId: w.usd,
      amount: '40.00',
      date: '2026-03-20',
      links: link('B2', '40.00'),
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const report = async (query: string, who = reader) => {
    const res = await w.call('GET', `/api/reports/accounts-receivable?${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ReportAnswer;
  };
  const drill = async (query: string) => {
    const res = await w.call('GET', `/api/reports/accounts-receivable/drill?${query}`, reader);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ReportDrill;
  };
  const row = (answer: ReportAnswer, key: string) => answer.rows.find((r) => r.key === key)?.cells;

  it('ages the bills open at the as-of date in buckets that add up to the outstanding, prepayments negative', async () => {
    const answer = await report('asOf=2026-03-31');
    expect(answer.columns.map((c) => c.key)).toEqual([
      'client',
      'currency',
      'outstanding',
      'outstandingBase',
      'b0',
      'b1',
      'b2',
      'b3',
      'bOver',
      'prepayments',
      'net',
      'netBase',
    ]);
    expect(answer.rows.map((r) => r.key)).toEqual([`${b}:${w.usd}`, `${a}:${w.rub}`, `${b}:${w.rub}`]);
    expect(row(answer, `${a}:${w.rub}`)).toEqual({
      client: 'Альфа',
      currency: 'RUB',
      b0: '300.00',
      b1: '600.00',
      b2: '0.00',
      b3: '500.00',
      bOver: '100.00',
      outstanding: '1500.00',
      prepayments: '-150.00',
      net: '1350.00',
      outstandingBase: '1500.00',
      netBase: '1350.00',
    });
    expect(row(answer, `${b}:${w.rub}`)).toMatchObject({
      b1: '200.00',
      outstanding: '200.00',
      prepayments: '0.00',
    });
    // The dollar bill stays in dollars; its base is its own rate's, not the payment's nor today's.
    expect(row(answer, `${b}:${w.usd}`)).toMatchObject({
      currency: 'USD',
      b1: '60.00',
      outstanding: '60.00',
      outstandingBase: '5406.00',
      netBase: '5406.00',
    });
    // Totals per currency, and the base columns once: roubles and dollars are never added.
    expect(answer.totals).toEqual([
      {
        key: `total:${w.rub}`,
        cells: {
          client: null,
          currency: 'RUB',
          b0: '300.00',
          b1: '800.00',
          b2: '0.00',
          b3: '500.00',
          bOver: '100.00',
          outstanding: '1700.00',
          prepayments: '-150.00',
          net: '1550.00',
        },
      },
      {
        key: `total:${w.usd}`,
        cells: {
          client: null,
          currency: 'USD',
          b0: '0.00',
          b1: '60.00',
          b2: '0.00',
          b3: '0.00',
          bOver: '0.00',
          outstanding: '60.00',
          prepayments: '0.00',
          net: '60.00',
        },
      },
      {
        key: 'total:base',
        cells: { client: null, currency: 'RUB', outstandingBase: '7106.00', netBase: '6956.00' },
      },
    ]);
    // The chart: the clients by what they owe in base, stacked by bucket.
    expect(answer.chart?.data).toEqual([
      { category: 'Бета', b0: 0, b1: 5606, b2: 0, b3: 0, bOver: 0 },
      { category: 'Альфа', b0: 300, b1: 600, b2: 0, b3: 500, bOver: 100 },
    ]);
  });

  it('counts only the payments dated on or before the as-of date', async () => {
    const answer = await report('asOf=2026-03-11');
    // A1's 400.00 came on 03-12: all 1000.00 open and not yet due; A2 is 55 days overdue then; A3, the
    // prepayment and B2's payment are not there yet; B1 and B2 fall due that very day.
    expect(row(answer, `${a}:${w.rub}`)).toMatchObject({
      b0: '1000.00',
      b2: '500.00',
      b3: '0.00',
      bOver: '100.00',
      outstanding: '1600.00',
      prepayments: '0.00',
    });
    expect(row(answer, `${b}:${w.rub}`)).toMatchObject({ b0: '200.00', b1: '0.00' });
    expect(row(answer, `${b}:${w.usd}`)).toMatchObject({ b0: '100.00', outstanding: '100.00' });
  });

  it('takes its own bucket edges, and refuses edges that are not ascending days', async () => {
    const answer = await report(`asOf=2026-03-31&buckets=15,45&clientId=${a}`);
    expect(answer.columns.filter((c) => c.key.startsWith('b')).map((c) => [c.key, c.params])).toEqual([
      ['b0', undefined],
      ['b1', { from: 1, to: 15 }],
      ['b2', { from: 16, to: 45 }],
      ['bOver', { days: 45 }],
    ]);
    expect(answer.rows.map((r) => r.cells)).toEqual([
      expect.objectContaining({
        b0: '300.00',
        b1: '600.00',
        b2: '0.00',
        bOver: '600.00',
        outstanding: '1500.00',
      }),
    ]);
    const refused = await w.call('GET', '/api/reports/accounts-receivable?buckets=60,30', reader);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.children.buckets.errors).toEqual([REPORT_MESSAGES.buckets]);
  });

  it('drills every figure down to the bills or payments that sum to it', async () => {
    const q = 'asOf=2026-03-31';
    const cell = await drill(`${q}&row=${a}:${w.rub}&column=b1`);
    expect(cell.kind).toBe('bills');
    expect(cell.rows.map((r) => [r.href, r.cells.open, r.cells.age])).toEqual([
      [`/finances/bills/${bills.A1}`, '600.00', 11],
    ]);
    const total = await drill(`${q}&row=total:${w.rub}&column=outstanding`);
    expect(total.rows.map((r) => r.cells.open)).toEqual(['100.00', '500.00', '200.00', '600.00', '300.00']);
    expect(total.totals[0]!.cells.open).toBe('1700.00');
    const base = await drill(`${q}&row=total:base&column=outstandingBase`);
    expect(base.rows).toHaveLength(6);
    expect(base.totals[0]!.cells.open).toBe('7106.00');
    const advances = await drill(`${q}&row=${a}:${w.rub}&column=prepayments`);
    expect(advances.kind).toBe('payments');
    expect(advances.rows.map((r) => [r.href, r.cells.amount])).toEqual([
      [`/finances/payments/${prepayment}`, '-150.00'],
    ]);
    const unknown = await w.call(
      'GET',
      `/api/reports/accounts-receivable/drill?${q}&row=${a}:${w.rub}&column=client`,
      reader,
    );
    expect(unknown.statusCode).toBe(400);
  });

  it("keeps a reader to his role's scope: an office's bills, and no report without the role", async () => {
    const here = await signIn(ctx, ['ROLE_REPORT_ACCOUNTS_RECEIVABLE_MANAGER_OFFICE'], {
      serviceOfficeId: w.mow,
    });
    const there = await signIn(ctx, ['ROLE_REPORT_ACCOUNTS_RECEIVABLE_MANAGER_OFFICE'], {
      serviceOfficeId: w.spb,
    });
    expect((await report('asOf=2026-03-31', here)).totals.at(-1)!.cells.outstandingBase).toBe('7106.00');
    expect(await report('asOf=2026-03-31', there)).toMatchObject({ rows: [], totals: [], chart: null });
    const outsider = await signIn(ctx, ['ROLE_BILL_VIEW_ALL']);
    expect((await w.call('GET', '/api/reports/accounts-receivable', outsider)).statusCode).toBe(403);
    expect((await w.call('POST', '/api/reports/accounts-receivable/export', outsider, {})).statusCode).toBe(
      403,
    );
  });

  it('exports in the background a workbook equal to the screen, totals included', async () => {
    const answer = await report('asOf=2026-03-31');
    const queued = await w.call('POST', '/api/reports/accounts-receivable/export', reader, {
      query: { asOf: '2026-03-31' },
      lang: 'en',
    });
    expect(queued.statusCode, queued.body).toBe(201);
    expect(queued.json().data).toMatchObject({
      kind: 'report-export',
      state: 'queued',
      label: 'Accounts receivable',
    });
    expect(await ctx.app.queue.drain()).toBe(1);
    const job = (await w.call('GET', `/api/background-jobs/${queued.json().data.id}`, reader)).json().data;
    expect(job.state).toBe('done');
    const file = await ctx.app.inject({
      method: 'GET',
      url: job.result.downloadLink,
      headers: reader.headers,
    });
    const rows = (await sheetRows(file.rawPayload)).map((r) => [...r, ...Array(12 - r.length).fill(null)]);
    expect(rows[0]).toEqual([
      'Client',
      'Currency',
      'Outstanding',
      'Outstanding, RUB',
      'Not due',
      '1–30 days',
      '31–60 days',
      '61–90 days',
      'Over 90 days',
      'Prepayments',
      'Net balance',
      'Net balance, RUB',
    ]);
    const keys = answer.columns.map((c) => c.key);
    const asNumbers = (cells: Record<string, unknown>) =>
      keys.map((k) =>
        typeof cells[k] === 'string' && /^-?\d+\.\d+$/.test(cells[k] as string)
          ? Number(cells[k])
          : (cells[k] ?? null),
      );
    expect(rows.slice(1, 1 + answer.rows.length)).toEqual(answer.rows.map((r) => asNumbers(r.cells)));
    const totals = rows.slice(1 + answer.rows.length);
    expect(totals).toEqual(answer.totals.map((t) => ['Total', ...asNumbers(t.cells).slice(1)]));
    expect(totals.at(-1)![3]).toBe(7106);
  });
});

import type { ReportAnswer, ReportDrill } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type ReportsWorld, reportsWorld } from '../../test/reports-world';
import { type SignedIn, signIn } from '../../test/users';

/*
 * The books of March 2026 (base RUB), every figure below worked out by hand:
 *   O1  client A, MOW, seller S1, made 03-02: income 1000.00 (03-05), its job's carrier 600.00 (03-06),
 *       a disbursement of 300.00 re-billed at cost (03-07, neither revenue nor cost), income 200.00 on 04-02
 *       (another period)                                          → revenue 1000.00, cost 600.00, GP 400.00
 *   O2  client B, SPB, seller S2: income 100.00 USD on 03-10 at 90.10 = 9010.00 (paid 03-20 at 90.20: the
 *       payment changes nothing), carrier 5000.00 (03-12)         → revenue 9010.00, cost 5000.00, GP 4010.00
 *   O3, O4  client B, MOW, seller S1: one income bill of 500.00 for both (03-15) → 250.00 each
 *   O5  client A, MOW, seller S2, made 03-20: income 700.00 (03-25)  → revenue 700.00
 *   O6  client D, SPB, seller S2, made 2026-02-28 22:30 UTC (03-01 in Moscow): income 300.00 (03-05)
 *   O0  client B's first order, made 02-10; O7 client E's first, made 2026-03-31 21:30 UTC (04-01 in Moscow)
 * Totals: revenue 1000 + 9010 + 500 + 700 + 300 = 11510.00, cost 5600.00, GP 5910.00, margin 51.3 %.
 */
describe('profit reports', () => {
  let ctx: TestContext;
  let w: ReportsWorld;
  let reader: SignedIn;
  let s1: SignedIn;
  let s2: SignedIn;
  const o: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await reportsWorld(ctx);
    reader = await signIn(ctx, ['ROLE_REPORT_GROSS_PROFIT_ALL', 'ROLE_REPORT_NEW_CLIENTS_ALL']);
    s1 = await signIn(ctx, ['ROLE_REPORT_GROSS_PROFIT_OWN'], { contactName: 'Продавец Один' });
    s2 = await signIn(ctx, [], { contactName: 'Продавец Два' });
    const a = await w.counterparty('Альфа');
    const b = await w.counterparty('Бета');
    const d = await w.counterparty('Дельта');
    const e = await w.counterparty('Эпсилон');
    const carrier = await w.counterparty('Перевозчик', false);
    const seller1 = s1.user.id;
    const seller2 = s2.user.id;
    o.O0 = await w.order({ clientId: b, sellerId: seller2, createdAt: '2026-02-10T09:00:00Z' });
    o.O1 = await w.order({ clientId: a, sellerId: seller1, createdAt: '2026-03-02T09:00:00Z' });
    o.O2 = await w.order({ clientId: b, sellerId: seller2, officeId: w.spb, productId: w.otherProductId });
    o.O3 = await w.order({ clientId: b, sellerId: seller1 });
    o.O4 = await w.order({ clientId: b, sellerId: seller1 });
    o.O5 = await w.order({ clientId: a, sellerId: seller2, createdAt: '2026-03-20T09:00:00Z' });
    o.O6 = await w.order({
      clientId: d,
      sellerId: seller2,
      officeId: w.spb,
      createdAt: '2026-02-28T22:30:00Z',
    });
    o.O7 = await w.order({ clientId: e, sellerId: seller1, createdAt: '2026-03-31T21:30:00Z' });
    const job = await w.job(o.O1, carrier);
    const income = (orderIds: number[], counterpartyId: number, amount: string, date: string, extra = {}) =>
      w.bill({ orderIds, counterpartyId, amount, date, ...extra });
    await income([o.O1], a, '1000.00', '2026-03-05');
    await w.bill({
      direction: 'EXPENSE',
      jobIds: [job],
      counterpartyId: carrier,
      amount: '600.00',
      date: '2026-03-06',
    });
    await income([o.O1], a, '300.00', '2026-03-07', { disbursement: true });
    await income([o.O1], a, '200.00', '2026-04-02');
    const dollars = await income([o.O2], b, '100.00', '2026-03-10', { currencyId: w.usd });
    await w.pay({
      counterpartyId: b,
      currencyId: w.usd,
      amount: '100.00',
      date: '2026-03-20',
      links: [{ billId: dollars.id, amount: '100.00' }],
    });
    await w.bill({
      direction: 'EXPENSE',
      orderIds: [o.O2],
      counterpartyId: carrier,
      amount: '5000.00',
      date: '2026-03-12',
    });
    await income([o.O3, o.O4], b, '500.00', '2026-03-15');
    await income([o.O5], a, '700.00', '2026-03-25');
    await income([o.O6], d, '300.00', '2026-03-05');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const get = async <T>(path: string, who = reader) => {
    const res = await w.call('GET', `/api/reports/${path}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };
  const march = 'from=2026-03-01&to=2026-03-31';
  const cells = (answer: ReportAnswer) => answer.rows.map((r) => r.cells);

  describe('gross profit', () => {
    it('takes per order income less expense in base as posted, without disbursements, and a total margin of sums', async () => {
      const byMonth = await get<ReportAnswer>(`gross-profit?${march}`);
      expect(cells(byMonth)).toEqual([
        {
          group: '2026-03',
          orders: 6,
          revenue: '11510.00',
          cost: '5600.00',
          grossProfit: '5910.00',
          margin: '51.3',
        },
      ]);
      const bySeller = await get<ReportAnswer>(`gross-profit?${march}&groupBy=seller`);
      // S2: O2, O5, O6 → 10010.00 − 5000.00; S1: O1, O3, O4 → 1500.00 − 600.00. The total's margin is
      // 5910 / 11510, not the mean of the rows' 50.0 % and 60.0 %.
      expect(cells(bySeller)).toEqual([
        {
          group: 'Продавец Два',
          orders: 3,
          revenue: '10010.00',
          cost: '5000.00',
          grossProfit: '5010.00',
          margin: '50.0',
        },
        {
          group: 'Продавец Один',
          orders: 3,
          revenue: '1500.00',
          cost: '600.00',
          grossProfit: '900.00',
          margin: '60.0',
        },
      ]);
      expect(bySeller.totals).toEqual([
        {
          key: 'total',
          cells: {
            group: null,
            orders: 6,
            revenue: '11510.00',
            cost: '5600.00',
            grossProfit: '5910.00',
            margin: '51.3',
          },
        },
      ]);
      expect(bySeller.chart?.data.map((bar) => bar.grossProfit)).toEqual([5010, 900]);
    });

    it('filters by the bills and by the orders', async () => {
      const dollars = await get<ReportAnswer>(`gross-profit?${march}&groupBy=client&currencyId=${w.usd}`);
      expect(cells(dollars)).toEqual([
        {
          group: 'Бета',
          orders: 1,
          revenue: '9010.00',
          cost: '0.00',
          grossProfit: '9010.00',
          margin: '100.0',
        },
      ]);
      const spb = await get<ReportAnswer>(`gross-profit?${march}&groupBy=office&serviceOfficeId=${w.spb}`);
      expect(cells(spb)).toEqual([
        expect.objectContaining({
          group: 'Санкт-Петербург',
          orders: 2,
          revenue: '9310.00',
          grossProfit: '4310.00',
        }),
      ]);
      const april = await get<ReportAnswer>('gross-profit?from=2026-04-01&to=2026-04-30&groupBy=client');
      expect(cells(april)).toEqual([
        {
          group: 'Альфа',
          orders: 1,
          revenue: '200.00',
          cost: '0.00',
          grossProfit: '200.00',
          margin: '100.0',
        },
      ]);
    });

    it('drills a figure down to the orders that sum to it', async () => {
      const answer = await get<ReportAnswer>(`gross-profit?${march}&groupBy=seller`);
      const row = answer.rows.find((r) => r.cells.group === 'Продавец Один')!;
      const orders = await get<ReportDrill>(
        `gross-profit/drill?${march}&groupBy=seller&row=${row.key}&column=grossProfit`,
      );
      expect(orders.kind).toBe('orders');
      expect(orders.rows.map((r) => [r.href, r.cells.grossProfit])).toEqual([
        [`/tms/orders/${o.O1}`, '400.00'],
        [`/tms/orders/${o.O3}`, '250.00'],
        [`/tms/orders/${o.O4}`, '250.00'],
      ]);
      expect(orders.totals[0]!.cells).toMatchObject({ grossProfit: '900.00', revenue: '1500.00' });
    });

    it("keeps a seller with the own scope to his orders, and an office's reader to its orders", async () => {
      const own = await get<ReportAnswer>(`gross-profit?${march}&groupBy=client`, s1);
      expect(own.totals[0]!.cells).toMatchObject({ orders: 3, grossProfit: '900.00' });
      const spb = await signIn(ctx, ['ROLE_REPORT_GROSS_PROFIT_MANAGER_OFFICE'], { serviceOfficeId: w.spb });
      const office = await get<ReportAnswer>(`gross-profit?${march}`, spb);
      expect(office.totals[0]!.cells).toMatchObject({
        orders: 2,
        revenue: '9310.00',
        grossProfit: '4310.00',
      });
      expect((await w.call('GET', `/api/reports/gross-profit?${march}`, s2)).statusCode).toBe(403);
      const bad = await w.call('GET', '/api/reports/gross-profit?from=2026-03-31&to=2026-03-01', reader);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.children.to.errors).toEqual(['The period must not end before it starts.']);
    });
  });

  describe('new clients', () => {
    it("counts the clients whose first order ever falls in the period, with the period's money, by the first order's seller", async () => {
      // A (first order O1 on 03-02) and D (O6, 03-01 in Moscow) are new; B began in February, E in April.
      const byClient = await get<ReportAnswer>(`new-clients?${march}`);
      expect(cells(byClient)).toEqual([
        {
          group: 'Альфа',
          firstOrder: '2026-03-02',
          seller: 'Продавец Один',
          newClients: 1,
          revenue: '1700.00',
          grossProfit: '1100.00',
          margin: '64.7',
        },
        {
          group: 'Дельта',
          firstOrder: '2026-03-01',
          seller: 'Продавец Два',
          newClients: 1,
          revenue: '300.00',
          grossProfit: '300.00',
          margin: '100.0',
        },
      ]);
      expect(byClient.totals[0]!.cells).toEqual({
        group: null,
        newClients: 2,
        revenue: '2000.00',
        grossProfit: '1400.00',
        margin: '70.0',
      });
      const bySeller = await get<ReportAnswer>(`new-clients?${march}&groupBy=seller`);
      expect(cells(bySeller).map((c) => [c.group, c.newClients, c.grossProfit])).toEqual([
        ['Продавец Один', 1, '1100.00'],
        ['Продавец Два', 1, '300.00'],
      ]);
      const byMonth = await get<ReportAnswer>(`new-clients?from=2026-02-01&to=2026-04-30&groupBy=month`);
      expect(cells(byMonth).map((c) => [c.group, c.newClients])).toEqual([
        ['2026-02', 1],
        ['2026-03', 2],
        ['2026-04', 1],
      ]);
      expect(byMonth.chart?.data).toEqual([
        { category: '2026-02', newClients: 1 },
        { category: '2026-03', newClients: 2 },
        { category: '2026-04', newClients: 1 },
      ]);
    });

    it('drills the count down to the first orders and the money to what they sum to', async () => {
      const drilled = await get<ReportDrill>(`new-clients/drill?${march}&row=total&column=newClients`);
      expect(drilled.rows.map((r) => r.href)).toEqual([`/tms/orders/${o.O6}`, `/tms/orders/${o.O1}`]);
      expect(drilled.totals[0]!.cells).toMatchObject({ revenue: '2000.00', grossProfit: '1400.00' });
    });
  });
});

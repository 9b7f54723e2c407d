import type { ReportAnswer, ReportDrill } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type ReportsWorld, reportsWorld } from '../../test/reports-world';
import { type SignedIn, signIn } from '../../test/users';

/*
 * March 2026, the rouble form (with VAT) and the dollar form (without), every figure worked out by hand:
 *   B1  O1, 1000.00 RUB on 03-05, 600.00 paid 03-20
 *   B2  O1 and O2 (one bill), 500.00 RUB on 03-10, paid in full 04-02 (after the period: unpaid at 03-31)
 *   B3  O2, 100.00 USD on 03-10 (rate 90.10: 9010.00), 50.00 paid 03-25 → in base 50 × 9010 / 100 = 4505.00
 *   B4  O3, 200.00 RUB on 02-25: another period
 *   B5  O3, 300.00 RUB on 03-15, unpaid
 * Rouble form: orders O1, O2, O3 = 3, bills 3, invoiced 1000 + 500 + 300 = 1800.00, paid 600.00, unpaid 1200.00.
 * Dollar form: orders O2 = 1, invoiced 100.00, paid 50.00, unpaid 50.00; in base 9010.00 and 4505.00.
 * Base total: orders O1, O2, O3 = 3 (O2 on both forms counts once), invoiced 1800 + 9010 = 10810.00,
 * paid 600 + 4505 = 5105.00.
 */
describe('orders by payment form', () => {
  let ctx: TestContext;
  let w: ReportsWorld;
  let reader: SignedIn;
  const bills: Record<string, number> = {};
  const o: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await reportsWorld(ctx);
    reader = await signIn(ctx, ['ROLE_REPORT_ORDERS_BY_PAYMENT_FORM_ALL']);
    await ctx.database.db.execute(sql`UPDATE payment_forms SET with_vat = false WHERE id = ${w.usdForm}`);
    const a = await w.counterparty('Альфа');
    const b = await w.counterparty('Бета');
    o.O1 = await w.order({ clientId: a });
    o.O2 = await w.order({ clientId: a });
    o.O3 = await w.order({ clientId: b });
    const bill = async (
      name: string,
      orderIds: number[],
      counterpartyId: number,
      amount: string,
      date: string,
      extra = {},
    ) => {
      bills[name] = (await w.bill({ orderIds, counterpartyId, amount, date, ...extra })).id;
    };
    await bill('B1', [o.O1], a, '1000.00', '2026-03-05');
    await bill('B2', [o.O1, o.O2], a, '500.00', '2026-03-10');
    await bill('B3', [o.O2], a, '100.00', '2026-03-10', { currencyId: w.usd });
    await bill('B4', [o.O3], b, '200.00', '2026-02-25');
    await bill('B5', [o.O3], b, '300.00', '2026-03-15');
    const pay = (bill: string, counterpartyId: number, amount: string, date: string, extra = {}) =>
      w.pay({ counterpartyId, amount, date, links: [{ billId: bills[bill]!, amount }], ...extra });
    await pay('B1', a, '600.00', '2026-03-20');
    await pay('B2', a, '500.00', '2026-04-02');
    await pay('B3', a, '50.00', '2026-03-25', { currencyId: w.usd });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const march = 'from=2026-03-01&to=2026-03-31';
  const get = async <T>(path: string) => {
    const res = await w.call('GET', `/api/reports/${path}`, reader);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };

  it('per form and currency: orders, invoiced, paid by the period end; orders once in the total', async () => {
    const answer = await get<ReportAnswer>(`orders-by-payment-forms?${march}`);
    expect(answer.rows.map((r) => [r.key, r.cells])).toEqual([
      [
        `${w.usdForm}:${w.usd}`,
        expect.objectContaining({
          currency: 'USD',
          orders: 1,
          invoiced: '100.00',
          paid: '50.00',
          unpaid: '50.00',
          invoicedBase: '9010.00',
          paidBase: '4505.00',
        }),
      ],
      [
        `${w.rubForm}:${w.rub}`,
        expect.objectContaining({
          currency: 'RUB',
          orders: 3,
          invoiced: '1800.00',
          paid: '600.00',
          unpaid: '1200.00',
          invoicedBase: '1800.00',
          paidBase: '600.00',
        }),
      ],
    ]);
    expect(answer.totals.map((t) => [t.key, t.cells])).toEqual([
      [
        `total:${w.rub}`,
        { form: null, currency: 'RUB', orders: 3, invoiced: '1800.00', paid: '600.00', unpaid: '1200.00' },
      ],
      [
        `total:${w.usd}`,
        { form: null, currency: 'USD', orders: 1, invoiced: '100.00', paid: '50.00', unpaid: '50.00' },
      ],
      [
        'total:base',
        { form: null, currency: 'RUB', orders: 3, invoicedBase: '10810.00', paidBase: '5105.00' },
      ],
    ]);
    const withoutVat = await get<ReportAnswer>(`orders-by-payment-forms?${march}&withVat=false`);
    expect(withoutVat.rows.map((r) => r.key)).toEqual([`${w.usdForm}:${w.usd}`]);
  });

  it('drills a figure down to the bills or orders behind it', async () => {
    const unpaid = await get<ReportDrill>(
      `orders-by-payment-forms/drill?${march}&row=${w.rubForm}:${w.rub}&column=unpaid`,
    );
    expect(unpaid.rows.map((r) => [r.href, r.cells.value])).toEqual([
      [`/finances/bills/${bills.B1}`, '400.00'],
      [`/finances/bills/${bills.B2}`, '500.00'],
      [`/finances/bills/${bills.B5}`, '300.00'],
    ]);
    expect(unpaid.totals[0]!.cells.value).toBe('1200.00');
    const paidBase = await get<ReportDrill>(
      `orders-by-payment-forms/drill?${march}&row=total:base&column=paidBase`,
    );
    expect(paidBase.totals[0]!.cells.value).toBe('5105.00');
    const orders = await get<ReportDrill>(
      `orders-by-payment-forms/drill?${march}&row=total:base&column=orders`,
    );
    expect(orders.rows.map((r) => r.href)).toEqual([o.O1, o.O2, o.O3].map((id) => `/tms/orders/${id}`));
  });

  it('is for holders of its role only', async () => {
    const outsider = await signIn(ctx, ['ROLE_REPORT_DSO_ALL']);
    expect((await w.call('GET', `/api/reports/orders-by-payment-forms?${march}`, outsider)).statusCode).toBe(
      403,
    );
  });
});

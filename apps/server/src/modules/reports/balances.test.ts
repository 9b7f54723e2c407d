import type { ReportAnswer, Role } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerPrincipal } from '../../platform/auth/owner';
import { createTestApp, type TestContext } from '../../test/harness';
import { type ReportsWorld, reportsWorld } from '../../test/reports-world';
import { type SignedIn, signIn } from '../../test/users';
import { parseReportQuery } from './framework';
import { accountsReceivable } from './use-cases/accounts-receivable';
import { dso } from './use-cases/cash-cycle';

/*
 * Balances at a date as the reports read them (docs/reports.md "Balances at a date"), and the screen's row
 * limit of accounts receivable. Roubles, every figure by hand:
 *   A1 1000.00 recognised 01-10; 300.00 paid 01-20, 700.00 paid 02-15 → open at 01-31: 700.00; at 02-28: 0
 *   B1  500.00 recognised 01-25; paid in full 03-10                    → open at 01-31 and 02-28: 500.00
 *   C1  200.00 recognised 02-05; an advance of 50.00 dated 01-15, linked to it later (03-20 in the books'
 *       life: a link of an advance is the payment's, as of its own date)
 *                                                                      → at 01-31 not yet billed; then 150.00
 *   C2  400.00 recognised 03-05 (after 02-28), paid 03-06              → never open at 01-31 or 02-28
 * As of 01-31: A 700.00, B 500.00 (C nothing); as of 02-28: B 500.00, C 150.00; total 650.00.
 * DSO by month (January 31 days, February 28): January balance 1200.00, billed 1500.00 → 1200 / 1500 × 31 =
 *   24.8; February balance 650.00, billed 200.00 → 650 / 200 × 28 = 91.0.
 */
const PAYER: Role[] = [
  'ROLE_BILL_VIEW_ALL',
  'ROLE_PAYMENT_LIST_ALL',
  'ROLE_PAYMENT_UNLINKED',
  'ROLE_PAYMENT_LINKED',
];

describe('balances at a date', () => {
  let ctx: TestContext;
  let w: ReportsWorld;
  let reader: SignedIn;
  let a: number;
  let b: number;
  let c: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await reportsWorld(ctx);
    reader = await signIn(ctx, ['ROLE_REPORT_ACCOUNTS_RECEIVABLE_ALL', 'ROLE_REPORT_DSO_ALL']);
    const payer = await signIn(ctx, PAYER);
    a = await w.counterparty('Альфа');
    b = await w.counterparty('Бета');
    c = await w.counterparty('Гамма');
    const bill = async (client: number, amount: string, date: string) =>
      (
        await w.bill({
          orderIds: [await w.order({ clientId: client })],
          counterpartyId: client,
          amount,
          date,
        })
      ).id;
    const a1 = await bill(a, '1000.00', '2026-01-10');
    const b1 = await bill(b, '500.00', '2026-01-25');
    const c1 = await bill(c, '200.00', '2026-02-05');
    const c2 = await bill(c, '400.00', '2026-03-05');
    const link = (billId: number, amount: string) => [{ billId, amount }];
    await w.pay({ counterpartyId: a, amount: '300.00', date: '2026-01-20', links: link(a1, '300.00') });
    await w.pay({ counterpartyId: a, amount: '700.00', date: '2026-02-15', links: link(a1, '700.00') });
    await w.pay({ counterpartyId: b, amount: '500.00', date: '2026-03-10', links: link(b1, '500.00') });
    await w.pay({ counterpartyId: c, amount: '400.00', date: '2026-03-06', links: link(c2, '400.00') });
    const advance = await w.pay({ counterpartyId: c, amount: '50.00', date: '2026-01-15' });
    const linked = await w.call('PUT', `/api/finances/payments/${advance.id}`, payer, {
      links: link(c1, '50.00'),
      version: advance.version,
    });
    expect(linked.statusCode, linked.body).toBe(200);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const report = async (path: string, query: string) => {
    const res = await w.call('GET', `/api/reports/${path}?${query}`, reader);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ReportAnswer;
  };
  const outstanding = (answer: ReportAnswer) =>
    Object.fromEntries(answer.rows.map((r) => [r.cells.client, r.cells.outstanding]));

  it('counts the payments dated by the as-of date, an advance linked later as of its own date', async () => {
    expect(outstanding(await report('accounts-receivable', 'asOf=2026-01-31'))).toEqual({
      Альфа: '700.00',
      Бета: '500.00',
    });
    const february = await report('accounts-receivable', 'asOf=2026-02-28');
    expect(outstanding(february)).toEqual({ Бета: '500.00', Гамма: '150.00' });
    expect(february.totals[0]!.cells).toMatchObject({ currency: 'RUB', outstanding: '650.00' });
    // Nothing is prepaid at either date: the advance is C1's since it was linked.
    expect(february.rows.map((r) => r.cells.prepayments)).toEqual(['0.00', '0.00']);
    // By 03-31 A1, B1 and C2 are paid; C1 still owes what the advance left.
    expect(outstanding(await report('accounts-receivable', 'asOf=2026-03-31'))).toEqual({ Гамма: '150.00' });
  });

  it("reads each month's balance at its end in DSO", async () => {
    const answer = await report('dso', 'from=2026-01-01&to=2026-02-28&groupBy=month');
    expect(answer.rows.map((r) => [r.cells.group, r.cells.balance, r.cells.billed, r.cells.ratio])).toEqual([
      ['2026-01', '1200.00', '1500.00', '24.8'],
      ['2026-02', '650.00', '200.00', '91.0'],
    ]);
  });

  it('shows the screen the clients owing most, with the totals of all and how many there are', async () => {
    const auth = await ownerPrincipal(ctx.database.db, reader.user.id, ctx.app.registries);
    const screen = { tx: ctx.database.db, registries: ctx.app.registries, auth, screenRows: 1 };
    const query = parseReportQuery(accountsReceivable.report, { asOf: '2026-01-31' }, '2026-04-01');
    const answer = await accountsReceivable.answer.run(screen, query);
    expect(answer.rows.map((r) => [r.cells.client, r.cells.outstanding])).toEqual([['Альфа', '700.00']]);
    expect(answer.shownRows).toEqual({ shown: 1, total: 2 });
    expect(answer.totals[0]!.cells).toMatchObject({ currency: 'RUB', outstanding: '1200.00' });
    // The export (no screen) has every row.
    const all = await accountsReceivable.answer.run({ ...screen, screenRows: undefined }, query);
    expect(all.rows).toHaveLength(2);
    expect(all.shownRows).toBeUndefined();
    // DSO's rows are months: never cut.
    const monthly = await dso.answer.run(
      screen,
      parseReportQuery(dso.report, { from: '2026-01-01', to: '2026-02-28' }, '2026-04-01'),
    );
    expect(monthly.rows).toHaveLength(2);
  });
});

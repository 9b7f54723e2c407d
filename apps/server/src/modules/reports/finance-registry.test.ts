import type { ReportAnswer } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerPrincipal } from '../../platform/auth/owner';
import { createTestApp, type TestContext } from '../../test/harness';
import { type ReportsWorld, reportsWorld, sheetRows } from '../../test/reports-world';
import { type SignedIn, signIn } from '../../test/users';
import { parseReportQuery } from './framework';
import { financeRegistry } from './use-cases/finance-registry';

/*
 * March 2026, every figure worked out by hand:
 *   I1 income 1000.00 RUB dated 03-05; U1 income 100.00 USD dated 03-10 (rate 90.10: 9010.00 in base)
 *   E1 expense 300.00 RUB dated 02-25, recognised 03-02 (in March by recognition date only)
 *   P1 incoming 400.00 RUB on 03-12 for I1; P2 incoming 40.00 USD on 03-20 for U1 (rate 90.20: 3608.00)
 * By document date: RUB income 1000 + 400 = 1400.00, expense 0.00; USD income 100 + 40 = 140.00;
 *   base income 1000 + 9010 + 400 + 3608 = 14018.00. By recognition date E1 joins: RUB expense 300.00.
 */
describe('finance registry', () => {
  let ctx: TestContext;
  let w: ReportsWorld;
  let reader: SignedIn;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await reportsWorld(ctx);
    reader = await signIn(ctx, ['ROLE_REPORT_FINANCE_REGISTRY']);
    const a = await w.counterparty('Альфа');
    const c = await w.counterparty('Перевозчик', false);
    const order = await w.order({ clientId: a });
    const job = await w.job(order, c);
    ids.I1 = (
      await w.bill({ orderIds: [order], counterpartyId: a, amount: '1000.00', date: '2026-03-05' })
    ).id;
    ids.U1 = (
      await w.bill({
        orderIds: [order],
        counterpartyId: a,
        amount: '100.00',
        currencyId: w.usd,
        date: '2026-03-10',
      })
    ).id;
    ids.E1 = (
      await w.bill({
        direction: 'EXPENSE',
        jobIds: [job],
        counterpartyId: c,
        amount: '300.00',
        date: '2026-02-25',
        recognitionDate: '2026-03-02',
      })
    ).id;
    ids.P1 = (
      await w.pay({
        counterpartyId: a,
        amount: '400.00',
        date: '2026-03-12',
        links: [{ billId: ids.I1, amount: '400.00' }],
      })
    ).id;
    ids.P2 = (
      await w.pay({
        counterpartyId: a,
        currencyId: w.usd,
        amount: '40.00',
        date: '2026-03-20',
        links: [{ billId: ids.U1, amount: '40.00' }],
      })
    ).id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const march = 'from=2026-03-01&to=2026-03-31';
  const get = async (query: string) => {
    const res = await w.call('GET', `/api/reports/finance-registry?${query}`, reader);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ReportAnswer;
  };

  it('lists the bills and payments of the period, totals per legal entity and currency, base once', async () => {
    const answer = await get(march);
    expect(answer.rows.map((r) => [r.href, r.cells.document, r.cells.income, r.cells.incomeBase])).toEqual([
      [`/finances/bills/${ids.I1}`, 'reports:financeRegistry.bill', '1000.00', '1000.00'],
      [`/finances/bills/${ids.U1}`, 'reports:financeRegistry.bill', '100.00', '9010.00'],
      [`/finances/payments/${ids.P1}`, 'reports:financeRegistry.payment', '400.00', '400.00'],
      [`/finances/payments/${ids.P2}`, 'reports:financeRegistry.payment', '40.00', '3608.00'],
    ]);
    expect(answer.rows[0]!.cells).toMatchObject({
      vat: 'reports:financeRegistry.yes',
      processed: 'reports:financeRegistry.no',
    });
    expect(
      answer.totals.map((t) => [
        t.cells.currency,
        t.cells.income ?? t.cells.incomeBase,
        t.cells.expense ?? t.cells.expenseBase,
      ]),
    ).toEqual([
      ['RUB', '1400.00', '0.00'],
      ['USD', '140.00', '0.00'],
      ['RUB', '14018.00', '0.00'],
    ]);
    expect(answer.totals.at(-1)!.key).toBe('total:base');
  });

  it('shows the screen its first rows only, with the totals of all and how many there are', async () => {
    const auth = await ownerPrincipal(ctx.database.db, reader.user.id, ctx.app.registries);
    const screen = { tx: ctx.database.db, registries: ctx.app.registries, auth, screenRows: 3 };
    const query = parseReportQuery(
      financeRegistry.report,
      { from: '2026-03-01', to: '2026-03-31' },
      '2026-04-01',
    );
    const answer = await financeRegistry.answer.run(screen, query);
    expect(answer.rows.map((r) => r.href)).toEqual([
      `/finances/bills/${ids.I1}`,
      `/finances/bills/${ids.U1}`,
      `/finances/payments/${ids.P1}`,
    ]);
    expect(answer.shownRows).toEqual({ shown: 3, total: 4 });
    expect(answer.totals.at(-1)!.cells).toMatchObject({ currency: 'RUB', incomeBase: '14018.00' });
    expect((await get(march)).shownRows).toBeUndefined();
  });

  it('dates bills by recognition when asked, and filters documents, direction and processed', async () => {
    const recognised = await get(`${march}&basis=recognition`);
    expect(recognised.rows.map((r) => r.href)).toContain(`/finances/bills/${ids.E1}`);
    expect(recognised.totals[0]!.cells).toMatchObject({
      currency: 'RUB',
      income: '1400.00',
      expense: '300.00',
    });
    const incoming = await get(`${march}&documents=payments&direction=in`);
    expect(incoming.rows.map((r) => r.href)).toEqual([
      `/finances/payments/${ids.P1}`,
      `/finances/payments/${ids.P2}`,
    ]);
    const unprocessed = await get(`${march}&processed=false`);
    expect(unprocessed.rows.map((r) => r.href)).toEqual([
      `/finances/bills/${ids.I1}`,
      `/finances/bills/${ids.U1}`,
    ]);
  });

  it('exports its labels in the reader language', async () => {
    const queued = await w.call('POST', '/api/reports/finance-registry/export', reader, {
      query: { from: '2026-03-01', to: '2026-03-31' },
      lang: 'ru',
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
    expect(rows[1]!.slice(1, 2)).toEqual(['Счёт']);
    expect(rows[3]!.slice(1, 2)).toEqual(['Платёж']);
    expect(rows).toHaveLength(1 + 4 + 3);
    expect(rows.at(-1)![0]).toBe('Итого');
  });

  it('is for holders of its role only', async () => {
    const outsider = await signIn(ctx, ['ROLE_REPORT_DSO_ALL']);
    expect((await w.call('GET', `/api/reports/finance-registry?${march}`, outsider)).statusCode).toBe(403);
  });
});

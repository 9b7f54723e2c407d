import type { ReportAnswer, ReportDrill } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed/demo';
import { createTestApp, type TestContext } from '../../test/harness';
import { type ReportsWorld, reportsWorld, sheetCells, sheetRows } from '../../test/reports-world';
import { type SignedIn, signIn } from '../../test/users';

/*
 * The books of March 2026 (base RUB), every figure worked out by hand:
 *   I1  income 1000.00 RUB to A, 02-10 (before the period)   Dr RECEIVABLE 1000 / Cr REVENUE 1000
 *   P1  A pays 400.00 RUB on 03-05, linked to I1              Dr CASH 400 / Cr RECEIVABLE 400
 *   I2  income 500.00 RUB to A, 03-10                        Dr RECEIVABLE 500 / Cr REVENUE 500
 *   I4  income 100.00 USD to A, 03-10 (rate 90.10: 9010.00)  Dr RECEIVABLE 100 / Cr REVENUE 100 (USD)
 *   E1  the carrier's 300.00 RUB, 03-12                      Dr COST 300 / Cr PAYABLE 300
 *   P2  A pays 50.00 RUB on 03-20, linked to nothing         Dr CASH 50 / Cr ADVANCES_RECEIVED 50
 *   P3  we pay the carrier 100.00 RUB on 03-25 for E1        Dr PAYABLE 100 / Cr CASH 100
 * March in RUB: debits 400 + 500 + 300 + 50 + 100 = 1350.00 = credits 400 + 500 + 300 + 50 + 100.
 */
describe('the books', () => {
  let ctx: TestContext;
  let w: ReportsWorld;
  let reader: SignedIn;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await reportsWorld(ctx);
    reader = await signIn(ctx, ['ROLE_REPORT_BOOKS_ALL']);
    const a = await w.counterparty('Альфа');
    const carrier = await w.counterparty('Перевозчик', false);
    id.A = a;
    id.carrier = carrier;
    const order = await w.order({ clientId: a });
    const job = await w.job(order, carrier);
    const income = async (amount: string, date: string, extra = {}) =>
      (await w.bill({ orderIds: [order], counterpartyId: a, amount, date, ...extra })).id;
    id.I1 = await income('1000.00', '2026-02-10');
    id.P1 = (
      await w.pay({
        counterpartyId: a,
        amount: '400.00',
        date: '2026-03-05',
        links: [{ billId: id.I1, amount: '400.00' }],
      })
    ).id;
    id.I2 = await income('500.00', '2026-03-10');
    id.I4 = await income('100.00', '2026-03-10', { currencyId: w.usd });
    id.E1 = (
      await w.bill({
        direction: 'EXPENSE',
        jobIds: [job],
        counterpartyId: carrier,
        amount: '300.00',
        date: '2026-03-12',
      })
    ).id;
    id.P2 = (await w.pay({ counterpartyId: a, amount: '50.00', date: '2026-03-20' })).id;
    id.P3 = (
      await w.pay({
        direction: 'OUTGOING',
        counterpartyId: carrier,
        amount: '100.00',
        date: '2026-03-25',
        links: [{ billId: id.E1, amount: '100.00' }],
      })
    ).id;
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
  const figures = (row: { cells: Record<string, unknown> }) => {
    const { account, opening, debit, credit, closing } = row.cells;
    return [String(account).replace('reports:ledgerAccounts.', ''), opening, debit, credit, closing];
  };

  describe('trial balance', () => {
    it('gives each account its opening, turnover and closing per currency, debits equal to credits', async () => {
      const tb = await get<ReportAnswer>(`trial-balance?${march}&legalEntityId=${w.company}`);
      expect(tb.rows.filter((r) => r.cells.currency === 'RUB').map(figures)).toEqual([
        ['ADVANCES_RECEIVED', '0.00', '0.00', '50.00', '-50.00'],
        ['CASH', '0.00', '450.00', '100.00', '350.00'], // in 400 + 50, out 100
        ['COST', '0.00', '300.00', '0.00', '300.00'],
        ['PAYABLE', '0.00', '100.00', '300.00', '-200.00'],
        ['RECEIVABLE', '1000.00', '500.00', '400.00', '1100.00'], // 1000 + 500 − 400
        ['REVENUE', '-1000.00', '0.00', '500.00', '-1500.00'],
      ]);
      expect(tb.rows.filter((r) => r.cells.currency === 'USD').map(figures)).toEqual([
        ['RECEIVABLE', '0.00', '100.00', '0.00', '100.00'],
        ['REVENUE', '0.00', '0.00', '100.00', '-100.00'],
      ]);
      expect(tb.totals.map((t) => t.cells)).toEqual([
        {
          account: null,
          currency: 'RUB',
          opening: '0.00',
          debit: '1350.00',
          credit: '1350.00',
          closing: '0.00',
          check: 'reports:trialBalance.balanced',
        },
        {
          account: null,
          currency: 'USD',
          opening: '0.00',
          debit: '100.00',
          credit: '100.00',
          closing: '0.00',
          check: 'reports:trialBalance.balanced',
        },
      ]);
    });

    it('in the base currency adds the dollars at the rate fixed at posting', async () => {
      const tb = await get<ReportAnswer>(`trial-balance?${march}&amounts=base`);
      const receivable = tb.rows.find((r) => r.cells.account === 'reports:ledgerAccounts.RECEIVABLE')!;
      // 500.00 + 100 USD × 90.10 = 500.00 + 9010.00
      expect(figures(receivable)).toEqual(['RECEIVABLE', '1000.00', '9510.00', '400.00', '10110.00']);
      expect(tb.totals).toHaveLength(1);
      expect(tb.totals[0]!.cells).toMatchObject({ debit: '10360.00', credit: '10360.00', opening: '0.00' });
    });

    it('drills a debit down to the entries summing to it', async () => {
      const drill = await get<ReportDrill>(`trial-balance/drill?${march}&row=RECEIVABLE|RUB&column=debit`);
      expect(drill.kind).toBe('entries');
      expect(drill.rows.map((r) => [r.cells.number !== null, r.cells.debit, r.href])).toEqual([
        [true, '500.00', `/finances/bills/${id.I2}`],
      ]);
      expect(drill.totals[0]!.cells).toMatchObject({ debit: '500.00', credit: '0.00' });
      const credit = await get<ReportDrill>(`trial-balance/drill?${march}&row=RECEIVABLE|RUB&column=credit`);
      expect(credit.rows.map((r) => [r.cells.credit, r.href])).toEqual([
        ['400.00', `/finances/payments/${id.P1}`],
      ]);
    });

    it('refuses a period ending before it starts, under its field', async () => {
      const res = await w.call('GET', '/api/reports/trial-balance?from=2026-03-31&to=2026-03-01', reader);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('to');
    });

    it('is read only by holders of the books role', async () => {
      const other = await signIn(ctx, ['ROLE_REPORT_GROSS_PROFIT_ALL']);
      const res = await w.call('GET', `/api/reports/trial-balance?${march}`, other);
      expect(res.statusCode).toBe(403);
    });
  });

  describe('account turnover', () => {
    it('lists the account entries between its opening and closing balance, as the trial balance counts them', async () => {
      const at = await get<ReportAnswer>(`account-turnover?account=RECEIVABLE&currencyId=${w.rub}&${march}`);
      // 1000.00 − 400.00 = 600.00, + 500.00 = 1100.00
      expect(at.rows.map((r) => [r.cells.date, r.cells.debit, r.cells.credit, r.cells.balance])).toEqual([
        ['2026-03-05', null, '400.00', '600.00'],
        ['2026-03-10', '500.00', null, '1100.00'],
      ]);
      expect(at.rows.map((r) => r.cells.document)).toEqual([
        'reports:sources.payment',
        'reports:sources.bill',
      ]);
      expect(
        at.totals.map((t) => [t.key, t.cells.debit ?? null, t.cells.credit ?? null, t.cells.balance ?? null]),
      ).toEqual([
        ['opening|RUB', null, null, '1000.00'],
        ['total|RUB', '500.00', '400.00', null],
        ['closing|RUB', null, null, '1100.00'],
      ]);
    });

    it('exports what the screen shows, totals included', async () => {
      const res = await w.call('POST', '/api/reports/account-turnover/export', reader, {
        query: { account: 'RECEIVABLE', currencyId: String(w.rub), from: '2026-03-01', to: '2026-03-31' },
        lang: 'ru',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await ctx.app.queue.drain()).toBe(1);
      const job = (await w.call('GET', `/api/background-jobs/${res.json().data.id}`, reader)).json().data;
      expect(job.state).toBe('done');
      const file = await ctx.app.inject({
        method: 'GET',
        url: job.result.downloadLink,
        headers: reader.headers,
      });
      const rows = (await sheetRows(file.rawPayload)).map((r) => [...r, ...Array(10 - r.length).fill(null)]);
      expect(rows[0]).toContain('Дебет');
      expect(rows[1]).toContain('Платёж');
      expect(rows.at(-2)).toEqual(['Итого', null, null, null, null, null, 'RUB', 500, 400, null]);
    });
  });

  describe('cash per payment form', () => {
    it('gives each form its balance, money in and out by day, and drills out to the documents', async () => {
      const cash = await get<ReportAnswer>(`cash-by-payment-form?${march}&step=day`);
      // 0 + 400 = 400; + 50 = 450; − 100 = 350
      expect(
        cash.rows.map((r) => [
          r.cells.period,
          r.cells.opening,
          r.cells.incoming,
          r.cells.outgoing,
          r.cells.closing,
        ]),
      ).toEqual([
        ['2026-03-05', '0.00', '400.00', '0.00', '400.00'],
        ['2026-03-20', '400.00', '50.00', '0.00', '450.00'],
        ['2026-03-25', '450.00', '0.00', '100.00', '350.00'],
      ]);
      expect(cash.totals[0]!.cells).toMatchObject({
        opening: '0.00',
        incoming: '450.00',
        outgoing: '100.00',
        closing: '350.00',
      });
      const byMonth = await get<ReportAnswer>(`cash-by-payment-form?${march}`);
      expect(byMonth.rows.map((r) => [r.cells.period, r.cells.incoming, r.cells.outgoing])).toEqual([
        ['2026-03', '450.00', '100.00'],
      ]);
      const out = await get<ReportDrill>(
        `cash-by-payment-form/drill?${march}&step=day&row=${byMonth.rows[0]!.key.replace('2026-03', '2026-03-25')}&column=outgoing`,
      );
      expect(out.rows.map((r) => [r.cells.credit, r.href])).toEqual([
        ['100.00', `/finances/payments/${id.P3}`],
      ]);
    });
  });

  describe('reconciliation statement', () => {
    const cp = () => `clientId=${id.A}&${march}`;

    it('gives the counterparty opening balance, its bills and payments of the period and the closing balance', async () => {
      const act = await get<ReportAnswer>(`reconciliation?${cp()}`);
      expect(
        act.rows.map((r) => [
          r.cells.date,
          r.cells.document,
          r.cells.currency,
          r.cells.debit,
          r.cells.credit,
          r.href,
        ]),
      ).toEqual([
        ['2026-03-05', 'reports:sources.payment', 'RUB', null, '400.00', `/finances/payments/${id.P1}`],
        ['2026-03-10', 'reports:sources.bill', 'RUB', '500.00', null, `/finances/bills/${id.I2}`],
        ['2026-03-10', 'reports:sources.bill', 'USD', '100.00', null, `/finances/bills/${id.I4}`],
        ['2026-03-20', 'reports:sources.payment', 'RUB', null, '50.00', `/finances/payments/${id.P2}`], // an advance
      ]);
      // RUB: 1000.00 owed before March; + 500.00 − 400.00 − 50.00 = 1050.00 owed at its end.
      expect(act.totals.map((t) => [t.key, t.cells.debit, t.cells.credit])).toEqual([
        ['opening|RUB', '1000.00', null],
        ['total|RUB', '500.00', '450.00'],
        ['closing|RUB', '1050.00', null],
        ['opening|USD', '0.00', null],
        ['total|USD', '100.00', '0.00'],
        ['closing|USD', '100.00', null],
      ]);
      // The carrier: we owe 300.00 − 100.00 paid = 200.00, a credit balance.
      const carrier = await get<ReportAnswer>(`reconciliation?clientId=${id.carrier}&${march}`);
      expect(carrier.totals.at(-1)!.cells).toMatchObject({ debit: null, credit: '200.00' });
    });

    it('asks for the counterparty', async () => {
      const res = await w.call('GET', `/api/reports/reconciliation?${march}`, reader);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('clientId');
    });

    it('is printed as a PDF in the background', async () => {
      const res = await w.call('POST', '/api/reports/reconciliation/export', reader, {
        query: { clientId: String(id.A), from: '2026-03-01', to: '2026-03-31' },
        lang: 'ru',
        format: 'pdf',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await ctx.app.queue.drain()).toBe(1);
      const job = (await w.call('GET', `/api/background-jobs/${res.json().data.id}`, reader)).json().data;
      expect(job.state).toBe('done');
      const file = await ctx.app.inject({
        method: 'GET',
        url: job.result.downloadLink,
        headers: reader.headers,
      });
      expect(file.headers['content-type']).toContain('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('is written as XLSX in the printed form too: our half filled, his to fill in, the balance in words', async () => {
      const act = await get<ReportAnswer>(`reconciliation?${cp()}`);
      const number = (href: string) => act.rows.find((r) => r.href === href)!.cells.number;
      const res = await w.call('POST', '/api/reports/reconciliation/export', reader, {
        query: { clientId: String(id.A), from: '2026-03-01', to: '2026-03-31' },
        lang: 'ru',
        format: 'xlsx',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await ctx.app.queue.drain()).toBe(1);
      const job = (await w.call('GET', `/api/background-jobs/${res.json().data.id}`, reader)).json().data;
      expect(job.state).toBe('done');
      const file = await ctx.app.inject({
        method: 'GET',
        url: job.result.downloadLink,
        headers: reader.headers,
      });
      expect(file.headers['content-type']).toContain('spreadsheetml');
      const { cell, row, sheet } = await sheetCells(file.rawPayload);
      expect([cell('A1'), cell('A2'), cell('A3')]).toEqual([
        'АКТ СВЕРКИ',
        'взаимных расчётов за период: 01.03.2026 – 31.03.2026',
        'между наших юрлиц и Альфа',
      ]);
      expect(cell('A5')).toMatch(/^Мы, нижеподписавшиеся, представитель наших юрлиц/);
      // RUB: 1000.00 owed before March, P1 and P2 paid, I2 billed; the counterparty's half left blank.
      expect([cell('A8'), cell('E8')]).toEqual(['По данным наших юрлиц, RUB', 'По данным Альфа, RUB']);
      const header = ['Дата', 'Документ', 'Дебет', 'Кредит'];
      const blank = [null, null, null, null];
      expect(row(9)).toEqual([...header, ...header]);
      expect([10, 11, 12, 13, 14, 15].map(row)).toEqual([
        ['2026-03-01', 'Сальдо начальное', 1000, null, ...blank],
        ['2026-03-05', `Платёж № ${number(`/finances/payments/${id.P1}`)}`, null, 400, ...blank],
        ['2026-03-10', `Счёт № ${number(`/finances/bills/${id.I2}`)}`, 500, null, ...blank],
        ['2026-03-20', `Платёж № ${number(`/finances/payments/${id.P2}`)}`, null, 50, ...blank],
        [null, 'Обороты за период', 500, 450, ...blank],
        ['2026-03-31', 'Сальдо конечное', 1050, null, ...blank],
      ]);
      expect(sheet.getCell('C15').numFmt).toBe('#,##0.00');
      expect(sheet.getCell('A11').numFmt).toBe('dd.mm.yyyy');
      expect(sheet.getRow(15).getCell(2).font.bold).toBe(true);
      expect(sheet.getRow(12).getCell(2).font.bold).toBeFalsy();
      expect(cell('A17')).toBe(
        'По данным наших юрлиц на 31.03.2026 задолженность в пользу наших юрлиц составляет 1\u00a0050,00 RUB (Одна тысяча пятьдесят рублей 00 копеек).',
      );
      // USD: nothing before, I4 billed.
      expect([cell('A19'), cell('E19')]).toEqual(['По данным наших юрлиц, USD', 'По данным Альфа, USD']);
      expect(row(22)).toEqual([
        '2026-03-10',
        `Счёт № ${number(`/finances/bills/${id.I4}`)}`,
        100,
        null,
        ...blank,
      ]);
      expect(row(24)).toEqual(['2026-03-31', 'Сальдо конечное', 100, null, ...blank]);
      expect(cell('A26')).toContain('составляет 100,00 USD');
      // The signature blocks, side by side.
      expect([29, 30, 32, 33].map((n) => [cell(`A${n}`), cell(`E${n}`)])).toEqual([
        ['От наших юрлиц', 'От Альфа'],
        ['Главный бухгалтер', 'Главный бухгалтер'],
        ['________________ / ________________ /', '________________ / ________________ /'],
        ['М.П.', 'М.П.'],
      ]);
    });
  });
});

describe('the books on the demo data', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.database, { info: () => undefined }, ctx.app.registries);
  });
  afterAll(() => ctx?.close());

  it('balance: per currency the debits equal the credits, and in base too', async () => {
    const reader = await signIn(ctx, ['ROLE_REPORT_BOOKS_ALL']);
    for (const amounts of ['currency', 'base']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/reports/trial-balance?from=2023-01-01&to=2027-12-31&amounts=${amounts}`,
        headers: reader.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const tb = res.json().data as ReportAnswer;
      expect(tb.rows.length).toBeGreaterThan(0);
      for (const total of tb.totals) {
        expect(total.cells.debit).toBe(total.cells.credit);
        expect(total.cells.opening).toBe('0.00');
        expect(total.cells.closing).toBe('0.00');
        expect(total.cells.check).toBe('reports:trialBalance.balanced');
      }
    }
  });
});

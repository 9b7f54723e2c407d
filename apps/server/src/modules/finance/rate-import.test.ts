import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { flattenTree, RATE_IMPORT_MESSAGES } from '@tms/domain';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLog } from '../../platform/changelog/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { currencyId } from '../../test/reference-rows';
import { signIn } from '../../test/users';
import { toBaseCurrency } from './rates';
import { currencyRates } from './tables';

/** The Bank of Russia's XML_daily answer for 02.03.2024 (windows-1251, decimal commas). */
const recorded = readFileSync(new URL('./fixtures/cbr-daily-2024-03-02.xml', import.meta.url));
/** The recorded file as if published for another day; its text is ASCII around the date. */
const cbrFileOf = (date: string, edit: (latin: string) => string = (x) => x) =>
  Buffer.from(edit(recorded.toString('latin1').replace('Date="02.03.2024"', `Date="${date}"`)), 'latin1');

describe('currency rate imports', () => {
  let ctx: TestContext;
  let headers: { authorization: string };
  let usd: number;
  let kzt: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ headers } = await signIn(ctx, ['ROLE_SETTINGS_CURRENCY_RATES']));
    usd = await currencyId(ctx.database, 'USD');
    kzt = await currencyId(ctx.database, 'KZT');
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const upload = (url: string, content: Buffer, name = 'file', auth = headers) => {
    const body = multipart(name, content);
    return ctx.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...auth, ...body.headers },
    });
  };
  const importCbr = (content: Buffer) =>
    upload('/api/finances/currency-rates/import/cbr', content, 'XML_daily.asp');
  const ratesOn = (date: string) =>
    ctx.database.db
      .select({
        currencyId: currencyRates.currencyId,
        nominal: currencyRates.nominal,
        rate: currencyRates.rate,
        source: currencyRates.source,
      })
      .from(currencyRates)
      .where(eq(currencyRates.date, date));
  const rateOf = async (date: string, currency: number) =>
    (await ratesOn(date)).find((r) => r.currencyId === currency);

  it('imports the recorded Bank of Russia file: every currency at its nominal, once', async () => {
    const first = await importCbr(recorded);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      from: '2024-03-02',
      to: '2024-03-02',
      created: 14,
      updated: 0,
      unchanged: 0,
      carried: 0,
      skipped: [],
    });
    expect(await rateOf('2024-03-02', usd)).toEqual({
      currencyId: usd,
      nominal: 1,
      rate: '91.3336',
      source: 'CBR',
    });
    expect(await rateOf('2024-03-02', kzt)).toEqual({
      currencyId: kzt,
      nominal: 100,
      rate: '20.2844',
      source: 'CBR',
    });
    const again = (await importCbr(recorded)).json().data;
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 14 });
    const [row] = await ctx.database.db
      .select({ id: currencyRates.id })
      .from(currencyRates)
      .where(and(eq(currencyRates.date, '2024-03-02'), eq(currencyRates.currencyId, usd)));
    const history = await ctx.database.db.select().from(changeLog).where(eq(changeLog.entityId, row!.id));
    expect(history.filter((e) => e.entityType === 'currency_rate').map((e) => e.action)).toEqual(['import']);
  });

  it('carries the last rates over the days the bank set none, within ten days, never over a stored rate', async () => {
    await importCbr(cbrFileOf('02.06.2023'));
    // A rate someone typed for the Sunday stays.
    await ctx.database.db
      .insert(currencyRates)
      .values({ date: '2023-06-04', currencyId: kzt, nominal: 100, rate: '19', source: 'MANUAL' });
    const tuesday = await importCbr(
      cbrFileOf('06.06.2023', (x) => x.replace('<Value>91,3336', '<Value>92,0001')),
    );
    // Saturday, Sunday, Monday: 3 days × 14 currencies, less the typed one.
    expect(tuesday.json().data).toMatchObject({
      from: '2023-06-03',
      to: '2023-06-06',
      created: 14,
      carried: 41,
    });
    for (const day of ['2023-06-03', '2023-06-04', '2023-06-05']) {
      expect(await rateOf(day, usd)).toMatchObject({ rate: '91.3336', source: 'CBR' });
    }
    expect(await rateOf('2023-06-04', kzt)).toMatchObject({ rate: '19', source: 'MANUAL' });
    expect(await rateOf('2023-06-06', usd)).toMatchObject({ rate: '92.0001' });
    expect((await toBaseCurrency(ctx.database.db, '100', usd, '2023-06-05')).amount).toBe('9133.36');

    // Eleven days after the last file is a missing file, not a pause: nothing is carried.
    const late = (await importCbr(cbrFileOf('17.06.2023'))).json().data;
    expect(late).toMatchObject({ from: '2023-06-17', carried: 0 });
    expect(await ratesOn('2023-06-10')).toEqual([]);
  });

  it('replaces the rate stored for the day and currency, and skips currencies it does not keep', async () => {
    await ctx.database.db
      .insert(currencyRates)
      .values({ date: '2022-02-02', currencyId: usd, nominal: 1, rate: '80', source: 'MANUAL' });
    const answer = await importCbr(
      cbrFileOf('02.02.2022', (x) => x.replace('<CharCode>XDR</CharCode>', '<CharCode>QQQ</CharCode>')),
    );
    expect(answer.json().data).toMatchObject({ created: 12, updated: 1, skipped: ['QQQ'] });
    expect(await rateOf('2022-02-02', usd)).toMatchObject({ rate: '91.3336', source: 'CBR' });
  });

  it('refuses a Bank of Russia file with any bad currency whole, naming its place', async () => {
    const broken = cbrFileOf('02.02.2021', (x) =>
      x.replace('<Nominal>100</Nominal>', '<Nominal>0</Nominal>'),
    );
    const answer = await importCbr(broken);
    expect(answer.statusCode).toBe(400);
    expect(flattenTree(answer.json().errors)).toEqual({ 'rows.3.nominal': [RATE_IMPORT_MESSAGES.nominal] });
    expect(await ratesOn('2021-02-02')).toEqual([]);
    const notRates = await importCbr(Buffer.from('<html>maintenance</html>'));
    expect(flattenTree(notRates.json().errors)).toEqual({ file: [RATE_IMPORT_MESSAGES.notCbrFile] });
  });

  describe('XLSX', () => {
    const sheet = async (rows: unknown[][]) => {
      const workbook = new ExcelJS.Workbook();
      const ws = workbook.addWorksheet('Курсы');
      ws.addRow(['Дата', 'Валюта', 'Номинал', 'Курс']);
      for (const row of rows) ws.addRow(row);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };
    const preview = (content: Buffer) =>
      upload('/api/finances/currency-rates/import/xlsx/preview', content, 'rates.xlsx');
    const importSheet = (content: Buffer) =>
      upload('/api/finances/currency-rates/import/xlsx', content, 'rates.xlsx');

    it('previews the rows with what each would do and every error by its sheet row', async () => {
      await ctx.database.db
        .insert(currencyRates)
        .values({ date: '2020-01-10', currencyId: usd, nominal: 1, rate: '61.9057', source: 'CBR' });
      const content = await sheet([
        [new Date(Date.UTC(2020, 0, 10)), 'USD', 1, 61.9057],
        ['10.01.2020', 'eur', 1, '69,0095'],
        ['10.01.2020', 'RUB', 1, 1],
        ['31.02.2020', 'CNY', 1, '8.9'],
        ['2020-01-10', 'ZZZ', 1, '1.5'],
        ['10.01.2020', 'EUR', 0, '-2'],
      ]);
      const answer = (await preview(content)).json().data;
      expect(answer.rows.map((r: { row: number; action: string }) => [r.row, r.action])).toEqual([
        [2, 'unchanged'],
        [3, 'create'],
        [4, 'skip'],
        [5, 'create'],
        [6, 'skip'],
        [7, 'create'],
      ]);
      expect(answer.errors).toEqual([
        { row: 5, field: 'date', message: RATE_IMPORT_MESSAGES.date },
        { row: 6, field: 'currency', message: RATE_IMPORT_MESSAGES.unknownCurrency },
        { row: 7, field: 'nominal', message: RATE_IMPORT_MESSAGES.nominal },
        { row: 7, field: 'rate', message: RATE_IMPORT_MESSAGES.rate },
        { row: 7, field: 'date', message: RATE_IMPORT_MESSAGES.duplicate },
      ]);
      const refused = await importSheet(content);
      expect(refused.statusCode).toBe(400);
      expect(flattenTree(refused.json().errors)['rows.6.currency']).toEqual([
        RATE_IMPORT_MESSAGES.unknownCurrency,
      ]);
      expect(await ratesOn('2020-01-10')).toHaveLength(1);
    });

    it('imports a clean sheet whole: new rates, replaced rates, the base currency skipped', async () => {
      await ctx.database.db
        .insert(currencyRates)
        .values({ date: '2020-02-10', currencyId: usd, nominal: 1, rate: '63', source: 'MANUAL' });
      const answer = await importSheet(
        await sheet([
          ['10.02.2020', 'USD', 1, '63.7708'],
          ['11.02.2020', 'KZT', 100, '16,8441'],
          ['11.02.2020', 'RUB', '', '1'],
        ]),
      );
      expect(answer.json().data).toEqual({
        from: '2020-02-10',
        to: '2020-02-11',
        created: 1,
        updated: 1,
        unchanged: 0,
        carried: 0,
        skipped: ['RUB'],
      });
      expect(await rateOf('2020-02-10', usd)).toMatchObject({ rate: '63.7708', source: 'IMPORT' });
      expect(await rateOf('2020-02-11', kzt)).toMatchObject({ nominal: 100, rate: '16.8441' });
    });

    it('says so of a file that is no workbook', async () => {
      const answer = await preview(Buffer.from('date;currency\n'));
      expect(answer.json().data.errors).toEqual([{ row: 0, message: RATE_IMPORT_MESSAGES.notXlsx }]);
    });
  });

  it('is for the keepers of rates', async () => {
    const other = await signIn(ctx, ['ROLE_PAYMENT_CREATE']);
    expect(
      (await upload('/api/finances/currency-rates/import/cbr', recorded, 'x', other.headers)).statusCode,
    ).toBe(403);
  });

  it('fetches from the bank only where an address is set', async () => {
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/finances/currency-rates/import/cbr-fetch',
      payload: { date: '2019-03-02' },
      headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RATE_IMPORT_MESSAGES.fetchDisabled);
    const settings = await ctx.app.inject({ url: '/api/finances/currency-rates/import/settings', headers });
    expect(settings.json().data).toEqual({ cbrFetch: false });
  });
});

describe('currency rate fetch from the bank', () => {
  let ctx: TestContext;
  let bank: Server;
  const asked: string[] = [];
  beforeAll(async () => {
    // The bank's address answered by a server on this machine with the recorded file for the asked day.
    bank = createServer((request, response) => {
      asked.push(request.url ?? '');
      const day = new URL(request.url ?? '', 'http://bank').searchParams.get('date_req') ?? '';
      response.setHeader('content-type', 'application/xml; charset=windows-1251');
      response.end(cbrFileOf(day.replaceAll('/', '.')));
    });
    await new Promise<void>((resolve) => bank.listen(0, '127.0.0.1', resolve));
    const { port } = bank.address() as AddressInfo;
    ctx = await createTestApp({ cbrRatesUrl: `http://127.0.0.1:${port}/scripts/XML_daily.asp` });
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise((resolve) => bank?.close(resolve));
  });

  it("imports the bank's file of the asked date", async () => {
    const { headers } = await signIn(ctx, ['ROLE_SETTINGS_CURRENCY_RATES']);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/finances/currency-rates/import/cbr-fetch',
      payload: { date: '2019-03-02' },
      headers,
    });
    expect(answer.json().data).toMatchObject({ from: '2019-03-02', created: 14 });
    expect(asked).toEqual(['/scripts/XML_daily.asp?date_req=02%2F03%2F2019']);
  });
});

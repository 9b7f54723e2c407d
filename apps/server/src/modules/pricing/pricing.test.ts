import { flattenTree, PRICING_MESSAGES as M, MESSAGES } from '@tms/domain';
import { count, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '../../platform/files/service';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { counterparties } from '../counterparties';
import { currencyRates } from '../finance';
import { countries, currencies } from '../reference-data';
import { requestOfferTypes } from '../requests';
import { priceCollectionRows, priceCollections } from './tables';

/**
 * Rate tables and computed prices (docs/pricing.md): the breaks and their boundaries, the chargeable
 * weight, the validity, the three refusals, the XLSX import (mapping, preview with row numbers, all or
 * nothing), the roles and the request's scope.
 */

type Body = Record<string, unknown>;
type Cells = (string | number | null)[];

let ctx: TestContext;
let pricer: SignedIn;
let ids: Record<string, number>;
let eur: number;
let client: number;
const regions: Record<string, number> = {};
const TODAY = new Date('2026-06-15T09:00:00Z');
const PRICER = [
  'ROLE_REQUEST_COMPUTED_OFFERS',
  'ROLE_REQUEST_VIEW_ALL',
  'ROLE_REQUEST_CREATE',
  'ROLE_COUNTERPARTY_VIEW_ALL',
];

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedIn, payload?: Body) =>
  ctx.app.inject({ method, url, headers: who.headers, payload });
const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
  flattenTree(res.json().errors);

const HEADER: Cells = ['Откуда', 'Куда', 'Вес до, кг', 'Объём до, м3', 'Цена', 'Валюта'];

/** An XLSX of `rows` under the header, uploaded by `who` as a temporary file; answers its id. */
async function upload(who: SignedIn, rows: Cells[], header: Cells = HEADER): Promise<number> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Тариф');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return uploadBytes(who, Buffer.from(await book.xlsx.writeBuffer()));
}

async function uploadBytes(who: SignedIn, content: Buffer): Promise<number> {
  const boundary = '----tms-pricing-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tariff.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/file-management/files/temporary',
    headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const MAPPING = { fromRegion: 1, toRegion: 2, weightBreak: 3, volumeBreak: 4, price: 5, currency: 6 };

const importBody = (fileId: number, collection: Body = {}, mapping: Body = MAPPING) => ({
  fileId,
  mapping,
  collection: {
    name: 'Европа — Россия',
    regionId: regions.EU,
    validFrom: '2026-01-01',
    validTo: '2026-12-31',
    volumetricFactor: 333,
    ...collection,
  },
});

async function importFile(rows: Cells[], collection: Body = {}): Promise<Body & { id: number }> {
  const res = await call(
    'POST',
    '/api/request-offers/rate-tables/import',
    pricer,
    importBody(await upload(pricer, rows), collection),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** The main table: EU → RU by weight and volume breaks, EU → PL by weight only. */
const TABLE: Cells[] = [
  ['EU', 'RU', 100, 0.2, 150, 'EUR'],
  ['EU', 'RU', 500, 3, 400, 'EUR'],
  ['EU', 'RU', 1000, 6, '700.50', 'EUR'],
  ['EU', 'PL', 1000, null, 300, 'EUR'],
];

let seq = 0;
async function request(
  cargo: Body,
  route: { from?: number; to?: number; date?: string | null } = {},
  who = pricer,
) {
  const dateFrom = route.date === undefined ? '2026-07-01' : route.date;
  const res = await call('POST', '/api/requests', who, {
    clientId: client,
    route: [
      { kind: 'dispatch', address: `Berlin ${++seq}`, countryId: route.from ?? ids.DE, dateFrom },
      { kind: 'delivery', address: 'Москва', countryId: route.to ?? ids.RU },
    ],
    cargo,
    transportTypes: ['auto'],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

const price = (id: number, who = pricer) => call('GET', `/api/requests/${id}/computed-price`, who);

async function expectRefused(id: number, message: string) {
  const res = await price(id);
  expect(res.statusCode, res.body).toBe(400);
  expect(errorsOf(res)).toEqual({ '': [message] });
}

beforeAll(async () => {
  ctx = await createTestApp({}, [], () => TODAY);
  const rows = await ctx.database.db
    .select({ id: countries.id, code: countries.code })
    .from(countries)
    .where(inArray(countries.code, ['RU', 'DE', 'FR', 'PL', 'CN']));
  ids = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  [{ id: eur }] = (await ctx.database.db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.code, 'EUR'))) as [{ id: number }];
  const [party] = await ctx.database.db
    .insert(counterparties)
    .values({ name: 'Клиент тарифов', client: true, countryId: ids.RU!, applicationRequired: false })
    .returning();
  client = party!.id;
  pricer = await signIn(ctx, PRICER);
  for (const [code, name, members] of [
    ['EU', 'Европа', [ids.DE, ids.FR]],
    ['RU', 'Россия', [ids.RU]],
    ['PL', 'Польша', [ids.PL]],
  ] as const) {
    const res = await call('POST', '/api/request-offers/rate-tables/regions', pricer, {
      code,
      name,
      countryIds: members,
    });
    expect(res.statusCode, res.body).toBe(201);
    regions[code] = res.json().data.id;
  }
  await importFile(TABLE);
});
afterAll(() => ctx?.close());

describe('computed regions', () => {
  it('hold a country in one enabled region only', async () => {
    const res = await call('POST', '/api/request-offers/rate-tables/regions', pricer, {
      code: 'DACH',
      name: 'DACH',
      countryIds: [ids.CN, ids.DE],
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ 'countryIds.1': [M.countryTaken] });
  });

  it('refuse unknown countries and the delete of a region a collection uses', async () => {
    const unknown = await call('POST', '/api/request-offers/rate-tables/regions', pricer, {
      code: 'X',
      name: 'X',
      countryIds: [999999],
    });
    expect(errorsOf(unknown)).toEqual({ 'countryIds.0': [MESSAGES.invalid] });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/request-offers/rate-tables/regions/${regions.RU}`,
      headers: pricer.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.regionInUse);
  });
});

describe('the computed price of a request', () => {
  it('takes the smallest weight break holding the chargeable weight', async () => {
    const res = await price(await request({ weight: '80' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      regionId: regions.EU,
      toRegionId: regions.RU,
      date: '2026-07-01',
      actualWeight: '80',
      chargeableWeight: '80',
      weightBreak: '100',
      volumeBreak: '0.2',
      sourceRow: 2,
      price: { amount: '150.00', currency: 'EUR' },
    });
  });

  it('counts a break as an inclusive upper bound, of weight and of volume', async () => {
    const at = await price(await request({ weight: '100', volume: '0.2' }));
    expect(at.json().data).toMatchObject({ sourceRow: 2, chargeableWeight: '100' });
    const over = await price(await request({ weight: '100.001', volume: '0.2' }));
    expect(over.json().data).toMatchObject({ sourceRow: 3, price: { amount: '400.00' } });
    const wide = await price(await request({ weight: '90', volume: '0.25' }));
    expect(wide.json().data).toMatchObject({ sourceRow: 3, chargeableWeight: '90' });
  });

  it('charges a light cargo by its volume times the volumetric factor, gross weight first', async () => {
    const light = await price(await request({ weight: '10', volume: '2' }));
    expect(light.json().data).toMatchObject({ chargeableWeight: '666', volume: '2', sourceRow: 4 });
    expect(light.json().data.price).toEqual({ amount: '700.50', currency: 'EUR' });
    const boxed = await price(await request({ weight: '10', length: '2', width: '1', height: '1' }));
    expect(boxed.json().data).toMatchObject({ volume: '2', chargeableWeight: '666' });
    const gross = await price(await request({ weight: '10', grossWeight: '120' }));
    expect(gross.json().data).toMatchObject({ actualWeight: '120', sourceRow: 3 });
  });

  it('refuses a cargo above the largest break, or a destination the collection does not price', async () => {
    await expectRefused(await request({ weight: '1000.5' }), M.noPrice);
    await expectRefused(await request({ weight: '10' }, { to: ids.FR }), M.noPrice);
  });

  it('cannot be calculated for a route end in no region or a cargo without weight and volume', async () => {
    await expectRefused(await request({ weight: '10' }, { to: ids.CN }), M.cannotCalculate);
    await expectRefused(await request({ description: 'Документы' }), M.cannotCalculate);
    await expectRefused(await request({ noRealCargo: true, weight: '5' }), M.cannotCalculate);
  });

  it('refuses a region without a collection active on the dispatch date, today without one', async () => {
    await expectRefused(await request({ weight: '10' }, { from: ids.PL }), M.noActiveCollection);
    await expectRefused(await request({ weight: '10' }, { date: '2025-12-31' }), M.noActiveCollection);
    const last = await price(await request({ weight: '10' }, { date: '2026-12-31' }));
    expect(last.json().data).toMatchObject({ date: '2026-12-31', sourceRow: 2 });
    const undated = await price(await request({ weight: '10' }, { date: null }));
    expect(undated.json().data.date).toBe('2026-06-15');
    await expectRefused(await request({ weight: '10' }, { date: '2027-01-10' }), M.noActiveCollection);
  });

  it("takes the next year's collection from its first day; a disabled one prices nothing", async () => {
    const next = await importFile([['EU', 'RU', 100, null, 170, 'EUR']], {
      name: '2027',
      validFrom: '2027-01-01',
      validTo: null,
    });
    const id = await request({ weight: '10' }, { date: '2027-01-01' });
    expect((await price(id)).json().data).toMatchObject({
      collectionId: next.id,
      price: { amount: '170.00' },
    });
    await call('POST', `/api/request-offers/rate-tables/${next.id}/disable`, pricer);
    await expectRefused(id, M.noActiveCollection);
  });

  it('is refused without the computed offers role, and outside the request scope as not found', async () => {
    const id = await request({ weight: '80' });
    const worker = await signIn(ctx, ['ROLE_REQUEST_VIEW_ALL']);
    expect((await price(id, worker)).statusCode).toBe(403);
    const own = await signIn(ctx, ['ROLE_REQUEST_COMPUTED_OFFERS', 'ROLE_REQUEST_VIEW_OWN']);
    expect((await price(id, own)).statusCode).toBe(404);
    const bare = await signIn(ctx, ['ROLE_REQUEST_COMPUTED_OFFERS']);
    expect((await price(id, bare)).statusCode).toBe(404);
    const mine = await request({ weight: '80' }, {}, await signIn(ctx, [...PRICER.slice(1)]));
    expect((await price(mine, own)).statusCode).toBe(404);
  });
});

describe('an offer from the computed price', () => {
  let carrier: number;
  let offerType: number;
  const offer = (id: number, body: Body, who = pricer) =>
    call('POST', `/api/requests/${id}/computed-price/offer`, who, body);
  beforeAll(async () => {
    const db = ctx.database.db;
    const [party] = await db
      .insert(counterparties)
      .values({
        name: 'Тарифный перевозчик',
        contractor: true,
        countryId: ids.RU!,
        applicationRequired: false,
      })
      .returning();
    carrier = party!.id;
    const [type] = await db
      .insert(requestOfferTypes)
      .values({ code: 'computed', name: 'По тарифу' })
      .returning();
    offerType = type!.id;
    await db.insert(currencyRates).values({ date: '2026-06-15', currencyId: eur, rate: '100', nominal: 1 });
  });

  it('is written through the offers’ write with the computed price as its amount', async () => {
    const id = await request({ weight: '80' });
    const res = await offer(id, { offerTypeId: offerType, contractorId: carrier, comment: 'Тариф ЕС' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      requestId: id,
      offerTypeId: offerType,
      contractorId: carrier,
      amounts: [{ amount: '150.00', currency: 'EUR' }],
      amountInBaseCurrency: '15000.00',
      status: 'RECEIVED',
      comment: 'Тариф ЕС',
    });
    const listed = await call('GET', `/api/request-offers?requestId=${id}`, pricer);
    expect(listed.json().data.total).toBe(1);
  });

  it('is refused, writing nothing, when the price cannot be computed or the offer is wrong', async () => {
    const unpriced = await request({ weight: '1000.5' });
    const refused = await offer(unpriced, { offerTypeId: offerType, contractorId: carrier });
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)).toEqual({ '': [M.noPrice] });
    const id = await request({ weight: '80' });
    const notContractor = await offer(id, { offerTypeId: offerType, contractorId: client });
    expect(notContractor.statusCode).toBe(400);
    expect(Object.keys(errorsOf(notContractor))).toEqual(['contractorId']);
    for (const requestId of [unpriced, id]) {
      const listed = await call('GET', `/api/request-offers?requestId=${requestId}`, pricer);
      expect(listed.json().data.total).toBe(0);
    }
  });

  it('needs the computed offers role and the request in the user’s edit scope', async () => {
    const id = await request({ weight: '80' });
    const writer = await signIn(ctx, ['ROLE_REQUEST_VIEW_ALL', 'ROLE_REQUEST_CREATE']);
    expect((await offer(id, { offerTypeId: offerType, contractorId: carrier }, writer)).statusCode).toBe(403);
    const reader = await signIn(ctx, ['ROLE_REQUEST_COMPUTED_OFFERS', 'ROLE_REQUEST_VIEW_ALL']);
    const res = await offer(id, { offerTypeId: offerType, contractorId: carrier }, reader);
    expect([403, 404]).toContain(res.statusCode);
  });
});

describe('the XLSX import of a collection', () => {
  it('reads the columns and suggests the mapping from the header', async () => {
    const fileId = await upload(pricer, TABLE);
    const res = await call('POST', '/api/request-offers/rate-tables/import/columns', pricer, { fileId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      sheet: 'Тариф',
      columns: HEADER.map((title, index) => ({ index: index + 1, title })),
      rowCount: 4,
      suggested: MAPPING,
    });
  });

  it('refuses a mapping without the required columns, a column twice or a missing one', async () => {
    const fileId = await upload(pricer, TABLE);
    const res = await call('POST', '/api/request-offers/rate-tables/import/preview', pricer, {
      ...importBody(fileId, {}, { toRegion: 2, weightBreak: 2, volumeBreak: 9 }),
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({
      'mapping.price': [M.columnRequired],
      'mapping.weightBreak': [M.columnTwice],
      'mapping.volumeBreak': [M.columnMissing],
      'mapping.currency': [M.currencyRequired],
    });
    const noBreak = await call('POST', '/api/request-offers/rate-tables/import/preview', pricer, {
      ...importBody(fileId, { currencyId: eur }, { toRegion: 2, price: 5 }),
    });
    expect(errorsOf(noBreak)).toEqual({ 'mapping.weightBreak': [M.breakRequired] });
  });

  const BAD: Cells[] = [
    ['EU', 'RU', 100, null, 150, 'EUR'],
    ['EU', 'Марс', 100, null, 150, 'EUR'],
    ['EU', 'RU', 'сто', null, 150, 'EUR'],
    ['EU', 'RU', 200, null, null, 'EUR'],
    [null, null, null, null, null, null],
    ['PL', 'RU', 300, null, 150, 'EUR'],
    ['EU', 'RU', 100, null, 160, 'EUR'],
    ['EU', 'RU', 400, null, '1.005', 'XXX'],
    ['EU', 'RU', null, null, 10, 'EUR'],
    ['EU', 'Россия', '1 000,5', null, 990, null],
  ];

  it('previews every error with its row number and the good rows, writing nothing', async () => {
    const before = await ctx.database.db.select({ n: count() }).from(priceCollections);
    const fileId = await upload(pricer, BAD);
    const res = await call(
      'POST',
      '/api/request-offers/rate-tables/import/preview',
      pricer,
      importBody(fileId, { currencyId: eur }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { rows, errors } = res.json().data;
    expect(rows).toEqual([
      {
        sourceRow: 2,
        toRegionId: regions.RU,
        toRegionName: 'Россия',
        weightBreak: '100',
        volumeBreak: null,
        price: '150',
        currency: 'EUR',
      },
      {
        sourceRow: 11,
        toRegionId: regions.RU,
        toRegionName: 'Россия',
        weightBreak: '1000.5',
        volumeBreak: null,
        price: '990',
        currency: 'EUR',
      },
    ]);
    expect(errors).toEqual([
      { row: 3, field: 'toRegion', value: 'Марс', message: M.unknownRegion },
      { row: 4, field: 'weightBreak', value: 'сто', message: M.notNumber },
      { row: 5, field: 'price', value: '', message: M.valueRequired },
      { row: 7, field: 'fromRegion', value: 'PL', message: M.foreignOrigin },
      { row: 8, field: null, value: '', message: M.duplicateBreak },
      { row: 9, field: 'price', value: '1.005', message: M.notPrice },
      { row: 9, field: 'currency', value: 'XXX', message: M.unknownCurrency },
      { row: 10, field: null, value: '', message: M.rowBreakRequired },
    ]);
    expect(await ctx.database.db.select({ n: count() }).from(priceCollections)).toEqual(before);
  });

  it('imports nothing from a file with any error', async () => {
    const collections = await ctx.database.db.select({ n: count() }).from(priceCollections);
    const rows = await ctx.database.db.select({ n: count() }).from(priceCollectionRows);
    const fileId = await upload(pricer, BAD);
    const res = await call(
      'POST',
      '/api/request-offers/rate-tables/import',
      pricer,
      importBody(fileId, { currencyId: eur, validFrom: '2030-01-01', validTo: null }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ '': [M.fileHasErrors] });
    expect(await ctx.database.db.select({ n: count() }).from(priceCollections)).toEqual(collections);
    expect(await ctx.database.db.select({ n: count() }).from(priceCollectionRows)).toEqual(rows);
  });

  it('imports a clean file whole: the collection with its count and its rows in sheet order', async () => {
    const created = await importFile(
      [
        ['EU', 'RU', 100, null, 150, null],
        ['EU', 'RU', 200, null, 250, 'RUB'],
      ],
      { name: '2031', validFrom: '2031-01-01', validTo: '2031-12-31', currencyId: eur },
    );
    expect(created).toMatchObject({ name: '2031', rowCount: 2, enabled: true, regionId: regions.EU });
    const res = await call('GET', `/api/request-offers/rate-tables/${created.id}/rows`, pricer);
    expect(res.json().data.map((r: Body) => [r.sourceRow, r.weightBreak, r.price, r.currency])).toEqual([
      [2, '100', '150.00', 'EUR'],
      [3, '200', '250.00', 'RUB'],
    ]);
  });

  it('refuses a collection overlapping an active one of its region, writing no rows', async () => {
    const rows = await ctx.database.db.select({ n: count() }).from(priceCollectionRows);
    const fileId = await upload(pricer, TABLE);
    const res = await call(
      'POST',
      '/api/request-offers/rate-tables/import',
      pricer,
      importBody(fileId, { validFrom: '2026-12-31', validTo: '2027-03-31' }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ validFrom: [M.overlap] });
    expect(await ctx.database.db.select({ n: count() }).from(priceCollectionRows)).toEqual(rows);
    const backwards = await call(
      'POST',
      '/api/request-offers/rate-tables/import',
      pricer,
      importBody(fileId, { validFrom: '2040-02-01', validTo: '2040-01-01' }),
    );
    expect(errorsOf(backwards)).toEqual({ validTo: [M.validTo] });
  });

  it('reads only an XLSX the user uploaded', async () => {
    const junk = await uploadBytes(pricer, Buffer.from('not a workbook'));
    const res = await call('POST', '/api/request-offers/rate-tables/import/columns', pricer, {
      fileId: junk,
    });
    expect(errorsOf(res)).toEqual({ fileId: [M.notXlsx] });
    const other = await signIn(ctx, ['ROLE_REQUEST_COMPUTED_OFFERS']);
    const theirs = await call('POST', '/api/request-offers/rate-tables/import/columns', other, {
      fileId: await upload(pricer, TABLE),
    });
    expect(errorsOf(theirs)).toEqual({ fileId: [FILE_MESSAGES.notFound] });
  });

  it('is kept by holders of the computed offers role only', async () => {
    const outsider = await signIn(ctx, ['ROLE_REQUEST_VIEW_ALL', 'ROLE_REQUEST_CREATE']);
    const fileId = await upload(outsider, TABLE);
    for (const [method, url, body] of [
      ['POST', '/api/request-offers/rate-tables/import/columns', { fileId }],
      ['POST', '/api/request-offers/rate-tables/import/preview', importBody(fileId)],
      ['POST', '/api/request-offers/rate-tables/import', importBody(fileId)],
      ['GET', '/api/request-offers/rate-tables'],
      ['GET', '/api/request-offers/rate-tables/regions'],
    ] as const) {
      expect((await call(method, url, outsider, body as Body | undefined)).statusCode, url).toBe(403);
    }
  });
});

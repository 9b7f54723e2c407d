import {
  BANK_MESSAGES,
  bankResource,
  COUNTERPARTY_MESSAGES,
  contactInfoTypeResource,
  countryResource,
  courierDeliveryServiceResource,
  currencyResource,
  fileTagTypeResource,
  flattenTree,
  holidayResource,
  loadingUnloadingMethodResource,
  SHIPMENT_TERM_TYPES,
  shipmentTermResource,
  vehicleTypeResource,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import currencyRows from '../../db/seed/data/currencies.json' with { type: 'json' };
import { seedReferenceData } from '../../db/seed/reference';
import { createTestApp, fileTestApp, type TestContext } from '../../test/harness';
import { countryId, currencyId, insertLegalEntity, SBER } from '../../test/reference-rows';
import { describeResource } from '../../test/resource-suite';
import { signIn } from '../../test/users';
import { paymentForms } from '../finance';
import { banks, countries, currencies } from './tables';

const app = fileTestApp();

let seq = 0;
// Numeric codes ISO has not assigned, so created currencies never meet the seeded ones.
const freeNumericCodes = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0')).filter(
  (code) => !currencyRows.some((c) => c.numericCode === code),
);
const next = () => ++seq;
const letters = (n: number) =>
  String.fromCharCode(81 + (Math.floor(n / 676) % 10), 65 + (Math.floor(n / 26) % 26), 65 + (n % 26));

let banksCreated = 0;
/** A settlement account whose key agrees with Sberbank's BIK. */
const SBER_RUB = '40702810200000012345';

describeResource({
  app,
  descriptor: countryResource,
  contract: 'full',
  validCreate: { code: 'QQ', alpha3: 'QQQ', numericCode: '999', name: 'Страна', nameEn: 'Country' },
  existing: async ({ database }) => {
    const [row] = await database.db.select().from(countries).where(eq(countries.code, 'DE'));
    return row!.id;
  },
  update: { name: 'Германия (ФРГ)', nameEn: 'Germany (FRG)' },
  invalidCreate: {
    body: { code: 'deu', alpha3: 'DE', numericCode: '27', name: '  ' },
    errorPaths: ['code', 'alpha3', 'numericCode', 'name'],
  },
  search: 'Герман',
});

describeResource({
  app,
  descriptor: currencyResource,
  contract: 'full',
  // Codes of the unassigned Q.. range, so they never meet the seeded ISO currencies.
  validCreate: () => {
    const n = next();
    return {
      code: letters(n),
      numericCode: freeNumericCodes[n]!,
      minorUnits: 2,
      name: `Тестовая валюта ${n}`,
      nameEn: `Test currency ${n}`,
      symbol: 'T$',
    };
  },
  update: { name: 'Новое имя', minorUnits: 3, symbol: null },
  invalidCreate: {
    body: { code: 'usd', numericCode: '12', minorUnits: 5, name: '', nameEn: 'x', extra: 1 },
    errorPaths: ['code', 'numericCode', 'minorUnits', 'name', ''],
  },
  unique: ['code', 'numericCode'],
  search: 'Тестовая валюта',
});

describeResource({
  app,
  descriptor: contactInfoTypeResource,
  validCreate: () => {
    const n = next();
    return { code: `viber-${n}`, name: `Вайбер ${n}`, nameEn: `Viber ${n}`, format: 'messenger' };
  },
  update: { name: 'Viber (мессенджер)', format: 'phone' },
  invalidCreate: {
    body: { code: 'код с пробелом', name: 'x', format: 'pigeon' },
    errorPaths: ['code', 'format'],
  },
  unique: ['code'],
  search: 'Вайбер',
});

describeResource({
  app,
  descriptor: vehicleTypeResource,
  validCreate: () => {
    const n = next();
    return {
      code: `reefer-13m-${n}`,
      name: `Рефрижератор 13,6 м ${n}`,
      nameEn: `Reefer 13.6 m ${n}`,
      transportType: 'auto',
      capacityKg: 22000,
      volumeM3: 86.5,
    };
  },
  update: { capacityKg: 21000, volumeM3: 90.25, transportType: 'rail' },
  invalidCreate: {
    body: { code: 'x', name: 'x', transportType: 'teleport', capacityKg: -1, volumeM3: 'big' },
    errorPaths: ['transportType', 'capacityKg', 'volumeM3'],
  },
  unique: ['code'],
  search: 'Рефрижератор 13,6',
});

describeResource({
  app,
  descriptor: fileTagTypeResource,
  validCreate: () => {
    const n = next();
    return { code: `cmr-${n}`, name: `CMR ${n}`, nameEn: `CMR waybill ${n}`, color: '#1c7ed6' };
  },
  update: { color: '#f03e3e', nameEn: null },
  invalidCreate: { body: { code: 'cmr', name: 'CMR', color: 'red' }, errorPaths: ['color'] },
  unique: ['code'],
  search: 'waybill',
});

describe('file tag type cache (spec §7)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  // Reads what a fresh database holds: its own app.
  afterAll(() => ctx.close());

  it('lists the enabled file tag types to any signed-in user', async () => {
    const admin = await signIn(ctx, ['ROLE_SETTINGS_FILE_TAGS']);
    const user = await signIn(ctx, []);
    const created = [];
    for (const code of ['invoice', 'packing-list']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/settings/file-tag-types',
        payload: { code, name: code },
        headers: admin.headers,
      });
      created.push(res.json().data);
    }
    await ctx.app.inject({
      method: 'POST',
      url: `/api/settings/file-tag-types/${created[1].id}/disable`,
      headers: admin.headers,
    });
    const url = '/api/file-management/file-tag-types/cache';
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const res = await ctx.app.inject({ method: 'GET', url, headers: user.headers });
    expect(res.statusCode).toBe(200);
    // The system tag type every installation is seeded with (APPLICATION) is listed too.
    expect(
      res
        .json()
        .data.map((t: { code: string }) => t.code)
        .sort(),
    ).toEqual(['APPLICATION', 'invoice']);
  });
});

describeResource({
  app,
  descriptor: holidayResource,
  validCreate: () => {
    const n = next();
    const day = new Date(Date.UTC(2031, 0, 1 + n)).toISOString().slice(0, 10);
    return { date: day, name: `Выходной ${n}`, nameEn: `Day off ${n}` };
  },
  update: { name: 'Перенесённый выходной' },
  invalidCreate: { body: { date: '2025-02-30', name: 'x' }, errorPaths: ['date'] },
  unique: ['date'],
  search: 'Day off',
});

describeResource({
  app,
  descriptor: courierDeliveryServiceResource,
  validCreate: () => {
    const n = next();
    return {
      code: `dhl-${n}`,
      name: `DHL Express ${n}`,
      website: 'https://www.dhl.com',
      trackingUrl: 'https://www.dhl.com/track?tracking-id={trackingNumber}',
    };
  },
  update: { trackingUrl: null, nameEn: 'DHL' },
  invalidCreate: {
    body: { code: 'dhl', name: 'DHL', website: 'dhl.com', trackingUrl: 'https://www.dhl.com/track' },
    errorPaths: ['website', 'trackingUrl'],
  },
  unique: ['code'],
  search: 'DHL Express',
});

describeResource({
  app,
  descriptor: bankResource,
  validCreate: async ({ database }) => {
    // Its own count: the first bank is Sberbank with its correspondent account, the BIKs stay 9 digits.
    const n = ++banksCreated;
    return {
      name: `ПАО Сбербанк ${n}`,
      ...(n === 1 ? SBER : { bik: `0445252${String(n).padStart(2, '0')}` }),
      swift: 'SABRRUMM',
      countryId: await countryId(database, 'RU'),
      address: 'Москва, ул. Вавилова, 19',
    };
  },
  update: { name: 'ПАО «Сбербанк России»', swift: 'SABRRUMMXXX' },
  invalidCreate: {
    body: { name: '', bik: '123', swift: 'SBER', correspondentAccount: '4010181', countryId: 0 },
    errorPaths: ['name', 'bik', 'swift', 'correspondentAccount', 'countryId'],
  },
  unique: ['bik'],
  inUse: async ({ database }, id) => {
    const entity = await insertLegalEntity(database);
    await database.db.insert(paymentForms).values({
      name: `Форма ${id}`,
      legalEntityId: entity.id,
      bankId: id,
      accountNumber: SBER_RUB,
      currencyId: await currencyId(database, 'RUB'),
    });
  },
  inUseMessage: BANK_MESSAGES.inUse,
  search: 'Сбербанк',
});

describeResource({
  app,
  descriptor: loadingUnloadingMethodResource,
  validCreate: () => {
    const n = next();
    return { code: `conveyor-${n}`, name: `Конвейером ${n}`, nameEn: `By conveyor ${n}` };
  },
  update: { name: 'Ленточным конвейером', nameEn: null },
  invalidCreate: {
    body: { code: '', name: '', nameEn: 'x'.repeat(256) },
    errorPaths: ['code', 'name', 'nameEn'],
  },
  unique: ['code'],
  search: 'конвейер',
});

describeResource({
  app,
  descriptor: shipmentTermResource,
  validCreate: () => {
    const n = next();
    return {
      code: `DAT${n}`,
      name: `Поставка на терминале ${n}`,
      nameEn: `Delivered at Terminal ${n}`,
      type: 'any',
    };
  },
  update: { type: 'sea', nameEn: 'Delivered at Terminal (2010)' },
  invalidCreate: { body: { code: 'D A T', name: '', type: 'air' }, errorPaths: ['code', 'name', 'type'] },
  unique: ['code'],
  search: 'на терминале',
});

describe('bank rules', () => {
  let ctx: TestContext;
  let headers: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ headers } = await signIn(ctx, [...bankResource.roles.edit]));
  });
  // Reads what a fresh database holds: its own app.
  afterAll(() => ctx.close());

  const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    ctx.app.inject({ method, url, payload, headers });
  const count = async (table: typeof banks) => (await ctx.database.db.select().from(table)).length;

  it('asks a bank in Russia for its BIK, gives none to others, checks the correspondent account against it', async () => {
    const before = await count(banks);
    const ru = await countryId(ctx.database, 'RU');
    const by = await countryId(ctx.database, 'BY');
    const noBik = await send('POST', '/api/banks', { name: 'Банк', countryId: ru });
    expect(flattenTree(noBik.json().errors)).toEqual({ bik: [BANK_MESSAGES.bikRequired] });
    const foreign = await send('POST', '/api/banks', { name: 'Priorbank', countryId: by, bik: SBER.bik });
    expect(flattenTree(foreign.json().errors)).toEqual({ bik: [BANK_MESSAGES.bikOutsideRussia] });
    const wrongKey = await send('POST', '/api/banks', {
      name: 'Банк',
      countryId: ru,
      bik: SBER.bik,
      correspondentAccount: '30101810400000000226',
    });
    expect(flattenTree(wrongKey.json().errors)).toEqual({
      correspondentAccount: [COUNTERPARTY_MESSAGES.correspondentAccount],
    });
    expect(await count(banks)).toBe(before);

    const ok = await send('POST', '/api/banks', { name: 'Сбербанк', countryId: ru, ...SBER });
    expect(ok.statusCode, ok.body).toBe(201);
    // An update is checked as the record it makes: moving the bank abroad keeps its BIK, so it is refused.
    const moved = await send('PATCH', `/api/banks/${ok.json().data.id}`, { countryId: by, version: 1 });
    expect(flattenTree(moved.json().errors)).toEqual({ bik: [BANK_MESSAGES.bikOutsideRussia] });
  });
});

describe('shipment terms', () => {
  let ctx: TestContext;
  let headers: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ headers } = await signIn(ctx, []));
  });
  // Reads what a fresh database holds: its own app.
  afterAll(() => ctx.close());

  it('comes with the 11 Incoterms 2020, named in Russian and English', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/tms/shipment-terms?itemsPerPage=100',
      headers,
    });
    const terms = res.json().data.collection as {
      code: string;
      name: string;
      nameEn: string;
      type: string;
    }[];
    expect(terms.map((t) => t.code).sort()).toEqual(
      ['CFR', 'CIF', 'CIP', 'CPT', 'DAP', 'DDP', 'DPU', 'EXW', 'FAS', 'FCA', 'FOB'].sort(),
    );
    expect(
      terms
        .filter((t) => t.type === 'sea')
        .map((t) => t.code)
        .sort(),
    ).toEqual(['CFR', 'CIF', 'FAS', 'FOB']);
    for (const term of terms) {
      expect(term.name).toMatch(/[а-я]/i);
      expect(term.nameEn).toMatch(/^[A-Z][a-z]/);
      expect(SHIPMENT_TERM_TYPES).toContain(term.type);
    }
  });
});

describe('holiday list filters', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = app();
  });

  it('filters by a date range and sorts by date', async () => {
    const { headers } = await signIn(ctx, holidayResource.roles.edit as string[]);
    for (const date of ['2030-01-01', '2030-01-07', '2030-03-08', '2030-05-09']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/holidays',
        payload: { date, name: date },
        headers,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/holidays?dateFrom=2030-01-02&dateTo=2030-05-09&sort=date&order=asc',
      headers,
    });
    expect(res.json().data.collection.map((h: { date: string }) => h.date)).toEqual([
      '2030-01-07',
      '2030-03-08',
      '2030-05-09',
    ]);
  });
});

describe('country search', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = app();
  });

  it('finds a country by its short and common names and its codes, that country first', async () => {
    const { headers } = await signIn(ctx, []);
    const first = async (search: string) => {
      // As a reference dropdown asks: a search, no sort.
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/settings/countries?search=${encodeURIComponent(search)}&itemsPerPage=10`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.collection.map((c: { code: string }) => c.code);
    };
    for (const [search, code] of [
      ['Россия', 'RU'],
      ['россия', 'RU'],
      ['РФ', 'RU'],
      ['Russia', 'RU'],
      ['RU', 'RU'],
      ['RUS', 'RU'],
      ['643', 'RU'],
      ['Германия', 'DE'],
      ['DE', 'DE'],
      ['Белоруссия', 'BY'],
      ['USA', 'US'],
      ['Китай', 'CN'],
      ['Южная Корея', 'KR'],
    ] as const) {
      expect((await first(search))[0], search).toBe(code);
    }
    // "Корея" names South Korea and is a part of "Северная Корея": both found, the one it names first.
    expect(await first('Корея')).toEqual(['KR', 'KP']);
  });
});

describe('reference data', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  // Reads what a fresh database holds: its own app.
  afterAll(() => ctx.close());

  it('holds every ISO 3166-1 country and ISO 4217 currency, and reloading keeps edits', async () => {
    const db = ctx.database.db;
    const count = async () => ({
      countries: (await db.select().from(countries)).length,
      currencies: (await db.select().from(currencies)).length,
    });
    expect(await count()).toEqual({ countries: 249, currencies: 177 });
    const [rub] = await db.select().from(currencies).where(eq(currencies.code, 'RUB'));
    expect(rub).toMatchObject({ numericCode: '643', minorUnits: 2, name: 'Российский рубль', symbol: '₽' });
    const [ru] = await db.select().from(countries).where(eq(countries.code, 'RU'));
    expect(ru).toMatchObject({
      alpha3: 'RUS',
      numericCode: '643',
      nameEn: 'Russian Federation',
      aliases: 'Россия\nRussia\nРФ',
    });
    await db.update(countries).set({ name: 'Россия' }).where(eq(countries.code, 'RU'));
    await seedReferenceData(db);
    expect(await count()).toEqual({ countries: 249, currencies: 177 });
    const [edited] = await db.select().from(countries).where(eq(countries.code, 'RU'));
    expect(edited!.name).toBe('Россия');
  });
});

describe('export wording', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = app();
  });

  it('writes enum and yes/no values in the asked language, only the filtered rows', async () => {
    const { headers } = await signIn(ctx, []);
    for (const [lang, expected] of [
      [
        'en',
        [
          'tent-20t',
          'Тентованный полуприцеп 20 т / 82 м³',
          'Tent semi-trailer 20 t / 82 m³',
          'Road',
          20000,
          82,
          'Yes',
        ],
      ],
      [
        'ru',
        [
          'tent-20t',
          'Тентованный полуприцеп 20 т / 82 м³',
          'Tent semi-trailer 20 t / 82 m³',
          'Авто',
          20000,
          82,
          'Да',
        ],
      ],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/settings/vehicle-types/export?lang=${lang}&search=tent-20t`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.rowCount).toBe(2);
      expect((sheet.getRow(2).values as unknown[]).slice(1, 8)).toEqual(expected);
    }
  });
});

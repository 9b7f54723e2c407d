import {
  agreementTypeResource,
  contactInfoTypeResource,
  countryResource,
  courierDeliveryServiceResource,
  currencyResource,
  fileTagTypeResource,
  financeControlStatusReasonResource,
  holidayResource,
  requestOfferTypeResource,
  serviceOfficeResource,
  vehicleTypeResource,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import currencyRows from '../../db/seed/data/currencies.json' with { type: 'json' };
import { seedReferenceData } from '../../db/seed/reference';
import { users } from '../../platform/identity/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { describeResource } from '../../test/resource-suite';
import { signIn } from '../../test/users';
import { countries, currencies } from './tables';

let seq = 0;
// Numeric codes ISO has not assigned, so created currencies never meet the seeded ones.
const freeNumericCodes = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0')).filter(
  (code) => !currencyRows.some((c) => c.numericCode === code),
);
const next = () => ++seq;
const letters = (n: number) =>
  String.fromCharCode(81 + (Math.floor(n / 676) % 10), 65 + (Math.floor(n / 26) % 26), 65 + (n % 26));

describeResource({
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
  descriptor: serviceOfficeResource,
  validCreate: () => {
    const n = next();
    return {
      name: `Офис ${n}`,
      code: `OF${n}`,
      address: `Москва, ул. Складская, ${n}`,
      ipAddresses: ['10.0.0.0/8', '192.168.1.10', '2001:db8::/32'],
    };
  },
  update: { address: 'Санкт-Петербург, Невский пр., 1', ipAddresses: ['172.16.0.1'] },
  invalidCreate: {
    body: { name: '', ipAddresses: ['10.0.0.0/8', '300.1.1.1', 'not-an-ip', '10.0.0.0/40'] },
    errorPaths: ['name', 'ipAddresses.1', 'ipAddresses.2', 'ipAddresses.3'],
  },
  unique: ['name'],
  inUse: async ({ database }, id) => {
    const [user] = await database.db.select({ id: users.id }).from(users).limit(1);
    await database.db.update(users).set({ serviceOfficeId: id }).where(eq(users.id, user!.id));
  },
  search: 'Складская',
});

describeResource({
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
  descriptor: financeControlStatusReasonResource,
  validCreate: () => {
    const n = next();
    return { name: `Нет оригиналов документов ${n}`, nameEn: `No original documents ${n}` };
  },
  update: { nameEn: 'Originals missing' },
  invalidCreate: { body: { name: 'x'.repeat(256), nameEn: 5 }, errorPaths: ['name', 'nameEn'] },
  unique: ['name'],
  search: 'оригиналов',
});

describeResource({
  descriptor: requestOfferTypeResource,
  validCreate: () => {
    const n = next();
    return { code: `door-to-door-${n}`, name: `От двери до двери ${n}`, nameEn: `Door to door ${n}` };
  },
  update: { name: 'Дверь — дверь' },
  invalidCreate: { body: { code: 'дверь', name: '' }, errorPaths: ['code', 'name'] },
  unique: ['code'],
  search: 'door-to',
});

describeResource({
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
  afterAll(async () => {
    await ctx?.close();
  });

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
  descriptor: agreementTypeResource,
  validCreate: () => {
    const n = next();
    return {
      code: `forwarding-${n}`,
      name: `Транспортная экспедиция ${n}`,
      nameEn: `Freight forwarding ${n}`,
    };
  },
  update: { name: 'Договор транспортной экспедиции' },
  invalidCreate: { body: { name: 'x' }, errorPaths: ['code'] },
  unique: ['code'],
  search: 'экспедиция',
});

describeResource({
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

describe('holiday list filters', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
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

describe('reference data', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

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
    expect(ru).toMatchObject({ alpha3: 'RUS', numericCode: '643', nameEn: 'Russian Federation' });
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
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
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

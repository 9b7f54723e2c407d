import {
  COUNTERPARTY_MESSAGES,
  flattenTree,
  LEGAL_ENTITY_MESSAGES,
  legalEntityResource,
  MATERIAL_ASSET_MESSAGES,
  MESSAGES,
  materialAssetResource,
  serviceOfficeResource,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceOffices, users } from '../../platform/identity/tables';
import { createTestApp, fileTestApp, type TestContext } from '../../test/harness';
import { countryId, currencyId, insertBank } from '../../test/reference-rows';
import { describeResource } from '../../test/resource-suite';
import { createUser, signIn } from '../../test/users';
import { paymentForms } from '../finance';
import { legalEntities } from './tables';

const app = fileTestApp();

let seq = 0;
const next = () => ++seq;

/** A settlement account whose key agrees with Sberbank's BIK. */
const SBER_RUB = '40702810200000012345';

describeResource({
  app,
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
  app,
  descriptor: legalEntityResource,
  validCreate: async ({ database }) => {
    const n = next();
    return {
      name: `Общество с ограниченной ответственностью «Евразия Логистик ${n}»`,
      shortName: `ООО «Евразия Логистик ${n}»`,
      inn: '7707654321',
      kpp: '770701001',
      ogrn: '1027700132195',
      countryId: await countryId(database, 'RU'),
      address: 'Москва, Ленинградский проспект, 39',
      vatPayer: true,
    };
  },
  update: { vatPayer: false, address: 'Москва, ул. Тверская, 1' },
  invalidCreate: {
    body: { name: 'X', shortName: '', inn: '7707654320', kpp: '77-01', ogrn: '1027700132190', countryId: 1 },
    errorPaths: ['shortName', 'inn', 'kpp', 'ogrn'],
  },
  unique: ['shortName'],
  inUse: async ({ database }, id) => {
    const bank = await insertBank(database, 'RU', { bik: `04452${String(next()).padStart(4, '0')}` });
    await database.db.insert(paymentForms).values({
      name: `Форма юрлица ${id}`,
      legalEntityId: id,
      bankId: bank.id,
      accountNumber: SBER_RUB,
      currencyId: await currencyId(database, 'RUB'),
    });
  },
  inUseMessage: LEGAL_ENTITY_MESSAGES.inUse,
  search: 'Евразия',
});

describeResource({
  app,
  descriptor: materialAssetResource,
  validCreate: async ({ database }) => {
    const n = next();
    const [office] = await database.db
      .insert(serviceOffices)
      .values({ name: `Офис ${n}` })
      .returning({ id: serviceOffices.id });
    const user = await createUser(database);
    return {
      name: `Ноутбук Lenovo ThinkPad ${n}`,
      inventoryNumber: `INV-${String(n).padStart(5, '0')}`,
      kind: 'computer',
      serviceOfficeId: office!.id,
      responsibleUserId: user.id,
      acquisitionDate: '2025-03-01',
      amount: '125000.50',
      currencyId: await currencyId(database, 'RUB'),
      comment: 'Рабочее место бухгалтера',
    };
  },
  update: {
    amount: '99999.99',
    kind: 'office_equipment',
    acquisitionDate: '2025-04-15',
    status: 'written_off',
  },
  invalidCreate: {
    body: {
      name: '',
      inventoryNumber: '',
      kind: 'car',
      status: 'lost',
      acquisitionDate: '2025-02-30',
      amount: '12.345',
    },
    errorPaths: ['name', 'inventoryNumber', 'kind', 'status', 'acquisitionDate', 'amount'],
  },
  unique: ['inventoryNumber'],
  search: 'ThinkPad',
});

describe('company rules', () => {
  let ctx: TestContext;
  let headers: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ headers } = await signIn(ctx, [
      ...legalEntityResource.roles.edit,
      ...materialAssetResource.roles.edit,
    ]));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    ctx.app.inject({ method, url, payload, headers });
  const count = async (table: typeof legalEntities) => (await ctx.database.db.select().from(table)).length;

  it('lets every user read the offices (their own on the dashboard, the office of an order) but not change them', async () => {
    const forwarder = await signIn(ctx, ['ROLE_ORDER_VIEW_OWN', 'ROLE_ORDER_EDIT_OWN']);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/service-offices',
      headers: forwarder.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/service-offices',
      headers: forwarder.headers,
      payload: { name: 'Офис экспедитора' },
    });
    expect(create.statusCode).toBe(403);
  });

  it('asks a company in Russia for its INN and checks INN, KPP and OGRN', async () => {
    const before = await count(legalEntities);
    const ru = await countryId(ctx.database, 'RU');
    const noInn = await send('POST', '/api/settings/legal-entities', {
      name: 'ООО',
      shortName: 'ООО',
      countryId: ru,
    });
    expect(flattenTree(noInn.json().errors)).toEqual({ inn: [LEGAL_ENTITY_MESSAGES.innRequired] });
    const bad = await send('POST', '/api/settings/legal-entities', {
      name: 'ООО',
      shortName: 'ООО',
      countryId: ru,
      inn: '7707654322',
      ogrn: '1027700132196',
    });
    expect(flattenTree(bad.json().errors)).toEqual({
      inn: [COUNTERPARTY_MESSAGES.inn],
      ogrn: [COUNTERPARTY_MESSAGES.ogrn],
    });
    expect(await count(legalEntities)).toBe(before);
    const minsk = await send('POST', '/api/settings/legal-entities', {
      name: 'ООО «Евразия Логистик Бел»',
      shortName: 'Евразия Бел',
      countryId: await countryId(ctx.database, 'BY'),
      vatPayer: true,
    });
    expect(minsk.statusCode, minsk.body).toBe(201);
  });

  it('asks a material asset with an amount for its currency; refuses an unknown responsible user', async () => {
    const noCurrency = await send('POST', '/api/material-assets', {
      name: 'Погрузчик',
      inventoryNumber: 'INV-FORK',
      kind: 'vehicle',
      amount: '1500000.00',
    });
    expect(flattenTree(noCurrency.json().errors)).toEqual({
      currencyId: [MATERIAL_ASSET_MESSAGES.currencyRequired],
    });
    const unknownUser = await send('POST', '/api/material-assets', {
      name: 'Погрузчик',
      inventoryNumber: 'INV-FORK',
      kind: 'vehicle',
      responsibleUserId: 2_000_000_000,
    });
    expect(flattenTree(unknownUser.json().errors)).toEqual({ responsibleUserId: [MESSAGES.invalid] });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/material-assets', headers });
    expect(list.json().data.total).toBe(0);
  });
});

import {
  BANK_MESSAGES,
  bankResource,
  COUNTERPARTY_MESSAGES,
  counterpartyFeatureResource,
  counterpartyStatusResource,
  flattenTree,
  LEGAL_ENTITY_MESSAGES,
  legalEntityResource,
  MATERIAL_ASSET_MESSAGES,
  MESSAGES,
  materialAssetResource,
  PAYMENT_FORM_MESSAGES,
  paymentFormResource,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connection';
import { serviceOffices } from '../../platform/identity/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { describeResource } from '../../test/resource-suite';
import { createUser, signIn } from '../../test/users';
import { banks, countries, currencies, legalEntities, paymentForms } from './tables';

let seq = 0;
const next = () => ++seq;

const SBER = { bik: '044525225', correspondentAccount: '30101810400000000225' };
/** Settlement accounts whose keys agree with Sberbank's BIK. */
const SBER_RUB = '40702810200000012345';
const SBER_EUR = '40702978100000012345';

async function countryId(database: Database, code: string): Promise<number> {
  const [row] = await database.db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.code, code));
  return row!.id;
}
async function currencyId(database: Database, code: string): Promise<number> {
  const [row] = await database.db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.code, code));
  return row!.id;
}
async function insertBank(
  database: Database,
  country: string,
  values: Partial<typeof banks.$inferInsert> = {},
) {
  const [row] = await database.db
    .insert(banks)
    .values({ name: `Банк ${next()}`, countryId: await countryId(database, country), ...values })
    .returning();
  return row!;
}
async function insertLegalEntity(database: Database) {
  const n = next();
  const [row] = await database.db
    .insert(legalEntities)
    .values({
      name: `ООО «Компания ${n}»`,
      shortName: `Компания ${n}`,
      countryId: await countryId(database, 'RU'),
    })
    .returning();
  return row!;
}

describeResource({
  descriptor: bankResource,
  validCreate: async ({ database }) => {
    const n = next();
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
  descriptor: paymentFormResource,
  validCreate: async ({ database }) => {
    const n = next();
    const bank = await insertBank(database, 'RU', {
      bik: SBER.bik.replace('225', String(n).padStart(3, '0')),
    });
    const entity = await insertLegalEntity(database);
    // The key of a settlement account runs over the BIK's last 3 digits, so each bank gets its own account.
    const account = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']
      .map((d) => `40702810${d}00000012345`)
      .find((a) => isKeyed(a, bank.bik!));
    return {
      name: `Евразия RUB ${n}`,
      legalEntityId: entity.id,
      bankId: bank.id,
      accountNumber: account,
      currencyId: await currencyId(database, 'RUB'),
      withVat: true,
    };
  },
  update: { withVat: false },
  invalidCreate: {
    body: { name: '', legalEntityId: 0, bankId: 1, accountNumber: '', currencyId: -1 },
    errorPaths: ['name', 'legalEntityId', 'accountNumber', 'currencyId'],
  },
  unique: ['name'],
  search: 'Евразия RUB',
});

/** The Bank of Russia key of a settlement account (mirrors isValidRussianAccount, to build test data). */
function isKeyed(account: string, bik: string): boolean {
  const digits = bik.slice(6) + account;
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * [7, 1, 3][i % 3]!, 0);
  return sum % 10 === 0;
}

describeResource({
  descriptor: counterpartyStatusResource,
  validCreate: () => {
    const n = next();
    return { code: `active-${n}`, name: `Активный ${n}`, nameEn: `Active ${n}` };
  },
  update: { name: 'Действующий клиент', nameEn: null },
  invalidCreate: { body: { code: 'a b', name: '' }, errorPaths: ['code', 'name'] },
  unique: ['code'],
  search: 'Активный',
});

describeResource({
  descriptor: counterpartyFeatureResource,
  validCreate: () => {
    const n = next();
    return { code: `adr-${n}`, name: `Опасные грузы (ADR) ${n}`, nameEn: `Dangerous goods (ADR) ${n}` };
  },
  update: { name: 'Опасные грузы' },
  invalidCreate: { body: { code: '', name: 'x'.repeat(256) }, errorPaths: ['code', 'name'] },
  unique: ['code'],
  search: 'Опасные',
});

describeResource({
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
      cost: '125000.50',
      currencyId: await currencyId(database, 'RUB'),
    };
  },
  update: { cost: '99999.99', kind: 'office_equipment', acquisitionDate: '2025-04-15' },
  invalidCreate: {
    body: { name: '', inventoryNumber: '', kind: 'car', acquisitionDate: '2025-02-30', cost: '12.345' },
    errorPaths: ['name', 'inventoryNumber', 'kind', 'acquisitionDate', 'cost'],
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
      ...bankResource.roles.edit,
      ...legalEntityResource.roles.edit,
      ...paymentFormResource.roles.edit,
      ...materialAssetResource.roles.edit,
    ]));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    ctx.app.inject({ method, url, payload, headers });
  const count = async (table: typeof banks | typeof legalEntities | typeof paymentForms) =>
    (await ctx.database.db.select().from(table)).length;

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

  it('checks the account number against the bank: BIK key in Russia, IBAN in Belarus, its form in China', async () => {
    const entity = await insertLegalEntity(ctx.database);
    // Settlement account keys run over the BIK's last three digits only: this BIK keeps Sberbank's accounts.
    const sber = await insertBank(ctx.database, 'RU', { bik: '044583225' });
    const prior = await insertBank(ctx.database, 'BY', { swift: 'PJCBBY2X' });
    const boc = await insertBank(ctx.database, 'CN', { swift: 'BKCHCNBJ' });
    const eur = await currencyId(ctx.database, 'EUR');
    const base = { legalEntityId: entity.id, currencyId: eur };
    const before = await count(paymentForms);

    const wrongKey = await send('POST', '/api/finances/payment-forms', {
      ...base,
      name: 'Сбер EUR',
      bankId: sber.id,
      accountNumber: '40702978200000012345',
    });
    expect(flattenTree(wrongKey.json().errors)).toEqual({
      accountNumber: [COUNTERPARTY_MESSAGES.bankAccount],
    });
    const notIban = await send('POST', '/api/finances/payment-forms', {
      ...base,
      name: 'Приор EUR',
      bankId: prior.id,
      accountNumber: 'BY95PJCB30120000000000000002',
    });
    expect(flattenTree(notIban.json().errors)).toEqual({ accountNumber: [COUNTERPARTY_MESSAGES.iban] });
    const unknownBank = await send('POST', '/api/finances/payment-forms', {
      ...base,
      name: 'Нет банка',
      bankId: 2_000_000_000,
      accountNumber: SBER_EUR,
    });
    expect(flattenTree(unknownBank.json().errors)).toEqual({ bankId: [MESSAGES.invalid] });
    expect(await count(paymentForms)).toBe(before);

    const sberForm = await send('POST', '/api/finances/payment-forms', {
      ...base,
      name: 'Сбер EUR',
      bankId: sber.id,
      accountNumber: SBER_EUR,
    });
    expect(sberForm.statusCode, sberForm.body).toBe(201);
    const priorForm = await send('POST', '/api/finances/payment-forms', {
      ...base,
      name: 'Приор EUR',
      bankId: prior.id,
      accountNumber: 'by95 pjcb 3012 0000 0000 0000 0001',
    });
    expect(priorForm.statusCode, priorForm.body).toBe(201);
    expect(priorForm.json().data.accountNumber).toBe('BY95PJCB30120000000000000001');
    const bocForm = await send('POST', '/api/finances/payment-forms', {
      ...base,
      name: 'BOC CNY',
      bankId: boc.id,
      accountNumber: '4563 7701 2345',
    });
    expect(bocForm.statusCode, bocForm.body).toBe(201);

    // Moving the Russian account to the Belarusian bank is checked against that bank.
    const moved = await send('PATCH', `/api/finances/payment-forms/${sberForm.json().data.id}`, {
      bankId: prior.id,
      version: 1,
    });
    expect(flattenTree(moved.json().errors)).toEqual({ accountNumber: [COUNTERPARTY_MESSAGES.iban] });
    expect(PAYMENT_FORM_MESSAGES.inUse).toMatch(/payment form/);
  });

  it('asks a material asset with a cost for its currency; refuses an unknown responsible user', async () => {
    const noCurrency = await send('POST', '/api/material-assets', {
      name: 'Погрузчик',
      inventoryNumber: 'INV-FORK',
      kind: 'vehicle',
      cost: '1500000.00',
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

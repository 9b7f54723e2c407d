import {
  COUNTERPARTY_FIELD_ROLES,
  ERROR_MESSAGES,
  flattenTree,
  COUNTERPARTY_MESSAGES as M,
  MESSAGES,
  USER_MESSAGES,
} from '@tms/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../platform/auth/context';
import type { ValidationError } from '../../platform/errors';
import { contacts, serviceOffices } from '../../platform/identity/tables';
import { ManyRefused } from '../../platform/resources';
import { createCreditProbe, creditProbeModule } from '../../test/credit-probe';
import { docxText, makeDocx } from '../../test/docx';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { contactInfoTypes, countries } from '../reference-data';
import { assertCanTakeNewWork, checkCreditLimit } from './credit';
import { counterpartyService } from './service';
import { counterpartyBankAccountService } from './subresources';
import { agreementTypes, counterparties, counterpartyBankAccounts, counterpartyStatuses } from './tables';

type Body = Record<string, unknown>;

const SBERBANK = { inn: '7707083893', kpp: '773601001', ogrn: '1027700132195', okpo: '00032537' };
const GAZPROM = { inn: '7736050003', kpp: '997250001', ogrn: '1027700070518', okpo: '00040778' };
const SOLE_PROPRIETOR = { inn: '500100732259', ogrn: '304500116000157' };

let ctx: TestContext;
let owe: (counterpartyId: number, amount: string) => Promise<void>;
/** The principal of a signed-in user holding `roles`, for the rules called in process. */
const principal = (who: SignedIn, roles: string[]): AuthContext => ({
  userId: who.user.id,
  username: who.user.username,
  contactId: who.user.contactId,
  serviceOfficeId: who.user.serviceOfficeId,
  roles: new Set(roles),
  kind: 'user',
  sessionId: null,
  impersonatorId: null,
  passwordChangeRequired: false,
});
let ru: number;
let de: number;
let mow: number;
let msq: number;
let chief: SignedIn;
let curatorA: SignedIn;
let curatorB: SignedIn;
let officeMsq: SignedIn;
let seq = 0;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who: SignedIn,
  payload?: Body,
) => ctx.app.inject({ method, url, headers: who.headers, payload });

async function create(who: SignedIn, body: Body): Promise<Body & { id: number; version: number }> {
  const res = await call('POST', '/api/counterparties', who, {
    name: `Клиент ${++seq}`,
    client: true,
    countryId: ru,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function count(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(counterparties);
  return row!.n;
}

const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
  flattenTree(res.json().errors);

beforeAll(async () => {
  ctx = await createTestApp({}, [creditProbeModule]);
  owe = await createCreditProbe(ctx.database.db);
  const country = async (code: string) =>
    (await ctx.database.db.select().from(countries).where(eq(countries.code, code)))[0]!.id;
  ru = await country('RU');
  de = await country('DE');
  const offices = await ctx.database.db
    .insert(serviceOffices)
    .values([
      { name: 'Москва', code: 'MOW' },
      { name: 'Минск', code: 'MSQ' },
    ])
    .returning();
  mow = offices[0]!.id;
  msq = offices[1]!.id;
  const scoped = ['ROLE_COUNTERPARTY_VIEW_OWN', 'ROLE_COUNTERPARTY_EDIT_OWN'];
  chief = await signIn(
    ctx,
    [
      'ROLE_COUNTERPARTY_VIEW_ALL',
      'ROLE_COUNTERPARTY_EDIT_ALL',
      'ROLE_COUNTERPARTY_CREDIT_LIMIT_EXCEED',
      ...new Set(Object.values(COUNTERPARTY_FIELD_ROLES)),
    ],
    { serviceOfficeId: mow },
  );
  curatorA = await signIn(ctx, scoped, { serviceOfficeId: mow });
  curatorB = await signIn(ctx, scoped, { serviceOfficeId: mow });
  officeMsq = await signIn(ctx, ['ROLE_COUNTERPARTY_VIEW_OFFICE', 'ROLE_COUNTERPARTY_EDIT_OFFICE'], {
    serviceOfficeId: msq,
  });
});
afterAll(() => ctx?.close());

describe('counterparty rules', () => {
  it('checks the Russian registration numbers by checksum, each under its field, saving nothing', async () => {
    const before = await count();
    const res = await call('POST', '/api/counterparties', chief, {
      name: 'ООО Ошибка',
      client: true,
      countryId: ru,
      inn: '7707083894',
      kpp: '77360100',
      ogrn: '1027700132196',
      okpo: '00032538',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res)).toEqual({ inn: [M.inn], kpp: [M.kpp], ogrn: [M.ogrn], okpo: [M.okpo] });

    const mismatch = await call('POST', '/api/counterparties', chief, {
      name: 'ИП Ошибка',
      client: true,
      countryId: ru,
      inn: SOLE_PROPRIETOR.inn,
      kpp: '773601001',
      ogrn: SBERBANK.ogrn,
    });
    expect(errorsOf(mismatch)).toEqual({ kpp: [M.kppForIndividual], ogrn: [M.ogrnMismatch] });
    expect(await count()).toBe(before);

    // Outside Russia the same fields are free text.
    await create(chief, { countryId: de, inn: '7707083894', kpp: 'DE-1', ogrn: 'HRB 12345' });
    const individual = await create(chief, { ...SOLE_PROPRIETOR, contractor: true });
    expect(individual).toMatchObject(SOLE_PROPRIETOR);
  });

  it('refuses each bad value under its field and saves nothing', async () => {
    const before = await count();
    const res = await call('POST', '/api/counterparties', chief, {
      name: 'Firma 中国',
      nameEn: 'Ромашка',
      countryId: de,
      email: 'info@',
      emails: 'a@b.de, nope',
      creditLimit: '1000',
      creditLimitThreshold: '1500',
      blackList: true,
      apiAllowedIps: ['10.0.0.0/33'],
      paymentTermsDays: 400,
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({
      name: [M.latinCyrillic],
      nameEn: [M.noCyrillic],
      email: [M.primaryEmail],
      emails: [M.emailList],
      paymentTermsDays: [MESSAGES.tooBig],
    });
    const rules = await call('POST', '/api/counterparties', chief, {
      name: 'Firma',
      countryId: de,
      creditLimit: '1000',
      creditLimitThreshold: '1500',
      blackList: true,
      apiAllowedIps: ['10.0.0.0/33'],
    });
    expect(errorsOf(rules)).toEqual({
      client: [M.clientOrContractor],
      creditLimitThreshold: [M.creditLimit],
      blackListReason: [M.reasonRequired],
      'apiAllowedIps.0': [USER_MESSAGES.invalidIp],
    });
    expect(await count()).toBe(before);
  });

  it('refuses a second live counterparty with the same INN and KPP under inn', async () => {
    const first = await create(chief, { ...SBERBANK });
    const again = await call('POST', '/api/counterparties', chief, {
      name: 'Сбер 2',
      client: true,
      countryId: ru,
      ...SBERBANK,
    });
    expect(again.statusCode).toBe(400);
    expect(errorsOf(again)).toEqual({ inn: [M.duplicateInnKpp] });
    // Another KPP of the same INN is another branch.
    await create(chief, { ...SBERBANK, kpp: '773643001' });
    // Both without a KPP count as equal.
    await create(chief, { inn: GAZPROM.inn });
    const noKpp = await call('POST', '/api/counterparties', chief, {
      name: 'Газ',
      client: true,
      countryId: ru,
      inn: GAZPROM.inn,
    });
    expect(errorsOf(noKpp)).toEqual({ inn: [M.duplicateInnKpp] });
    // An update into a duplicate is refused too.
    const other = await create(chief, {});
    const update = await call('PATCH', `/api/counterparties/${other.id}`, chief, {
      ...SBERBANK,
      version: other.version,
    });
    expect(errorsOf(update)).toEqual({ inn: [M.duplicateInnKpp] });
    expect((await call('GET', `/api/counterparties/${first.id}`, chief)).json().data.inn).toBe(SBERBANK.inn);
  });

  it('creates several at once by the same rules: a pair taken by a record before it in the call is refused with its index, nothing written; one primary account', async () => {
    const roles = ['ROLE_COUNTERPARTY_VIEW_ALL', 'ROLE_COUNTERPARTY_EDIT_ALL'];
    const inApp = { tx: ctx.database.db, registries: ctx.app.registries, auth: principal(chief, roles) };
    const body = (name: string, extra: Body = {}) => ({ name, client: true, countryId: ru, ...extra });
    const refused = await counterpartyService
      .createMany(inApp, [body('Пакет 1', { inn: '7712040126' }), body('Пакет 2', { inn: '7712040126' })])
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ManyRefused);
    expect((refused as ManyRefused).index).toBe(1);
    expect(flattenTree(((refused as ManyRefused).error as ValidationError).tree!)).toEqual({
      inn: [M.duplicateInnKpp],
    });
    expect(
      await ctx.database.db.select().from(counterparties).where(eq(counterparties.inn, '7712040126')),
    ).toEqual([]);
    const [made] = await counterpartyService.createMany(inApp, [body('Пакет 3', { inn: '7712040126' })]);
    expect(made).toMatchObject({ curatorIds: [chief.user.id], serviceOfficeId: mow });
    const account = (number: string) => ({
      counterpartyId: made!.id,
      bik: '044525225',
      account: number,
      correspondentAccount: '30101810400000000225',
    });
    const accounts = await counterpartyBankAccountService.createMany(inApp, [
      account('40702810200000000001'),
      account('40702810500000000002'),
    ]);
    expect(accounts.map((a) => a.primary)).toEqual([true, false]);
  });

  it('updates several at once by the same rules: a pair taken by a record before it in the call is refused with its index, nothing written; the stale version refused', async () => {
    const roles = ['ROLE_COUNTERPARTY_VIEW_ALL', 'ROLE_COUNTERPARTY_EDIT_ALL'];
    const inApp = { tx: ctx.database.db, registries: ctx.app.registries, auth: principal(chief, roles) };
    const [a, b, c] = (await counterpartyService.createMany(
      inApp,
      ['Ряд 1', 'Ряд 2', 'Ряд 3'].map((name) => ({ name, client: true, countryId: ru })),
    )) as { id: number }[];
    const refused = await counterpartyService
      .updateMany(inApp, [
        { id: a!.id, input: { inn: '7712040140' } },
        { id: b!.id, input: { inn: '7712040140' } },
        { id: c!.id, input: { phone: '+7 495 000-00-03' } },
      ])
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ManyRefused);
    expect((refused as ManyRefused).index).toBe(1);
    expect(flattenTree(((refused as ManyRefused).error as ValidationError).tree!)).toEqual({
      inn: [M.duplicateInnKpp],
    });
    const names = async () =>
      (
        await ctx.database.db
          .select({ name: counterparties.name, version: counterparties.version })
          .from(counterparties)
          .where(inArray(counterparties.id, [a!.id, b!.id, c!.id]))
          .orderBy(counterparties.id)
      ).map((row) => [row.name, row.version]);
    expect(await names()).toEqual([
      ['Ряд 1', 1],
      ['Ряд 2', 1],
      ['Ряд 3', 1],
    ]);
    const stale = await counterpartyService
      .updateMany(inApp, [{ id: a!.id, input: { phone: '+7 495 000-00-01' }, version: 7 }])
      .catch((error: unknown) => error);
    expect(((stale as ManyRefused).error as { statusCode: number }).statusCode).toBe(409);
    const done = await counterpartyService.updateMany(inApp, [
      { id: a!.id, input: { inn: '7712040140' }, version: 1 },
      { id: c!.id, input: { phone: '+7 495 000-00-03' } },
    ]);
    expect(done.map((entity) => entity.version)).toEqual([2, 2]);
    expect(done[0]).toMatchObject({ inn: '7712040140' });
    expect(await names()).toEqual([
      ['Ряд 1', 2],
      ['Ряд 2', 1],
      ['Ряд 3', 2],
    ]);
  });

  it('defaults the office to the creator’s and the curators to the creator', async () => {
    const mine = await create(curatorA, {});
    expect(mine).toMatchObject({
      serviceOfficeId: mow,
      curatorIds: [curatorA.user.id],
      creditState: 'NO_LIMIT',
    });
    // Nobody creates what they could not reach afterwards.
    const handedAway = await call('POST', '/api/counterparties', curatorA, {
      name: 'Чужой',
      client: true,
      countryId: ru,
      curatorIds: [curatorB.user.id],
    });
    expect(handedAway.statusCode).toBe(403);
  });

  it('enforces field permissions on changed values only', async () => {
    const record = await create(curatorA, { contractor: true });
    const cases: Body[] = [
      { blackList: true, blackListReason: 'Не платит' },
      { name: 'Новое имя' },
      { client: false },
      { managerIds: [curatorB.user.id] },
      { difficult: true },
      { paymentTermsBasis: 'BILL', paymentTermsDays: 30 },
      { apiAllowedIps: ['10.0.0.1'] },
      { managementLock: true },
    ];
    for (const change of cases) {
      const res = await call('PATCH', `/api/counterparties/${record.id}`, curatorA, {
        ...change,
        version: record.version,
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json().message).toBe(M.fieldEditDenied);
    }
    // The same values as stored pass; so does a field without a role of its own.
    const same = await call('PATCH', `/api/counterparties/${record.id}`, curatorA, {
      name: record.name,
      client: true,
      difficult: false,
      applicationRequired: true,
      phone: '+7 900 000-00-00',
      version: record.version,
    });
    expect(same.statusCode, same.body).toBe(200);
    // A role needed on update is free on create (the type and the names).
    const withStatus = await call('POST', '/api/counterparties', curatorA, {
      name: 'С флагом',
      client: true,
      countryId: ru,
      difficult: true,
    });
    expect(withStatus.statusCode).toBe(403);
    const [status] = await ctx.database.db
      .insert(counterpartyStatuses)
      .values({ code: 'ACTIVE', name: 'Активный' })
      .returning();
    const byChief = await call('PATCH', `/api/counterparties/${record.id}`, chief, {
      statusId: status!.id,
      blackList: true,
      blackListReason: 'Не платит',
      version: same.json().data.version,
    });
    expect(byChief.statusCode, byChief.body).toBe(200);
  });

  it('refuses every change of a locked counterparty to users who may not work past the lock', async () => {
    const record = await create(curatorA, { contractor: true });
    const locked = await call('PATCH', `/api/counterparties/${record.id}`, chief, {
      managementLock: true,
      version: record.version,
    });
    expect(locked.statusCode, locked.body).toBe(200);
    const version = locked.json().data.version;
    const edit = await call('PATCH', `/api/counterparties/${record.id}`, curatorA, { phone: '1', version });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(M.managementLock);
    const contact = await call('POST', '/api/counterparty-contacts', curatorA, {
      counterpartyId: record.id,
      name: 'Иван',
    });
    expect(contact.statusCode).toBe(403);
    expect(contact.json().message).toBe(M.managementLock);
    const contactId = (
      await ctx.database.db
        .insert(contacts)
        .values({ name: 'Ранний контакт', counterpartyId: record.id })
        .returning()
    )[0]!.id;
    const disable = await call('POST', `/api/counterparty-contacts/${contactId}/disable`, curatorA);
    expect(disable.statusCode).toBe(403);
    expect((await call('GET', `/api/counterparty-contacts/${contactId}`, chief)).json().data.enabled).toBe(
      true,
    );
    const removal = await call('DELETE', `/api/counterparties/${record.id}`, curatorA);
    expect(removal.statusCode).toBe(403);
    expect(removal.json().message).toBe(M.managementLock);
    // Sending the stored values changes nothing and passes.
    const unchanged = await call('PATCH', `/api/counterparties/${record.id}`, curatorA, { version });
    expect(unchanged.statusCode).toBe(200);
    const byChief = await call('PATCH', `/api/counterparties/${record.id}`, chief, {
      phone: '2',
      version: unchanged.json().data.version,
    });
    expect(byChief.statusCode, byChief.body).toBe(200);
  });

  it('checks bank accounts: Russian by BIK and keys, others by IBAN; one primary', async () => {
    const record = await create(chief, { contractor: true });
    const url = '/api/counterparty-bank-accounts';
    const wrongKey = await call('POST', url, chief, {
      counterpartyId: record.id,
      bik: '044525225',
      account: '40702810238720001421',
      correspondentAccount: '30101810400000000225',
    });
    expect(errorsOf(wrongKey)).toEqual({ account: [M.bankAccount] });
    const noIban = await call('POST', url, chief, { counterpartyId: record.id, bankName: 'HSBC' });
    expect(errorsOf(noIban)).toEqual({ iban: [M.ibanRequired] });
    const badIban = await call('POST', url, chief, {
      counterpartyId: record.id,
      iban: 'DE89370400440532013001',
    });
    expect(errorsOf(badIban)).toEqual({ iban: [M.iban] });
    const first = await call('POST', url, chief, {
      counterpartyId: record.id,
      bik: '044525225',
      account: '40702810238720001420',
      correspondentAccount: '30101810400000000225',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.primary).toBe(true);
    const second = await call('POST', url, chief, {
      counterpartyId: record.id,
      iban: 'pl61 1090 1014 0000 0712 1981 2874',
      primary: true,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data).toMatchObject({ iban: 'PL61109010140000071219812874', primary: true });
    const list = await call('GET', `${url}?counterpartyId=${record.id}`, chief);
    expect(
      list
        .json()
        .data.collection.filter((a: Body) => a.primary)
        .map((a: Body) => a.id),
    ).toEqual([second.json().data.id]);
  });

  it('keeps contact details of the configured types only', async () => {
    const record = await create(chief, {});
    const [type] = await ctx.database.db.select().from(contactInfoTypes).limit(1);
    const res = await call('POST', '/api/counterparty-contacts', chief, {
      counterpartyId: record.id,
      name: 'Анна',
      contactInfos: [
        { typeId: type!.id, value: '@anna' },
        { typeId: 999999, value: 'x' },
      ],
    });
    expect(errorsOf(res)).toEqual({ 'contactInfos.1.typeId': [MESSAGES.invalid] });
    const ok = await call('POST', '/api/counterparty-contacts', chief, {
      counterpartyId: record.id,
      name: 'Анна',
      contactInfos: [{ typeId: type!.id, value: '@anna' }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.contactInfos).toEqual([{ typeId: type!.id, value: '@anna' }]);
  });

  it('refuses an agreement ending before it starts', async () => {
    const record = await create(chief, {});
    const [type] = await ctx.database.db
      .insert(agreementTypes)
      .values({ code: 'TEST', name: 'Договор' })
      .returning();
    const res = await call('POST', '/api/counterparty-agreements', chief, {
      counterpartyId: record.id,
      agreementTypeId: type!.id,
      number: '1',
      validFrom: '2025-05-01',
      validUntil: '2025-04-30',
    });
    expect(errorsOf(res)).toEqual({ validUntil: [M.endBeforeStart] });
  });
});

describe('scopes', () => {
  let mineA: Body & { id: number };
  let mineB: Body & { id: number };
  let managedByA: Body & { id: number };
  let minsk: Body & { id: number };

  beforeAll(async () => {
    mineA = await create(curatorA, {
      name: 'Альфа Логистик',
      email: 'alpha@alpha.ru',
      phone: '+7 495 111-11-11',
    });
    mineB = await create(curatorB, {
      name: 'Бета Логистик',
      email: 'beta@beta.ru',
      phone: '+7 495 222-22-22',
      contractor: true,
    });
    managedByA = await create(chief, { name: 'Гамма', managerIds: [curatorA.user.id], serviceOfficeId: msq });
    minsk = await create(chief, { name: 'Минский клиент', serviceOfficeId: msq });
    await call('POST', '/api/counterparty-contacts', curatorB, {
      counterpartyId: mineB.id,
      name: 'Борис',
      email: 'boris@beta.ru',
    });
  });

  const ids = (res: { json(): { data: { collection: Body[] } } }) =>
    res.json().data.collection.map((r) => r.id);

  it('own: a curator never sees another curator’s client by list, search, export, id or history', async () => {
    const list = await call('GET', '/api/counterparties?itemsPerPage=1000', curatorA);
    expect(ids(list)).toEqual(expect.arrayContaining([mineA.id, managedByA.id]));
    expect(ids(list)).not.toContain(mineB.id);
    expect(ids(list)).not.toContain(minsk.id);
    const search = await call('GET', '/api/counterparties?search=Бета', curatorA);
    expect(search.json().data.total).toBe(0);
    const byId = await call('GET', `/api/counterparties?id=${mineB.id}`, curatorA);
    expect(byId.json().data.total).toBe(0);
    for (const url of [
      `/api/counterparties/${mineB.id}`,
      `/api/counterparties/${mineB.id}/history`,
      `/api/counterparties/${mineB.id}/credit`,
    ]) {
      expect((await call('GET', url, curatorA)).statusCode, url).toBe(404);
    }
    const exported = await call('GET', '/api/counterparties/export?lang=en&columns=name', curatorA);
    expect(exported.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const names = book.worksheets[0]!.getColumn(1).values.slice(2);
    expect(names).toContain('Альфа Логистик');
    expect(names).not.toContain('Бета Логистик');
  });

  it('own: nor changes, deletes or reaches its parts', async () => {
    const b = (await call('GET', `/api/counterparties/${mineB.id}`, curatorB)).json().data;
    expect(
      (await call('PATCH', `/api/counterparties/${mineB.id}`, curatorA, { phone: '1', version: b.version }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/counterparties/${mineB.id}`, curatorA)).statusCode).toBe(404);
    const contacts = await call('GET', `/api/counterparty-contacts?counterpartyId=${mineB.id}`, curatorA);
    expect(contacts.json().data.total).toBe(0);
    const foreign = await call('POST', '/api/counterparty-contacts', curatorA, {
      counterpartyId: mineB.id,
      name: 'Шпион',
    });
    // A counterparty out of sight is "not found" on the field that names it, like a missing one.
    expect(foreign.statusCode).toBe(400);
    expect(flattenTree(foreign.json().errors)).toEqual({ counterpartyId: [ERROR_MESSAGES.notFound] });
    const all = await call('GET', '/api/counterparty-contacts?search=борис', curatorB);
    expect(all.json().data.total).toBe(1);
    const contactId = ids(all)[0];
    expect((await call('GET', `/api/counterparty-contacts/${contactId}`, curatorA)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/counterparty-contacts/${contactId}`, curatorA)).statusCode).toBe(404);
    expect((await call('GET', `/api/counterparties/${mineB.id}`, curatorB)).json().data.version).toBe(
      b.version,
    );
  });

  it('office: a user sees the counterparties of their office only', async () => {
    const list = await call('GET', '/api/counterparties?itemsPerPage=1000', officeMsq);
    expect(ids(list)).toEqual(expect.arrayContaining([minsk.id, managedByA.id]));
    expect(ids(list)).not.toContain(mineA.id);
    expect((await call('GET', `/api/counterparties/${mineA.id}`, officeMsq)).statusCode).toBe(404);
  });

  it('all: every counterparty', async () => {
    const list = await call('GET', '/api/counterparties?itemsPerPage=1000', chief);
    expect(ids(list)).toEqual(expect.arrayContaining([mineA.id, mineB.id, managedByA.id, minsk.id]));
  });

  it('filters the list by curator, office, type and black list', async () => {
    const byCurator = await call(
      'GET',
      `/api/counterparties?curatorIds=${curatorB.user.id}&itemsPerPage=1000`,
      chief,
    );
    expect(ids(byCurator)).toEqual([mineB.id]);
    const byOffice = await call(
      'GET',
      `/api/counterparties?serviceOfficeId=${msq}&contractor=false&itemsPerPage=1000`,
      chief,
    );
    expect(ids(byOffice).sort()).toEqual([managedByA.id, minsk.id].sort());
    const bad = await call('GET', '/api/counterparties?creditState=SOMETIMES', chief);
    expect(errorsOf(bad)).toEqual({ creditState: [MESSAGES.choice] });
  });
});

describe('black list and credit', () => {
  it('a black-listed counterparty takes no new work and is found by the filter', async () => {
    const record = await create(chief, { blackList: true, blackListReason: 'Мошенничество' });
    const filtered = await call('GET', '/api/counterparties?blackList=true&itemsPerPage=1000', chief);
    expect(filtered.json().data.collection.map((r: Body) => r.id)).toContain(record.id);
    await expect(assertCanTakeNewWork(ctx.database.db, record.id)).rejects.toMatchObject({
      statusCode: 400,
      tree: { children: { counterpartyId: { errors: [M.blackListed] } } },
    });
    const fine = await create(chief, {});
    await expect(assertCanTakeNewWork(ctx.database.db, fine.id)).resolves.toBeUndefined();
  });

  it("computes the exposure from the modules' sources and checks new obligations", async () => {
    const record = await create(chief, { creditLimit: '1000', creditLimitThreshold: '800' });
    expect(record).toMatchObject({ creditLimit: '1000.00', creditExposure: '0.00', creditState: 'WITHIN' });
    await owe(record.id, '500');
    await owe(record.id, '350.5');
    const credit = await call('GET', `/api/counterparties/${record.id}/credit`, chief);
    expect(credit.json().data).toEqual({
      limit: '1000.00',
      threshold: '800.00',
      exposure: '850.50',
      available: '149.50',
      state: 'THRESHOLD',
      sources: { bills: '0.00', orders: '0.00', probe: '850.50' },
      advances: '0.00',
      balance: null,
    });
    const read = await call('GET', `/api/counterparties/${record.id}`, chief);
    expect(read.json().data).toMatchObject({ creditExposure: '850.50', creditState: 'THRESHOLD' });
    const filtered = await call('GET', '/api/counterparties?creditState=THRESHOLD&itemsPerPage=1000', chief);
    expect(filtered.json().data.collection.map((r: Body) => r.id)).toEqual([record.id]);

    const inApp = { tx: ctx.database.db, registries: ctx.app.registries };
    await expect(checkCreditLimit(inApp, principal(chief, []), record.id, '149.50')).resolves.toBeUndefined();
    await expect(
      checkCreditLimit(inApp, principal(chief, []), record.id, '200', ['clientId']),
    ).rejects.toMatchObject({
      statusCode: 400,
      tree: { children: { clientId: { errors: [M.creditLimitExhausted] } } },
    });
    await expect(
      checkCreditLimit(inApp, principal(chief, ['ROLE_COUNTERPARTY_CREDIT_LIMIT_EXCEED']), record.id, '200'),
    ).resolves.toBeUndefined();
  });
  it('tells a subscriber, never one who turned the types off, of a client reaching its threshold and limit, and of the black list', async () => {
    const types = ['creditThresholdReached', 'creditLimitReached', 'counterpartyBlackListed'];
    const roles = ['ROLE_COUNTERPARTY_VIEW_ALL', 'ROLE_COMPANY_CHAPTERS'];
    const subscriber = await signIn(ctx, roles);
    const unsubscribed = await signIn(ctx, roles);
    const res = await call('PUT', '/api/user-settings/notification-settings', unsubscribed, {
      settings: types.map((type) => ({ type, scope: 'off' })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const record = await create(chief, {
      creditLimit: '1000',
      creditLimitThreshold: '800',
      managerIds: [subscriber.user.id, unsubscribed.user.id],
    });
    const inApp = { tx: ctx.database.db, registries: ctx.app.registries };
    await checkCreditLimit(inApp, principal(chief, []), record.id, '799.99');
    await owe(record.id, '799.99');
    await checkCreditLimit(inApp, principal(chief, []), record.id, '0.01');
    await owe(record.id, '0.01');
    await checkCreditLimit(inApp, principal(chief, []), record.id, '199.99');
    await checkCreditLimit(inApp, principal(chief, []), record.id, '200');
    const listed = await call('PATCH', `/api/counterparties/${record.id}`, chief, {
      version: record.version,
      blackList: true,
      blackListReason: 'Мошенничество',
    });
    expect(listed.statusCode, listed.body).toBe(200);

    const unread = async (who: SignedIn) =>
      (await call('GET', '/api/notifications/internal/unread', who)).json().data.collection as Array<{
        type: string;
        content: string;
        links: Record<string, { link: string; text: string }>;
      }>;
    const received = await unread(subscriber);
    expect(received.map((n) => n.type).sort()).toEqual([...types].sort());
    expect(received.every((n) => n.links.counterparty!.link === `/counterparties/${record.id}`)).toBe(true);
    expect(received.find((n) => n.type === 'counterpartyBlackListed')!.content).toContain('Мошенничество');
    expect(received.find((n) => n.type === 'creditLimitReached')!.content).toContain(
      'задолженность 1\u00a0000,00\u00a0₽ при лимите 1\u00a0000,00\u00a0₽',
    );
    expect(await unread(unsubscribed)).toEqual([]);
  });
});

describe('cabinet API keys', () => {
  it('shows the key once, keeps its hash, and lets it act for its counterparty from allowed addresses only', async () => {
    const keyer = await signIn(ctx, [
      'ROLE_COUNTERPARTY_VIEW_OWN',
      'ROLE_COUNTERPARTY_EDIT_OWN',
      'ROLE_COUNTERPARTY_API_KEYS',
    ]);
    const record = await create(keyer, { name: 'Кабинетный', inn: GAZPROM.inn, kpp: '770101001' });
    const other = await create(chief, {});
    expect((await call('POST', `/api/counterparties/${other.id}/api-key`, keyer)).statusCode).toBe(404);

    const issued = await call('POST', `/api/counterparties/${record.id}/api-key`, keyer);
    expect(issued.statusCode, issued.body).toBe(200);
    const { apiKey } = issued.json().data;
    expect(apiKey).toMatch(/^tmsc_[\w-]{40,}$/);
    const [row] = await ctx.database.db.select().from(counterparties).where(eq(counterparties.id, record.id));
    expect(row!.apiKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(apiKey);
    const read = (await call('GET', `/api/counterparties/${record.id}`, keyer)).json().data;
    expect(read).toMatchObject({ hasApiKey: true, apiKeyCreatedAt: expect.any(String) });
    expect(JSON.stringify(read)).not.toContain(apiKey);

    const cabinet = (remoteAddress = '127.0.0.1', url = '/api/cabinet/counterparty') =>
      ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': apiKey }, remoteAddress });
    // No allowed address yet: the key works nowhere.
    expect((await cabinet()).statusCode).toBe(401);
    const allowed = await call('PATCH', `/api/counterparties/${record.id}`, keyer, {
      apiAllowedIps: ['127.0.0.1', '192.168.10.0/24'],
      version: read.version,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const own = await cabinet();
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({ id: record.id, name: 'Кабинетный', inn: GAZPROM.inn });
    expect(own.json().data.curatorIds).toBeUndefined();
    expect((await cabinet('192.168.10.77')).statusCode).toBe(200);
    expect((await cabinet('10.9.9.9')).statusCode).toBe(401);
    for (const url of [
      '/api/counterparties',
      `/api/counterparties/${record.id}`,
      '/api/system',
      '/api/users/me',
    ]) {
      expect((await cabinet('127.0.0.1', url)).statusCode, url).toBe(403);
    }
    // Staff users have no cabinet.
    expect((await call('GET', '/api/cabinet/counterparty', chief)).statusCode).toBe(403);

    const history = (await call('GET', `/api/counterparties/${record.id}/history`, keyer)).json().data
      .collection;
    expect(history.some((e: { changes: Body }) => JSON.stringify(e.changes).includes('"apiKey"'))).toBe(true);
    expect(JSON.stringify(history)).not.toContain(apiKey);

    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/counterparties/${record.id}/api-key`,
      headers: keyer.headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.hasApiKey).toBe(false);
    expect((await cabinet()).statusCode).toBe(401);
  });
});

describe('a counterparty as an initiator of the document generator', () => {
  it('fills a template with its details and a loop over its bank accounts, for a user who may read it', async () => {
    const designer = await signIn(ctx, ['ROLE_SETTINGS_TEMPLATES']);
    // Outside Russia the registration numbers are free text: no clash with the other tests' companies.
    const company = await create(chief, {
      name: 'Spedition GmbH',
      countryId: de,
      inn: 'DE-811',
      kpp: 'HRB 1',
    });
    const [germany] = await ctx.database.db.select().from(countries).where(eq(countries.id, de));
    await ctx.database.db.insert(counterpartyBankAccounts).values([
      { counterpartyId: company.id, bankName: 'Сбербанк', bik: '044525225', account: '40702810900000000001' },
      { counterpartyId: company.id, bankName: 'ВТБ', bik: '044525187', account: '40702810500000000002' },
    ]);
    const boundary = '----tms-counterparty-docx';
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/file-management/files/temporary',
      headers: { ...designer.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="card.docx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        makeDocx([
          '{name}, {country}, ИНН {inn}, КПП {kpp}',
          '{#bankAccounts}',
          '{bankName} {bik} {account}',
          '{/bankAccounts}',
        ]),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const template = await call('POST', '/api/document-generator/templates', designer, {
      name: 'Карточка',
      initiatorType: 'counterparty',
      fileId: upload.json().data.id,
    });
    expect(template.statusCode, template.body).toBe(201);
    const generate = (who: SignedIn) =>
      call('POST', `/api/document-generator/initiator/counterparty/generate/${company.id}`, who, {
        templateId: template.json().data.id,
      });
    const generated = await generate(chief);
    expect(generated.statusCode, generated.body).toBe(201);
    const download = await ctx.app.inject({
      method: 'GET',
      url: generated.json().data.downloadLink,
      headers: chief.headers,
    });
    expect(docxText(download.rawPayload)).toBe(
      `Spedition GmbH, ${germany!.name}, ИНН DE-811, КПП HRB 1\nСбербанк 044525225 40702810900000000001\nВТБ 044525187 40702810500000000002`,
    );
    // Not a counterparty they curate: as if it did not exist.
    expect((await generate(curatorA)).statusCode).toBe(404);
  });
});

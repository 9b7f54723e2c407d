import {
  CARRIER_MESSAGES,
  COUNTERPARTY_MESSAGES,
  counterpartyDriverResource,
  counterpartyVehicleResource,
  flattenTree,
  MESSAGES,
  PLATE_MESSAGES,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fileTestApp, type TestContext } from '../../test/harness';
import { describeResource, type ResourceSuiteContext } from '../../test/resource-suite';
import { type SignedIn, signIn } from '../../test/users';
import { countries, vehicleTypes } from '../reference-data';
import { counterpartyDrivers } from './tables';

let seq = 0;

/** A carrier (a contractor in Russia) created by `who`, for the drivers and vehicles kept under it. */
async function carrier(
  ctx: { app: TestContext['app']; database: TestContext['database'] },
  who: { headers: Record<string, string> },
  contractor = true,
): Promise<number> {
  const [ru] = await ctx.database.db.select().from(countries).where(eq(countries.code, 'RU'));
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/counterparties',
    headers: who.headers,
    payload: { name: `ТК Перевозчик ${++seq}`, contractor, client: !contractor, countryId: ru!.id },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.id;
}

const suiteParent = (ctx: ResourceSuiteContext) => carrier(ctx, ctx.editor);

describeResource({
  app: fileTestApp(),
  descriptor: counterpartyDriverResource,
  validCreate: async (ctx) => ({
    counterpartyId: await suiteParent(ctx),
    name: 'Jan Kowalski',
    phone: '+48 600 100 200',
    passportNumber: 'AB1234567',
    passportIssuedAt: '2019-05-20',
    licenseCategories: 'C, CE',
    insuranceVerified: true,
  }),
  update: { licenseNumber: 'PL-998877', licenseCategories: 'B, C' },
  invalidCreate: {
    body: { counterpartyId: 1, name: 'Jan', licenseCategories: 'C Z', verificationStatus: 'verified' },
    errorPaths: ['', 'licenseCategories'],
  },
  search: 'kowalski',
});

describeResource({
  app: fileTestApp(),
  descriptor: counterpartyVehicleResource,
  validCreate: async (ctx) => {
    const [type] = await ctx.database.db.select().from(vehicleTypes).limit(1);
    return {
      counterpartyId: await suiteParent(ctx),
      vehicleTypeId: type!.id,
      plate: `WX ${1000 + ++seq}`,
      brand: 'MAN',
      capacity: 20,
      volume: 82.5,
    };
  },
  update: { trailerPlate: 'WX 77AA', brand: 'Volvo' },
  invalidCreate: {
    body: { counterpartyId: 1, vehicleTypeId: 1, plate: 'Д123ВС77', capacity: -1 },
    errorPaths: ['plate', 'capacity'],
  },
  search: 'wx 1',
});

describe("carriers' drivers and vehicles", () => {
  let ctx: TestContext;
  let editor: SignedIn;
  let verifier: SignedIn;
  let carrierId: number;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: SignedIn, payload?: object) =>
    ctx.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
    flattenTree(res.json().errors);
  const papers = {
    passportSeries: '4510',
    passportNumber: '123456',
    passportIssuedBy: 'ОВД Тверского района г. Москвы',
    passportIssuedAt: '2015-03-01',
    licenseNumber: '77 12 345678',
    licenseCategories: 'CE, C, B',
    licenseExpiresAt: '2099-03-01',
  };
  const driver = async (values: object = papers) => {
    const res = await call('POST', '/api/counterparty-drivers', editor, {
      counterpartyId: carrierId,
      name: `Иван Петров ${++seq}`,
      phone: '+7 900 000-00-00',
      ...values,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; version: number; verificationStatus: string };
  };
  const step = (id: number, name: 'submit' | 'verify' | 'reject', who: SignedIn, body: object = {}) =>
    call('POST', `/api/counterparty-drivers/${id}/${name}`, who, body);
  const history = async (id: number) =>
    (await call('GET', `/api/counterparty-drivers/${id}/verifications`, editor)).json().data as {
      fromStatus: string | null;
      toStatus: string;
      reason: string | null;
      actor: string;
      actorName: string | null;
    }[];

  beforeAll(async () => {
    ctx = await createTestApp();
    editor = await signIn(ctx, ['ROLE_COUNTERPARTY_VIEW_ALL', 'ROLE_COUNTERPARTY_EDIT_ALL']);
    verifier = await signIn(ctx, ['ROLE_DRIVER_VERIFICATION'], { contactName: 'Служба безопасности' });
    carrierId = await carrier(ctx, editor);
  }, 120_000);
  afterAll(() => ctx?.close());

  it('keeps drivers and vehicles for contractors only and refuses future dates', async () => {
    const client = await carrier(ctx, editor, false);
    const refused = await call('POST', '/api/counterparty-drivers', editor, {
      counterpartyId: client,
      name: 'Пётр',
    });
    expect(errorsOf(refused)).toEqual({ counterpartyId: [COUNTERPARTY_MESSAGES.contractorOnly] });
    const future = await call('POST', '/api/counterparty-drivers', editor, {
      counterpartyId: carrierId,
      name: 'Пётр',
      passportIssuedAt: '2999-01-01',
    });
    expect(errorsOf(future)).toEqual({ passportIssuedAt: [COUNTERPARTY_MESSAGES.futureDate] });
  });

  it('stores licence categories in their order and a new driver as not submitted', async () => {
    const created = await driver();
    expect(created).toMatchObject({ licenseCategories: 'B, C, CE', verificationStatus: 'draft' });
    // The status is the verification's: a write of the record cannot set it.
    const forged = await call('PATCH', `/api/counterparty-drivers/${created.id}`, editor, {
      verificationStatus: 'verified',
      version: created.version,
    });
    expect(forged.statusCode).toBe(400);
    const [row] = await ctx.database.db
      .select()
      .from(counterpartyDrivers)
      .where(eq(counterpartyDrivers.id, created.id));
    expect(row!.verificationStatus).toBe('draft');
  });

  it('submits only a driver whose passport and licence are filled in and in force', async () => {
    const bare = await driver({ passportNumber: '123456' });
    const missing = await step(bare.id, 'submit', editor);
    expect(missing.statusCode).toBe(400);
    expect(errorsOf(missing)).toEqual({
      passportIssuedBy: [MESSAGES.blank],
      passportIssuedAt: [MESSAGES.blank],
      licenseNumber: [MESSAGES.blank],
      licenseCategories: [MESSAGES.blank],
      licenseExpiresAt: [MESSAGES.blank],
    });
    const expired = await driver({ ...papers, licenseExpiresAt: '2020-01-01' });
    expect(errorsOf(await step(expired.id, 'submit', editor))).toEqual({
      licenseExpiresAt: [CARRIER_MESSAGES.licenseExpired],
    });
    expect(await history(bare.id)).toEqual([]);
  });

  it('takes a driver through submit, reject with a reason, resubmit and verify, keeping who and why', async () => {
    const { id } = await driver();
    expect((await step(id, 'verify', verifier)).json().errors.children.verificationStatus.errors).toEqual([
      CARRIER_MESSAGES.verificationState,
    ]);
    const submitted = await step(id, 'submit', editor);
    expect(submitted.json().data.verificationStatus).toBe('pending');
    // Only the security check verifies.
    expect((await step(id, 'verify', editor)).statusCode).toBe(403);
    const noReason = await step(id, 'reject', verifier, { reason: '  ' });
    expect(errorsOf(noReason)).toEqual({ reason: [COUNTERPARTY_MESSAGES.reasonRequired] });
    const rejected = await step(id, 'reject', verifier, { reason: 'Паспорт недействителен' });
    expect(rejected.json().data).toMatchObject({
      verificationStatus: 'rejected',
      verificationReason: 'Паспорт недействителен',
    });
    expect((await step(id, 'submit', editor)).json().data.verificationStatus).toBe('pending');
    const verified = await step(id, 'verify', verifier, { version: rejected.json().data.version + 1 });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toMatchObject({ verificationStatus: 'verified', verificationReason: null });
    const moves = await history(id);
    expect(moves.map((m) => [m.fromStatus, m.toStatus, m.reason, m.actor])).toEqual([
      ['draft', 'pending', null, 'user'],
      ['pending', 'rejected', 'Паспорт недействителен', 'user'],
      ['rejected', 'pending', null, 'user'],
      ['pending', 'verified', null, 'user'],
    ]);
    expect(moves[1]!.actorName).toBe('Служба безопасности');
    // A stale version is refused and changes nothing.
    expect((await step(id, 'reject', verifier, { reason: 'x', version: 1 })).statusCode).toBe(409);
  });

  it('sends a verified driver back to pending when his passport or licence changes, not his phone', async () => {
    const { id } = await driver();
    await step(id, 'submit', editor);
    let current = (await step(id, 'verify', verifier)).json().data;
    const phone = await call('PATCH', `/api/counterparty-drivers/${id}`, editor, {
      phone: '+7 901 111-11-11',
      licenseCategories: 'B C CE',
      version: current.version,
    });
    expect(phone.json().data.verificationStatus).toBe('verified');
    current = phone.json().data;
    const papersChanged = await call('PATCH', `/api/counterparty-drivers/${id}`, editor, {
      passportNumber: '654321',
      version: current.version,
    });
    expect(papersChanged.json().data).toMatchObject({
      verificationStatus: 'pending',
      verificationReason: 'Passport or licence data changed.',
    });
    expect((await history(id)).at(-1)).toMatchObject({
      fromStatus: 'verified',
      toStatus: 'pending',
      reason: 'Passport or licence data changed.',
    });
  });

  it("normalises plates and keeps one vehicle a plate per carrier, another carrier's apart", async () => {
    const [type] = await ctx.database.db.select().from(vehicleTypes).limit(1);
    const vehicle = (counterpartyId: number, plate: string, trailerPlate?: string) =>
      call('POST', '/api/counterparty-vehicles', editor, {
        counterpartyId,
        vehicleTypeId: type!.id,
        plate,
        ...(trailerPlate ? { trailerPlate } : {}),
      });
    const first = await vehicle(carrierId, ' a123bc77 ', 'ea-4567 50');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ plate: 'А123ВС 77', trailerPlate: 'ЕА 4567 50' });
    expect(errorsOf(await vehicle(carrierId, 'А 123 ВС 77'))).toEqual({
      plate: [CARRIER_MESSAGES.plateTaken],
    });
    expect((await vehicle(await carrier(ctx, editor), 'А123ВС77')).statusCode).toBe(201);
    expect(errorsOf(await vehicle(carrierId, 'WX 9', 'ЕА 45 50'))).toEqual({
      trailerPlate: [PLATE_MESSAGES.russianTrailer],
    });
  });
});

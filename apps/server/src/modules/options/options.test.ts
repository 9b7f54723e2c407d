import { SYSTEM_OPTIONS_DEFAULTS } from '@tms/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLog } from '../../platform/changelog/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { ensureSystemOptions, getOptions } from './service';
import { systemOptions } from './tables';

describe('system options /api/options/main', () => {
  let ctx: TestContext;
  let settings: SignedIn;
  let other: SignedIn;
  let admin: SignedIn;

  const get = (headers?: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/options/main', headers });
  const put = (payload: unknown, headers: Record<string, string> = settings.headers) =>
    ctx.app.inject({ method: 'PUT', url: '/api/options/main', headers, payload: payload as object });
  const current = async () => (await get(settings.headers)).json().data;

  beforeAll(async () => {
    ctx = await createTestApp();
    settings = await signIn(ctx, ['ROLE_SETTINGS_SYSTEM']);
    other = await signIn(ctx, ['ROLE_COMPANY_CHAPTERS']);
    admin = await signIn(ctx, ['ROLE_ADMIN']);
  });
  afterAll(() => ctx.close());

  it('asks an anonymous caller to sign in', async () => {
    expect((await get()).statusCode).toBe(401);
    const res = await put({ version: 1, archiveAfterDays: 5 }, {});
    expect(res.statusCode).toBe(401);
  });

  it('refuses a user without the system settings role', async () => {
    const res = await get(other.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, message: 'Access denied.' });
    expect((await put({ version: 1, archiveAfterDays: 5 }, other.headers)).statusCode).toBe(403);
    expect((await getOptions(ctx.database.db)).archiveAfterDays).toBe(
      SYSTEM_OPTIONS_DEFAULTS.archiveAfterDays,
    );
  });

  it('starts with the defaults', async () => {
    const res = await get(settings.headers);
    expect(res.statusCode).toBe(200);
    const { updatedAt, ...rest } = res.json().data;
    expect(rest).toEqual({ ...SYSTEM_OPTIONS_DEFAULTS, version: 1 });
    expect(Number.isNaN(Date.parse(updatedAt))).toBe(false);
    expect((await get(admin.headers)).statusCode).toBe(200);
  });

  it('saves some options, bumps the version and logs the change', async () => {
    const res = await put({
      version: 1,
      defaultOfferValidityDays: 21,
      cargoInsuredValue: '150',
      cargoDeclaredValuePerKg: '12.5',
      wmsWarehouseId: 7,
      systemCurrencyCode: 'EUR',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      version: 2,
      defaultOfferValidityDays: 21,
      cargoInsuredValue: '150.00',
      cargoDeclaredValuePerKg: '12.50',
      wmsWarehouseId: 7,
      systemCurrencyCode: 'EUR',
      archiveAfterDays: SYSTEM_OPTIONS_DEFAULTS.archiveAfterDays,
    });
    expect(await current()).toEqual(data);

    const [row] = await ctx.database.db.select({ id: systemOptions.id }).from(systemOptions);
    const entries = await ctx.database.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entityType, 'systemOptions'), eq(changeLog.entityId, row!.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.userId).toBe(settings.user.id);
    expect(entries[0]!.changes).toEqual({
      defaultOfferValidityDays: { old: 14, new: 21 },
      cargoInsuredValue: { old: '0.00', new: '150.00' },
      cargoDeclaredValuePerKg: { old: '20.00', new: '12.50' },
      wmsWarehouseId: { old: null, new: 7 },
      systemCurrencyCode: { old: 'RUB', new: 'EUR' },
    });
  });

  it('answers 409 to a stale version and changes nothing', async () => {
    const before = await current();
    const res = await put({ version: before.version - 1, archiveAfterDays: 99 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 409,
      message: 'The record was changed by someone else. Reload it and try again.',
    });
    expect(await current()).toEqual(before);
  });

  it('takes the version from If-Match too, and requires one', async () => {
    const before = await current();
    const missing = await put({ archiveAfterDays: 45 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 400,
      message: 'Validation Failed',
      errors: {
        errors: [],
        children: { version: { errors: ['This value should not be blank.'], children: {} } },
      },
    });
    expect(await current()).toEqual(before);

    const res = await put(
      { archiveAfterDays: 45 },
      { ...settings.headers, 'if-match': `"${before.version}"` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ archiveAfterDays: 45, version: before.version + 1 });
  });

  it('answers bad values with the Validation Failed tree and changes nothing', async () => {
    const before = await current();
    const res = await put({
      version: before.version,
      defaultOfferValidityDays: 0,
      maxBillBacktrackDays: 2.5,
      cargoInsuredValue: '-5',
      cargoDeclaredValue: '1.234',
      announcementEditTimeout: 'ten',
      wmsWarehouseId: 0,
      systemCurrencyCode: 'rub',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Validation Failed');
    const leaf = (errors: string[]) => ({ errors, children: {} });
    expect(body.errors.children).toEqual({
      defaultOfferValidityDays: leaf(['This value is too small.']),
      maxBillBacktrackDays: leaf(['This value should be of the correct type.']),
      cargoInsuredValue: leaf(['This value is not valid.']),
      cargoDeclaredValue: leaf(['This value is not valid.']),
      announcementEditTimeout: leaf(['This value should be of the correct type.']),
      wmsWarehouseId: leaf(['This value is too small.']),
      systemCurrencyCode: leaf(['This value is not valid.']),
    });
    expect(await current()).toEqual(before);
  });

  it('refuses fields that are not options', async () => {
    const before = await current();
    const res = await put({ version: before.version, singleton: false, id: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.errors).toEqual(['This field was not expected.']);
    expect(await current()).toEqual(before);
  });

  it('keeps exactly one options record however often the defaults are seeded', async () => {
    const before = await current();
    await ensureSystemOptions(ctx.database.db);
    await Promise.all([ensureSystemOptions(ctx.database.db), ensureSystemOptions(ctx.database.db)]);
    expect(await ctx.database.db.select().from(systemOptions)).toHaveLength(1);
    expect(await current()).toEqual(before);
  });

  it('documents both routes in OpenAPI', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const path = doc.paths['/api/options/main'];
    expect(path.get.responses['200']).toBeDefined();
    const body = path.put.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['version', 'cargoInsuredValue']));
  });
});

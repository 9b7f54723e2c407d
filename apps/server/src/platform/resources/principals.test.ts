import { Readable } from 'node:stream';
import { counterpartyDriverResource, type Role } from '@tms/domain';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { counterpartyDrivers } from '../../modules/carriers/tables';
import { counterparties } from '../../modules/counterparties/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { countryId } from '../../test/reference-rows';
import { createUser, signIn } from '../../test/users';
import { apiKeyHash } from '../auth/api-key';
import type { AuthContext, CabinetPrincipal } from '../auth/context';
import { changeLog } from '../changelog/tables';
import { HttpError } from '../errors';
import { fileStorageOf } from '../files/routes';
import { recordFileOwner, storeUpload } from '../files/service';
import { files } from '../files/tables';
import { defineModule } from '../modules';
import { maySubscribe, recordTopic } from '../realtime/hub';
import { asSystem } from './context';
import { registerResourceRoutes, resourceService } from './engine';
import { defineUseCase } from './use-case';

// Made-up roles of the probe resource: reading it, and changing it.
const ROLE_VIEW = 'ROLE_PROBE_DRIVER_VIEW' as Role;
const ROLE_EDIT = 'ROLE_PROBE_DRIVER_EDIT' as Role;

/** Drivers of counterparties, opened to cabinets for reading, each to its own counterparty's. */
const probe = {
  ...counterpartyDriverResource,
  name: 'probe_driver',
  path: '/probe/drivers',
  roles: { view: [ROLE_VIEW], edit: [ROLE_EDIT] },
};
const service = resourceService(probe, counterpartyDrivers, {
  cabinet: { counterparty: (id) => eq(counterpartyDrivers.counterpartyId, id) },
});
const probeModule = defineModule({
  name: 'principals-probe',
  routes: async (app) => registerResourceRoutes(app, service),
  fileOwners: { probe_driver: recordFileOwner(service) },
  topics: { probe_drivers: recordTopic(service) },
});

/** A use case only the holders of the edit role run (the system too). */
const renameDriver = defineUseCase({
  name: 'probe.rename-driver',
  roles: [ROLE_EDIT],
  input: z.object({ id: z.number().int(), name: z.string().min(1) }),
  output: z.object({ name: z.string() }),
  async run(ctx, input) {
    const row = await service.find(ctx, input.id, { lock: true });
    const after = await service.write(ctx, row, { name: input.name }, { action: 'rename' });
    return { name: after.name };
  },
});

describe('the principal in the kernel', () => {
  let ctx: TestContext;
  const keys = { a: 'tmsc_probe-cabinet-a-0123456789abcdefghijklmnopqrstuv', b: 'tmsc_probe-cabinet-b-0123' };
  let companyA = 0;
  let companyB = 0;
  const drivers: Record<'a1' | 'a2' | 'b1', number> = { a1: 0, a2: 0, b1: 0 };

  const staff = async (roles: string[]): Promise<AuthContext> => {
    const user = await createUser(ctx.database, { roles });
    return {
      kind: 'user',
      userId: user.id,
      username: user.username,
      contactId: user.contactId,
      serviceOfficeId: null,
      roles: new Set(roles),
      sessionId: null,
      impersonatorId: null,
      passwordChangeRequired: false,
    };
  };
  const call = (auth: AuthContext | CabinetPrincipal) => ({
    tx: ctx.database.db,
    auth,
    registries: ctx.app.registries,
  });
  const refusal = async (promise: Promise<unknown>): Promise<number> => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    return (error as HttpError).statusCode;
  };
  const asCabinet = (key: string, url: string, method: 'GET' | 'POST' = 'GET') =>
    ctx.app.inject({ method, url, headers: { 'x-api-key': key }, remoteAddress: '127.0.0.1' });

  beforeAll(async () => {
    ctx = await createTestApp({}, [probeModule]);
    const russia = await countryId(ctx.database, 'RU');
    const company = async (name: string, key: string) => {
      const [row] = await ctx.database.db
        .insert(counterparties)
        .values({
          name,
          contractor: true,
          countryId: russia,
          apiKeyHash: apiKeyHash(key),
          apiAllowedIps: ['127.0.0.1'],
        })
        .returning({ id: counterparties.id });
      return row!.id;
    };
    companyA = await company('Перевозчик А', keys.a);
    companyB = await company('Перевозчик Б', keys.b);
    const driver = async (counterpartyId: number, name: string) => {
      const [row] = await ctx.database.db
        .insert(counterpartyDrivers)
        .values({ counterpartyId, name })
        .returning({ id: counterpartyDrivers.id });
      return row!.id;
    };
    drivers.a1 = await driver(companyA, 'Иванов Пётр');
    drivers.a2 = await driver(companyA, 'Сидоров Иван');
    drivers.b1 = await driver(companyB, 'Иванов Сергей');
  });
  afterAll(() => ctx.close());

  it('refuses an action to a principal lacking its roles, whatever calls the service or the use case', async () => {
    const reader = await staff([ROLE_VIEW]);
    const editor = await staff([ROLE_EDIT]);
    const nobody = await staff([]);
    expect((await service.list(call(reader), { page: 1, itemsPerPage: 10 })).total).toBe(3);
    expect(await refusal(service.list(call(nobody), { page: 1, itemsPerPage: 10 }))).toBe(403);
    expect(await refusal(service.get(call(nobody), drivers.a1))).toBe(403);
    expect(await refusal(service.create(call(reader), { counterpartyId: companyA, name: 'Новый' }))).toBe(
      403,
    );
    expect(await refusal(service.delete(call(reader), drivers.a1))).toBe(403);
    const row = await service.find(call(reader), drivers.a1);
    expect(
      await refusal(service.update(call(reader), drivers.a1, { name: 'Другой', version: row.version })),
    ).toBe(403);
    expect(await refusal(renameDriver.execute(call(reader), { id: drivers.a1, name: 'Другой' }))).toBe(403);
    expect(await refusal(renameDriver.run(call(reader), { id: drivers.a1, name: 'Другой' }))).toBe(403);
    // Nothing was written by the refused calls.
    expect(await service.find(call(reader), drivers.a1)).toMatchObject({ name: 'Иванов Пётр', version: 1 });
    expect(await renameDriver.execute(call(editor), { id: drivers.a1, name: 'Иванов Пётр Ильич' })).toEqual({
      name: 'Иванов Пётр Ильич',
    });
  });

  it('lets the system act only explicitly, with its reason in the change log', async () => {
    const system = asSystem({ tx: ctx.database.db, registries: ctx.app.registries }, 'probe night run');
    const created = await service.create(system, { counterpartyId: companyB, name: 'Ночной водитель' });
    await renameDriver.execute(system, { id: created.id as number, name: 'Ночной водитель 2' });
    const entries = await ctx.database.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entityType, 'probe_driver'), eq(changeLog.entityId, created.id as number)));
    expect(entries.map((e) => [e.action, e.principal, e.reason, e.userId])).toEqual([
      ['create', 'system', 'probe night run', null],
      ['rename', 'system', 'probe night run', null],
    ]);
    // The system acting on a user's action names the user beside it.
    const editor = await staff([ROLE_EDIT]);
    const forUser = asSystem(call(editor), 'probe follow-up');
    expect(forUser.auth).toMatchObject({ kind: 'system', userId: editor.userId });
    await service.delete(forUser, created.id as number);
    const [deleted] = await ctx.database.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entityType, 'probe_driver'), eq(changeLog.action, 'delete')));
    expect(deleted).toMatchObject({ principal: 'system', reason: 'probe follow-up', userId: editor.userId });
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/settings/entity-changelog?entityType=probe_driver&entityId=${created.id}`,
      headers: (await signIn(ctx, ['ROLE_ADMIN'])).headers,
    });
    expect(history.json().data.collection[0]).toMatchObject({
      principal: 'system',
      reason: 'probe follow-up',
    });
  });

  it("keeps a cabinet to its counterparty's records on lists, search, ids, export, files and topics", async () => {
    const list = await asCabinet(keys.a, '/api/probe/drivers');
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .data.collection.map((d: { id: number }) => d.id)
        .sort(),
    ).toEqual([drivers.a1, drivers.a2].sort());
    const search = await asCabinet(keys.a, `/api/probe/drivers?search=${encodeURIComponent('Иванов')}`);
    expect(search.json().data.collection.map((d: { id: number }) => d.id)).toEqual([drivers.a1]);
    expect((await asCabinet(keys.a, `/api/probe/drivers/${drivers.a2}`)).statusCode).toBe(200);
    expect((await asCabinet(keys.a, `/api/probe/drivers/${drivers.b1}`)).statusCode).toBe(404);
    expect((await asCabinet(keys.b, `/api/probe/drivers/${drivers.b1}`)).statusCode).toBe(200);

    const exported = await asCabinet(keys.a, '/api/probe/drivers/export?columns=name');
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const names: string[] = [];
    book.worksheets[0]!.eachRow((row, index) => {
      if (index > 1) names.push(String(row.getCell(1).value));
    });
    expect(names.sort()).toEqual(['Иванов Пётр Ильич', 'Сидоров Иван']);

    // Reading is all a cabinet is let do here; resources not opened to cabinets refuse them at the door.
    expect((await asCabinet(keys.a, '/api/probe/drivers', 'POST')).statusCode).toBe(403);
    expect((await asCabinet(keys.a, '/api/counterparty-drivers')).statusCode).toBe(403);

    const attached = async (driverId: number) => {
      const uploader = await createUser(ctx.database);
      const row = await storeUpload(
        ctx.database.db,
        fileStorageOf(ctx.config),
        { filename: 'права.pdf', mimetype: 'application/pdf', file: Readable.from(Buffer.from('%PDF-1.4')) },
        uploader.id,
      );
      await ctx.database.db
        .update(files)
        .set({ temporary: false, ownerType: 'probe_driver', ownerId: driverId })
        .where(eq(files.id, row.id));
      return row.id;
    };
    const ownFile = await attached(drivers.a2);
    const otherFile = await attached(drivers.b1);
    expect((await asCabinet(keys.a, `/api/file-management/files/${ownFile}`)).statusCode).toBe(200);
    expect((await asCabinet(keys.a, `/api/file-management/files/${ownFile}/download`)).statusCode).toBe(200);
    expect((await asCabinet(keys.a, `/api/file-management/files/${otherFile}`)).statusCode).toBe(404);
    expect((await asCabinet(keys.a, `/api/file-management/files/${otherFile}/download`)).statusCode).toBe(
      404,
    );

    const cabinetA: CabinetPrincipal = {
      kind: 'cabinet',
      cabinetKind: 'contractor',
      counterpartyId: companyA,
      cabinetUserId: null,
      sessionId: null,
      roles: new Set(),
    };
    const topics = ctx.app.registries.topics;
    expect(await maySubscribe(topics, cabinetA, `probe_drivers/${drivers.a1}`, ctx.database.db)).toBe(true);
    expect(await maySubscribe(topics, cabinetA, `probe_drivers/${drivers.b1}`, ctx.database.db)).toBe(false);
    expect(await maySubscribe(topics, cabinetA, 'notifications_new/1', ctx.database.db)).toBe(false);
  });
});

import {
  createdAtField,
  defineResource,
  flattenTree,
  loadingUnloadingMethodCreateSchema,
  loadingUnloadingMethodResource,
  loadingUnloadingMethodSchema,
  MESSAGES,
  type Role,
} from '@tms/domain';
import { eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadingUnloadingMethods } from '../../modules/reference-data/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { createAuthenticate } from '../auth/authenticate';
import type { AuthContext } from '../auth/context';
import { registerAuthGuard } from '../auth/guard';
import changeLogRoutes from '../changelog/routes';
import { changeLog } from '../changelog/tables';
import { systemClock } from '../clock';
import { conflict, fieldError, registerErrorHandler, zodValidatorCompiler } from '../errors';
import type { App } from '../http/types';
import { buildRegistries } from '../modules';
import { registerReadRouting } from '../read-routing';
import { registerResource, type WriteEvent } from './engine';
import { containsPattern } from './query';

// A role outside the catalogue, for this probe resource only.
const ROLE_PROBE = 'ROLE_PROBE' as Role;
const ROLE_PROBE_ALL = 'ROLE_PROBE_ALL';
const IN_USE = 'service used in orders or products';

/** A resource over the loading-methods table with every hook, to test the engine on its own. */
const probe = defineResource({
  ...loadingUnloadingMethodResource,
  name: 'probe',
  path: '/probe/items',
  entity: loadingUnloadingMethodSchema,
  create: loadingUnloadingMethodCreateSchema,
  fields: [
    ...loadingUnloadingMethodResource.fields.map((f) => (f.name === 'code' ? { ...f, filterable: true } : f)),
    createdAtField,
  ],
  roles: { view: [ROLE_PROBE], edit: [ROLE_PROBE] },
});

describe('resource engine', () => {
  let base: TestContext;
  let app: App;
  let all: SignedIn;
  let own: SignedIn;
  const events: WriteEvent<typeof loadingUnloadingMethods.$inferSelect>[] = [];

  beforeAll(async () => {
    base = await createTestApp();
    app = Fastify().withTypeProvider() as unknown as App;
    app.decorate('database', base.database);
    app.decorate('appConfig', base.config);
    app.decorate('clock', systemClock);
    app.decorate('registries', buildRegistries([], base.app.registries.workers));
    await registerReadRouting(app, base.config.readYourWritesMs);
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    registerErrorHandler(app);
    registerAuthGuard(app, createAuthenticate(base.database, base.config, systemClock));
    await app.register(
      async (api) => {
        registerResource(api as App, probe, loadingUnloadingMethods, {
          hooks: {
            // Users without ROLE_PROBE_ALL see only the "own-" records.
            scope: (auth) =>
              auth.roles.has(ROLE_PROBE_ALL) ? undefined : like(loadingUnloadingMethods.code, 'own-%'),
            beforeCreate: (_ctx, values) => {
              if (values.name === 'Forbidden') throw fieldError(['name'], MESSAGES.invalid);
              return { ...values, code: String(values.code).toLowerCase() };
            },
            beforeDelete: (_ctx, row) => {
              if (row.code.startsWith('used-')) throw conflict(IN_USE);
            },
            afterWrite: (_ctx, event) => {
              if (event.input.nameEn === 'Fail after write') throw fieldError(['nameEn'], MESSAGES.invalid);
              events.push(event);
            },
          },
        });
        // The change log of this app instance: it knows the probe from the instance's own registry.
        await changeLogRoutes(api as App);
      },
      { prefix: '/api' },
    );
    await app.ready();
    all = await signIn(base, [ROLE_PROBE, ROLE_PROBE_ALL], { contactName: 'Ирина Всевидящая' });
    own = await signIn(base, [ROLE_PROBE]);
  });
  afterAll(async () => {
    await app?.close();
    await base?.close();
  });

  const create = async (code: string, name = `Name ${code}`, nameEn: string | null = null) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/items',
      payload: { code, name, nameEn },
      headers: all.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; version: number; code: string };
  };
  const get = (url: string, who: SignedIn = all) => app.inject({ method: 'GET', url, headers: who.headers });

  it('applies the scope to list, search, export, get, history, update, toggle and delete', async () => {
    const mine = await create('own-1', 'Погрузка своя');
    const theirs = await create('other-1', 'Погрузка чужая');
    const list = await get('/api/probe/items?search=Погрузка&itemsPerPage=100', own);
    expect(list.json().data.collection.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    expect(list.json().data.total).toBe(1);
    expect((await get(`/api/probe/items/${theirs.id}`, own)).statusCode).toBe(404);
    expect((await get(`/api/probe/items/${theirs.id}/history`, own)).statusCode).toBe(404);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/probe/items/${theirs.id}`,
      payload: { name: 'x', version: 1 },
      headers: own.headers,
    });
    expect(put.statusCode).toBe(404);
    for (const url of [`/api/probe/items/${theirs.id}/disable`]) {
      expect((await app.inject({ method: 'POST', url, headers: own.headers })).statusCode).toBe(404);
    }
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/probe/items/${theirs.id}`,
      headers: own.headers,
    });
    expect(del.statusCode).toBe(404);
    const exported = await get('/api/probe/items/export?search=Погрузка&lang=en', own);
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const codes = workbook.worksheets[0]!.getColumn(1).values.slice(2);
    expect(codes).toEqual(['own-1']);
    expect((await get(`/api/probe/items/${theirs.id}`)).json().data.version).toBe(1);
  });

  it('filters by text, several values, dates and ids; escapes search patterns', async () => {
    const a = await create('flt-a', 'Фильтр 100% готов');
    const b = await create('flt-b', 'Фильтр 100 готов');
    await app.inject({ method: 'POST', url: `/api/probe/items/${b.id}/disable`, headers: all.headers });
    const ids = (res: { json(): { data: { collection: { id: number }[] } } }) =>
      res
        .json()
        .data.collection.map((r) => r.id)
        .sort((x, y) => x - y);
    expect(ids(await get('/api/probe/items?search=100%25'))).toEqual([a.id]);
    expect(ids(await get('/api/probe/items?search=0_%20'))).toEqual([]);
    expect(ids(await get('/api/probe/items?code=flt-&enabled=false'))).toEqual([b.id]);
    expect(ids(await get('/api/probe/items?code=flt-a,flt-b'))).toEqual([a.id, b.id]);
    expect(ids(await get('/api/probe/items?code=flt-a&code=flt-b'))).toEqual([a.id, b.id]);
    expect(ids(await get(`/api/probe/items?id=${a.id}`))).toEqual([a.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect(ids(await get(`/api/probe/items?code=flt-&createdAtFrom=${today}&createdAtTo=${today}`))).toEqual([
      a.id,
      b.id,
    ]);
    expect(ids(await get('/api/probe/items?code=flt-&createdAtTo=2000-01-01'))).toEqual([]);
    const bad = await get('/api/probe/items?enabled=maybe&id=x&createdAtFrom=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(flattenTree(bad.json().errors)).sort()).toEqual(['createdAtFrom']);
    const badValues = await get('/api/probe/items?enabled=maybe&id=x');
    expect(flattenTree(badValues.json().errors)).toEqual({ enabled: [MESSAGES.choice], id: [MESSAGES.type] });
    expect(containsPattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
  });

  it('sorts by the asked field and order, the default sort otherwise', async () => {
    await create('srt-b', 'Сортировка Б');
    await create('srt-a', 'Сортировка А');
    const names = async (query: string) =>
      (await get(`/api/probe/items?code=srt-${query}`))
        .json()
        .data.collection.map((r: { name: string }) => r.name);
    expect(await names('')).toEqual(['Сортировка А', 'Сортировка Б']);
    expect(await names('&sort=name&order=desc')).toEqual(['Сортировка Б', 'Сортировка А']);
    expect(await names('&sort=code&order=asc')).toEqual(['Сортировка А', 'Сортировка Б']);
  });

  it('puts the best matches of a search first when no sort is asked: code, label, then their prefixes', async () => {
    await create('rk-a-rnkx', 'Aaa holds rnk');
    await create('rk-b', 'Bbb', 'Rnk in English');
    await create('rnk-c', 'Ccc');
    await create('rk-d', 'rnk');
    await create('rnk', 'Zzz');
    const page = async (query: string) => (await get(`/api/probe/items?search=RNK${query}`)).json().data;
    const codes = (data: { collection: { code: string }[] }) => data.collection.map((r) => r.code);
    expect(codes(await page(''))).toEqual(['rnk', 'rk-d', 'rnk-c', 'rk-b', 'rk-a-rnkx']);
    // Pages of a ranked list follow the rank, by number (a cursor follows the sort, which is not the order here).
    const first = await page('&itemsPerPage=2');
    expect(codes(first)).toEqual(['rnk', 'rk-d']);
    expect(first.nextCursor).toBeUndefined();
    expect(codes(await page('&itemsPerPage=2&page=2'))).toEqual(['rnk-c', 'rk-b']);
    // A sort asked is kept: the list screen's column order is the user's choice.
    expect(codes(await page('&sort=name&order=asc'))[0]).toBe('rk-a-rnkx');
  });

  it('runs beforeCreate (may refuse or complete) and afterWrite in the transaction', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/api/probe/items',
      payload: { code: 'hook-1', name: 'Forbidden' },
      headers: all.headers,
    });
    expect(refused.statusCode).toBe(400);
    expect(flattenTree(refused.json().errors)).toEqual({ name: [MESSAGES.invalid] });
    const completed = await create('HOOK-2');
    expect(completed.code).toBe('hook-2');
    expect(events.at(-1)).toMatchObject({ action: 'create', before: null, after: { code: 'hook-2' } });
    const failed = await app.inject({
      method: 'POST',
      url: '/api/probe/items',
      payload: { code: 'hook-3', name: 'x', nameEn: 'Fail after write' },
      headers: all.headers,
    });
    expect(failed.statusCode).toBe(400);
    const db = base.database.db;
    expect(
      await db.select().from(loadingUnloadingMethods).where(eq(loadingUnloadingMethods.code, 'hook-3')),
    ).toEqual([]);
    expect(
      (await db.select().from(changeLog).where(eq(changeLog.entityType, 'probe'))).filter(
        (e) => (e.changes.code as { new?: string } | undefined)?.new === 'hook-3',
      ),
    ).toEqual([]);
  });

  it('refuses a delete from beforeDelete with its message and keeps the record', async () => {
    const used = await create('used-1');
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/probe/items/${used.id}`,
      headers: all.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, message: IN_USE });
    expect((await get(`/api/probe/items/${used.id}`)).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent updates of the same version win', async () => {
    const item = await create('race-1');
    const put = (name: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/probe/items/${item.id}`,
        payload: { name, version: item.version },
        headers: all.headers,
      });
    const results = await Promise.all([put('Первый'), put('Второй'), put('Третий')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().data;
    const stored = (await get(`/api/probe/items/${item.id}`)).json().data;
    expect(stored).toMatchObject({ name: winner.name, version: item.version + 1 });
    const history = (await get(`/api/probe/items/${item.id}/history`)).json().data;
    expect(history.collection.filter((e: { action: string }) => e.action === 'update')).toHaveLength(1);
  });

  it('answers 400, never 500, for ids and values past the database integer range', async () => {
    for (const url of ['/api/probe/items/99999999999', '/api/probe/items?id=99999999999']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('Validation Failed');
    }
  });

  it('refuses unknown members and sorts by unsortable fields', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/items',
      payload: { code: 'x-1', name: 'x', enabled: false },
      headers: all.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(flattenTree(res.json().errors)).toEqual({ '': [MESSAGES.extraField] });
    expect((await get('/api/probe/items?sort=nameEnX')).statusCode).toBe(400);
  });

  it('gives the change-log screen entries with user, impersonator, action and changes, filtered', async () => {
    const item = await create('log-1', 'Журнал');
    await app.inject({
      method: 'PATCH',
      url: `/api/probe/items/${item.id}`,
      payload: { name: 'Журнал 2' },
      headers: { ...all.headers, 'if-match': `W/"${item.version}"` },
    });
    // The log shows a change to whoever may read its record: the probe's roles, every probe.
    const auditor = await signIn(base, ['ROLE_CHANGELOG_VIEW', ROLE_PROBE, ROLE_PROBE_ALL]);
    const { recordChange } = await import('../changelog/service');
    await recordChange(base.database.db, {
      entityType: 'probe',
      entityId: item.id,
      action: 'update',
      auth: { kind: 'user', userId: own.user.id, impersonatorId: all.user.id } as AuthContext,
      changes: { nameEn: { old: null, new: 'Log' } },
    });
    const url = `/settings/entity-changelog?entityType=probe&entityId=${item.id}`;
    expect((await app.inject({ method: 'GET', url: `/api${url}`, headers: own.headers })).statusCode).toBe(
      403,
    );
    const res = await app.inject({ method: 'GET', url: `/api${url}`, headers: auditor.headers });
    expect(res.statusCode, res.body).toBe(200);
    const { collection, total } = res.json().data;
    expect(total).toBe(3);
    expect(collection.map((e: { action: string }) => e.action)).toEqual(['update', 'update', 'create']);
    expect(collection[0]).toMatchObject({
      user: { id: own.user.id },
      impersonator: { id: all.user.id, name: 'Ирина Всевидящая' },
      changes: { nameEn: { old: null, new: 'Log' } },
    });
    expect(collection[1]).toMatchObject({
      user: { id: all.user.id, name: 'Ирина Всевидящая' },
      impersonator: null,
      changes: { name: { old: 'Журнал', new: 'Журнал 2' } },
    });
    const byUser = await app.inject({
      method: 'GET',
      url: `/api/settings/entity-changelog?userId=${own.user.id}&entityType=probe&itemsPerPage=1&page=1`,
      headers: auditor.headers,
    });
    expect(byUser.json().data).toMatchObject({ total: 1 });
    const today = new Date().toISOString().slice(0, 10);
    const dated = async (query: string) =>
      (await app.inject({ method: 'GET', url: `/api${url}&${query}`, headers: auditor.headers })).json().data
        .total;
    expect(await dated(`dateFrom=${today}&dateTo=${today}`)).toBe(3);
    expect(await dated('dateTo=2000-01-01')).toBe(0);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/settings/entity-changelog?dateFrom=soon&userId=x',
      headers: auditor.headers,
    });
    expect(Object.keys(flattenTree(bad.json().errors)).sort()).toEqual(['dateFrom', 'userId']);
  });

  it('documents create and update bodies in OpenAPI so a documented body is accepted', async () => {
    const doc = (await base.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const post = doc.paths['/api/settings/currencies'].post;
    const schema = post.requestBody.content['application/json'].schema;
    expect(schema.required.sort()).toEqual(['code', 'minorUnits', 'name', 'numericCode']);
    const body = { code: 'QZZ', numericCode: '000', minorUnits: 2, name: 'Док', nameEn: null, symbol: null };
    expect(Object.keys(body).every((k) => k in schema.properties)).toBe(true);
    const editor = await signIn(base, ['ROLE_SETTINGS_CURRENCIES']);
    const res = await base.app.inject({
      method: 'POST',
      url: '/api/settings/currencies',
      payload: body,
      headers: editor.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = doc.paths['/api/settings/currencies'].get.parameters.map((p: { name: string }) => p.name);
    expect(list).toEqual(
      expect.arrayContaining(['page', 'itemsPerPage', 'sort', 'order', 'search', 'minorUnits']),
    );
    expect(
      doc.paths['/api/settings/currencies/{id}'].put.requestBody.content['application/json'].schema
        .properties,
    ).toHaveProperty('version');
  });
});

import {
  flattenTree,
  MESSAGES,
  RESOURCE_MESSAGES,
  type ResourceDescriptor,
  VALIDATION_FAILED,
} from '@tms/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf } from '../platform/i18n/dictionaries';
import { createTestApp, type TestContext } from './harness';
import { type SignedIn, signIn } from './users';

type Body = Record<string, unknown>;

export interface ResourceSuiteContext extends TestContext {
  /** A user holding the resource's view, edit, create and delete roles. */
  editor: SignedIn;
}

export interface ResourceSuiteOptions {
  descriptor: ResourceDescriptor;
  /** A body the create accepts (called per use, so unique members can differ each time). */
  validCreate: Body | ((ctx: ResourceSuiteContext) => Body | Promise<Body>);
  /** Members an update changes; each must come back changed and appear in the history's diff. */
  update: Body;
  /** A create (or, for resources without create, an update) body refused with exactly these error paths. */
  invalidCreate: { body: Body; errorPaths: string[] };
  /** For resources without create: the id of an existing record to read, update and toggle. */
  existing?: (ctx: ResourceSuiteContext) => Promise<number>;
  /** Makes the record `id` used elsewhere, so that its delete is refused with `inUseMessage`. */
  inUse?: (ctx: ResourceSuiteContext, id: number) => Promise<void>;
  inUseMessage?: string;
  /** Members whose repeat is refused with "This value is already used.". */
  unique?: string[];
  /** A search term that finds the created record. */
  search?: string;
  /** Roles the editor holds besides the resource's: those its writes grant (users, access groups). */
  editorRoles?: string[];
  /** Create members never answered back (e.g. a password). */
  writeOnly?: string[];
  /**
   * `full`: also the engine's general contract (404, stale updates, roles, toggles, delete, history,
   * export, mass assignment). It is the same code for every resource, so it runs for one descriptor of
   * each shape (not creatable, not deletable, write-only members, sub-resource, custom fields); every
   * resource runs what is its own: its sort columns, create and update round trip, validation, uniqueness,
   * search and in-use checks.
   */
  contract?: 'full';
  /** The file's shared app (`fileTestApp`); without it the suite opens and closes its own. */
  app?: () => TestContext;
}

function bodyOf(options: ResourceSuiteOptions, ctx: ResourceSuiteContext): Promise<Body> {
  const { validCreate } = options;
  return Promise.resolve(typeof validCreate === 'function' ? validCreate(ctx) : validCreate);
}

/**
 * The checks every resource passes: list, create, read, update, stale update, validation, permissions,
 * delete (plain and in use), toggles, history with the field diff, and export.
 */
export function describeResource(options: ResourceSuiteOptions): void {
  const { descriptor } = options;
  const api = `/api${descriptor.path}`;
  const creatable = descriptor.creatable !== false;
  const deletable = descriptor.deletable !== false;
  const contract = (options.contract === 'full' ? it : () => undefined) as typeof it;

  describe(`resource ${descriptor.name} (${api})`, () => {
    let ctx: ResourceSuiteContext;
    let outsider: SignedIn;

    beforeAll(async () => {
      const base = options.app ? options.app() : await createTestApp();
      const { view, edit, create = [], delete: remove = [] } = descriptor.roles;
      const editor = await signIn(base, [
        ...view,
        ...edit,
        ...create,
        ...remove,
        ...(options.editorRoles ?? []),
      ]);
      ctx = { ...base, editor };
      if (options.contract === 'full') outsider = await signIn(base, []);
    });
    afterAll(async () => {
      if (!options.app) await ctx?.close();
    });

    const inject = (
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      payload?: Body,
      headers: Record<string, string> = ctx.editor.headers,
    ) => ctx.app.inject({ method, url, payload, headers });

    async function createOne(): Promise<Body & { id: number; version: number }> {
      if (!creatable) {
        const id = await options.existing!(ctx);
        return (await inject('GET', `${api}/${id}`)).json().data;
      }
      const res = await inject('POST', api, await bodyOf(options, ctx));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    }

    async function total(): Promise<number> {
      const res = await inject('GET', `${api}?itemsPerPage=1`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.total;
    }

    it('lists with paging, every sortable field and its orders; refuses other sorts', async () => {
      await createOne();
      const res = await inject('GET', `${api}?page=1&itemsPerPage=2`);
      expect(res.statusCode, res.body).toBe(200);
      const { collection, total: count } = res.json().data;
      expect(count).toBeGreaterThanOrEqual(1);
      expect(collection.length).toBe(Math.min(2, count));
      for (const item of collection) expect(descriptor.entity.safeParse(item).success).toBe(true);
      for (const field of descriptor.fields.filter((f) => f.sortable)) {
        for (const order of ['asc', 'desc']) {
          const sorted = await inject('GET', `${api}?sort=${field.name}&order=${order}`);
          expect(sorted.statusCode, `${field.name} ${order}: ${sorted.body}`).toBe(200);
        }
      }
      const unsortable = descriptor.fields.find((f) => !f.sortable)?.name ?? 'noSuchField';
      const bad = await inject('GET', `${api}?sort=${unsortable}`);
      expect(bad.statusCode).toBe(400);
      expect(flattenTree(bad.json().errors)).toEqual({ sort: [RESOURCE_MESSAGES.notSortable] });
    });

    if (creatable) {
      it('creates (201) and reads back what was sent', async () => {
        const body = await bodyOf(options, ctx);
        const res = await inject('POST', api, body);
        expect(res.statusCode, res.body).toBe(201);
        const created = res.json().data;
        const answered = Object.fromEntries(
          Object.entries(body).filter(([key]) => !options.writeOnly?.includes(key)),
        );
        expect(created).toMatchObject({ ...answered, version: 1 });
        expect(descriptor.entity.safeParse(created).success).toBe(true);
        const read = await inject('GET', `${api}/${created.id}`);
        expect(read.statusCode).toBe(200);
        expect(read.json().data).toEqual(created);
      });

      contract('never stores server-managed fields sent in a write (mass assignment)', async () => {
        const before = await total();
        const forged = {
          id: 987654,
          version: 99,
          createdAt: '2000-01-01T00:00:00.000Z',
          updatedAt: '2000-01-01T00:00:00.000Z',
        };
        const create = await inject('POST', api, { ...(await bodyOf(options, ctx)), ...forged });
        expect(create.statusCode).toBe(400);
        expect(await total()).toBe(before);
        const existing = await createOne();
        const update = await inject('PUT', `${api}/${existing.id}`, {
          version: existing.version,
          id: 987654,
          createdAt: forged.createdAt,
        });
        expect(update.statusCode).toBe(400);
        const read = (await inject('GET', `${api}/${existing.id}`)).json().data;
        expect(read).toEqual(existing);
      });
    } else {
      contract('has no create route', async () => {
        const res = await inject('POST', api, await bodyOf(options, ctx));
        expect(res.statusCode).toBe(404);
      });
    }

    contract('answers 404 for an unknown id', async () => {
      expect((await inject('GET', `${api}/2000000000`)).statusCode).toBe(404);
    });

    it('updates with the version in the body (PUT) or If-Match (PATCH), bumping the version', async () => {
      const record = await createOne();
      const res = await inject('PUT', `${api}/${record.id}`, { ...options.update, version: record.version });
      expect(res.statusCode, res.body).toBe(200);
      const updated = res.json().data;
      expect(updated).toMatchObject({ ...options.update, id: record.id, version: record.version + 1 });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(String(record.updatedAt)));
      const patched = await ctx.app.inject({
        method: 'PATCH',
        url: `${api}/${record.id}`,
        payload: {},
        headers: { ...ctx.editor.headers, 'if-match': `"${updated.version}"` },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json().data.version).toBe(record.version + 2);
    });

    contract('refuses a stale update with 409 and changes nothing; requires a version', async () => {
      const record = await createOne();
      const fresh = await inject('PATCH', `${api}/${record.id}`, { version: record.version });
      expect(fresh.statusCode, fresh.body).toBe(200);
      const before = (await inject('GET', `${api}/${record.id}`)).json().data;
      const stale = await inject('PUT', `${api}/${record.id}`, {
        ...options.update,
        version: record.version,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 409 });
      expect((await inject('GET', `${api}/${record.id}`)).json().data).toEqual(before);
      const missing = await inject('PUT', `${api}/${record.id}`, { ...options.update });
      expect(missing.statusCode).toBe(400);
      expect(flattenTree(missing.json().errors)).toEqual({ version: [RESOURCE_MESSAGES.versionRequired] });
    });

    it('refuses bad input with the exact 400 tree and writes nothing', async () => {
      const record = creatable ? undefined : await createOne();
      const count = await total();
      const res = record
        ? await inject('PUT', `${api}/${record.id}`, {
            ...options.invalidCreate.body,
            version: record.version,
          })
        : await inject('POST', api, options.invalidCreate.body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(VALIDATION_FAILED);
      expect(Object.keys(flattenTree(res.json().errors)).sort()).toEqual(
        [...options.invalidCreate.errorPaths].sort(),
      );
      expect(await total()).toBe(count);
      if (record) expect((await inject('GET', `${api}/${record.id}`)).json().data).toEqual(record);
    });

    if (options.unique?.length && creatable) {
      it(`refuses a repeated ${options.unique.join(', ')} under the field`, async () => {
        const first = await bodyOf(options, ctx);
        expect((await inject('POST', api, first)).statusCode).toBe(201);
        for (const field of options.unique!) {
          const second = { ...(await bodyOf(options, ctx)), [field]: first[field] };
          const res = await inject('POST', api, second);
          expect(res.statusCode, res.body).toBe(400);
          expect(flattenTree(res.json().errors)).toEqual({ [field]: [MESSAGES.duplicate] });
        }
      });
    }

    if (options.search) {
      it('finds records by the free-text search', async () => {
        const record = await createOne();
        const res = await inject(
          'GET',
          `${api}?search=${encodeURIComponent(options.search!)}&itemsPerPage=100`,
        );
        expect(res.statusCode).toBe(200);
        expect(res.json().data.collection.map((r: Body) => r.id)).toContain(record.id);
        const none = await inject('GET', `${api}?search=${encodeURIComponent('%_no such text_%')}`);
        expect(none.json().data.total).toBe(0);
      });
    }

    contract('needs a signed-in user (401) holding the roles (403)', async () => {
      const record = await createOne();
      expect((await ctx.app.inject({ method: 'GET', url: api })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url: `${api}/${record.id}` })).statusCode).toBe(401);
      const o = outsider.headers;
      if (descriptor.roles.view.length) {
        expect((await inject('GET', api, undefined, o)).statusCode).toBe(403);
        expect((await inject('GET', `${api}/${record.id}`, undefined, o)).statusCode).toBe(403);
      }
      if (creatable) expect((await inject('POST', api, await bodyOf(options, ctx), o)).statusCode).toBe(403);
      const put = await inject(
        'PUT',
        `${api}/${record.id}`,
        { ...options.update, version: record.version },
        o,
      );
      expect(put.statusCode).toBe(403);
      expect(put.json()).toEqual({ code: 403, message: 'Access denied.' });
      if (deletable)
        expect((await inject('DELETE', `${api}/${record.id}`, undefined, o)).statusCode).toBe(403);
      if (descriptor.toggle) {
        expect((await inject('POST', `${api}/${record.id}/disable`, undefined, o)).statusCode).toBe(403);
      }
      expect((await inject('GET', `${api}/${record.id}`)).json().data.version).toBe(record.version);
    });

    if (descriptor.toggle) {
      contract('disables and enables, each once', async () => {
        const record = await createOne();
        const off = await inject('POST', `${api}/${record.id}/disable`);
        expect(off.statusCode, off.body).toBe(200);
        expect(off.json().data).toMatchObject({ enabled: false, version: record.version + 1 });
        const again = await inject('POST', `${api}/${record.id}/disable`);
        expect(again.json().data.version).toBe(record.version + 1);
        const filtered = await inject('GET', `${api}?enabled=false&itemsPerPage=10000`);
        expect(filtered.json().data.collection.map((r: Body) => r.id)).toContain(record.id);
        const on = await inject('POST', `${api}/${record.id}/enable`);
        expect(on.json().data).toMatchObject({ enabled: true, version: record.version + 2 });
      });
    }

    if (deletable && creatable) {
      contract('deletes, answering the deleted record; then 404', async () => {
        const record = await createOne();
        const res = await inject('DELETE', `${api}/${record.id}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.id).toBe(record.id);
        expect((await inject('GET', `${api}/${record.id}`)).statusCode).toBe(404);
        expect((await inject('DELETE', `${api}/${record.id}`)).statusCode).toBe(404);
      });
    } else if (!deletable) {
      contract('has no delete route', async () => {
        const record = await createOne();
        expect((await inject('DELETE', `${api}/${record.id}`)).statusCode).toBe(404);
        expect((await inject('GET', `${api}/${record.id}`)).statusCode).toBe(200);
      });
    }

    if (options.inUse && deletable) {
      it('refuses to delete a record in use (409) and keeps it', async () => {
        const record = await createOne();
        await options.inUse!(ctx, record.id);
        const res = await inject('DELETE', `${api}/${record.id}`);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toEqual({ code: 409, message: options.inUseMessage ?? RESOURCE_MESSAGES.inUse });
        expect((await inject('GET', `${api}/${record.id}`)).statusCode).toBe(200);
      });
    }

    contract('writes the history: who changed which fields from what to what, newest first', async () => {
      const record = await createOne();
      const res = await inject('PUT', `${api}/${record.id}`, { ...options.update, version: record.version });
      expect(res.statusCode, res.body).toBe(200);
      const history = await inject('GET', `${api}/${record.id}/history`);
      expect(history.statusCode, history.body).toBe(200);
      const [latest, ...older] = history.json().data.collection;
      expect(latest).toMatchObject({
        action: 'update',
        entityType: descriptor.name,
        entityId: record.id,
        user: { id: ctx.editor.user.id, name: expect.any(String) },
        impersonator: null,
      });
      for (const [field, value] of Object.entries(options.update)) {
        if (JSON.stringify(record[field]) === JSON.stringify(value)) continue;
        expect(latest.changes[field]).toEqual({ old: record[field] ?? null, new: value });
      }
      expect(latest.changes.version).toBeUndefined();
      if (creatable) {
        const created = older.at(-1);
        expect(created).toMatchObject({ action: 'create' });
        // The History tab lists every member of a change: the technical ones are no field a person set.
        const technical = ['id', 'version', 'createdAt', 'updatedAt'];
        expect(Object.keys(created.changes).filter((name) => technical.includes(name))).toEqual([]);
      }
      if (creatable && deletable) {
        expect((await inject('DELETE', `${api}/${record.id}`)).statusCode).toBe(200);
        // A deleted record's entries show to whoever holds its resource's read roles.
        const auditor = await signIn(ctx, ['ROLE_CHANGELOG_VIEW', ...descriptor.roles.view]);
        const log = await inject(
          'GET',
          `/api/settings/entity-changelog?entityType=${descriptor.name}&entityId=${record.id}`,
          undefined,
          auditor.headers,
        );
        expect(log.statusCode, log.body).toBe(200);
        const deleted = log.json().data.collection[0];
        expect(deleted).toMatchObject({ action: 'delete' });
        expect(deleted.changes.id).toBeUndefined();
      }
    });

    contract('exports the list to XLSX with headers in the asked language', async () => {
      await createOne();
      for (const lang of ['ru', 'en'] as const) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `${api}/export?lang=${lang}`,
          headers: ctx.editor.headers,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toContain('spreadsheetml');
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const sheet = workbook.worksheets[0]!;
        const listed = descriptor.fields.filter((f) => f.listed);
        const headers = (sheet.getRow(1).values as unknown[]).slice(1);
        expect(headers).toEqual(listed.map((f) => textOf(f.label, lang) ?? f.name));
        // Every header is a text of the web's dictionaries, none falls back to the field's name.
        expect(listed.filter((f) => textOf(f.label, lang) === undefined).map((f) => f.name)).toEqual([]);
        // The sheet is named by the screen's title in that language.
        const title = textOf(descriptor.title, lang);
        expect(title, descriptor.title).toBeDefined();
        expect(sheet.name).toBe(title!.slice(0, 31));
        expect(sheet.rowCount - 1).toBe(await total());
      }
    });
  });
}

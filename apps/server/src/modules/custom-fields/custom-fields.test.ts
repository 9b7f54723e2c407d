import {
  CUSTOM_FIELD_MESSAGES,
  customerRequestCustomFieldResource,
  DEFINITION_MESSAGES,
  flattenTree,
  MESSAGES,
  operationCustomFieldGroupResource,
  VALIDATION_FAILED,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../platform/errors';
import { createTestApp, fileTestApp, type TestContext } from '../../test/harness';
import { describeResource } from '../../test/resource-suite';
import { type SignedIn, signIn } from '../../test/users';
import { countries } from '../reference-data';
import { userDefinedListRows, userDefinedLists } from '../user-defined-lists';
import {
  archiveBlockers,
  attachCustomFieldFiles,
  copyForInheritance,
  customFieldsForScope,
  validateCustomFieldValues,
} from './service';
import { customerRequestCustomFields } from './tables';

const app = fileTestApp();

let seq = 0;
const next = () => ++seq;

describeResource({
  app,
  descriptor: customerRequestCustomFieldResource,
  contract: 'full',
  validCreate: () => {
    const n = next();
    return {
      code: `incoterms${n}`,
      description: `Условия поставки ${n}`,
      descriptionEn: `Delivery terms ${n}`,
      type: 'select',
      required: true,
      options: [
        { value: 'EXW', label: 'EXW' },
        { value: 'FCA', label: 'FCA' },
      ],
      defaultValue: 'EXW',
      warnIfEmpty: true,
      inheritOnCopy: true,
      storageType: 'text',
      position: n,
    };
  },
  update: { description: 'Инкотермс', required: false, blockArchiveIfEmpty: true },
  invalidCreate: {
    body: { code: '1bad', description: '', type: 'colour' },
    errorPaths: ['code', 'description', 'type'],
  },
  unique: ['code'],
  search: 'условия поставки',
});

describeResource({
  app,
  descriptor: operationCustomFieldGroupResource,
  validCreate: () => ({
    name: `Автоперевозки ${next()}`,
    definitions: [
      { code: 'truckNumber', description: 'Номер машины', type: 'text', required: true },
      {
        code: 'seals',
        description: 'Пломбы',
        type: 'form-collection',
        children: [{ code: 'number', description: 'Номер', type: 'text' }],
      },
    ],
  }),
  // Complete as stored, so the history shows exactly this.
  update: {
    definitions: [
      {
        code: 'containerNumber',
        description: 'Номер контейнера',
        type: 'text',
        required: true,
        enabled: true,
        options: [],
        multiple: false,
        warnIfEmpty: false,
        notEditableAfterCreation: true,
        inheritOnCopy: false,
        inheritOnJobCreation: true,
        blockArchiveIfEmpty: false,
        searchDisplay: true,
        strictFilter: false,
        position: 0,
        children: [],
      },
    ],
  },
  invalidCreate: {
    body: {
      name: '',
      definitions: [
        { code: 'a', description: 'A', type: 'select' },
        { code: 'a', description: 'B', type: 'text', multiple: true },
      ],
    },
    errorPaths: ['name', 'definitions.0.options', 'definitions.1.multiple', 'definitions.1.code'],
  },
  unique: ['name'],
  search: 'автоперевозки',
});

describe('custom field definitions: rules', () => {
  let ctx: TestContext;
  let editor: SignedIn;
  const api = '/api/custom-fields/customer-request';
  beforeAll(async () => {
    ctx = await createTestApp();
    editor = await signIn(ctx, ['ROLE_SETTINGS_CUSTOM_FIELDS']);
  });
  afterAll(async () => ctx?.close());
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: editor.headers });

  it('states what each type needs, under the member, and writes nothing', async () => {
    const cases: [object, Record<string, string[]>][] = [
      [{ type: 'select' }, { options: [DEFINITION_MESSAGES.optionsRequired] }],
      [{ type: 'lazy-select' }, { optionsUrl: [DEFINITION_MESSAGES.urlRequired] }],
      [{ type: 'form' }, { children: [DEFINITION_MESSAGES.childrenRequired] }],
      [{ type: 'user-defined-list' }, { 'additionalOptions.list': [DEFINITION_MESSAGES.listRequired] }],
      [
        { type: 'user-defined-list', additionalOptions: { list: 999 } },
        { 'additionalOptions.list': [DEFINITION_MESSAGES.listRequired] },
      ],
      [{ type: 'number', storageType: 'text' }, { storageType: [DEFINITION_MESSAGES.storageMismatch] }],
      [{ type: 'checkbox', multiple: true }, { multiple: [DEFINITION_MESSAGES.multipleNotAllowed] }],
      [{ type: 'date', defaultValue: '2025-13-01' }, { defaultValue: [MESSAGES.date] }],
      [
        { type: 'form', children: [{ code: 'x', description: 'X', type: 'form', children: [] }] },
        {
          'children.0.type': [DEFINITION_MESSAGES.nestedForm],
          'children.0.children': [DEFINITION_MESSAGES.childrenRequired],
        },
      ],
    ];
    for (const [extra, errors] of cases) {
      const res = await post(api, { code: `f${next()}`, description: 'F', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toBe(VALIDATION_FAILED);
      expect(flattenTree(res.json().errors)).toEqual(errors);
    }
    expect(await ctx.database.db.select().from(customerRequestCustomFields)).toEqual([]);
  });

  it('fills the storage type from the field type and keeps code and type once created', async () => {
    const res = await post(api, { code: 'weight', description: 'Вес', type: 'number' });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      storageType: 'number',
      required: false,
      enabled: true,
      children: [],
      options: [],
    });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${api}/${created.id}`,
      payload: { type: 'text', code: 'weight2', version: created.version },
      headers: editor.headers,
    });
    expect(put.statusCode).toBe(400);
    expect(flattenTree(put.json().errors)).toEqual({
      code: [CUSTOM_FIELD_MESSAGES.notEditable],
      type: [CUSTOM_FIELD_MESSAGES.notEditable],
    });
    // Rules are checked on the definition as it would be after the update.
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: `${api}/${created.id}`,
      payload: { storageType: 'date', version: created.version },
      headers: editor.headers,
    });
    expect(flattenTree(bad.json().errors)).toEqual({ storageType: [DEFINITION_MESSAGES.storageMismatch] });
  });
});

describe('custom field values service', () => {
  let ctx: TestContext;
  let listId: number;
  let user: SignedIn;
  beforeAll(async () => {
    ctx = await createTestApp();
    user = await signIn(ctx, []);
    const db = ctx.database.db;
    const [list] = await db
      .insert(userDefinedLists)
      .values({ name: 'Склады', fields: [{ code: 'name', description: 'Название', required: true }] })
      .returning();
    listId = list!.id;
    await db
      .insert(userDefinedListRows)
      .values({ listId, rowId: 'row-1', fields: { name: 'Подольск' }, searchText: 'подольск' });
    const def = (code: string, type: string, extra: object = {}) => ({
      code,
      description: code,
      type,
      ...extra,
    });
    await db.insert(customerRequestCustomFields).values([
      def('ref', 'text', {
        required: true,
        notEditableAfterCreation: true,
        inheritOnCopy: true,
        position: 1,
      }),
      def('origin', 'country', { blockArchiveIfEmpty: true, position: 2 }),
      def('transit', 'country-select', { multiple: true, position: 3 }),
      def('warehouse', 'user-defined-list', {
        additionalOptions: { list: listId },
        inheritOnJobCreation: true,
        position: 4,
      }),
      def('docs', 'file-collection', { inheritOnCopy: true, position: 5 }),
      def('cargo', 'form-collection', {
        position: 6,
        children: [
          {
            ...def('name', 'text'),
            required: true,
            enabled: true,
            options: [],
            multiple: false,
            children: [],
          },
          {
            ...def('qty', 'number'),
            required: false,
            enabled: true,
            options: [],
            multiple: false,
            children: [],
          },
        ],
      }),
    ] as never);
  });
  afterAll(async () => ctx?.close());

  const scope = { kind: 'customer-request' } as const;
  async function treeOf(values: unknown, existing?: Record<string, unknown>) {
    try {
      await validateCustomFieldValues(ctx.database.db, scope, values, { existing });
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      return flattenTree((error as ValidationError).tree!);
    }
  }

  it('answers the definitions in display order', async () => {
    const definitions = await customFieldsForScope(ctx.database.db, scope);
    expect(definitions.map((d) => d.code)).toEqual([
      'ref',
      'origin',
      'transit',
      'warehouse',
      'docs',
      'cargo',
    ]);
  });

  it('refuses bad values under customFields.<code>, rows included', async () => {
    expect(await treeOf({ ref: '', cargo: [{ name: 'Ящик', qty: 'x' }, { qty: 1 }], extra: 1 })).toEqual({
      'customFields.ref': [MESSAGES.blank],
      'customFields.cargo.0.qty': [MESSAGES.type],
      'customFields.cargo.1.name': [MESSAGES.blank],
      'customFields.extra': [MESSAGES.extraField],
    });
  });

  it('checks countries and list rows against the database', async () => {
    const [germany] = await ctx.database.db.select().from(countries).where(eq(countries.code, 'DE'));
    expect(
      await treeOf({ ref: 'R1', origin: 'QQ', transit: [germany!.id, 999999], warehouse: 'nope' }),
    ).toEqual({
      'customFields.origin': [MESSAGES.choice],
      'customFields.transit.1': [MESSAGES.choice],
      'customFields.warehouse': [MESSAGES.choice],
    });
    const values = await validateCustomFieldValues(ctx.database.db, scope, {
      ref: 'R1',
      origin: 'DE',
      transit: [germany!.id],
      warehouse: 'row-1',
      cargo: [{ name: 'Ящик', qty: '2' }],
    });
    expect(values).toEqual({
      ref: 'R1',
      origin: 'DE',
      transit: [germany!.id],
      warehouse: 'row-1',
      docs: [],
      cargo: [{ name: 'Ящик', qty: 2 }],
    });
  });

  it('keeps a value not editable after creation', async () => {
    expect(await treeOf({ ref: 'R2' }, { ref: 'R1' })).toEqual({
      'customFields.ref': [CUSTOM_FIELD_MESSAGES.notEditable],
    });
    expect(await treeOf({ ref: 'R1' }, { ref: 'R1' })).toBeNull();
  });

  it("attaches only the user's own uploads, errors under the value path", async () => {
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/file-management/files/temporary',
      headers: { ...user.headers, 'content-type': 'multipart/form-data; boundary=XX' },
      payload:
        '--XX\r\nContent-Disposition: form-data; name="file"; filename="cmr.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF\r\n--XX--\r\n',
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const fileId = upload.json().data.id as number;
    const other = await signIn(ctx, []);
    const attach = (auth: SignedIn, ids: number[]) =>
      ctx.database.db.transaction((tx) =>
        attachCustomFieldFiles(
          tx,
          { userId: auth.user.id, roles: new Set() } as never,
          scope,
          { docs: ids },
          { type: 'customer_request', id: 1 },
        ),
      );
    await expect(attach(other, [fileId])).rejects.toMatchObject({
      tree: {
        children: { customFields: { children: { docs: { errors: ['This file cannot be used here.'] } } } },
      },
    });
    await attach(user, [fileId]);
  });

  it('copies inherited values and tells what blocks archiving', async () => {
    const source = { ref: 'R1', origin: null, warehouse: 'row-1', docs: [1, 2] };
    expect(await copyForInheritance(ctx.database.db, scope, source, 'copy')).toEqual({ ref: 'R1' });
    expect(await copyForInheritance(ctx.database.db, scope, source, 'job')).toEqual({ warehouse: 'row-1' });
    expect(await archiveBlockers(ctx.database.db, scope, source)).toEqual(['origin']);
  });
});

describe('GET /api/lazy-select/country/{slice}', () => {
  let ctx: TestContext;
  let user: SignedIn;
  beforeAll(async () => {
    ctx = await createTestApp();
    user = await signIn(ctx, []);
    await ctx.database.db.update(countries).set({ enabled: false }).where(eq(countries.code, 'AQ'));
  });
  afterAll(async () => ctx?.close());
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: user.headers });

  it('answers every country by default and only enabled ones for `enabled`', async () => {
    const all = (await get('/api/lazy-select/country')).json().data as { code: string; id: number }[];
    const sliceAll = (await get('/api/lazy-select/country/all')).json().data as { code: string }[];
    const enabled = (await get('/api/lazy-select/country/enabled')).json().data as { code: string }[];
    expect(all.length).toBeGreaterThan(200);
    expect(sliceAll).toEqual(all);
    expect(all[0]).toEqual({
      id: expect.any(Number),
      code: expect.any(String),
      name: expect.any(String),
      nameEn: expect.any(String),
      enabled: expect.any(Boolean),
    });
    expect(all.some((c) => c.code === 'AQ')).toBe(true);
    expect(enabled.some((c) => c.code === 'AQ')).toBe(false);
    expect(enabled.length).toBe(all.length - 1);
    const antarctica = all.find((c) => c.code === 'AQ')!;
    expect((await get(`/api/lazy-select/country/all/${antarctica.id}`)).json().data.code).toBe('AQ');
    expect((await get(`/api/lazy-select/country/enabled/${antarctica.id}`)).statusCode).toBe(404);
  });

  it('searches, pages and refuses unknown slices', async () => {
    const found = (await get('/api/lazy-select/country/all?search=герман')).json().data as { code: string }[];
    expect(found.map((c) => c.code)).toEqual(['DE']);
    expect((await get('/api/lazy-select/country/all?itemsPerPage=5&page=2')).json().data).toHaveLength(5);
    const bad = await get('/api/lazy-select/country/some');
    expect(bad.statusCode).toBe(400);
    expect(flattenTree(bad.json().errors)).toEqual({ slice: [MESSAGES.choice] });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/lazy-select/country/all' })).statusCode).toBe(
      401,
    );
  });
});

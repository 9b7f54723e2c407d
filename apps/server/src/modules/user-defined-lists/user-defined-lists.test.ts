import { flattenTree, MESSAGES, userDefinedListResource, VALIDATION_FAILED } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { describeResource } from '../../test/resource-suite';
import { type SignedIn, signIn } from '../../test/users';
import { customerRequestCustomFields } from '../custom-fields';
import { USER_DEFINED_LIST_IN_USE } from './routes';
import { userDefinedListRows } from './tables';

let seq = 0;
const fields = [
  { code: 'name', description: 'Название', placeholderText: 'Склад', required: true },
  { code: 'address', description: 'Адрес', placeholderText: null, required: false },
];

describeResource({
  descriptor: userDefinedListResource,
  validCreate: () => ({ name: `Склады ${++seq}`, fields }),
  update: { fields: [{ code: 'city', description: 'Город', placeholderText: null, required: true }] },
  invalidCreate: {
    body: {
      name: '',
      fields: [
        { code: 'a', description: 'A' },
        { code: 'a', description: '' },
      ],
    },
    errorPaths: ['name', 'fields.1.code', 'fields.1.description'],
  },
  unique: ['name'],
  search: 'склады',
  inUse: async ({ database }, id) => {
    await database.db.insert(customerRequestCustomFields).values({
      code: `warehouse${id}`,
      description: 'Склад',
      type: 'user-defined-list',
      additionalOptions: { list: id },
    });
  },
  inUseMessage: USER_DEFINED_LIST_IN_USE,
});

describe('user-defined list content (spec §7)', () => {
  let ctx: TestContext;
  let user: SignedIn;
  let listId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await signIn(ctx, ['ROLE_SETTINGS_USER_LISTS']);
    // Any signed-in user reads lists and adds rows from the forms they fill.
    user = await signIn(ctx, []);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-defined-lists',
      payload: { name: 'Склады', fields },
      headers: admin.headers,
    });
    listId = res.json().data.id;
  });
  afterAll(async () => ctx?.close());
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = user.headers) =>
    ctx.app.inject({ method, url, payload, headers });

  it('describes the list: name and fields', async () => {
    const res = await inject('GET', `/api/user-defined-lists/${listId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: listId, name: 'Склады', fields });
  });

  it('adds rows keyed by their ids and answers them merged with the id', async () => {
    const res = await inject('POST', `/api/user-defined-lists/${listId}/content`, {
      'a1b2-c3': { id: 'a1b2-c3', fields: { name: ' Подольск ', address: '' } },
      d4e5: { id: 'd4e5', fields: { name: 'Химки', address: 'Ленинградское ш., 1' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: {
        'a1b2-c3': { id: 'a1b2-c3', label: 'Подольск', fields: { name: 'Подольск', address: null } },
        d4e5: { id: 'd4e5', label: 'Химки', fields: { name: 'Химки', address: 'Ленинградское ш., 1' } },
      },
    });
  });

  it('refuses bad rows per row and field and writes none of them', async () => {
    const before = await ctx.database.db.select().from(userDefinedListRows);
    const res = await inject('POST', `/api/user-defined-lists/${listId}/content`, {
      r1: { id: 'r1', fields: { name: 'Тверь' } },
      r2: { id: 'r2', fields: { name: '  ', colour: 'red' } },
      r3: { id: 'other', fields: { name: 'X' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VALIDATION_FAILED);
    expect(flattenTree(res.json().errors)).toEqual({
      'r2.fields.name': [MESSAGES.blank],
      'r2.fields.colour': [MESSAGES.extraField],
      'r3.id': [MESSAGES.invalid],
    });
    expect(await ctx.database.db.select().from(userDefinedListRows)).toHaveLength(before.length);
    const empty = await inject('POST', `/api/user-defined-lists/${listId}/content`, {});
    expect(empty.statusCode).toBe(400);
    const badId = await inject('POST', `/api/user-defined-lists/${listId}/content`, {
      'a b': { id: 'a b', fields: {} },
    });
    expect(badId.statusCode).toBe(400);
  });

  it('pages and searches rows for the lazy select, with additionalFields', async () => {
    const url = `/api/user-defined-lists/${listId}/content/lazy-select`;
    const all = await inject('GET', url);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((r: { id: string }) => r.id)).toEqual(['a1b2-c3', 'd4e5']);
    const term = await inject('GET', `${url}?term=ЛЕНИНГРАД&itemsPerPage=10&page=1`);
    expect(term.json().data).toEqual([
      { id: 'd4e5', label: 'Химки', fields: { name: 'Химки', address: 'Ленинградское ш., 1' } },
    ]);
    const narrow = await inject('GET', `${url}?additionalFields=address`);
    expect(narrow.json().data[1]).toEqual({
      id: 'd4e5',
      label: 'Химки',
      fields: { address: 'Ленинградское ш., 1' },
    });
    const second = await inject('GET', `${url}?itemsPerPage=1&page=2`);
    expect(second.json().data.map((r: { id: string }) => r.id)).toEqual(['d4e5']);
    expect((await inject('GET', `${url}/d4e5`)).json().data.label).toBe('Химки');
    expect((await inject('GET', `${url}/none`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown list and 401 without a session', async () => {
    expect((await inject('GET', '/api/user-defined-lists/999999/content/lazy-select')).statusCode).toBe(404);
    expect(
      (await inject('POST', '/api/user-defined-lists/999999/content', { r: { id: 'r', fields: {} } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/user-defined-lists/${listId}/content/lazy-select` }))
        .statusCode,
    ).toBe(401);
  });

  it('lets only the settings role change a list', async () => {
    const put = await inject('PUT', `/api/user-defined-lists/${listId}`, { name: 'X', version: 1 });
    expect(put.statusCode).toBe(403);
  });
});

import { flattenTree, LIST_VIEW_MESSAGES, MAX_LIST_VIEWS, MESSAGES } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { listColumns, listViews } from './tables';

const BASE = '/api/list-views/order';
const statusFilter = {
  filters: { financeControlStatus: 'READY' },
  search: '',
  sort: 'number',
  order: 'desc',
};

describe('saved filters and column choice', () => {
  let ctx: TestContext;
  let alice: SignedIn;
  let bob: SignedIn;

  const call = (
    who: SignedIn | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => ctx.app.inject({ method, url, headers: who?.headers, payload: payload as object });
  const create = (who: SignedIn, body: Record<string, unknown>, url = BASE) => call(who, 'POST', url, body);
  const viewsOf = async (who: SignedIn, url = BASE) => (await call(who, 'GET', url)).json().data;
  const rowsOf = async (userId: number) =>
    ctx.database.db.select().from(listViews).where(eq(listViews.userId, userId));

  beforeAll(async () => {
    ctx = await createTestApp();
    // Saved filters belong to the user, whatever their permissions.
    alice = await signIn(ctx);
    bob = await signIn(ctx);
  });
  afterAll(() => ctx.close());

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(
      Object.keys(doc.paths)
        .filter((p) => p.startsWith('/api/list-views'))
        .sort(),
    ).toEqual([
      '/api/list-views/{resource}',
      '/api/list-views/{resource}/columns',
      '/api/list-views/{resource}/{id}',
    ]);
  });

  it('answers an empty set and no column choice at first', async () => {
    const res = await call(alice, 'GET', BASE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { views: [], columns: null } });
  });

  it('needs a signed-in user', async () => {
    expect((await call(null, 'GET', BASE)).statusCode).toBe(401);
    expect((await call(null, 'POST', BASE, { name: 'x', query: {} })).statusCode).toBe(401);
  });

  it('answers 404 for a list that does not exist, on every route', async () => {
    const unknown = '/api/list-views/no_such_list';
    expect((await call(alice, 'GET', unknown)).statusCode).toBe(404);
    expect((await create(alice, { name: 'x', query: {} }, unknown)).statusCode).toBe(404);
    expect((await call(alice, 'PUT', `${unknown}/columns`, { columns: ['number'] })).statusCode).toBe(404);
    expect((await call(alice, 'PUT', `${unknown}/1`, { name: 'y' })).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `${unknown}/1`)).statusCode).toBe(404);
  });

  it('saves a filter, normalises it, and lists it by name', async () => {
    const res = await create(alice, { name: '  In progress  ', query: statusFilter });
    expect(res.statusCode).toBe(201);
    const view = res.json().data;
    expect(view).toMatchObject({ name: 'In progress', query: statusFilter, isDefault: false, version: 1 });
    await create(alice, { name: 'archive', query: { filters: { archived: 'true' } } });
    const { views } = await viewsOf(alice);
    expect(views.map((v: { name: string }) => v.name)).toEqual(['archive', 'In progress']);
    expect(views[0].query).toEqual({ filters: { archived: 'true' }, search: '' });
  });

  it('refuses a duplicate name under the name field and writes nothing', async () => {
    const before = (await rowsOf(alice.user.id)).length;
    const res = await create(alice, { name: 'In progress', query: {} });
    expect(res.statusCode).toBe(400);
    expect(flattenTree(res.json().errors)).toEqual({ name: [LIST_VIEW_MESSAGES.duplicateName] });
    expect(await rowsOf(alice.user.id)).toHaveLength(before);
  });

  it('refuses bad input with the contract tree', async () => {
    const blank = await create(alice, { name: ' ', query: {} });
    expect(flattenTree(blank.json().errors)).toEqual({ name: [MESSAGES.blank] });
    const long = await create(alice, { name: 'x'.repeat(101), query: {} });
    expect(flattenTree(long.json().errors)).toEqual({ name: [MESSAGES.tooLong] });
    const extra = await create(alice, { name: 'x', query: { page: 2 }, owner: 5 });
    expect(extra.statusCode).toBe(400);
    expect(Object.keys(flattenTree(extra.json().errors)).sort()).toEqual(['', 'query']);
    const missing = await create(alice, { name: 'x' });
    expect(flattenTree(missing.json().errors)).toEqual({ query: [MESSAGES.blank] });
  });

  it('keeps only what the list can apply: known filters and a sortable column', async () => {
    const res = await create(alice, {
      name: 'bad',
      query: {
        filters: { financeControlStatus: 'READY', passwordHash: 'x', dispatchDateFrom: '2025-01-01' },
        sort: 'route',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(flattenTree(res.json().errors)).toEqual({
      'query.filters.passwordHash': [MESSAGES.choice],
      'query.sort': [MESSAGES.choice],
    });
    const tooMany = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}`, 'x']));
    const big = await create(alice, { name: 'big', query: { filters: tooMany } });
    expect(flattenTree(big.json().errors)).toEqual({ 'query.filters': [MESSAGES.tooBig] });
    expect((await rowsOf(alice.user.id)).some((r) => r.name === 'bad' || r.name === 'big')).toBe(false);
  });

  it('keeps one default per user and list: a new default clears the previous one', async () => {
    const first = (await create(alice, { name: 'Mine', query: statusFilter, isDefault: true })).json().data;
    expect(first.isDefault).toBe(true);
    const second = (await create(alice, { name: 'Other', query: {}, isDefault: true })).json().data;
    let { views } = await viewsOf(alice);
    expect(views.filter((v: { isDefault: boolean }) => v.isDefault).map((v: { id: number }) => v.id)).toEqual(
      [second.id],
    );
    const again = await call(alice, 'PUT', `${BASE}/${first.id}`, { isDefault: true });
    expect(again.statusCode).toBe(200);
    ({ views } = await viewsOf(alice));
    expect(views.filter((v: { isDefault: boolean }) => v.isDefault).map((v: { id: number }) => v.id)).toEqual(
      [first.id],
    );
    // Another list's default is its own.
    const jobs = await create(alice, { name: 'Mine', query: {}, isDefault: true }, '/api/list-views/job');
    expect(jobs.statusCode).toBe(201);
    expect((await viewsOf(alice)).views.find((v: { id: number }) => v.id === first.id).isDefault).toBe(true);
    const off = await call(alice, 'PUT', `${BASE}/${first.id}`, { isDefault: false });
    expect(off.json().data.isDefault).toBe(false);
    expect((await viewsOf(alice)).views.some((v: { isDefault: boolean }) => v.isDefault)).toBe(false);
  });

  it('renames, changes the query, checks the version and refuses a taken name', async () => {
    const view = (await create(alice, { name: 'Rename me', query: {} })).json().data;
    const renamed = await call(alice, 'PUT', `${BASE}/${view.id}`, {
      name: 'Renamed',
      query: { filters: { archived: 'true' } },
      version: view.version,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      name: 'Renamed',
      query: { filters: { archived: 'true' } },
      version: 2,
    });
    const stale = await call(alice, 'PUT', `${BASE}/${view.id}`, { name: 'Stale', version: 1 });
    expect(stale.statusCode).toBe(409);
    const taken = await call(alice, 'PUT', `${BASE}/${view.id}`, { name: 'In progress' });
    expect(flattenTree(taken.json().errors)).toEqual({ name: [LIST_VIEW_MESSAGES.duplicateName] });
    const same = await call(alice, 'PUT', `${BASE}/${view.id}`, { name: 'Renamed' });
    expect(same.statusCode).toBe(200);
    const [row] = (await rowsOf(alice.user.id)).filter((r) => r.id === view.id);
    expect(row?.name).toBe('Renamed');
  });

  it('lets another user use the same names and keeps their rows apart', async () => {
    const bobs = await create(bob, { name: 'In progress', query: {}, isDefault: true });
    expect(bobs.statusCode).toBe(201);
    const { views } = await viewsOf(bob);
    expect(views.map((v: { name: string }) => v.name)).toEqual(['In progress']);
    expect((await viewsOf(alice)).views.find((v: { name: string }) => v.name === 'Mine')).toBeDefined();
  });

  it("answers 404 for another user's saved filter and changes nothing", async () => {
    const [alices] = await rowsOf(alice.user.id);
    const url = `${BASE}/${alices!.id}`;
    expect((await call(bob, 'PUT', url, { name: 'Stolen', isDefault: true })).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', url)).statusCode).toBe(404);
    const [after] = (await rowsOf(alice.user.id)).filter((r) => r.id === alices!.id);
    expect(after).toEqual(alices);
    // Nor through another list's path.
    expect((await call(alice, 'DELETE', `/api/list-views/job/${alices!.id}`)).statusCode).toBe(404);
  });

  it('deletes a saved filter', async () => {
    const view = (await create(alice, { name: 'Short-lived', query: {} })).json().data;
    const res = await call(alice, 'DELETE', `${BASE}/${view.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Short-lived');
    expect((await call(alice, 'DELETE', `${BASE}/${view.id}`)).statusCode).toBe(404);
  });

  it(`keeps at most ${MAX_LIST_VIEWS} saved filters per user and list`, async () => {
    const carol = await signIn(ctx);
    await ctx.database.db.insert(listViews).values(
      Array.from({ length: MAX_LIST_VIEWS - 1 }, (_, i) => ({
        userId: carol.user.id,
        resource: 'order',
        name: `View ${i}`,
        query: { filters: {}, search: '' },
      })),
    );
    expect((await create(carol, { name: 'Last', query: {} })).statusCode).toBe(201);
    const over = await create(carol, { name: 'One too many', query: {} });
    expect(over.statusCode).toBe(400);
    expect(flattenTree(over.json().errors)).toEqual({ '': [LIST_VIEW_MESSAGES.tooMany] });
    expect(await rowsOf(carol.user.id)).toHaveLength(MAX_LIST_VIEWS);
    // Another list has its own count.
    expect((await create(carol, { name: 'Last', query: {} }, '/api/list-views/job')).statusCode).toBe(201);
  });

  it('keeps the column choice per user and list', async () => {
    const put = await call(alice, 'PUT', `${BASE}/columns`, { columns: ['number', 'archived'] });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ data: { columns: ['number', 'archived'] } });
    expect((await viewsOf(alice)).columns).toEqual(['number', 'archived']);
    await call(alice, 'PUT', `${BASE}/columns`, { columns: ['archived'] });
    expect((await viewsOf(alice)).columns).toEqual(['archived']);
    expect((await viewsOf(bob)).columns).toBeNull();
    expect((await viewsOf(alice, '/api/list-views/job')).columns).toBeNull();
  });

  it('refuses unknown, repeated or no columns and keeps the choice', async () => {
    const unknown = await call(alice, 'PUT', `${BASE}/columns`, {
      columns: ['number', 'passwordHash', 'number'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(flattenTree(unknown.json().errors)).toEqual({
      'columns.1': [MESSAGES.choice],
      'columns.2': [MESSAGES.choice],
    });
    const none = await call(alice, 'PUT', `${BASE}/columns`, { columns: [] });
    expect(flattenTree(none.json().errors)).toEqual({ columns: [MESSAGES.blank] });
    const [row] = await ctx.database.db
      .select()
      .from(listColumns)
      .where(eq(listColumns.userId, alice.user.id));
    expect(row?.columns).toEqual(['archived']);
  });
});

import { RESOURCE_MESSAGES } from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf, type Tx } from '../../db/connection';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { serviceOffices } from '../identity/tables';
import {
  COUNT_CAP,
  countRows,
  ESTIMATE_FROM_ROWS,
  manyMatches,
  type PageReads,
  WALK_BUDGET,
  withPlanForMatches,
} from './query';

/** More matches than the cap, so that a filtered list's total is a lower bound until the last page. */
const MATCHES = COUNT_CAP + 105;
const PAGE = 50;

/** A test app whose service offices are the rows of `select` (name, code, address), analyzed, and their editor. */
async function officesApp(select: SQL): Promise<{ ctx: TestContext; editor: SignedIn }> {
  const ctx = await createTestApp();
  const editor = await signIn(ctx, ['ROLE_SETTINGS_SERVICE_OFFICES']);
  await ctx.database.db.execute(sql`INSERT INTO service_offices (name, code, address) ${select}`);
  await ctx.database.db.execute(sql`ANALYZE service_offices`);
  return { ctx, editor };
}

describe('list totals', () => {
  let ctx: TestContext;
  let editor: SignedIn;

  beforeAll(async () => {
    ({ ctx, editor } = await officesApp(sql`
      SELECT 'Склад ' || i, 'CNT' || lpad(i::text, 5, '0'), 'Брест, ул. Складская, ' || i
      FROM generate_series(1, ${MATCHES}) AS i`));
  });
  afterAll(() => ctx.close());

  const page = async (query: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/settings/service-offices?search=Складская&sort=code&order=asc&itemsPerPage=${PAGE}&${query}`,
      headers: editor.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { collection, total, totalKind } = res.json().data;
    return { codes: collection.map((row: { code: string }) => row.code), total, totalKind };
  };
  const code = (n: number) => `CNT${String(n).padStart(5, '0')}`;

  it('counts a filtered list up to the cap, exactly on request, and keeps every page right', async () => {
    const first = await page('page=1');
    expect(first).toMatchObject({ total: COUNT_CAP, totalKind: 'atLeast' });
    expect(first.codes).toEqual(Array.from({ length: PAGE }, (_, i) => code(i + 1)));

    expect(await page('page=1&exactTotal=true')).toMatchObject({ total: MATCHES, totalKind: 'exact' });

    // Past the cap a full page raises the lower bound; the last, short page makes the total exact.
    const beyond = await page(`page=${COUNT_CAP / PAGE + 2}`);
    expect(beyond.codes[0]).toBe(code(COUNT_CAP + PAGE + 1));
    expect(beyond).toMatchObject({ total: COUNT_CAP + 2 * PAGE, totalKind: 'atLeast' });
    const last = await page(`page=${Math.ceil(MATCHES / PAGE)}`);
    expect(last.codes).toEqual(
      Array.from({ length: MATCHES % PAGE }, (_, i) => code(MATCHES - (MATCHES % PAGE) + i + 1)),
    );
    expect(last).toMatchObject({ total: MATCHES, totalKind: 'exact' });
    expect(await page(`page=${Math.ceil(MATCHES / PAGE) + 3}`)).toEqual({
      codes: [],
      total: COUNT_CAP,
      totalKind: 'atLeast',
    });

    // Fewer matches than the cap: the exact number, on every page.
    const ids = await ctx.database.db
      .select({ id: serviceOffices.id })
      .from(serviceOffices)
      .where(sql`${serviceOffices.code} IN (${code(7)}, ${code(8)}, ${code(9)})`);
    const few = await page(`page=1&id=${ids.map((row) => row.id).join(',')}`);
    expect(few).toEqual({ codes: [code(7), code(8), code(9)], total: 3, totalKind: 'exact' });
  });

  describe('pages read from a row (cursors)', () => {
    const read = async (query: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/settings/service-offices?search=Складская&itemsPerPage=${PAGE}&${query}`,
        headers: editor.headers,
      });
      return { status: res.statusCode, body: res.json() };
    };
    const ids = (body: { data: { collection: { id: number }[] } }) => body.data.collection.map((r) => r.id);

    // Every office was inserted in one statement: one `updatedAt` for all, so the id alone orders them.
    it.each([
      ['sort=name&order=asc'],
      ['sort=name&order=desc'],
      ['sort=updatedAt&order=desc'],
      ['sort=id&order=asc'],
    ])('walks every page by cursor to the end and back, meeting the pages by number (%s)', async (sort) => {
      const pages = Math.ceil(MATCHES / PAGE);
      const byNumber: number[][] = [];
      for (let n = 1; n <= pages; n++) byNumber.push(ids((await read(`${sort}&page=${n}`)).body));

      let current = (await read(`${sort}&page=1`)).body;
      expect(current.data.previousCursor).toBeUndefined();
      for (let n = 2; n <= pages; n++) {
        const next = await read(`${sort}&page=${n}&after=${current.data.nextCursor}`);
        expect(next.status, JSON.stringify(next.body)).toBe(200);
        expect(ids(next.body), `page ${n}`).toEqual(byNumber[n - 1]);
        current = next.body;
      }
      // The last page is short: nothing after it, and its total is exact.
      expect(current.data).toMatchObject({ total: MATCHES, totalKind: 'exact' });
      expect(current.data.nextCursor).toBeUndefined();
      for (let n = pages - 1; n >= 1; n--) {
        const previous = await read(`${sort}&page=${n}&before=${current.data.previousCursor}`);
        expect(ids(previous.body), `page ${n} backwards`).toEqual(byNumber[n - 1]);
        current = previous.body;
      }
    });

    it('gives no cursor for a sort by a column that may be empty: those pages go by number', async () => {
      const first = await read('sort=code&order=asc&page=1');
      expect(first.status).toBe(200);
      expect(first.body.data.nextCursor).toBeUndefined();
    });

    it('refuses a cursor of another sort, a mangled one and one on a sort without cursors, under its name', async () => {
      const { nextCursor } = (await read('sort=name&order=asc&page=1')).body.data;
      for (const query of [
        `sort=name&order=desc&page=2&after=${nextCursor}`,
        `sort=updatedAt&order=asc&page=2&after=${nextCursor}`,
        `sort=code&order=asc&page=2&after=${nextCursor}`,
        'sort=name&order=asc&page=2&after=bm90IGpzb24',
        `sort=name&order=asc&page=2&before=${Buffer.from('{"sort":"name","order":"asc","value":1,"id":1}').toString('base64url')}`,
        `sort=name&order=asc&page=2&after=${nextCursor}&before=${nextCursor}`,
        `sort=updatedAt&order=asc&page=2&after=${Buffer.from('{"sort":"updatedAt","order":"asc","value":"yesterday-ish","id":1}').toString('base64url')}`,
      ]) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/settings/service-offices?${query}`,
          headers: editor.headers,
        });
        expect(res.statusCode, query).toBe(400);
        expect(JSON.stringify(res.json()), query).toContain(RESOURCE_MESSAGES.staleCursor);
      }
    });
  });

  it('answers the planner’s estimate for an unfiltered large table and counts a small one', async () => {
    const db = ctx.database.db;
    const estimated = await countRows(db, serviceOffices, undefined, { estimateFrom: MATCHES });
    expect(estimated.kind).toBe('estimate');
    expect(estimated.total).toBeGreaterThanOrEqual(MATCHES);
    const counted = await countRows(db, serviceOffices, undefined, { estimateFrom: 10 * MATCHES });
    expect(counted.kind).toBe('exact');
    const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(serviceOffices)) as [
      { n: number },
    ];
    expect(counted.total).toBe(n);
    expect(await countRows(db, serviceOffices, undefined, { estimateFrom: MATCHES, exact: true })).toEqual({
      total: n,
      kind: 'exact',
    });
  });

  it('reads a few matches of a large table through their indexes, those settings for that statement only', async () => {
    const db = ctx.database.db;
    const settings = sql`SELECT current_setting('enable_indexscan') AS i, current_setting('enable_seqscan') AS s, current_setting('jit') AS j`;
    const query = (q: Tx) => rowsOf<{ i: string; s: string; j: string }>(q, settings);
    const few = { total: 3, kind: 'exact' } as const;
    const reads = { query, wanted: 1 };
    expect(await withPlanForMatches(db, serviceOffices, true, few, reads, { smallTable: 10 })).toMatchObject([
      { i: 'off', s: 'off' },
    ]);
    expect(await query(db)).toMatchObject([{ i: 'on', s: 'on' }]);
    // No filter: the planner's own choice.
    expect(await withPlanForMatches(db, serviceOffices, false, few, reads, { smallTable: 10 })).toMatchObject(
      [{ i: 'on' }],
    );
    // Those settings price a plan at 10^10, far past the JIT's thresholds: the app's connections have it off
    // (a 1 ms page spent 300 ms compiling). PGlite has no JIT.
    if (ctx.database.kind === 'pg') expect(await query(db)).toMatchObject([{ j: 'off' }]);
  });

  it('looks for many matches along the sort within a budget, and through their indexes when it runs out', async () => {
    const db = ctx.database.db;
    const settings = sql`SELECT current_setting('enable_indexscan') AS i`;
    const query = (q: Tx) => rowsOf<{ i: string }>(q, settings);
    const budgets: number[] = [];
    const walkFinding = (rows: { i: string }[]) => async (_q: Tx, budget: number) => {
      budgets.push(budget);
      return rows;
    };
    const pageOfMany = (reads: PageReads<{ i: string }>) =>
      withPlanForMatches(db, serviceOffices, true, { total: COUNT_CAP, kind: 'atLeast' }, reads, {
        smallTable: 10,
        budget: 7,
      });
    // Dense matches fill the page off the walk.
    const walked = [{ i: 'walked' }, { i: 'walked' }];
    expect(await pageOfMany({ query, walk: walkFinding(walked), wanted: 2 })).toEqual(walked);
    expect(budgets).toEqual([7]);
    // Matches the walk did not reach within its budget: found through their indexes and sorted.
    expect(await pageOfMany({ query, walk: walkFinding(walked), wanted: 3 })).toEqual([{ i: 'off' }]);
    // No index gives the list's order (a ranked search): the planner's choice.
    expect(await pageOfMany({ query, wanted: 3 })).toEqual([{ i: 'on' }]);
  });

  it('takes the planner’s estimate of a search’s matches when the page lies within the walk, not otherwise', async () => {
    const db = ctx.database.db;
    const search = (text: string) => sql`${serviceOffices.searchText} LIKE ${`%${text.toLowerCase()}%`}`;
    const options = { estimateFrom: MATCHES };
    const many = await manyMatches(db, serviceOffices, search('Складская'), PAGE, options);
    expect(many).toBeGreaterThan(MATCHES / 2);
    // A rare search, a page past the walk, a table below the threshold: counted.
    expect(await manyMatches(db, serviceOffices, search('CNT00007'), PAGE, options)).toBeUndefined();
    expect(
      await manyMatches(db, serviceOffices, search('Складская'), WALK_BUDGET + 1, options),
    ).toBeUndefined();
    expect(
      await manyMatches(db, serviceOffices, search('Складская'), PAGE, { estimateFrom: 10 * MATCHES }),
    ).toBeUndefined();
  });
});

describe('a search of many rows in a large table', () => {
  const ROWS = ESTIMATE_FROM_ROWS + 2_000;
  let ctx: TestContext;
  let editor: SignedIn;

  beforeAll(async () => {
    // Every tenth a harbour office: dense enough to fill a page within the walk.
    ({ ctx, editor } = await officesApp(sql`
      SELECT 'Офис ' || i, 'LRG' || lpad(i::text, 6, '0'),
             CASE WHEN i % 10 = 0 THEN 'Брест, ул. Портовая, ' ELSE 'Минск, пр. Независимости, ' END || i
      FROM generate_series(1, ${ROWS}) AS i`));
  });
  afterAll(() => ctx.close());

  const read = async (query: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/settings/service-offices?sort=name&order=asc&itemsPerPage=${PAGE}&${query}`,
      headers: editor.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      collection: { id: number; address: string }[];
      total: number;
      totalKind: string;
      nextCursor?: string;
    };
  };

  it('is not counted: its total is an estimate, its pages by number and by cursor the same rows', async () => {
    const first = await read('search=Портовая&page=1');
    expect(first.totalKind).toBe('estimate');
    expect(first.total).toBeGreaterThan(ROWS / 20);
    expect(first.total).toBeLessThan(ROWS / 5);
    expect(first.collection).toHaveLength(PAGE);
    for (const row of first.collection) expect(row.address).toContain('Портовая');

    const byNumber = await read('search=Портовая&page=2');
    const byCursor = await read(`search=Портовая&page=2&after=${first.nextCursor}`);
    expect(byCursor.collection.map((row) => row.id)).toEqual(byNumber.collection.map((row) => row.id));
    expect(byNumber.collection.map((row) => row.id)).not.toContain(first.collection[0]!.id);

    // On request, and for a rare search, the exact number.
    expect(await read('search=Портовая&page=1&exactTotal=true')).toMatchObject({
      total: ROWS / 10,
      totalKind: 'exact',
    });
    expect(await read('search=LRG000017&page=1')).toMatchObject({ total: 1, totalKind: 'exact' });
  });

  it('keeps the estimate of a search a minute, then asks the planner again', async () => {
    const db = ctx.database.db;
    const harbour = sql`${serviceOffices.searchText} LIKE ${'%портовая%'}`;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const many = await manyMatches(db, serviceOffices, harbour, PAGE);
      expect(many).toBeGreaterThan(ROWS / 20);
      // The harbour offices move: the planner knows at once, the list a minute later.
      await db.execute(sql`UPDATE service_offices SET address = replace(address, 'Портовая', 'Морская')`);
      await db.execute(sql`ANALYZE service_offices`);
      expect(await manyMatches(db, serviceOffices, harbour, PAGE)).toBe(many);
      vi.setSystemTime(Date.now() + 61_000);
      expect(await manyMatches(db, serviceOffices, harbour, PAGE)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

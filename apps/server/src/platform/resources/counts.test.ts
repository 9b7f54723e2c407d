import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { serviceOffices } from '../identity/tables';
import { COUNT_CAP, countRows } from './query';

/** More matches than the cap, so that a filtered list's total is a lower bound until the last page. */
const MATCHES = COUNT_CAP + 105;
const PAGE = 50;

describe('list totals', () => {
  let ctx: TestContext;
  let editor: SignedIn;

  beforeAll(async () => {
    ctx = await createTestApp();
    editor = await signIn(ctx, ['ROLE_SETTINGS_SERVICE_OFFICES']);
    await ctx.database.db.execute(sql`
      INSERT INTO service_offices (name, code, address)
      SELECT 'Склад ' || i, 'CNT' || lpad(i::text, 5, '0'), 'Брест, ул. Складская, ' || i
      FROM generate_series(1, ${MATCHES}) AS i`);
    await ctx.database.db.execute(sql`ANALYZE service_offices`);
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
});

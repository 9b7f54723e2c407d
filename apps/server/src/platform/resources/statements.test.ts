import {
  defineResource,
  loadingUnloadingMethodCreateSchema,
  loadingUnloadingMethodResource,
  loadingUnloadingMethodSchema,
} from '@tms/domain';
import { and, asc, eq, getTableName, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { rowsOf, type Tx } from '../../db/connection';
import { loadingUnloadingMethods } from '../../modules/reference-data/tables';
import { fileTestApp } from '../../test/harness';
import { createUser } from '../../test/users';
import type { AuthContext } from '../auth/context';
import { HttpError } from '../errors';
import { type ListQuery, resourceService } from './service';
import { boundLater, preparedRows, prerendered, tableSelect, tail, timestampText } from './statements';

/**
 * A resource whose read scope holds a value of the user (the records coded with their username), so that
 * two users' lists are the same statement with other values: what the selects built once per resource
 * (statements.ts) must never mix up.
 */
const probe = defineResource({
  ...loadingUnloadingMethodResource,
  name: 'probe-statements',
  path: '/probe/statements',
  entity: loadingUnloadingMethodSchema,
  create: loadingUnloadingMethodCreateSchema,
  fields: loadingUnloadingMethodResource.fields.map((f) =>
    f.name === 'code' ? { ...f, filterable: true } : f,
  ),
  roles: { view: [], edit: [] },
});

const service = resourceService(probe, loadingUnloadingMethods, {
  hooks: { scope: (auth) => like(loadingUnloadingMethods.code, `${auth.username}-%`) },
});

describe('selects built once per resource', () => {
  const ctx = fileTestApp();

  const principal = async (): Promise<AuthContext> => {
    const user = await createUser(ctx().database);
    return {
      userId: user.id,
      username: user.username,
      contactId: user.contactId,
      serviceOfficeId: null,
      roles: new Set(),
      kind: 'user',
      sessionId: null,
      impersonatorId: null,
      passwordChangeRequired: false,
    };
  };

  it("never carries one user's scope or one request's filter values into another's", async () => {
    const [alice, bob] = [await principal(), await principal()];
    const rows = await ctx()
      .database.db.insert(loadingUnloadingMethods)
      .values(
        [alice, alice, alice, bob, bob].map((who, i) => ({
          code: `${who.username}-${i}`,
          name: `Statement probe ${i}`,
        })),
      )
      .returning();
    const idOf = (code: string) => rows.find((row) => row.code === code)!.id;
    const call = (auth: AuthContext) => ({ tx: ctx().database.db, auth, registries: ctx().app.registries });
    const codes = async (auth: AuthContext, query: Partial<ListQuery> = {}) => {
      const page = await service.list(call(auth), { page: 1, itemsPerPage: 2, sort: 'code', ...query });
      return { codes: page.collection.map((e) => e.code), total: page.total, next: page.nextCursor };
    };

    // The same shapes in turn: each user's own rows, totals and cursors.
    const alicePage = await codes(alice);
    const bobPage = await codes(bob);
    expect(alicePage).toMatchObject({ codes: [`${alice.username}-0`, `${alice.username}-1`], total: 3 });
    expect(bobPage).toMatchObject({ codes: [`${bob.username}-3`, `${bob.username}-4`], total: 2 });
    expect(await codes(alice, { page: 2, after: alicePage.next })).toMatchObject({
      codes: [`${alice.username}-2`],
    });
    expect(await codes(bob, { page: 2, after: bobPage.next })).toMatchObject({ codes: [], total: 2 });
    // A cursor of Alice's list read by Bob still reads Bob's rows only (those past her row in the order).
    const past = (await codes(bob, { page: 2, after: alicePage.next })).codes;
    expect(past.every((code) => String(code).startsWith(`${bob.username}-`))).toBe(true);

    // One filter shape with other values, and a search, in turn.
    expect((await codes(alice, { code: `${alice.username}-1` })).codes).toEqual([`${alice.username}-1`]);
    expect((await codes(alice, { code: `${alice.username}-2` })).codes).toEqual([`${alice.username}-2`]);
    expect((await codes(bob, { code: `${alice.username}-2` })).codes).toEqual([]);
    expect((await codes(bob, { search: 'probe 4' })).codes).toEqual([`${bob.username}-4`]);
    expect((await codes(alice, { search: 'probe 4' })).codes).toEqual([]);

    // Get, and the reach of references, by the same statements.
    expect(await service.get(call(alice), idOf(`${alice.username}-0`))).toMatchObject({
      code: `${alice.username}-0`,
    });
    const refused = await service.get(call(bob), idOf(`${alice.username}-0`)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(404);
    const outside = await service.outsideReadScope(call(bob), [
      idOf(`${alice.username}-0`),
      idOf(`${bob.username}-3`),
    ]);
    expect([...outside]).toEqual([idOf(`${alice.username}-0`)]);

    // Entities as the default mapping makes them: dates as ISO text.
    const [stored] = await ctx()
      .database.db.select()
      .from(loadingUnloadingMethods)
      .where(inArray(loadingUnloadingMethods.id, [idOf(`${alice.username}-0`)]));
    const [entity] = (await service.list(call(alice), { page: 1, itemsPerPage: 1, sort: 'code' })).collection;
    expect(entity).toEqual(await service.toEntity(stored!, call(alice)));
  });

  it('reads the same columns from a subquery in the table’s place: a walk of the first rows in order', async () => {
    const db = ctx().database.db;
    const prefix = `walk-${Date.now()}`;
    await db
      .insert(loadingUnloadingMethods)
      .values(
        [0, 1, 2, 3, 4].map((i) => ({ code: `${prefix}-${i}`, name: `Walk ${i % 2 ? 'odd' : 'even'}` })),
      );
    const select = tableSelect<{ id: number; code: string }>(loadingUnloadingMethods);
    const mine = like(loadingUnloadingMethods.code, `${prefix}-%`);
    const order = [asc(loadingUnloadingMethods.code)];
    const even = like(loadingUnloadingMethods.name, '%even');
    const firstRows = (budget: number) =>
      sql`(select * from ${loadingUnloadingMethods} ${tail({ where: mine, order, limit: budget })}) ${sql.identifier(getTableName(loadingUnloadingMethods))}`;
    const codes = (rows: { code: string }[]) => rows.map((row) => row.code);
    const direct = await select.rows(db, tail({ where: even, order, limit: 2 }));
    // The qualified names of the tail apply to the subquery; its rows are mapped as the table's.
    const walked = await select.rowsFrom(db, firstRows(5), tail({ where: even, order, limit: 2 }));
    expect(codes(walked)).toEqual([`${prefix}-0`, `${prefix}-2`]);
    expect(walked[0]).toEqual(
      (await select.rows(db, tail({ where: inArray(loadingUnloadingMethods.id, [walked[0]!.id]) })))[0],
    );
    expect(direct.length).toBe(2);
    // A budget of three rows holds two even codes; of two rows, only one: the page is short.
    expect(codes(await select.rowsFrom(db, firstRows(3), tail({ where: even, order, limit: 2 })))).toEqual([
      `${prefix}-0`,
      `${prefix}-2`,
    ]);
    expect(codes(await select.rowsFrom(db, firstRows(2), tail({ where: even, order, limit: 2 })))).toEqual([
      `${prefix}-0`,
    ]);
  });

  it('keeps a prepared statement on the connection by its text, for each value the same', async () => {
    const { database } = ctx();
    const labels = (id: number) =>
      sql`SELECT ${loadingUnloadingMethods.code} AS code FROM ${loadingUnloadingMethods} WHERE ${loadingUnloadingMethods.id} = ${id}`;
    const [first] = await database.db
      .select()
      .from(loadingUnloadingMethods)
      .orderBy(asc(loadingUnloadingMethods.id))
      .limit(2);
    const prepared = await database.db.transaction(async (tx) => {
      expect(await preparedRows(tx, labels(first!.id))).toEqual([{ code: first!.code }]);
      expect(await preparedRows(tx, labels(-1))).toEqual([]);
      return rowsOfPrepared(tx);
    });
    // PGlite runs every statement unnamed.
    if (database.kind === 'pg') expect(prepared).toHaveLength(1);
  });
});

describe('statement pieces made once', () => {
  it('writes a timestamp as Date would, from its text when it is a UTC instant', () => {
    const columns = [true, false].map((withTimezone) => ({
      withTimezone,
      mapFromDriverValue: (value: string) => new Date(withTimezone ? value : `${value}+0000`),
    }));
    const texts = [
      '2024-02-29 23:59:59',
      '2024-02-29 23:59:59.5',
      '2024-02-29 23:59:59.123',
      '2024-02-29 23:59:59.123999',
      '1969-12-31 00:00:00.000001',
    ];
    for (const column of columns) {
      const text = timestampText(column);
      for (const value of texts.map((t) => (column.withTimezone ? `${t}+00` : t))) {
        expect(text(value)).toBe(column.mapFromDriverValue(value).toISOString());
      }
    }
    // Another zone's text goes through Date.
    expect(timestampText(columns[0]!)('2024-02-29 23:59:59.25+03')).toBe('2024-02-29T20:59:59.250Z');
  });

  it('renders a prerendered condition as the condition itself, inside any statement', () => {
    const dialect = new PgDialect();
    const { code, id } = loadingUnloadingMethods;
    const condition = or(and(eq(code, 'a'), inArray(id, [1, 2])), sql`${code} LIKE ${'b%'}`)!;
    const statement = (where: typeof condition) =>
      dialect.sqlToQuery(sql`select 1 from ${loadingUnloadingMethods} where ${id} > ${0} and (${where})`);
    expect(statement(prerendered(condition))).toEqual(statement(condition));
    // A literal that looks like a placeholder keeps the condition as it was.
    const literal = sql`${code} = '$2' or ${id} = ${1}`;
    expect(prerendered(literal)).toBe(literal);
  });

  it('binds a later value into a statement rendered once, as building it with that value would', () => {
    const dialect = new PgDialect();
    const { code, id } = loadingUnloadingMethods;
    const build = (ids: SQL) =>
      sql`select ${'field'}::text from ${loadingUnloadingMethods} where ${id} = ANY(${ids}::int[]) and ${code} <> ${'x'}`;
    const template = boundLater(build);
    for (const ids of [[1, 2], [7]]) {
      expect(dialect.sqlToQuery(template(ids))).toEqual(dialect.sqlToQuery(build(sql`${sql.param(ids)}`)));
    }
  });
});

/** The statements this connection keeps prepared under the app's names. */
async function rowsOfPrepared(tx: Tx) {
  return rowsOf<{ name: string }>(tx, sql`SELECT name FROM pg_prepared_statements WHERE name LIKE 'tms_%'`);
}

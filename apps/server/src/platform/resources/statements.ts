import { createHash } from 'node:crypto';
import { Column, type DriverValueDecoder, getTableColumns, getTableName, is, SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgSession, type PgTable, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/connection';

/** Renders the per-call tails as every drizzle instance of the app does (no casing). */
const dialect = new PgDialect();

/** Column selection of a table read: columns and expressions by result key. */
export type Selection = Record<string, PgColumn | SQL | SQL.Aliased>;

/**
 * A SELECT of one table whose head (`select <columns> from <table>`: one quoted, qualified name per column,
 * the longest part of the text and of drizzle's building) and row mapping are built once, with the
 * resource; a call renders only its tail (WHERE, ORDER BY, LIMIT, OFFSET: a few chunks, every value a bound
 * parameter) and runs head and tail through the session's driver (node-postgres or PGlite, a transaction's
 * client too). The statement stays unnamed: PostgreSQL plans it for the values of each call (a named
 * statement would switch to a generic plan after five calls, blind to `LIMIT $n` and to how rare a
 * filter's value is).
 *
 * Rows are mapped by each column's own decoder, as drizzle's builder maps them, but by a plan made once
 * (drizzle resolves every field's kind and walks its path again for every value). With `entityKeys`, a
 * row comes back as the entity `defaultEntity` would make of it: those keys in that order (then the rest
 * of the selection), dates as ISO text.
 */
export interface TableSelect<Row> {
  rows(tx: Tx, tail: SQL): Promise<Row[]>;
  /**
   * The same columns read from `source` (a subquery aliased as the table, so that the tail's qualified
   * names still apply) instead of the table itself.
   */
  rowsFrom(tx: Tx, source: SQL, tail: SQL): Promise<Row[]>;
}

type Field = PgColumn | SQL | SQL.Aliased;

/** The decoder drizzle maps a field's values by (an expression's is internal to drizzle: `.mapWith`). */
const decoderOf = (field: Field): DriverValueDecoder<unknown, unknown> => {
  if (is(field, Column)) return field;
  const expression = is(field, SQL) ? field : (field as SQL.Aliased).sql;
  return (expression as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;
};

export function tableSelect<Row>(
  table: PgTable,
  selection?: Selection,
  {
    entityKeys,
    symbols = {},
  }: {
    entityKeys?: readonly string[];
    /** Selected keys kept under a symbol instead: out of the entity's JSON (a cursor's sort value). */
    symbols?: Readonly<Record<string, symbol>>;
  } = {},
): TableSelect<Row> {
  const builder = new QueryBuilder();
  const head = (selection ? builder.select(selection) : builder.select()).from(table).toSQL();
  // A head with parameters would shift the numbering of the tail's.
  if (head.params.length) throw new Error('A table select head must not carry parameters');
  const fields = Object.entries((selection ?? getTableColumns(table)) as Record<string, Field>);
  const ordered = fields.map(([name, field]) => ({ path: [name], field })) as Parameters<
    PgSession['prepareQuery']
  >[1];
  const position = new Map(fields.map(([name], index) => [name, index]));
  const keys = entityKeys
    ? [
        ...entityKeys.filter((key) => position.has(key)),
        ...fields.map(([name]) => name).filter((name) => !entityKeys.includes(name)),
      ]
    : fields.map(([name]) => name);
  const plan = keys.map((key) => {
    const index = position.get(key)!;
    return { key: symbols[key] ?? key, index, decoder: decoderOf(fields[index]![1]) };
  });
  const asText = Boolean(entityKeys);
  const map = (raw: unknown[][]): Row[] =>
    raw.map((values) => {
      const row: Record<string | symbol, unknown> = {};
      for (const { key, index, decoder } of plan) {
        const value = values[index];
        const decoded = value === null ? null : decoder.mapFromDriverValue(value);
        row[key] = asText && decoded instanceof Date ? decoded.toISOString() : decoded;
      }
      return row as Row;
    });
  const text = `${head.sql} `;
  const from = ` from ${dialect.escapeName(getTableName(table))}`;
  const columns = head.sql.endsWith(from) ? `${head.sql.slice(0, -from.length)} from ` : undefined;
  const run = (tx: Tx, query: { sql: string; params: unknown[] }) =>
    tx._.session.prepareQuery(query, ordered, undefined, true, map).execute() as Promise<Row[]>;
  return {
    rows(tx, tail) {
      const query = dialect.sqlToQuery(tail);
      return run(tx, { sql: text + query.sql, params: query.params });
    },
    rowsFrom(tx, source, tail) {
      if (!columns) throw new Error(`A select of ${getTableName(table)} cannot read from another source`);
      const query = dialect.sqlToQuery(sql`${source} ${tail}`);
      return run(tx, { sql: columns + query.sql, params: query.params });
    },
  };
}

/** The tail of a table select, in drizzle's builder's order and wording. */
export function tail({
  where,
  order,
  limit,
  offset,
  lock,
}: {
  where?: SQL | undefined;
  order?: SQL[];
  limit?: number;
  offset?: number;
  lock?: boolean;
}): SQL {
  const parts: SQL[] = [];
  if (where) parts.push(sql`where ${where}`);
  if (order?.length) parts.push(sql`order by ${sql.join(order, sql`, `)}`);
  if (limit !== undefined) parts.push(sql`limit ${limit}`);
  if (offset) parts.push(sql`offset ${offset}`);
  if (lock) parts.push(sql`for update`);
  return sql.join(parts, sql` `);
}

/** `count(*)` of a table's rows matching `where`, up to `cap` when given: a statement without the query builder. */
export function countSql(table: PgTable, where: SQL | undefined, cap?: number): SQL {
  const filter = where ? sql` where ${where}` : sql``;
  return cap === undefined
    ? sql`select count(*)::int as n from ${table}${filter}`
    : sql`select count(*)::int as n from (select 1 from ${table}${filter} limit ${cap}) capped`;
}

/** A statement's text and values as one string: what tells two statements apart. */
export function statementKey(statement: SQL): string {
  const query = dialect.sqlToQuery(statement);
  return `${query.sql}\u0000${JSON.stringify(query.params)}`;
}

/**
 * Rows of a statement PostgreSQL keeps prepared on each connection, named by its text: it is parsed and
 * planned once per connection instead of per call. For statements whose plan the values do not change (the
 * labels of a page's references: primary keys looked up), since after five calls PostgreSQL may keep a
 * generic plan. A pooler in transaction mode needs prepared-statement support (PgBouncer 1.21+:
 * `max_prepared_statements`; docs/operations.md).
 */
export async function preparedRows<T>(tx: Tx, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const name = `tms_${createHash('sha1').update(query.sql).digest('base64url')}`;
  const result = (await tx._.session.prepareQuery(query, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

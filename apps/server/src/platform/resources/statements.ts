import { createHash } from 'node:crypto';
import {
  Column,
  type ColumnBaseConfig,
  type DriverValueDecoder,
  getTableColumns,
  getTableName,
  is,
  Param,
  SQL,
  StringChunk,
  sql,
} from 'drizzle-orm';
import {
  type PgColumn,
  PgDialect,
  type PgSession,
  type PgTable,
  PgTimestamp,
  QueryBuilder,
} from 'drizzle-orm/pg-core';
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

/** PostgreSQL's text of a UTC instant (DateStyle ISO): date, time, up to six digits of fraction, `+00` when with time zone. */
const UTC_TIMESTAMP_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(\+00)?$/;

/**
 * A timestamp column's value as the ISO text `Date.prototype.toISOString` gives of it (milliseconds,
 * truncated as `Date` parses them), rewritten from the driver's text when it is a UTC instant (the
 * connections' time zone), else through `Date` as drizzle maps it. Parsing PostgreSQL's format into a
 * `Date` is most of a wide row's mapping.
 */
export function timestampText(
  column: Pick<PgTimestamp<ColumnBaseConfig<'date', 'PgTimestamp'>>, 'withTimezone' | 'mapFromDriverValue'>,
): (value: unknown) => string {
  // Tested, not matched: the parts are at fixed places, so a value costs no array of groups.
  return (value) => {
    if (
      typeof value !== 'string' ||
      !UTC_TIMESTAMP_TEXT.test(value) ||
      value.endsWith('+00') !== column.withTimezone
    ) {
      return (column.mapFromDriverValue(value as string) as Date).toISOString();
    }
    const end = column.withTimezone ? value.length - 3 : value.length;
    const fraction = end > 19 ? `${value.slice(20, end)}00`.slice(0, 3) : '000';
    return `${value.slice(0, 10)}T${value.slice(11, 19)}.${fraction}Z`;
  };
}

interface MappedField {
  key: string | symbol;
  index: number;
  decode: (value: unknown) => unknown;
}

/**
 * A driver row's mapping as code written once per select: an object literal of the select's keys, so every
 * row is built in one shape at once. Setting keys one by one from a list is a generic store per value (the
 * key varies), the largest part of a wide page's mapping. Keys under a symbol (out of the JSON) follow.
 */
function rowMapper(plan: readonly MappedField[]): (values: unknown[]) => Record<string | symbol, unknown> {
  const decoders = plan.map((field) => field.decode);
  const named = plan.flatMap((field, i) =>
    typeof field.key === 'string'
      ? [`${JSON.stringify(field.key)}: v[${field.index}] === null ? null : d[${i}](v[${field.index}])`]
      : [],
  );
  const literal = new Function('d', `return (v) => ({ ${named.join(', ')} });`)(decoders) as (
    values: unknown[],
  ) => Record<string | symbol, unknown>;
  const symbols = plan.filter((field) => typeof field.key === 'symbol');
  if (!symbols.length) return literal;
  return (values) => {
    const row = literal(values);
    for (const { key, index, decode } of symbols) {
      const value = values[index];
      row[key] = value === null ? null : decode(value);
    }
    return row;
  };
}

export function tableSelect<Row>(
  table: PgTable,
  selection?: Selection,
  {
    entityKeys,
    symbols = {},
    from: joined,
    datesAsText = false,
  }: {
    entityKeys?: readonly string[];
    /** Selected keys kept under a symbol instead: out of the entity's JSON (a cursor's sort value). */
    symbols?: Readonly<Record<string, symbol>>;
    /** The select of `selection` from the table and what it joins, when it joins any (no `rowsFrom` then). */
    from?: { toSQL(): { sql: string; params: unknown[] } };
    /** Dates as ISO text, as with `entityKeys`. */
    datesAsText?: boolean;
  } = {},
): TableSelect<Row> {
  const builder = new QueryBuilder();
  const head = (joined ?? (selection ? builder.select(selection) : builder.select()).from(table)).toSQL();
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
  const asText = Boolean(entityKeys) || datesAsText;
  const plan = keys.map((key) => {
    const index = position.get(key)!;
    const field = fields[index]![1];
    const decoder = decoderOf(field);
    const decode =
      asText && is(field, PgTimestamp)
        ? timestampText(field)
        : (value: unknown) => {
            const decoded = decoder.mapFromDriverValue(value);
            return asText && decoded instanceof Date ? decoded.toISOString() : decoded;
          };
    return { key: symbols[key] ?? key, index, decode };
  });
  const mapRow = rowMapper(plan);
  const map = (raw: unknown[][]): Row[] => raw.map(mapRow) as Row[];
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
/** The count of a whole table, rendered once per table. */
const tableCounts = new WeakMap<PgTable, SQL>();

export function countSql(table: PgTable, where: SQL | undefined, cap?: number): SQL {
  if (!where && cap === undefined) {
    let count = tableCounts.get(table);
    if (!count) {
      count = prerendered(sql`select count(*)::int as n from ${table}`);
      tableCounts.set(table, count);
    }
    return count;
  }
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

/** Names of prepared statements by text, hashed once; past this many texts the oldest goes. */
const PREPARED_NAMES_KEPT = 1000;
const preparedNames = new Map<string, string>();

/** A prepared statement's name: of its text, so that every connection and instance agree on it. */
function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (!name) {
    name = `tms_${createHash('sha1').update(text).digest('base64url')}`;
    if (preparedNames.size >= PREPARED_NAMES_KEPT) preparedNames.delete(preparedNames.keys().next().value!);
    preparedNames.set(text, name);
  }
  return name;
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
  const name = preparedName(query.sql);
  const result = (await tx._.session.prepareQuery(query, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

/**
 * A statement rendered once (`prerendered`) but for one value bound per call: `build` receives the
 * parameter to place where that value goes.
 */
export function boundLater(build: (param: SQL) => SQL): (value: unknown) => SQL {
  const marker = new Param(Symbol('bound later'));
  const template = prerendered(build(new SQL([marker])));
  const chunks = template.queryChunks;
  const at = chunks.findIndex((chunk) => chunk instanceof Param && chunk.value === marker.value);
  // Not rendered flat (`prerendered` keeps a text whose placeholders are out of order): built per call.
  if (at < 0) return (value) => build(new SQL([new Param(value)]));
  return (value) => {
    const bound = [...chunks];
    bound[at] = new Param(value);
    return new SQL(bound);
  };
}

const PLACEHOLDER = /\$(\d+)/g;

/**
 * `statement` rendered once, as text and bound values that render again at a fraction of the cost: for a
 * condition built of many parts and used by many statements (a principal's visibility over every entity
 * type, dozens of scopes). Rendering walks every chunk of drizzle's tree, which for such a condition costs
 * more than the database takes to run the query. A text whose `$n` are not its placeholders in order (a
 * literal holding one) stays as it was.
 */
export function prerendered(statement: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const chunks: (StringChunk | Param)[] = [];
  let from = 0;
  let next = 1;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (Number(match[1]) !== next) return statement;
    chunks.push(new StringChunk(text.slice(from, match.index)), new Param(params[next - 1]));
    from = match.index + match[0].length;
    next++;
  }
  if (next - 1 !== params.length) return statement;
  chunks.push(new StringChunk(text.slice(from)));
  return new SQL(chunks);
}

import {
  type FieldDescriptor,
  listQuerySchema,
  MESSAGES,
  RESOURCE_MESSAGES,
  type ResourceDescriptor,
  type TotalKind,
} from '@tms/domain';
import {
  and,
  asc,
  desc,
  getTableColumns,
  getTableName,
  ilike,
  inArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { rowsOf, type Tx } from '../../db/connection';
import { ErrorCollector, fieldError } from '../errors';
import type { CallContext } from './context';
import { type Keyset, keysetOf } from './cursor';
import { countSql, prerendered, statementKey } from './statements';

/** A record id in a filter, spelt as in a path (`recordIdSchema`): decimal digits, no sign or leading zero. */
const RECORD_ID = /^[1-9][0-9]{0,9}$/;
/** Field types filtered by equality (one or several values). */
const EQUALITY_TYPES = new Set(['enum', 'reference', 'boolean', 'integer', 'number', 'money']);
/** Field types filtered by a substring. */
const TEXT_TYPES = new Set(['text', 'textarea', 'email']);
/** Field types filtered by a range `<field>From` / `<field>To`. */
const DATE_TYPES = new Set(['date', 'datetime']);
/** Array columns: a filter matches rows holding any of the values. */
const ARRAY_TYPES = new Set(['tags', 'references', 'roles']);

const filterValue = z
  .union([z.string().max(2000), z.array(z.string().max(2000)).max(1000)])
  .optional()
  .describe('One value, several comma-separated, or the parameter repeated');
const dateValue = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/)
  .optional();

/** The list query of a resource: the contract's paging/sort/search plus each filterable field by name. */
export function listQueryOf(descriptor: ResourceDescriptor) {
  const shape: Record<string, z.ZodType> = {
    id: filterValue.describe('Record ids, comma-separated or repeated'),
  };
  for (const field of descriptor.fields) {
    if (!field.filterable) continue;
    if (DATE_TYPES.has(field.type)) {
      shape[`${field.name}From`] = dateValue;
      shape[`${field.name}To`] = dateValue;
    } else {
      shape[field.name] = filterValue;
    }
  }
  return listQuerySchema.extend(shape);
}

export type ListQueryValues = z.infer<ReturnType<typeof listQueryOf>>;

function values(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** The user's text with the LIKE pattern characters taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%term%` for ILIKE, with the pattern characters of the user's text taken literally. */
export function containsPattern(text: string): string {
  return `%${literal(text)}%`;
}

/**
 * The order of a search's matches by how well they match, for a list asked without a sort (a reference
 * dropdown): the code equal to the text, then the label (in either language) equal to it, then the code
 * starting with it, then the label; the rest after. The descriptor's `searchRank` adds codes (ranked as the
 * code) and names (ranked as the label). Typing "EUR" then shows the euro first, not the
 * currencies whose English names merely contain "eur". `undefined` without a search or with a sort asked.
 */
export function searchRank(
  descriptor: ResourceDescriptor,
  table: PgTable,
  query: Record<string, unknown>,
): SQL | undefined {
  const search = typeof query.search === 'string' ? query.search.trim() : '';
  if (!search || (typeof query.sort === 'string' && query.sort !== '')) return undefined;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const texts = (names: string[]) =>
    [...new Set(names)].flatMap((name) => (columns[name] ? [sql`lower(${columns[name]}::text)`] : []));
  const codes = texts(['code', ...(descriptor.searchRank?.codes ?? [])]);
  const labels = texts(
    [descriptor.labelField, `${descriptor.labelField}En`].filter((name) => name !== 'code'),
  );
  // Other names, one a line: each line is compared as a label is, the text framed by line breaks.
  const aliases = texts([...(descriptor.searchRank?.aliases ?? [])]).map(
    (column) => sql`(E'\n' || ${column} || E'\n')`,
  );
  const equal = (of: SQL[]) => of.map((column) => sql`${column} = lower(${search})`);
  const prefix = (of: SQL[]) => of.map((column) => sql`${column} LIKE lower(${`${literal(search)}%`})`);
  const line = (of: SQL[], pattern: string) =>
    of.map((column) => sql`${column} LIKE lower(${`%\n${literal(search)}${pattern}`})`);
  const ranks = [
    equal(codes),
    [...equal(labels), ...line(aliases, '\n%')],
    prefix(codes),
    [...prefix(labels), ...line(aliases, '%')],
  ];
  const cases = ranks.flatMap((conditions, rank) => {
    const condition = or(...conditions);
    return condition ? [sql`WHEN ${condition} THEN ${sql.raw(String(rank))}`] : [];
  });
  return cases.length
    ? sql`CASE ${sql.join(cases, sql` `)} ELSE ${sql.raw(String(ranks.length))} END`
    : undefined;
}

function columnOf(table: PgTable, field: string): PgColumn {
  const column = (getTableColumns(table) as Record<string, PgColumn>)[field];
  if (!column) throw new Error(`Resource field "${field}" has no column in table`);
  return column;
}

function parseEquality(field: FieldDescriptor, raw: string[], errors: ErrorCollector): unknown[] {
  const out: unknown[] = [];
  for (const value of raw) {
    if (field.type === 'boolean') {
      if (['true', '1'].includes(value)) out.push(true);
      else if (['false', '0'].includes(value)) out.push(false);
      else errors.add([field.name], MESSAGES.choice);
    } else if (field.type === 'reference') {
      if (RECORD_ID.test(value)) out.push(Number(value));
      else errors.add([field.name], MESSAGES.type);
    } else if (field.type === 'integer') {
      if (/^-?\d{1,10}$/.test(value)) out.push(Number(value));
      else errors.add([field.name], MESSAGES.type);
    } else if (field.type === 'number' || field.type === 'money') {
      if (/^-?\d+(\.\d+)?$/.test(value)) out.push(value);
      else errors.add([field.name], MESSAGES.type);
    } else if (field.type === 'enum' && field.options && !field.options.includes(value)) {
      errors.add([field.name], MESSAGES.choice);
    } else {
      out.push(value);
    }
  }
  return out;
}

/** Filters on computed values by name: the condition for the values asked (none asked: an empty list), in the call's context. */
export type ListFilters = Record<string, (values: string[], ctx: CallContext) => SQL | undefined>;

/** WHERE of a list: the caller's scope, the free-text search and every filter given. */
export function listWhere(
  descriptor: ResourceDescriptor,
  table: PgTable,
  query: Record<string, unknown>,
  scope: SQL | undefined,
  filters: ListFilters,
  ctx: CallContext,
): SQL | undefined {
  const errors = new ErrorCollector();
  const conditions: (SQL | undefined)[] = [scope];

  const ids = values(query.id);
  if (ids.length) {
    if (ids.every((v) => RECORD_ID.test(v))) {
      conditions.push(inArray(columnOf(table, 'id'), ids.map(Number)));
    } else errors.add(['id'], MESSAGES.type);
  }

  const search = typeof query.search === 'string' ? query.search.trim() : '';
  if (search) {
    const pattern = containsPattern(search);
    const searchText = (getTableColumns(table) as Record<string, PgColumn>).searchText;
    if (searchText) {
      // The stored text was lower-cased by the database; the pattern is lower-cased by the same function.
      conditions.push(sql`${searchText} LIKE lower(${pattern})`);
    } else {
      const searchable = descriptor.fields.filter((f) => f.searchable);
      conditions.push(
        or(
          ...searchable.map((f) => {
            const column = columnOf(table, f.name);
            return TEXT_TYPES.has(f.type) ? ilike(column, pattern) : sql`${column}::text ILIKE ${pattern}`;
          }),
        ) ?? sql`false`,
      );
    }
  }

  for (const field of descriptor.fields) {
    if (!field.filterable) continue;
    const computed = filters[field.name];
    if (computed) {
      conditions.push(computed(values(query[field.name]), ctx));
      continue;
    }
    const column = columnOf(table, field.name);
    if (DATE_TYPES.has(field.type)) {
      const from = query[`${field.name}From`];
      const to = query[`${field.name}To`];
      const dateOnly = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
      if (typeof from === 'string') {
        conditions.push(
          field.type === 'date' ? sql`${column} >= ${from}::date` : sql`${column} >= ${from}::timestamptz`,
        );
      }
      if (typeof to === 'string') {
        // A date-only upper bound of a timestamp includes that whole day.
        conditions.push(
          field.type === 'date'
            ? sql`${column} <= ${to}::date`
            : dateOnly(to)
              ? sql`${column} < (${to}::date + 1)`
              : sql`${column} <= ${to}::timestamptz`,
        );
      }
      continue;
    }
    const raw = values(query[field.name]);
    if (!raw.length) continue;
    if (TEXT_TYPES.has(field.type)) {
      conditions.push(or(...raw.map((v) => ilike(column, containsPattern(v)))));
    } else if (ARRAY_TYPES.has(field.type)) {
      const typed =
        field.type === 'references' ? parseEquality({ ...field, type: 'reference' }, raw, errors) : raw;
      const cast = field.type === 'tags' || field.type === 'roles' ? sql`::text[]` : sql`::integer[]`;
      const items = sql.join(
        typed.map((v) => sql`${v}`),
        sql`, `,
      );
      conditions.push(sql`${column} && ARRAY[${items}]${cast}`);
    } else if (EQUALITY_TYPES.has(field.type)) {
      const parsed = parseEquality(field, raw, errors);
      if (parsed.length) conditions.push(inArray(column, parsed));
    } else {
      conditions.push(inArray(column, raw));
    }
  }
  errors.throwIfAny();
  return and(...conditions);
}

/**
 * ORDER BY of a list: only sortable fields (else 400 under `sort`), the id breaking ties; with the keyset that
 * reads a page from a row of it, when the sort has one.
 */
export function listOrder(
  descriptor: ResourceDescriptor,
  table: PgTable,
  query: Record<string, unknown>,
): { order: SQL[]; keyset: Keyset | null } {
  const sort = typeof query.sort === 'string' && query.sort !== '' ? query.sort : undefined;
  const sortField = sort ?? descriptor.defaultSort.field;
  const allowed = sortField === 'id' || descriptor.fields.some((f) => f.name === sortField && f.sortable);
  if (!allowed) throw fieldError(['sort'], RESOURCE_MESSAGES.notSortable);
  const order =
    query.order === 'asc' || query.order === 'desc'
      ? query.order
      : sort
        ? 'asc'
        : descriptor.defaultSort.order;
  let orders = listOrders.get(table);
  if (!orders) {
    orders = new Map();
    listOrders.set(table, orders);
  }
  const key = `${sortField}\u0000${order}`;
  let found = orders.get(key);
  if (!found) {
    const direction = order === 'desc' ? desc : asc;
    const column = columnOf(table, sortField);
    const id = columnOf(table, 'id');
    const terms = sortField === 'id' ? [direction(id)] : [direction(column), direction(id)];
    found = { order: terms.map(prerendered), keyset: keysetOf(sortField, order, column, id) };
    orders.set(key, found);
  }
  return { order: [...found.order], keyset: found.keyset };
}

/**
 * A list's ORDER BY terms and keyset by table, sort field and direction: made and rendered once (a few
 * dozen per table), the same objects for every request, so the keyset's own memos (`sortKeyOf`) hold too.
 */
const listOrders = new WeakMap<PgTable, Map<string, { order: SQL[]; keyset: Keyset | null }>>();

export { columnOf };

/** A filtered list counts its matches up to this many; past it, the total says "at least". */
export const COUNT_CAP = 1000;
/** An unfiltered list of a table at least this large shows the planner's estimate instead of counting. */
export const ESTIMATE_FROM_ROWS = 50_000;
/** A walk of the sort index over a table this small costs little whatever the planner picks. */
const SMALL_TABLE_ROWS = 20_000;
const ESTIMATE_TTL_MS = 60_000;
/** Searches whose estimate is kept per database; past it the oldest goes. */
const SEARCH_ESTIMATES_KEPT = 500;
type Estimates = WeakMap<object, Map<string, { rows: number; at: number }>>;
/** Per database (its driver's client: the pool, PGlite), so that two databases in one process never mix. */
const rowEstimates: Estimates = new WeakMap();
const searchEstimates: Estimates = new WeakMap();

/** An estimate kept a minute per database under `key`, read by `read` when missing or older. */
async function keptEstimate(
  kept: Estimates,
  tx: Tx,
  key: string,
  read: () => Promise<number>,
  limit = Number.POSITIVE_INFINITY,
): Promise<number> {
  const database = (tx as unknown as { _: { session: { client?: object } } })._.session.client ?? tx;
  let estimates = kept.get(database);
  if (!estimates) {
    estimates = new Map();
    kept.set(database, estimates);
  }
  const cached = estimates.get(key);
  if (cached && Date.now() - cached.at < ESTIMATE_TTL_MS) return cached.rows;
  const rows = await read();
  estimates.delete(key);
  if (estimates.size >= limit) estimates.delete(estimates.keys().next().value as string);
  estimates.set(key, { rows, at: Date.now() });
  return rows;
}

/** The planner's own estimate of a table's rows (kept by ANALYZE and autovacuum), cached a minute. */
export function estimatedRows(tx: Tx, table: string): Promise<number> {
  return keptEstimate(rowEstimates, tx, table, async () => {
    const [row] = await rowsOf<{ rows: number | string }>(
      tx,
      sql`SELECT reltuples AS rows FROM pg_class WHERE oid = to_regclass(${table})`,
    );
    return Math.max(0, Number(row?.rows ?? 0));
  });
}

export interface Counted {
  total: number;
  kind: TotalKind;
}

/**
 * How many rows a list has, never by reading a large table through: an unfiltered large table answers the
 * planner's estimate, a filtered list counts up to `COUNT_CAP` (an index range or a bitmap that stops there),
 * and the exact count only when asked (`exact`: "show the exact number", exports).
 */
export async function countRows(
  tx: Tx,
  table: PgTable,
  where: SQL | undefined,
  { exact = false, cap = COUNT_CAP, estimateFrom = ESTIMATE_FROM_ROWS } = {},
): Promise<Counted> {
  if (!exact && !where) {
    const estimate = await estimatedRows(tx, getTableName(table));
    if (estimate >= estimateFrom) return { total: Math.round(estimate), kind: 'estimate' };
  }
  if (exact || !where) {
    const [row] = await rowsOf<{ n: number }>(tx, countSql(table, where));
    return { total: row?.n ?? 0, kind: 'exact' };
  }
  const [row] = await rowsOf<{ n: number }>(tx, countSql(table, where, cap + 1));
  const n = row?.n ?? 0;
  return n > cap ? { total: cap, kind: 'atLeast' } : { total: n, kind: 'exact' };
}

/**
 * The total a page shows. A page short of full ends the list, so its total is exact whatever the count said;
 * a full page raises an estimate or a lower bound to at least the rows seen.
 */
export function totalOfPage(counted: Counted, offset: number, rows: number, itemsPerPage: number): Counted {
  if (counted.kind === 'exact') return counted;
  if (rows < itemsPerPage && (rows > 0 || offset === 0)) return { total: offset + rows, kind: 'exact' };
  if (rows === 0) return counted;
  return { total: Math.max(counted.total, offset + rows), kind: counted.kind };
}

/** Rows of its sort index a page of many matches reads before it finds them through their own indexes. */
export const WALK_BUDGET = 5_000;

/**
 * How much denser than the walk needs the matches the planner expects must be for a page to be looked for
 * along the sort index without a count: its estimate of a search is good to a few tens of per cent.
 */
const MANY_MATCHES_MARGIN = 1.5;

/**
 * The planner's estimate of the rows of `table` that `where` matches: planned, not run. Kept a minute per
 * statement (a search's estimate weighs its pattern against a histogram of a thousand texts), for the pages
 * of one search and the same search by the next user.
 */
function plannedRows(tx: Tx, table: PgTable, where: SQL): Promise<number> {
  const statement = sql`EXPLAIN (FORMAT JSON) select 1 from ${table} where ${where}`;
  const read = async () => {
    const [row] = await rowsOf<{ 'QUERY PLAN': unknown }>(tx, statement);
    const plan = row?.['QUERY PLAN'];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [
      { Plan: { 'Plan Rows': number } },
    ];
    return parsed[0].Plan['Plan Rows'];
  };
  return keptEstimate(searchEstimates, tx, statementKey(statement), read, SEARCH_ESTIMATES_KEPT);
}

/**
 * The planner's estimate of a search's matches when they are many in a large table: so many that the page
 * (its `reach`: offset and rows) lies within the first `WALK_BUDGET` rows of the sort index, so the list
 * need not count them. A search's capped count reads every match of the trigram index whatever the cap
 * (a client's name in 22,690 of 1,000,000 orders: the most a list page spends). Undefined otherwise: the
 * matches are counted.
 */
export async function manyMatches(
  tx: Tx,
  table: PgTable,
  where: SQL,
  reach: number,
  { estimateFrom = ESTIMATE_FROM_ROWS, budget = WALK_BUDGET } = {},
): Promise<number | undefined> {
  const rows = await estimatedRows(tx, getTableName(table));
  if (rows < estimateFrom || reach > budget) return undefined;
  const matches = await plannedRows(tx, table, where);
  return matches / rows >= (MANY_MATCHES_MARGIN * reach) / budget ? Math.round(matches) : undefined;
}

/** A page's reads: as the planner likes it, and off the first rows of its sort index (`walk`). */
export interface PageReads<R> {
  query: (q: Tx) => Promise<R[]>;
  /** The page among the first `budget` rows in the list's order; absent when no index gives that order. */
  walk?: (q: Tx, budget: number) => Promise<R[]>;
  /** How many rows the page wants: a walk that finds fewer ran out of its budget. */
  wanted: number;
}

/**
 * Reads a page of a filtered list knowing how many rows match. The planner guesses how rare a filter is, and
 * assumes the matches spread evenly along the sort: when either is wrong it walks the sort column's index
 * through most of a large table (a rare search; a manager's clients, sorted by name, sitting together far
 * from where the walk starts). With the (capped) count in hand:
 * - fewer matches than the cap in a large table are found through the filter's indexes and sorted;
 * - more (past the cap) are looked for along the sort index, within `WALK_BUDGET` rows of it: dense matches
 *   fill the page at once, and where they do not, they are found through their indexes and sorted;
 * - a filter most rows pass (a default such as "not merged"), or a small table, keeps the planner's choice.
 */
export async function withPlanForMatches<R>(
  tx: Tx,
  table: PgTable,
  filtered: boolean,
  counted: Counted,
  { query, walk, wanted }: PageReads<R>,
  { smallTable = SMALL_TABLE_ROWS, budget = WALK_BUDGET } = {},
): Promise<R[]> {
  if (!filtered) return query(tx);
  const rows = await estimatedRows(tx, getTableName(table));
  if (rows < smallTable) return query(tx);
  const matches = counted.total;
  if (counted.kind === 'atLeast') {
    if (!walk) return query(tx);
    const found = await walk(tx, budget);
    return found.length >= wanted ? found : throughIndexes(tx, query);
  }
  // Sorting the matches costs at most their number; a walk of the sort index costs up to the whole table
  // when the matches sit far from where the walk starts (one forwarder's orders sorted by client).
  if (counted.kind !== 'exact' || matches > COUNT_CAP || matches * 2 > rows) return query(tx);
  return throughIndexes(tx, query);
}

/** Runs `query` with index and sequential scans off: the filter's indexes find the rows, then they are sorted. */
function throughIndexes<R>(tx: Tx, query: (q: Tx) => Promise<R>): Promise<R> {
  return tx.transaction(async (t) => {
    // One statement for both settings. They price every plan at 10^10, far past the JIT's thresholds: the
    // app's connections have the JIT off (poolConfig).
    await t.execute(
      sql`SELECT set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', 'off', true)`,
    );
    return query(t);
  });
}

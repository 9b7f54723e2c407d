import type pg from 'pg';
import { copyRows } from '../lib/copy';

/** What a generator gets: one connection, the run's size, a seeded random source, and earlier id ranges. */
export interface GeneratorContext {
  client: pg.ClientBase;
  /** The run's data size (rows of the largest table); each generator derives its own count from it. */
  size: number;
  /** Deterministic in [0, 1): the same size always yields the same data. */
  random: () => number;
  /** Id ranges of tables filled earlier in the run, by table name. */
  ids: Map<string, IdRange>;
}

export interface IdRange {
  first: number;
  last: number;
}

/**
 * One kind of generated history. Generators run in registry order, so one may use the ids of those before
 * it (`ids`). A new area (orders with their jobs and stages, counterparties) adds one entry to GENERATORS.
 */
export interface Generator {
  name: string;
  /** Tables it fills (analysed after the run). */
  tables: readonly string[];
  /** Rows of its main table for a run of `size`. */
  rows(size: number): number;
  run(ctx: GeneratorContext): Promise<void>;
}

/** mulberry32: small, fast and good enough to spread generated values. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** The id range of `table` after a COPY into an empty table (identity ids are consecutive). */
export async function idRange(client: pg.ClientBase, table: string): Promise<IdRange> {
  const { rows } = await client.query<{ first: number; last: number }>(
    `SELECT min(id)::int AS first, max(id)::int AS last FROM ${table}`,
  );
  return { first: rows[0]!.first, last: rows[0]!.last };
}

export function randomId(random: () => number, range: IdRange): number {
  return range.first + Math.floor(random() * (range.last - range.first + 1));
}

/**
 * The ids of a dictionary's rows by code: the installation's, or `entries` when it has none (the bench's
 * fresh database has none: they are not reference data).
 */
export async function dictionary(
  client: pg.ClientBase,
  table: string,
  entries: readonly (readonly [code: string, name: string, nameEn: string])[],
): Promise<Map<string, number>> {
  const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  if (rows[0]!.n === 0)
    await copyRows(client, table, ['code', 'name', 'name_en'], entries.length, (i) => entries[i]!);
  const { rows: ids } = await client.query<{ id: number; code: string }>(`SELECT id, code FROM ${table}`);
  return new Map(ids.map((r) => [r.code, r.id]));
}

/** The id the next row of `table` gets (identity columns, filled by COPY one after another). */
export async function nextId(client: pg.ClientBase, table: string): Promise<number> {
  const { rows } = await client.query<{ next: number }>(
    `SELECT coalesce(last_value + increment_by, start_value)::int AS next
       FROM pg_sequences WHERE schemaname = 'public' AND sequencename = $1`,
    [`${table}_id_seq`],
  );
  return rows[0]!.next;
}

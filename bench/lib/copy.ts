import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** A value in COPY's text format: NULL as \N, the format's special characters escaped. */
export type CopyValue = string | number | boolean | null | readonly string[] | Record<string, unknown>;

const SPECIAL = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

export function copyText(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text =
    typeof value === 'string' ? value : Array.isArray(value) ? arrayLiteral(value) : JSON.stringify(value);
  return text.replace(SPECIAL, (c) => ESCAPES[c]!);
}

/**
 * Streams `count` rows made by `row(i)` (i from 0) into `table` with COPY FROM STDIN, in chunks, without
 * holding the whole table in memory.
 */
export async function copyRows(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  count: number,
  row: (i: number) => readonly CopyValue[],
): Promise<void> {
  function* rows(): Generator<readonly CopyValue[]> {
    for (let i = 0; i < count; i++) yield row(i);
  }
  await copyStream(client, table, columns, rows());
}

/** Streams `rows` into `table` with COPY FROM STDIN, in chunks: for rows made a group at a time. */
export async function copyStream(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly CopyValue[]>,
): Promise<void> {
  const CHUNK = 2000;
  function* lines(): Generator<string> {
    let chunk = '';
    let n = 0;
    for (const row of rows) {
      chunk += `${row.map(copyText).join('\t')}\n`;
      if (++n === CHUNK) {
        yield chunk;
        chunk = '';
        n = 0;
      }
    }
    if (chunk) yield chunk;
  }
  const sql = `COPY ${table} (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN`;
  await pipeline(Readable.from(lines()), client.query(copyFrom(sql)));
}

/**
 * Runs `load` (COPYs into empty `tables`) with their foreign keys and secondary indexes dropped, then adds
 * them back, as pg_restore does: one index build or one foreign key check over millions of rows is many
 * times faster than keeping them row by row, and the result is the same (every foreign key is validated
 * when added back). Primary keys and unique constraints stay.
 */
export async function bulkLoad(
  client: pg.ClientBase,
  tables: readonly string[],
  load: () => Promise<void>,
): Promise<void> {
  const { rows: keys } = await client.query<{ table: string; name: string; definition: string }>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text = ANY($1)`,
    [tables],
  );
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  );
  for (const key of keys) await client.query(`ALTER TABLE ${key.table} DROP CONSTRAINT "${key.name}"`);
  for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
  await load();
  await client.query(`SET maintenance_work_mem = '512MB'`);
  for (const index of indexes) await client.query(index.definition);
  await client.query('RESET maintenance_work_mem');
  for (const key of keys) {
    await client.query(`ALTER TABLE ${key.table} ADD CONSTRAINT "${key.name}" ${key.definition}`);
  }
}

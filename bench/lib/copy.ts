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
  const CHUNK = 2000;
  function* lines(): Generator<string> {
    for (let start = 0; start < count; start += CHUNK) {
      let chunk = '';
      const end = Math.min(count, start + CHUNK);
      for (let i = start; i < end; i++) chunk += `${row(i).map(copyText).join('\t')}\n`;
      yield chunk;
    }
  }
  const sql = `COPY ${table} (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN`;
  await pipeline(Readable.from(lines()), client.query(copyFrom(sql)));
}

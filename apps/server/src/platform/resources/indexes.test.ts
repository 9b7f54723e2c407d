import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { fileTestApp } from '../../test/harness';
import { SEARCH_TEXT_STATISTICS } from './indexes';

describe('search text columns', () => {
  const ctx = fileTestApp();

  it('keep a histogram fine enough to estimate a search, on every table that has one', async () => {
    const columns = await rowsOf<{ table: string; target: number | null }>(
      ctx().database.db,
      sql`SELECT c.relname AS "table", a.attstattarget AS target
          FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
          WHERE a.attname = 'search_text' AND NOT a.attisdropped AND c.relkind = 'r'
            AND c.relnamespace = current_schema()::regnamespace`,
    );
    expect(columns.length).toBeGreaterThan(40);
    // A table added later sets the target in its own migration.
    expect(columns.filter((c) => c.target !== SEARCH_TEXT_STATISTICS).map((c) => c.table)).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness';
import { type Database, readAll, readEach, rowsOf, type Tx } from './connection';

describe('readAll', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** Two reads that note when each starts and ends; the first waits on the database. */
  const reads = (tx: Tx, steps: string[]) =>
    [
      async () => {
        steps.push('first starts');
        const [row] = await rowsOf<{ one: number }>(tx, sql`SELECT 1 AS one`);
        steps.push('first ends');
        return row!.one;
      },
      async () => {
        steps.push('second starts');
        return 'two';
      },
    ] as const;

  it('starts the reads together outside a transaction', async () => {
    const steps: string[] = [];
    expect(await readAll(database.db, reads(database.db, steps))).toEqual([1, 'two']);
    expect(steps).toEqual(['first starts', 'second starts', 'first ends']);
  });

  it('runs them one after another inside a transaction, whose one connection runs one statement at a time', async () => {
    const steps: string[] = [];
    const results = await database.db.transaction((tx) => readAll(tx, reads(tx, steps)));
    expect(results).toEqual([1, 'two']);
    expect(steps).toEqual(['first starts', 'first ends', 'second starts']);
    const each = await database.db.transaction((tx) =>
      readEach(tx, [1, 2, 3], async (n) => (await rowsOf(tx, sql`SELECT ${n}::int * 2 AS v`))[0]),
    );
    expect(each).toEqual([{ v: 2 }, { v: 4 }, { v: 6 }]);
  });
});

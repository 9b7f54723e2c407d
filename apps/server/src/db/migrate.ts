import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './connection';

/** apps/server/drizzle, seen from the source (src/db) or from the bundle (dist). */
export const MIGRATIONS_DIR =
  ['../drizzle', '../../drizzle']
    .map((p) => path.resolve(import.meta.dirname, p))
    .find((dir) => existsSync(path.join(dir, 'meta', '_journal.json'))) ??
  path.resolve('apps/server/drizzle');
/** Any constant both instances agree on; it only has to differ from the scheduler's lock keys. */
const MIGRATION_LOCK_KEY = 727_001;

/** Applies the SQL migrations not yet applied, under an advisory lock so parallel starts queue up. */
export async function migrate(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  await database.withSession(async (db) => {
    await db.execute(sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      if (database.kind === 'pg') await migratePg(db as never, { migrationsFolder });
      else await migratePglite(db as never, { migrationsFolder });
    } finally {
      await db.execute(sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  });
}

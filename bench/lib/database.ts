import pg from 'pg';
import { type Database, pgDatabase } from '../../apps/server/src/db/connection';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedReferenceData } from '../../apps/server/src/db/seed/reference';

/** The database the bench owns on that server; CI names its own so that it never meets a bench in progress. */
export const BENCH_DATABASE = process.env.BENCH_DATABASE_NAME || 'tms_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DATABASE)) {
  throw new Error(`BENCH_DATABASE_NAME must be a plain lower-case name, got "${BENCH_DATABASE}"`);
}

/** `url` with its database replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${new URL(url).host} (${(error as Error).message}); set BENCH_DATABASE_URL`,
    );
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function serverVersion(url: string): Promise<string> {
  return onServer(
    url,
    async (c) => (await c.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v,
  );
}

/** A new, empty bench database (dropped first if a previous run left one), migrated and seeded. */
export async function recreateBenchDatabase(serverUrl: string): Promise<{ url: string; database: Database }> {
  await onServer(serverUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${BENCH_DATABASE}`);
  });
  const url = databaseUrl(serverUrl, BENCH_DATABASE);
  const database = pgDatabase(url);
  await migrate(database);
  await seedReferenceData(database.db);
  return { url, database };
}

export async function dropBenchDatabase(serverUrl: string): Promise<void> {
  await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`));
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Database, pgDatabase } from '../../apps/server/src/db/connection';
import { MIGRATIONS_DIR, migrate } from '../../apps/server/src/db/migrate';
import { seedReferenceData } from '../../apps/server/src/db/seed/reference';

/** The databases the bench owns on that server; CI names its own so that it never meets a bench in progress. */
const BENCH_DATABASE = process.env.BENCH_DATABASE_NAME || 'tms_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DATABASE)) {
  throw new Error(`BENCH_DATABASE_NAME must be a plain lower-case name, got "${BENCH_DATABASE}"`);
}

/**
 * One database per size (`tms_bench_1000000`): a run over several sizes can measure a kept 1,000,000 database
 * again while it generates the small ones beside it.
 */
export function benchDatabaseName(size: number): string {
  return `${BENCH_DATABASE}_${size}`;
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
export async function recreateBenchDatabase(
  serverUrl: string,
  size: number,
  name = benchDatabaseName(size),
): Promise<{ url: string; database: Database }> {
  await onServer(serverUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  const url = databaseUrl(serverUrl, name);
  const database = pgDatabase(url);
  await migrate(database);
  await seedReferenceData(database.db);
  return { url, database };
}

export async function dropBenchDatabase(
  serverUrl: string,
  size: number,
  name = benchDatabaseName(size),
): Promise<void> {
  await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** How many migrations the app has: a kept database generated before a new one lacks its data. */
function migrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
  return (journal.entries as unknown[]).length;
}

/**
 * The generation a kept database holds, when it was generated at `size` (`--reuse-database`): measuring again at
 * 1,000,000 rows then skips the best part of an hour of generation. Migrations added since are applied to it
 * (`openBenchDatabase`): their new tables are empty, so measure new endpoints on a fresh generation.
 */
export async function keptGeneration<T>(serverUrl: string, size: number): Promise<T | undefined> {
  const name = benchDatabaseName(size);
  const exists = await onServer(
    serverUrl,
    async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1,
  );
  if (!exists) return undefined;
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, name) });
  await client.connect();
  try {
    const { rows } = await client
      .query<{ result: T }>('SELECT result FROM bench_generation WHERE size = $1', [size])
      .catch(() => ({ rows: [] as { result: T }[] }));
    return rows[0]?.result;
  } finally {
    await client.end();
  }
}

/** The kept database, with the migrations added since it was generated. */
export async function openBenchDatabase(
  serverUrl: string,
  size: number,
): Promise<{ url: string; database: Database }> {
  const url = databaseUrl(serverUrl, benchDatabaseName(size));
  const database = pgDatabase(url);
  const applied = async () =>
    onServer(url, async (c) => {
      const { rows } = await c
        .query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')
        .catch(() => ({ rows: [{ n: 0 }] }));
      return rows[0]!.n;
    });
  const before = await applied();
  await migrate(database);
  // A migration that rewrote a table leaves it without statistics and visibility map until autovacuum comes
  // by, minutes on a live server: the measurement is of the database after that, not during it.
  if ((await applied()) !== before) await onServer(url, (c) => c.query('VACUUM ANALYZE'));
  return { url, database };
}

/** Marks the generated database with its size and migrations, so that `--reuse-database` may measure on it again. */
export async function recordGeneration(url: string, size: number, result: unknown): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'CREATE TABLE IF NOT EXISTS bench_generation (size integer, migrations integer, result jsonb)',
    );
    await client.query('DELETE FROM bench_generation');
    await client.query('INSERT INTO bench_generation VALUES ($1, $2, $3)', [
      size,
      migrationCount(),
      JSON.stringify(result),
    ]);
  } finally {
    await client.end();
  }
}

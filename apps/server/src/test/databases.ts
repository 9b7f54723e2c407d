import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { type Database, openPglite, pgDatabase, pgliteDatabase } from '../db/connection';
import { migrate } from '../db/migrate';
import { seedReferenceData } from '../db/seed/reference';

/**
 * Test databases are clones of one migrated template, so a test file gets a fresh database in a fraction
 * of a second: a PGlite data-dir dump by default, `CREATE DATABASE ... TEMPLATE` on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
export interface TemplateInfo {
  kind: 'pglite' | 'pg';
  /** PGlite: the dump file; pg: the template database name. */
  ref: string;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function buildTemplate(dumpFile: string): Promise<TemplateInfo> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `tms_template_${randomBytes(4).toString('hex')}`;
    await admin(url, (c) => c.query(`CREATE DATABASE ${name}`));
    const database = pgDatabase(withDatabase(url, name), 2);
    await migrate(database);
    await seedReferenceData(database.db);
    await database.close();
    return { kind: 'pg', ref: name };
  }
  const client = await openPglite(undefined);
  const database = pgliteDatabase(client);
  await migrate(database);
  await seedReferenceData(database.db);
  const dump = await client.dumpDataDir('none');
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  return { kind: 'pglite', ref: dumpFile };
}

export async function dropTemplate(template: TemplateInfo): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (template.kind === 'pg' && url) {
    await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${template.ref} WITH (FORCE)`));
  }
}

let cachedDump: Blob | undefined;

export async function cloneTemplate(template: TemplateInfo): Promise<Database> {
  if (template.kind === 'pglite') {
    cachedDump ??= new Blob([await readFile(template.ref)]);
    const client = await PGlite.create({ loadDataDir: cachedDump, extensions: { pg_trgm } });
    return pgliteDatabase(client);
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `tms_test_${randomBytes(5).toString('hex')}`;
  await admin(url, async (c) => {
    await c.query(`CREATE DATABASE ${name} TEMPLATE ${template.ref}`);
    // A test's commits need not wait for the disk: the database is dropped after the file anyway.
    await c.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  const database = pgDatabase(withDatabase(url, name), 5);
  return {
    ...database,
    async close() {
      await database.close();
      await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** The read-only role a test reads through in place of a streaming replica: any write sent there fails. */
export const REPLICA_READER_ROLE = 'tms_replica_reader';

/**
 * PostgreSQL only: a fresh clone and, for the read replica, the URL of the same database as a role whose
 * transactions are read-only (`default_transaction_read_only`), so that a write routed to the replica fails.
 */
export async function cloneWithReadReplica(
  template: TemplateInfo,
): Promise<{ url: string; readUrl: string; drop(): Promise<void> }> {
  const { url, drop } = await clonePostgres(template);
  await admin(url, async (c) => {
    await c.query(`DO $$ BEGIN CREATE ROLE ${REPLICA_READER_ROLE} LOGIN;
      EXCEPTION WHEN duplicate_object THEN NULL; END $$`);
    await c.query(`ALTER ROLE ${REPLICA_READER_ROLE} SET default_transaction_read_only = on`);
    await c.query(`GRANT USAGE ON SCHEMA public TO ${REPLICA_READER_ROLE}`);
    await c.query(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${REPLICA_READER_ROLE}`);
  });
  const readUrl = new URL(url);
  readUrl.username = REPLICA_READER_ROLE;
  return { url, readUrl: readUrl.toString(), drop };
}

/** PostgreSQL only: a fresh clone by URL, for tests that open it more than once (several instances). */
export async function clonePostgres(template: TemplateInfo): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `tms_test_${randomBytes(5).toString('hex')}`;
  await admin(base, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template.ref}`));
  return {
    url: withDatabase(base, name),
    drop: () => admin(base, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/**
 * The database, untyped by any schema: modules pass their own tables to queries, so this type (and every
 * platform part using it) needs no module's tables. No relational queries (`db.query.*`) are used.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction or the database itself: services accept either so callers can compose writes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  kind: 'pg' | 'pglite';
  db: Db;
  /**
   * The read replica (`DATABASE_READ_URL`), when configured: lists, exports and reports read there (see
   * platform/read-routing.ts); everything else uses `db`, the primary.
   */
  reader?: Db;
  /** Runs `fn` on one dedicated connection (session-level advisory locks need one). */
  withSession<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; returns the unsubscribe. Fan-out between server instances goes through it. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

// int8 (count(*), sums of ints) as JS numbers; numeric stays a string: money is never a float.
pg.types.setTypeParser(20, (value) => Number(value));

export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    withSession: (fn) => fn(db),
    async listen(channel, onMessage) {
      const unsubscribe = await client.listen(channel, onMessage);
      return unsubscribe;
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: () => client.close(),
  };
}

export async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  return PGlite.create({ dataDir, extensions: { pg_trgm } });
}

/**
 * How the app connects to PostgreSQL (the bench's floor connects alike). The JIT is off: a list's plan that
 * merely may read a large table (a hashed subplan of a scope, a disabled scan) crosses its cost thresholds,
 * and a 1 ms query then spends 40-300 ms compiling (docs/decisions/009-no-jit.md).
 */
export function poolConfig(url: string, max: number): pg.PoolConfig {
  return { connectionString: url, max, options: '-c jit=off' };
}

function openPool(url: string, poolSize: number): pg.Pool {
  const pool = new pg.Pool(poolConfig(url, poolSize));
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  return pool;
}

export function pgDatabase(url: string, poolSize = 10, readUrl?: string): Database {
  const pool = openPool(url, poolSize);
  const readPool = readUrl ? openPool(readUrl, poolSize) : undefined;
  const db = drizzlePg({ client: pool }) as unknown as Db;
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  return {
    kind: 'pg',
    db,
    reader: readPool && (drizzlePg({ client: readPool }) as unknown as Db),
    async withSession(fn) {
      const client = await pool.connect();
      try {
        return await fn(drizzlePg({ client }) as unknown as Db);
      } finally {
        client.release();
      }
    },
    async listen(channel, onMessage) {
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        await listener.connect();
        listener.on('notification', (message) => {
          for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
        });
      }
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.query(`LISTEN "${channel.replaceAll('"', '')}"`);
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await listener?.end();
      await readPool?.end();
      await pool.end();
    },
  };
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Independent reads: started together on the pool, one after another inside a transaction, whose one
 * connection runs one statement at a time (node-postgres would queue them, a use it deprecates and pg@9 refuses).
 */
export async function readAll<const T extends readonly (() => unknown)[]>(
  tx: Tx,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!is(tx, PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}

/** `readAll` over a list: one read per item. */
export function readEach<I, R>(tx: Tx, items: readonly I[], read: (item: I) => Promise<R>): Promise<R[]> {
  return readAll(
    tx,
    items.map((item) => () => read(item)),
  ) as Promise<R[]>;
}

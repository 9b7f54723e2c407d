import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import type { Config } from '../../apps/server/src/config';
import { type Database, type Db, pgDatabase, poolConfig } from '../../apps/server/src/db/connection';

/** A statement exactly as the driver received it: text, parameters, row mode and type parsers. */
export interface Statement {
  config: pg.QueryConfig;
  values: unknown[];
}

/**
 * Statements that ran on one connection, in order: a single statement sent through the pool, or all that
 * a request ran on a connection it held (a transaction: BEGIN, SET LOCAL ..., the query, COMMIT), which
 * only mean the same when replayed on one connection.
 */
export type Unit = Statement[];

/**
 * The SQL one request runs, in the order it runs: units of one group were in flight at the same time;
 * groups ran one after another.
 */
export type QueryPlan = Unit[][];

interface Timed extends Statement {
  /** Which checkout of a pool connection ran it. */
  checkout: number;
  start: number;
  end: number;
}

type QueryCallback = (error: Error | null, result: unknown) => void;

/**
 * Records every statement of every connection of `pool` into `log()`, with the checkout it ran in: the
 * app's single statements (pool.query) and its transactions (pool.connect) alike.
 */
function recordStatements(pool: pg.Pool, log: () => Timed[]): void {
  const checkouts = new WeakMap<pg.PoolClient, number>();
  let checkout = 0;
  pool.on('acquire', (client) => checkouts.set(client, ++checkout));
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((queryConfig: pg.QueryConfig | string, values?: unknown, callback?: unknown) => {
      const [params, done] = typeof values === 'function' ? [undefined, values] : [values, callback];
      const entry: Timed = {
        config: typeof queryConfig === 'string' ? { text: queryConfig } : queryConfig,
        values: (params as unknown[] | undefined) ?? [],
        checkout: checkouts.get(client) ?? 0,
        start: performance.now(),
        end: Number.POSITIVE_INFINITY,
      };
      log().push(entry);
      const finish = () => {
        entry.end = performance.now();
      };
      if (typeof done === 'function') {
        return query(queryConfig, params, (error: Error | null, result: unknown) => {
          finish();
          (done as QueryCallback)(error, result);
        });
      }
      const result = query(queryConfig, params) as Promise<unknown>;
      result.then(finish, finish);
      return result;
    }) as typeof client.query;
  });
}

/**
 * Calls each URL once on the real app over a pool that records every statement, and returns what each
 * request ran. The app is the same build the benchmark measures, so the floor runs the very same SQL.
 */
export async function captureQueries(
  url: string,
  config: Config,
  requests: { name: string; url: string; headers: Record<string, string> }[],
): Promise<Map<string, QueryPlan>> {
  const pool = new pg.Pool(poolConfig(url, 10));
  let log: Timed[] = [];
  recordStatements(pool, () => log);
  const base = pgDatabase(url, 2);
  const database: Database = { ...base, db: drizzle({ client: pool }) as unknown as Db };
  const app = await buildApp({ config, database });
  await app.ready();
  const plans = new Map<string, QueryPlan>();
  try {
    // The measured app answers from warm caches (the signed-in session, a large table's row estimate):
    // each request is made once before the one recorded, so the floor runs what the app runs then.
    for (const request of requests) {
      await app.inject({ method: 'GET', url: request.url, headers: request.headers });
    }
    for (const request of requests) {
      log = [];
      const res = await app.inject({ method: 'GET', url: request.url, headers: request.headers });
      if (res.statusCode !== 200)
        throw new Error(`${request.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      plans.set(request.name, group(log));
    }
  } finally {
    await app.close();
    await pool.end();
    await base.close();
  }
  return plans;
}

interface TimedUnit {
  statements: Statement[];
  start: number;
  end: number;
}

/** Gathers a request's statements into units (by checkout), then the units into groups of overlapping ones. */
function group(log: Timed[]): QueryPlan {
  const byCheckout = new Map<number, TimedUnit>();
  for (const { config, values, checkout, start, end } of [...log].sort((a, b) => a.start - b.start)) {
    const unit = byCheckout.get(checkout) ?? { statements: [], start, end };
    unit.statements.push({ config, values });
    unit.end = Math.max(unit.end, end);
    byCheckout.set(checkout, unit);
  }
  const plan: QueryPlan = [];
  let current: Unit[] = [];
  let currentEnd = Number.NEGATIVE_INFINITY;
  for (const unit of [...byCheckout.values()].sort((a, b) => a.start - b.start)) {
    if (current.length && unit.start >= currentEnd) {
      plan.push(current);
      current = [];
      currentEnd = Number.NEGATIVE_INFINITY;
    }
    current.push(unit.statements);
    currentEnd = Math.max(currentEnd, unit.end);
  }
  if (current.length) plan.push(current);
  return plan;
}

/** Runs a unit as the app did: one statement through the pool, several in order on one held connection. */
async function runUnit(pool: pg.Pool, unit: Unit): Promise<pg.QueryResult[]> {
  if (unit.length === 1) return [await pool.query(unit[0]!.config, unit[0]!.values)];
  const client = await pool.connect();
  const results: pg.QueryResult[] = [];
  try {
    for (const statement of unit) results.push(await client.query(statement.config, statement.values));
  } catch (error) {
    // A connection left inside a failed transaction must not go back to the pool.
    client.release(error as Error);
    throw error;
  }
  client.release();
  return results;
}

/**
 * Runs a captured request's SQL on `pool` as the app did; answers every result that has columns (not
 * BEGIN, SET or COMMIT), so that the bare server sends every row the app read, as the app does.
 */
export async function runPlan(pool: pg.Pool, plan: QueryPlan): Promise<pg.QueryResult[]> {
  const results: pg.QueryResult[] = [];
  for (const units of plan) {
    results.push(...(await Promise.all(units.map((unit) => runUnit(pool, unit)))).flat());
  }
  return results.filter((result) => result.fields.length > 0);
}

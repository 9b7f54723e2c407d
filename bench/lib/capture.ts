import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import type { Config } from '../../apps/server/src/config';
import { type Database, type Db, pgDatabase } from '../../apps/server/src/db/connection';
import * as schema from '../../apps/server/src/db/schema';

/** A statement exactly as the driver received it: text, parameters, row mode and type parsers. */
export interface Statement {
  config: pg.QueryConfig;
  values: unknown[];
}

/**
 * The SQL one request runs, in the order it runs: statements of one group were in flight at the same time
 * (the engine runs a list's page and its count concurrently); groups ran one after another.
 */
export type QueryPlan = Statement[][];

interface Timed extends Statement {
  start: number;
  end: number;
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
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  let log: Timed[] = [];
  const query = pool.query.bind(pool) as (
    config: pg.QueryConfig,
    values?: unknown[],
  ) => Promise<pg.QueryResult>;
  pool.query = (async (queryConfig: pg.QueryConfig | string, values?: unknown[]) => {
    const config = typeof queryConfig === 'string' ? { text: queryConfig } : queryConfig;
    const entry: Timed = {
      config,
      values: values ?? [],
      start: performance.now(),
      end: Number.POSITIVE_INFINITY,
    };
    log.push(entry);
    try {
      return await query(config, values);
    } finally {
      entry.end = performance.now();
    }
  }) as typeof pool.query;
  const base = pgDatabase(url, 2);
  const database: Database = { ...base, db: drizzle({ client: pool, schema }) as unknown as Db };
  const app = await buildApp({ config, database });
  await app.ready();
  const plans = new Map<string, QueryPlan>();
  try {
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

/** Splits a request's statements into groups of overlapping ones. */
function group(log: Timed[]): QueryPlan {
  const plan: QueryPlan = [];
  let current: Timed[] = [];
  let currentEnd = Number.NEGATIVE_INFINITY;
  for (const entry of [...log].sort((a, b) => a.start - b.start)) {
    if (current.length && entry.start >= currentEnd) {
      plan.push(current.map(({ config, values }) => ({ config, values })));
      current = [];
      currentEnd = Number.NEGATIVE_INFINITY;
    }
    current.push(entry);
    currentEnd = Math.max(currentEnd, entry.end);
  }
  if (current.length) plan.push(current.map(({ config, values }) => ({ config, values })));
  return plan;
}

/** Runs a captured request's SQL on `pool` as the app did; answers the results of the last group. */
export async function runPlan(pool: pg.Pool, plan: QueryPlan): Promise<pg.QueryResult[]> {
  let results: pg.QueryResult[] = [];
  for (const statements of plan) {
    results = await Promise.all(statements.map((s) => pool.query(s.config, s.values)));
  }
  return results;
}

import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { poolConfig } from '../../apps/server/src/db/connection';
import { type QueryPlan, runPlan } from './capture';

/**
 * A Fastify instance with nothing but one GET route per endpoint (`/bare/<name>`) running that endpoint's
 * captured SQL on `pool` and answering the rows as JSON.
 */
export function bareApp(pool: pg.Pool, plans: Map<string, QueryPlan>): FastifyInstance {
  const app = Fastify({ logger: false });
  for (const [name, plan] of plans) {
    app.get(`/bare/${name}`, async () => {
      const results = await runPlan(pool, plan);
      return { data: results.map((r) => r.rows) };
    });
  }
  return app;
}

/**
 * The bare server on its own pool (as large as the app's) and an ephemeral port: what the framework and HTTP
 * cost before any of the app's own work (authentication hook, validation, permission checks, mapping).
 */
export async function startBareServer(
  url: string,
  plans: Map<string, QueryPlan>,
): Promise<{ app: FastifyInstance; pool: pg.Pool; base: string }> {
  const pool = new pg.Pool(poolConfig(url, 10));
  const app = bareApp(pool, plans);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, pool, base: address };
}

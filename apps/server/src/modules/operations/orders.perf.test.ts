import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn } from '../../test/users';
import { setUpOperations } from './test-fixtures';

const ROWS = 1_000_000;
const CLIENTS = 2_000;
/** Jobs: one per 17th order; a job forwarder's typical share is one job in 7. */
const JOB_EVERY = 17;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * Spec: the order list opens in under a second with 1,000,000 orders. The answer's share of that second,
 * measured on a machine shared with other test workers (typically 5-250 ms; the own scope with the stage
 * filters up to ~550 ms).
 */
const BUDGET_MS = 750;

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.95) - 1]!;
}

// The embedded PGlite is a single-threaded WASM build meant for small installations; the budget is the
// production database's.
describe.skipIf(!onPostgres)('order list on PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  const ops = setUpOperations();
  let chief: SignedIn;
  let forwarder: SignedIn;
  let manager: SignedIn;

  beforeAll(async () => {
    chief = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_ALL']);
    forwarder = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_OWN', 'ROLE_ORDER_EDIT_OWN']);
    manager = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_RELATED', 'ROLE_ORDER_EDIT_RELATED']);
    const db = ops.db;
    await db.execute(sql`
      INSERT INTO counterparties (name, client, country_id)
      SELECT (ARRAY['ООО', 'АО', 'ИП', 'LLC', 'GmbH'])[1 + i % 5] || ' «' ||
               (ARRAY['Транс', 'Логистик', 'Карго', 'Сибирь', 'Волга', 'Урал', 'Балтик', 'Экспресс', 'Авто',
                      'Терминал', 'Форвард', 'Север', 'Восток', 'Глобал', 'Альфа', 'Вектор'])[1 + i % 16] ||
               ' ' || i || '»',
             true, ${ops.world.ru}
      FROM generate_series(1, ${CLIENTS}) AS i`);
    // Selectors use distinct prime moduli so that every combination the queries ask for exists. A forwarder
    // of one order in 53: the own scope of a typical user.
    await db.execute(sql`
      INSERT INTO orders (client_id, client_name, product_id, service_office_id, forwarder_id, curator_ids,
        transport_type, route, dispatch_date, delivery_date, dispatch_country_id, delivery_country_id, cargo,
        cargo_description, finance_control_status, archived, updated_at)
      SELECT c.id, c.name, ${ops.world.productId}::int,
             CASE WHEN i % 2 = 0 THEN ${ops.world.mow}::int ELSE ${ops.world.msq}::int END,
             CASE WHEN i % 53 = 0 THEN ${forwarder.user.id}::int END,
             ARRAY[]::integer[],
             (ARRAY['auto', 'rail', 'air', 'sea'])[1 + (i % 7) % 4],
             '[]'::jsonb,
             DATE '2020-01-01' + (i % 2000), DATE '2020-01-05' + (i % 2000), ${ops.world.ru}::int, ${ops.world.de}::int,
             '{"unitSystem":"metric"}'::jsonb,
             (ARRAY['Станки', 'Мебель', 'Текстиль', 'Электроника', 'Продукты питания', 'Запчасти',
                    'Стройматериалы', 'Химия', 'Одежда', 'Игрушки'])[1 + (i % 11) % 10] || ' партия ' || (i % 9973),
             (ARRAY['NOT_READY', 'NOT_READY', 'READY', 'ACCEPTED', 'REJECTED'])[1 + i % 5],
             i % 3 = 0,
             now() - (i || ' minutes')::interval
      FROM generate_series(1, ${ROWS}::int) AS i
      JOIN counterparties c ON c.id = (SELECT min(id) FROM counterparties) + (i % ${CLIENTS}::int)`);
    await db.execute(sql`
      INSERT INTO stages (operation_type, operation_id, stage_type_id, name, pcc_name, pcc_visible, ops_name,
        ops_visible, expected_date, closed)
      SELECT 'order', o.id, ${await ops.world.stageType('PERF')}::int, 'Доставка', 'Доставка', true, 'Доставка', true,
             CURRENT_DATE + (o.id % 61) - 30, o.id % 4 = 0
      FROM orders o WHERE o.id % 13 = 0`);
    await db.execute(sql`
      UPDATE orders SET open_stage_dates = ARRAY[CURRENT_DATE + (id % 61) - 30]
      WHERE id % 13 = 0 AND id % 4 <> 0`);
    // The related scope: the manager curates or manages one client in 100 and forwards one job in 7.
    await db.execute(sql`
      UPDATE counterparties SET curator_ids = CASE WHEN id % 200 = 0 THEN ARRAY[${manager.user.id}::int] ELSE '{}' END,
        manager_ids = CASE WHEN id % 200 = 100 THEN ARRAY[${manager.user.id}::int] ELSE '{}' END`);
    await db.execute(sql`
      INSERT INTO jobs (job_type_id, order_ids, client_ids, forwarder_id, service_office_id)
      SELECT ${ops.world.jobTypeId}::int, ARRAY[o.id], ARRAY[o.client_id],
             CASE WHEN o.id % 7 = 0 THEN ${manager.user.id}::int END, o.service_office_id
      FROM orders o WHERE o.id % ${JOB_EVERY}::int = 0`);
    await db.execute(sql`INSERT INTO job_orders (job_id, order_id) SELECT id, order_ids[1] FROM jobs`);
    await db.execute(sql`
      UPDATE orders o SET job_forwarder_ids = ARRAY[j.forwarder_id]
      FROM jobs j WHERE o.id = j.order_ids[1] AND j.forwarder_id IS NOT NULL`);
    await db.execute(sql`VACUUM ANALYZE counterparties`);
    await db.execute(sql`VACUUM ANALYZE jobs`);
    await db.execute(sql`VACUUM ANALYZE orders`);
    await db.execute(sql`VACUUM ANALYZE stages`);
  }, 900_000);

  /** Asks `who` for each of `queries` a few times over; the 95th percentile of the timings must fit the budget. */
  async function expectWithinBudget(who: SignedIn, queries: string[]): Promise<void> {
    const url = (q: string) => `/api/tms/orders?itemsPerPage=50&${encodeURI(q)}`;
    for (const q of queries) await ops.ctx.app.inject({ method: 'GET', url: url(q), headers: who.headers });
    // Each sample is the best of three back-to-back calls: a call merely descheduled on a shared machine says
    // nothing about the query, while a slow plan is slow every time.
    const samples: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (const q of queries) {
        let best = Number.POSITIVE_INFINITY;
        for (let attempt = 0; attempt < 3; attempt++) {
          const started = performance.now();
          const res = await ops.ctx.app.inject({ method: 'GET', url: url(q), headers: who.headers });
          best = Math.min(best, performance.now() - started);
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().data.total, q).toBeGreaterThan(0);
        }
        samples.push(best);
      }
    }
    expect(p95(samples), `samples (ms): ${samples.map((v) => v.toFixed(1)).join(' ')}`).toBeLessThan(
      BUDGET_MS,
    );
  }

  /** What a user with a scope asks for: the related and the own scope alike. */
  const SCOPED_QUERIES = [
    'archived=false&sort=number&order=desc',
    'search=Мебель&sort=updatedAt&order=desc',
    'financeControlStatus=NOT_READY,REJECTED&sort=number&order=desc',
    'stageDue=overdue&sort=number&order=desc',
    'sort=clientName&order=asc',
  ];

  it(`answers search + sort + filter pages of ${ROWS.toLocaleString('en')} orders within the budget`, () =>
    expectWithinBudget(chief, [
      'archived=false&sort=number&order=desc',
      'search=Вектор&archived=false&sort=number&order=desc',
      'search=000777&sort=number&order=desc',
      'search=электроника партия 12&sort=clientName&order=asc',
      'financeControlStatus=READY&archived=false&sort=dispatchDate&order=desc',
      `transportType=rail&serviceOfficeId=${ops.world.mow}&sort=updatedAt&order=desc`,
      'stageDue=today&archived=false&sort=number&order=desc',
      'stageDue=overdue&archived=false&sort=number&order=desc',
      'dispatchDateFrom=2021-01-01&dispatchDateTo=2021-03-31&sort=dispatchDate&order=asc',
    ]));

  it('answers a manager with the related scope within the budget', () =>
    expectWithinBudget(manager, SCOPED_QUERIES));

  it('answers a forwarder with the own scope within the budget', () =>
    expectWithinBudget(forwarder, SCOPED_QUERIES));
});

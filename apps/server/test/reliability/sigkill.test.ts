import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgDatabase } from '../../src/db/connection';
import { openSession } from '../../src/platform/auth/sessions';
import { createUser } from '../../src/test/users';
import {
  type FreshDatabase,
  freePort,
  freshDatabase,
  SECRET_KEY,
  type ServerProcess,
  startServerProcess,
  until,
} from './postgres';

const WRITES = 100;
const PATH = '/api/settings/service-offices';
/** Advisory lock the held creates wait on, between writing their record and their change-log entry. */
const HOLD_LOCK = 727_999;
const HOLD_MARK = '[hold]';

interface Sent {
  name: string;
  code: string;
  address: string;
  ipAddresses: string[];
}

/** Every other create is held: it stops mid-transaction until the test lets it go (it never does). */
const held = (i: number) => i % 2 === 1;

const body = (i: number): Sent => ({
  name: `Офис SIGKILL ${i}${held(i) ? ` ${HOLD_MARK}` : ''}`,
  code: `K${String(i).padStart(3, '0')}`,
  address: `Казань, ул. Портовая, д. ${i}`,
  ipAddresses: [`10.${i}.0.0/16`],
});

/**
 * The server process is killed with SIGKILL while 100 creates are in flight. A create writes the record and
 * its change-log entry in one transaction. To have writes caught between the two for certain (not by luck
 * of timing), the test database gets a trigger that makes change-log inserts of records marked "[hold]"
 * (every other create) wait on an advisory lock the test holds: those stop after inserting their record
 * and before committing, the others complete, and the server is killed once the held ones fill its pool.
 * After a restart every create answered 2xx must be there with every field it was answered with, and no
 * record may exist without its change-log entry, nor an entry without its record.
 */
describe('SIGKILL during 100 concurrent creates', () => {
  let fresh: FreshDatabase;
  let server: ServerProcess | undefined;
  let token: string;
  let locker: pg.Client | undefined;

  beforeAll(async () => {
    fresh = await freshDatabase('sigkill');
    const database = pgDatabase(fresh.url, 2);
    try {
      const user = await createUser(database, { roles: ['ROLE_SETTINGS_SERVICE_OFFICES'] });
      ({ token } = await openSession(
        database.db,
        { secretKey: SECRET_KEY, tokenTtl: 3600 },
        { userId: user.id, ip: '127.0.0.1', userAgent: 'reliability' },
        new Date(),
      ));
    } finally {
      await database.close();
    }
    locker = new pg.Client({ connectionString: fresh.url });
    locker.on('error', () => undefined);
    await locker.connect();
    await locker.query(`
      CREATE FUNCTION reliability_hold() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.changes::text LIKE '%${HOLD_MARK}%' THEN PERFORM pg_advisory_xact_lock_shared(${HOLD_LOCK}); END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER reliability_hold BEFORE INSERT ON change_log
        FOR EACH ROW EXECUTE FUNCTION reliability_hold();`);
  });
  afterAll(async () => {
    await server?.kill();
    await locker?.end().catch(() => undefined);
    await fresh?.drop();
  });

  it('keeps every answered create whole and leaves nothing half-written', async () => {
    const db = locker!;
    const port = await freePort();
    server = await startServerProcess(fresh.url, port);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await db.query('SELECT pg_advisory_lock($1)', [HOLD_LOCK]);

    const answered = new Map<number, { status: number; data?: Record<string, unknown> }>();
    let failedInFlight = 0;
    const requests = Array.from({ length: WRITES }, (_, i) =>
      fetch(`${server!.base}${PATH}`, { method: 'POST', headers, body: JSON.stringify(body(i)) })
        .then(async (res) => {
          answered.set(i, {
            status: res.status,
            data: res.ok ? ((await res.json()) as { data: Record<string, unknown> }).data : undefined,
          });
        })
        .catch(() => {
          failedInFlight++;
        }),
    );

    // Once the held creates occupy the server's whole pool nothing moves any more: that is the moment.
    const heldNow = async () => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
      );
      return rows[0]!.n;
    };
    let stable = 0;
    let last = '';
    await until('the held creates to fill the server’s pool', async () => {
      const state = `${await heldNow()}/${answered.size}`;
      stable = state === last && !state.startsWith('0/') ? stable + 1 : 0;
      last = state;
      return stable >= 10;
    });
    const blocked = Number(last.split('/')[0]);
    await server.kill();
    await Promise.all(requests);
    // Letting the orphaned transactions go on, they run into their closed connections and roll back.
    await db.query('SELECT pg_advisory_unlock($1)', [HOLD_LOCK]);
    await until('the killed server’s connections to end', async () => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      return rows[0]!.n === 0;
    });

    const ok = [...answered].filter(([, a]) => a.status === 201);
    expect(ok.length).toBeGreaterThan(0);
    expect(ok.every(([i]) => !held(i))).toBe(true);
    expect(blocked).toBeGreaterThan(0);
    expect(failedInFlight).toBeGreaterThanOrEqual(blocked);
    expect(ok.length + failedInFlight).toBe(WRITES);

    server = await startServerProcess(fresh.url, port);
    const list = await fetch(`${server.base}${PATH}?itemsPerPage=1000&search=SIGKILL`, { headers });
    expect(list.status).toBe(200);
    const { collection, total } = (
      (await list.json()) as { data: { collection: Record<string, unknown>[]; total: number } }
    ).data;
    const byName = new Map(collection.map((row) => [row.name as string, row]));

    // Every create answered 2xx is there exactly as it was answered.
    for (const [i, answer] of ok) expect(byName.get(body(i).name)).toEqual(answer.data);
    // Nothing caught mid-transaction (a held create) was kept, and what was kept is whole. A create may have
    // committed with its answer lost to the kill (a loaded machine leaves that moment open): it is kept whole.
    expect(total).toBe(collection.length);
    expect(total).toBeGreaterThanOrEqual(ok.length);
    for (const row of collection) {
      const i = Number(/SIGKILL (\d+)/.exec(String(row.name))![1]);
      expect(held(i)).toBe(false);
      expect(row).toMatchObject({ ...body(i), version: 1, enabled: true });
    }

    const { rows: orphans } = await db.query<{ kind: string; id: number }>(
      `SELECT 'record without its change-log entry' AS kind, o.id FROM service_offices o
        WHERE NOT EXISTS (SELECT 1 FROM change_log c
          WHERE c.entity_type = 'service_office' AND c.entity_id = o.id AND c.action = 'create')
       UNION ALL
       SELECT 'change-log entry without its record', c.entity_id FROM change_log c
        WHERE c.entity_type = 'service_office' AND NOT EXISTS (SELECT 1 FROM service_offices o WHERE o.id = c.entity_id)`,
    );
    expect(orphans).toEqual([]);

    // The restarted server takes writes again.
    const again = await fetch(`${server.base}${PATH}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body(WRITES)),
    });
    expect(again.status).toBe(201);
    await server.stop();
    server = undefined;
  });
});

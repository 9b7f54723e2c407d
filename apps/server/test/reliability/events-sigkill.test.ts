import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgDatabase } from '../../src/db/connection';
import { systemPrincipal } from '../../src/platform/auth/context';
import { recordChanges } from '../../src/platform/changelog/service';
import {
  type FreshDatabase,
  freePort,
  freshDatabase,
  type ServerProcess,
  startServerProcess,
  until,
} from './postgres';

const EVENTS = 10;
/** The record whose event's effect waits. */
const HELD = 6;
/** Advisory lock the held effect waits on, mid-batch, until the server is killed. */
const HOLD_LOCK = 727_998;

/**
 * The server process is killed with SIGKILL while its dispatcher is in the middle of a batch: the handler
 * has sent some of the batch's events out of the database (a mail) and recorded part of their effects in
 * the delivery's transaction. To catch it there for certain, the test database makes the effect of the
 * sixth event wait on an advisory lock the test holds until it has killed the server. A restarted server delivers the batch again and
 * the rest: every effect is in the database once, and only the batch in flight was sent twice.
 */
describe('SIGKILL in the middle of a delivery of domain events', () => {
  let fresh: FreshDatabase;
  let server: ServerProcess | undefined;
  let db: pg.Client;
  let dir: string;

  beforeAll(async () => {
    fresh = await freshDatabase('events');
    dir = mkdtempSync(path.join(tmpdir(), 'tms-events-'));
    db = new pg.Client({ connectionString: fresh.url });
    db.on('error', () => undefined);
    await db.connect();
    await db.query(`
      CREATE TABLE reliability_effects (event_id bigint NOT NULL);
      CREATE FUNCTION reliability_hold() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM domain_events e WHERE e.id = NEW.event_id AND e.entity_id = ${HELD}) THEN
          PERFORM pg_advisory_xact_lock_shared(${HOLD_LOCK});
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER reliability_hold BEFORE INSERT ON reliability_effects
        FOR EACH ROW EXECUTE FUNCTION reliability_hold();`);
  });
  afterAll(async () => {
    await server?.kill();
    await db?.end();
    await fresh?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses no event: the restarted server delivers the rest, each effect once', async () => {
    const ledger = path.join(dir, 'sent.txt');
    const sent = () =>
      existsSync(ledger) ? readFileSync(ledger, 'utf8').split('\n').filter(Boolean).map(Number) : [];
    const effects = async () =>
      (
        await db.query<{ event_id: string }>('SELECT event_id FROM reliability_effects ORDER BY event_id')
      ).rows.map((row) => Number(row.event_id));
    const port = await freePort();
    const start = () =>
      startServerProcess(fresh.url, port, {
        entry: 'event-instance',
        env: { LEDGER_FILE: ledger },
      });
    server = await start();
    await db.query('SELECT pg_advisory_lock($1)', [HOLD_LOCK]);

    // Ten events in one transaction: batches of four, 1-4, 5-8 (held at 6) and 9-10.
    const writer = pgDatabase(fresh.url, 1);
    try {
      await writer.db.transaction((tx) =>
        recordChanges(
          tx,
          Array.from({ length: EVENTS }, (_, i) => ({
            entityType: 'reliability_probe',
            entityId: i + 1,
            action: 'update',
            auth: systemPrincipal('probe'),
            changes: { step: { old: i, new: i + 1 } },
          })),
        ),
      );
    } finally {
      await writer.close();
    }
    const ids = (
      await db.query<{ id: string }>(
        `SELECT id FROM domain_events WHERE entity_type = 'reliability_probe' ORDER BY txid, id`,
      )
    ).rows.map((row) => Number(row.id));
    expect(ids).toHaveLength(EVENTS);
    await until('the delivery to reach the held effect', async () => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
      );
      return rows[0]!.n > 0;
    });

    await server.kill();
    server = undefined;
    await db.query('SELECT pg_advisory_unlock($1)', [HOLD_LOCK]);
    await until('the killed server’s connections to end', async () => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      return rows[0]!.n === 0;
    });
    // The first batch committed with its progress; the second died after sending 5 and 6.
    expect(await effects()).toEqual(ids.slice(0, 4));
    expect(sent()).toEqual(ids.slice(0, 6));

    server = await start();
    await until('every effect to be recorded', async () => (await effects()).length >= EVENTS);
    await server.stop();
    server = undefined;

    expect(await effects()).toEqual(ids);
    // Only the batch in flight was sent again; a consumer keyed by the event id acts once on each.
    expect(sent()).toEqual([...ids.slice(0, 6), ...ids.slice(4)]);
    expect([...new Set(sent())]).toEqual(ids);
  });
});

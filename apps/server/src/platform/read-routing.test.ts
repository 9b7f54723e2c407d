import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../app';
import { type Database, pgDatabase } from '../db/connection';
import { cloneWithReadReplica } from '../test/databases';
import { testConfig, testWorkerEntry } from '../test/harness';
import { type SignedIn, signIn } from '../test/users';
import type { App } from './http/types';

const WINDOW_MS = 10_000;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** An instance of the app with its own pools and listener, as a second server would have. */
interface Instance {
  app: App;
  database: Database;
  /** Statements the replica ran since the last call. */
  replicaReads(): number;
}

// The replica is the test database seen through a read-only role: a write routed there fails the request.
describe.skipIf(!onPostgres)('read replica (PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let clone: Awaited<ReturnType<typeof cloneWithReadReplica>>;
  // From the real time on (the database checks a session's end with its own clock), moved by hand.
  let now = Date.now();
  const clock = () => new Date(now);
  const config = testConfig({ readYourWritesMs: WINDOW_MS });
  let first: Instance;
  let second: Instance;
  let editor: SignedIn;
  let reader: SignedIn;

  async function start(): Promise<Instance> {
    const database = pgDatabase(clone.url, 5, clone.readUrl);
    const replica = database.reader!;
    // Every statement reaches the replica's pool, whether built by Drizzle or run by the kernel's own
    // statements (platform/resources/statements.ts): one at a time, or on a connection it checks out.
    const pool = (replica as unknown as { $client: pg.Pool }).$client;
    const query = vi.spyOn(pool, 'query');
    const connect = vi.spyOn(pool, 'connect');
    const app = await buildApp({ config, database, clock, workerEntry: testWorkerEntry() });
    await app.ready();
    let seen = 0;
    return {
      app,
      database,
      replicaReads() {
        const total = query.mock.calls.length + connect.mock.calls.length;
        const since = total - seen;
        seen = total;
        return since;
      },
    };
  }

  beforeAll(async () => {
    clone = await cloneWithReadReplica(inject('dbTemplate'));
    first = await start();
    second = await start();
    const ctx = { database: first.database, config };
    editor = await signIn(ctx, ['ROLE_SETTINGS_CURRENCIES', 'ROLE_CHANGELOG_VIEW', 'ROLE_ORDER_VIEW_ALL']);
    reader = await signIn(ctx, ['ROLE_CHANGELOG_VIEW', 'ROLE_ORDER_VIEW_ALL']);
  });
  afterAll(async () => {
    for (const instance of [first, second]) {
      await instance?.app.close();
      await instance?.database.close();
    }
    await clone?.drop();
  });

  const call = (
    instance: Instance,
    who: SignedIn,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => instance.app.inject({ method, url, payload, headers: who.headers });

  it('serves lists, exports, the change log and the dashboard from the replica and every write from the primary', async () => {
    first.replicaReads();
    for (const url of [
      '/api/settings/currencies?itemsPerPage=5',
      '/api/settings/entity-changelog?itemsPerPage=5',
      '/api/tms/dashboard',
    ]) {
      const res = await call(first, reader, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(first.replicaReads(), url).toBeGreaterThan(0);
    }
    const link = await call(first, reader, 'POST', '/api/auth/download-link', {
      url: '/api/settings/currencies/export?lang=ru',
    });
    expect(link.statusCode, link.body).toBe(200);
    first.replicaReads();
    const exported = await first.app.inject({ method: 'GET', url: link.json().data.url });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(first.replicaReads()).toBeGreaterThan(0);
    expect(first.app.readRouting.wroteRecently(reader.user.id)).toBe(false);

    // A record is read from the primary; create, update and delete succeed (on the replica they would fail).
    const created = await call(first, editor, 'POST', '/api/settings/currencies', {
      code: 'QRA',
      numericCode: '991',
      minorUnits: 2,
      name: 'Реплика',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json().data;
    const one = await call(first, editor, 'GET', `/api/settings/currencies/${id}`);
    expect(one.statusCode).toBe(200);
    const updated = await call(first, editor, 'PATCH', `/api/settings/currencies/${id}`, {
      name: 'Реплика 2',
      version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const deleted = await call(first, editor, 'DELETE', `/api/settings/currencies/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('reads a writer’s lists from the primary for the window after a write, on every instance', async () => {
    const created = await call(first, editor, 'POST', '/api/settings/currencies', {
      code: 'QRB',
      numericCode: '992',
      minorUnits: 0,
      name: 'Только что',
    });
    expect(created.statusCode, created.body).toBe(201);
    const listed = (instance: Instance, who: SignedIn) =>
      call(instance, who, 'GET', '/api/settings/currencies?search=QRB').then((res) => res.json().data.total);

    first.replicaReads();
    expect(await listed(first, editor)).toBe(1);
    expect(first.replicaReads()).toBe(0);

    // The other instance learns of the write through LISTEN/NOTIFY.
    await vi.waitFor(() => expect(second.app.readRouting.wroteRecently(editor.user.id)).toBe(true), {
      timeout: 1000,
      interval: 10,
    });
    second.replicaReads();
    expect(await listed(second, editor)).toBe(1);
    expect(second.replicaReads()).toBe(0);

    // Everyone else, and the writer once the window has passed, reads from the replica.
    await listed(second, reader);
    expect(second.replicaReads()).toBeGreaterThan(0);
    now += WINDOW_MS;
    await listed(first, editor);
    expect(first.replicaReads()).toBeGreaterThan(0);
  });
});

import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { type Database, pgDatabase, rowsOf, type Tx } from '../../db/connection';
import { clonePostgres } from '../../test/databases';
import {
  createTestApp,
  createTestDatabase,
  deliverEvents,
  type TestContext,
  testConfig,
} from '../../test/harness';
import { signIn } from '../../test/users';
import { systemPrincipal } from '../auth/context';
import { recordChange, recordChanges } from '../changelog/service';
import { changeLog } from '../changelog/tables';
import type { App } from '../http/types';
import { defineModule, type EventSubscriber } from '../modules';
import { retryDelayMs } from './dispatcher';
import { type DomainEvent, recordEvent } from './outbox';
import { eventRetentionJob } from './retention';
import { domainEventCursors, domainEvents } from './tables';

const SYSTEM = systemPrincipal('probe');

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const DAY = 24 * 60 * 60 * 1000;

/** A test module declaring the given subscribers. */
const probe = (subscribers: Record<string, EventSubscriber>) => defineModule({ name: 'probe', subscribers });

/** A subscriber that keeps what it is given, in order. */
function recorder(options: Partial<EventSubscriber> = {}) {
  const received: DomainEvent[] = [];
  const subscriber: EventSubscriber = {
    entities: '*',
    ...options,
    async handle(ctx, events) {
      received.push(...events);
      await options.handle?.(ctx, events);
    },
  };
  return { subscriber, received };
}

/** A change of a made-up record, logged (and so an event) in its own transaction. */
async function change(db: Tx, entityId: number, action = 'update', entityType = 'probe_thing') {
  await db.transaction((tx) =>
    recordChange(tx, {
      entityType,
      entityId,
      action,
      auth: systemPrincipal('probe', 7),
      changes: { name: { old: `old ${entityId}`, new: `new ${entityId}` } },
      version: entityId + 1,
    }),
  );
}

/** The outbox's ids in the order the dispatcher delivers them. */
async function deliveryOrder(db: Tx): Promise<number[]> {
  const rows = await db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .orderBy(asc(domainEvents.txid), asc(domainEvents.id));
  return rows.map((row) => row.id);
}

describe('recording events', () => {
  const live = recorder({ entities: ['probe_live'] });
  let ctx: TestContext;
  beforeAll(async () => {
    // This app's dispatcher runs, as a server's does.
    ctx = await createTestApp({ eventDispatcher: true }, [probe({ 'probe.live': live.subscriber })]);
  });
  afterAll(() => ctx.close());

  it('writes the event of every kernel write in its transaction, with who did what to which fields', async () => {
    const { user, headers } = await signIn(ctx, ['ROLE_SETTINGS_CURRENCIES']);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/currencies',
      headers,
      payload: { code: 'ZZA', numericCode: '991', minorUnits: 2, name: 'Пробная', nameEn: 'Probe' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json().data;
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/settings/currencies/${id}`,
      headers,
      payload: { version, symbol: '¤' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const disabled = await ctx.app.inject({
      method: 'POST',
      url: `/api/settings/currencies/${id}/disable`,
      headers,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/settings/currencies/${id}`,
      headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const events = await ctx.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.entityId, id))
      .orderBy(asc(domainEvents.id));
    const currencyEvents = events.filter((event) => event.entityType === 'currency');
    expect(
      currencyEvents.map(({ kind, fields, version: v, userId, impersonatorId }) => ({
        kind,
        fields: [...fields].sort(),
        version: v,
        userId,
        impersonatorId,
      })),
    ).toEqual([
      {
        kind: 'create',
        fields: ['code', 'enabled', 'minorUnits', 'name', 'nameEn', 'numericCode'],
        version: 1,
        userId: user.id,
        impersonatorId: null,
      },
      { kind: 'update', fields: ['symbol'], version: 2, userId: user.id, impersonatorId: null },
      { kind: 'disable', fields: ['enabled'], version: 3, userId: user.id, impersonatorId: null },
      {
        kind: 'delete',
        fields: expect.arrayContaining(['code', 'symbol']),
        version: 3,
        userId: user.id,
        impersonatorId: null,
      },
    ]);
    // Each names its change-log entry, which holds the values.
    for (const event of currencyEvents) {
      const [entry] = await ctx.database.db.select().from(changeLog).where(eq(changeLog.id, event.changeId!));
      expect(entry).toMatchObject({ entityType: 'currency', entityId: id, action: event.kind });
    }
  });

  it('leaves no event of a write that rolled back, nor of one refused', async () => {
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(domainEvents);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await recordChange(tx, {
          entityType: 'probe_thing',
          entityId: 1,
          action: 'update',
          auth: SYSTEM,
          changes: { name: { old: 'a', new: 'b' } },
        });
        await recordEvent(tx, { entityType: 'probe_thing', entityId: 1, kind: 'status', auth: SYSTEM });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const { headers } = await signIn(ctx, ['ROLE_SETTINGS_CURRENCIES']);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/currencies',
      headers,
      payload: { code: 'RUB', numericCode: '643', minorUnits: 2, name: 'Рубль', nameEn: 'Rouble' },
    });
    expect(refused.statusCode).toBe(400);
    const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(domainEvents);
    expect(after).toEqual(before);
  });

  it('writes many entries and their events in one go, each event naming its own entry', async () => {
    await ctx.database.db.transaction((tx) =>
      recordChanges(tx, [
        {
          entityType: 'probe_rate',
          entityId: 41,
          action: 'import',
          auth: SYSTEM,
          changes: { rate: { old: '1', new: '2' } },
          version: 4,
        },
        { entityType: 'probe_rate', entityId: 42, action: 'import', auth: SYSTEM, changes: {}, version: 1 },
      ]),
    );
    const rows = await ctx.database.db
      .select({ event: domainEvents, entry: changeLog })
      .from(domainEvents)
      .innerJoin(changeLog, eq(changeLog.id, domainEvents.changeId))
      .where(eq(domainEvents.entityType, 'probe_rate'))
      .orderBy(asc(domainEvents.id));
    expect(
      rows.map(({ event, entry }) => [event.entityId, event.version, event.fields, entry.entityId]),
    ).toEqual([
      [41, 4, ['rate'], 41],
      [42, 1, [], 42],
    ]);
  });

  it('are delivered by a running dispatcher of their own accord, woken by the commit', async () => {
    await change(ctx.database.db, 1, 'update', 'probe_live');
    await vi.waitFor(() => expect(live.received.map((event) => event.entityId)).toEqual([1]), {
      timeout: 10_000,
    });
  });
});

describe('delivering events', () => {
  let now = new Date('2025-06-02T09:00:00Z');
  const clock = () => now;
  const all = recorder();
  const updates = recorder({ entities: ['probe_thing'], kinds: ['update'], changes: true });
  let broken = true;
  let flakyCalls = 0;
  const flaky = recorder({
    batchSize: 2,
    handle: async () => {
      flakyCalls++;
      if (broken) throw new Error('the mail server is down');
    },
  });
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(
      {},
      [
        probe({
          'probe.all': all.subscriber,
          'probe.updates': updates.subscriber,
          'probe.flaky': flaky.subscriber,
        }),
      ],
      clock,
    );
  });
  afterAll(() => ctx.close());

  it('gives each subscriber every event it asks for, once, in order, with the values when asked', async () => {
    const db = ctx.database.db;
    await change(db, 1, 'create');
    await change(db, 1);
    await change(db, 2, 'update', 'probe_other');
    await db.transaction(async (tx) => {
      await change(tx, 3);
      await recordEvent(tx, { entityType: 'probe_thing', entityId: 3, kind: 'status', auth: SYSTEM });
    });
    await deliverEvents(ctx.app);
    const order = await deliveryOrder(db);
    expect(all.received.map((event) => event.id)).toEqual(order);
    expect(all.received.map((event) => [event.entityType, event.entityId, event.kind])).toEqual([
      ['probe_thing', 1, 'create'],
      ['probe_thing', 1, 'update'],
      ['probe_other', 2, 'update'],
      ['probe_thing', 3, 'update'],
      ['probe_thing', 3, 'status'],
    ]);
    expect(all.received[0]).toMatchObject({ fields: ['name'], changes: null, version: 2, userId: 7 });
    expect(updates.received.map((event) => [event.entityId, event.changes])).toEqual([
      [1, { name: { old: 'old 1', new: 'new 1' } }],
      [3, { name: { old: 'old 3', new: 'new 3' } }],
    ]);
    // Nothing is given twice.
    await deliverEvents(ctx.app);
    expect(all.received).toHaveLength(5);
  });

  it('tries a failing subscriber again after a growing pause, without holding the others back', async () => {
    const [cursor] = await ctx.database.db
      .select()
      .from(domainEventCursors)
      .where(eq(domainEventCursors.subscriber, 'probe.flaky'));
    expect(cursor).toMatchObject({ failures: 1, lastError: 'the mail server is down' });
    expect(cursor!.retryAt).toEqual(new Date(now.getTime() + retryDelayMs(1)));

    await change(ctx.database.db, 4);
    const calls = flakyCalls;
    await deliverEvents(ctx.app);
    expect(flakyCalls).toBe(calls);
    expect(all.received.at(-1)).toMatchObject({ entityId: 4 });

    now = new Date(now.getTime() + retryDelayMs(1));
    await deliverEvents(ctx.app);
    expect(flakyCalls).toBe(calls + 1);
    const [again] = await ctx.database.db
      .select()
      .from(domainEventCursors)
      .where(eq(domainEventCursors.subscriber, 'probe.flaky'));
    expect(again!.failures).toBe(2);
    expect(again!.retryAt).toEqual(new Date(now.getTime() + retryDelayMs(2)));

    broken = false;
    now = new Date(now.getTime() + retryDelayMs(2));
    await deliverEvents(ctx.app);
    // The failed attempts were handed the first batch and rolled back; then came all six, in order.
    const delivered = flaky.received.slice(-6).map((event) => event.id);
    expect(delivered).toEqual(await deliveryOrder(ctx.database.db));
    const [healed] = await ctx.database.db
      .select()
      .from(domainEventCursors)
      .where(eq(domainEventCursors.subscriber, 'probe.flaky'));
    expect(healed).toMatchObject({ failures: 0, retryAt: null, lastError: null });
  });

  it('removes delivered events past the retention, and keeps those a subscriber still waits for', async () => {
    const job = (at: Date) =>
      eventRetentionJob.run({
        database: ctx.database,
        config: ctx.config,
        log: ctx.app.log,
        registries: ctx.app.registries,
        clock: () => at,
        job: { id: 0, attempt: 1, maxAttempts: 1, userId: null },
        progress: () => undefined,
        signal: new AbortController().signal,
      });
    const count = async () =>
      (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(domainEvents))[0]!.n;
    const total = await count();
    broken = true;
    await change(ctx.database.db, 5);
    // A minute on, the product's subscribers, idle here, move past the events they do not ask for.
    now = new Date(now.getTime() + 2 * 60_000);
    await deliverEvents(ctx.app);

    await job(new Date(Date.now() + 29 * DAY));
    expect(await count()).toBe(total + 1);
    await job(new Date(Date.now() + 31 * DAY));
    const [kept] = await ctx.database.db.select().from(domainEvents);
    expect(await count()).toBe(1);
    expect(kept).toMatchObject({ entityType: 'probe_thing', entityId: 5 });
    broken = false;
  });
});

describe('a dispatcher killed in the middle of a batch', () => {
  let database: Database;
  const apps: App[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`CREATE TABLE probe_effects (event_id bigint NOT NULL)`);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  it('loses nothing: the next one hands the unfinished batch over again, and an idempotent consumer acts once', async () => {
    // What went out of the database (a mail, a call): at least once, so its consumer dedupes by event id.
    const sent: number[] = [];
    const mailed = new Set<number>();
    const ledger = (crashAt?: number): EventSubscriber => ({
      entities: ['probe_thing'],
      batchSize: 3,
      async handle({ tx }, events) {
        for (const event of events) {
          sent.push(event.id);
          mailed.add(event.id);
          if (event.entityId === crashAt) throw new Error('killed');
          await tx.execute(sql`INSERT INTO probe_effects (event_id) VALUES (${event.id})`);
        }
      },
    });
    let now = new Date('2025-06-02T09:00:00Z');
    const start = async (subscriber: EventSubscriber) => {
      const app = await buildApp({
        config: testConfig(),
        database,
        extraModules: [probe({ 'probe.ledger': subscriber })],
        clock: () => now,
      });
      await app.ready();
      apps.push(app);
      return app;
    };
    const first = await start(ledger(5));
    for (let id = 1; id <= 7; id++) await change(database.db, id);
    const ids = await deliveryOrder(database.db);

    // Batch 1-3 commits; batch 4-6 dies at 5, after 4's and 5's mails went out.
    await deliverEvents(first);
    await first.close();
    expect(sent).toEqual(ids.slice(0, 5));

    const restarted = await start(ledger());
    now = new Date(now.getTime() + retryDelayMs(1));
    await deliverEvents(restarted);
    // Only the batch in flight came twice; the database saw every effect once, the consumer mailed each once.
    expect(sent).toEqual([...ids.slice(0, 5), ...ids.slice(3)]);
    const effects = await rowsOf<{ event_id: number }>(
      database.db,
      sql`SELECT event_id FROM probe_effects ORDER BY event_id`,
    );
    expect(effects.map((row) => Number(row.event_id))).toEqual([...ids].sort((a, b) => a - b));
    expect([...mailed].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe.runIf(onPostgres)('events of transactions committing out of order (PostgreSQL)', () => {
  const got = recorder();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, [probe({ 'probe.order': got.subscriber })]);
  });
  afterAll(() => ctx.close());

  it('holds an event back while an older transaction is open, and gives the late one too, first', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    // The older transaction takes the lower id and commits last.
    const older = ctx.database.db.transaction(async (tx) => {
      await recordEvent(tx, { entityType: 'probe_thing', entityId: 1, kind: 'update', auth: SYSTEM });
      written();
      await released;
    });
    await wrote;
    await recordEvent(ctx.database.db, {
      entityType: 'probe_thing',
      entityId: 2,
      kind: 'update',
      auth: SYSTEM,
    });

    const early = await ctx.app.events.drain();
    expect(early).toMatchObject({ delivered: 0, held: true });
    expect(got.received).toEqual([]);

    release();
    await older;
    await deliverEvents(ctx.app);
    expect(got.received.map((event) => event.entityId)).toEqual([1, 2]);
    expect(got.received[0]!.id).toBeLessThan(got.received[1]!.id);
  });

  it('is not held back by a transaction open in another database of the server', async () => {
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_current_xact_id()');
      await recordEvent(ctx.database.db, {
        entityType: 'probe_thing',
        entityId: 3,
        kind: 'update',
        auth: SYSTEM,
      });
      const result = await ctx.app.events.drain();
      expect(got.received.map((event) => event.entityId)).toEqual([1, 2, 3]);
      expect(result.held).toBe(false);
    } finally {
      await other.query('ROLLBACK');
      await other.end();
    }
  });
});

describe('two dispatchers on one database', () => {
  const handled: number[] = [];
  const shared: EventSubscriber = {
    entities: ['probe_thing'],
    batchSize: 4,
    async handle({ tx }, events) {
      for (const event of events) {
        handled.push(event.id);
        await tx.execute(sql`INSERT INTO probe_shared (event_id) VALUES (${event.id})`);
      }
    },
  };
  let first: App;
  let second: App;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    // Two instances as two servers are: their own pools on PostgreSQL; PGlite has one connection to share.
    let databases: [Database, Database];
    if (onPostgres) {
      const clone = await clonePostgres(inject('dbTemplate'));
      databases = [pgDatabase(clone.url, 4), pgDatabase(clone.url, 4)];
      closers.push(async () => {
        for (const database of databases) await database.close();
        await clone.drop();
      });
    } else {
      const database = await createTestDatabase();
      databases = [database, database];
      closers.push(() => database.close());
    }
    await databases[0].db.execute(sql`CREATE TABLE probe_shared (event_id bigint NOT NULL)`);
    const instance = async (database: Database) => {
      const app = await buildApp({
        config: testConfig(),
        database,
        extraModules: [probe({ 'probe.shared': shared })],
      });
      await app.ready();
      return app;
    };
    [first, second] = await Promise.all([instance(databases[0]), instance(databases[1])]);
    closers.unshift(async () => {
      await first.close();
      await second.close();
    });
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('gives each event to the subscriber once, in order, whichever instance serves it', async () => {
    const writes = Array.from({ length: 30 }, (_, i) => i + 1);
    // Writes from both instances, and deliveries from both while the writes go on.
    await Promise.all([
      ...writes.map((id) => change((id % 2 ? first : second).database.db, id)),
      first.events.drain(),
      second.events.drain(),
    ]);
    await Promise.all([deliverEvents(first), deliverEvents(second)]);
    await deliverEvents(second);
    const order = await deliveryOrder(first.database.db);
    expect(order).toHaveLength(30);
    expect(handled).toEqual(order);
    const stored = await rowsOf<{ event_id: number }>(
      first.database.db,
      sql`SELECT event_id FROM probe_shared ORDER BY event_id`,
    );
    expect(stored.map((row) => Number(row.event_id))).toEqual([...order].sort((a, b) => a - b));
  });
});

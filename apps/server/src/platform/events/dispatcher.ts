import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, rowsOf, type Tx } from '../../db/connection';
import { systemPrincipal } from '../auth/context';
import type { FieldChanges } from '../changelog/tables';
import type { Clock } from '../clock';
import type { EventSubscriber, Registries } from '../modules';
import { type DomainEvent, EVENTS_CHANNEL } from './outbox';
import type { EventActor } from './tables';

/** The principal a subscriber handles its events as. */
const DELIVERY = systemPrincipal('domain events');

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's domain-event dispatcher (`drain()` delivers what is waiting, for tests). */
    events: EventDispatcher;
  }
}

const BATCH_SIZE = 100;
/** The class of the dispatchers' two-key advisory locks (that key space is apart from the one-key locks'). */
const LOCK_CLASS = 727_014;
/**
 * When committed events wait on an older transaction still open, the next look comes this soon, then twice
 * as late each time they are still held, up to the poll's interval: a long transaction (an import's, minutes)
 * is not looked past ten times a second for all its length (five statements a look, each with its own
 * transaction, on the database the import writes to). Its commit wakes the subscribers when it wrote events.
 */
const HELD_RETRY_MS = 100;
const POLL_MS = 2000;
/** How often a cursor moves past events its subscriber does not ask for, when nothing else moves it. */
const SKIP_EVERY_MS = 60_000;

/** After a failed batch the next attempt waits 1, 2, 4 ... seconds, never more than five minutes. */
export const retryDelayMs = (failures: number): number => Math.min(2 ** (failures - 1) * 1000, 5 * 60_000);

function lockKey(subscriber: string): number {
  return createHash('sha1').update(`events:${subscriber}`).digest().readInt32BE(0);
}

/** Where a subscriber is in the outbox: events after (txid, id) are still to come. */
interface Position {
  txid: string;
  id: number;
}

interface CursorRow {
  last_txid: string;
  last_id: number;
  failures: number;
  retry_at: Date | string | null;
  updated_at: Date | string;
}

interface EventRow {
  horizon: string;
  passed: boolean;
  /** Committed events of the subscriber wait past the horizon (behind a transaction still open). */
  held: boolean;
  id: number | null;
  txid: string;
  entity_type: string;
  entity_id: number;
  kind: string;
  fields: string[];
  changes: FieldChanges | null;
  version: number | null;
  user_id: number | null;
  impersonator_id: number | null;
  actor: EventActor | null;
  occurred_at: Date | string;
}

interface Step {
  delivered: number;
  /** A full batch went and more is ready. */
  more: boolean;
  /** Committed events wait behind a transaction still open. */
  held: boolean;
  failed: boolean;
}

const IDLE: Step = { delivered: 0, more: false, held: false, failed: false };
const NOTHING: DrainResult = { delivered: 0, failed: [], held: false };

export interface DrainResult {
  delivered: number;
  /** Subscribers whose handler (or delivery) failed in this pass; they are tried again after a while. */
  failed: string[];
  /** Some committed events wait for an older transaction to end before they may go. */
  held: boolean;
}

export interface DispatcherOptions {
  database: Database;
  registries: Registries;
  log: FastifyBaseLogger;
  clock: Clock;
  /** The fallback poll beside the wake-ups (ms). */
  pollMs?: number;
}

/**
 * Delivers the outbox's events to the subscribers the modules declare, at least once and in order per
 * subscriber (docs/decisions/014-domain-events.md). Each batch is one transaction: an advisory lock on the
 * subscriber (so one instance serves it at a time), its cursor, the events after it whose transactions are
 * all over (`txid` below the oldest transaction still running in the database), the handler in a savepoint
 * and the cursor's advance: the handler's effects and the progress commit together. A failed handler rolls
 * back to the savepoint and its subscriber waits (`retryDelayMs`) while the others go on. Woken by NOTIFY
 * at the writers' commits, with a poll as the fallback; `drain()` runs one pass by hand.
 */
export class EventDispatcher {
  private queue: Promise<unknown> = Promise.resolve();
  private pending = false;
  /** The subscribers the wake-ups since the last pass began ask to look. */
  private readonly due = new Set<string>();
  private stopped = true;
  private poller?: NodeJS.Timeout;
  private retry?: NodeJS.Timeout;
  /** The wait before the next look while events are held (0: none held at the last look). */
  private heldMs = 0;
  private unlisten?: () => Promise<void>;

  constructor(private readonly options: DispatcherOptions) {}

  private get pollMs(): number {
    return this.options.pollMs ?? POLL_MS;
  }

  private get subscribers(): ReadonlyMap<string, EventSubscriber> {
    return this.options.registries.subscribers;
  }

  /**
   * Gives the subscribers new to the database their cursor at the end of the outbox (what committed before
   * is not theirs); the app calls it as it is built, so that nothing written after its start is missed.
   */
  async register(tx: Tx = this.options.database.db): Promise<void> {
    const names = [...this.subscribers.keys()];
    if (!names.length) return;
    await tx.execute(sql`
      INSERT INTO domain_event_cursors (subscriber, last_txid, last_id, updated_at)
      SELECT name, pg_snapshot_xmin(pg_current_snapshot()), 0, ${this.options.clock()}
      FROM unnest(${sql.param(names)}::text[]) AS name
      ON CONFLICT (subscriber) DO NOTHING`);
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.unlisten = await this.options.database.listen(EVENTS_CHANNEL, (entityType) =>
      this.wake(entityType || undefined),
    );
    this.poller = setInterval(() => this.wake(), this.pollMs);
    this.poller.unref();
    this.wake();
  }

  /** Stops listening and polling and waits for the batch in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poller);
    clearTimeout(this.retry);
    await this.unlisten?.();
    this.unlisten = undefined;
    await this.queue;
  }

  /** One pass over every subscriber: delivers what is ready until none has more. Passes never overlap. */
  drain(): Promise<DrainResult> {
    const run = this.queue.then(() => this.pass([...this.subscribers.keys()]));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Asks the subscribers of `entityType` (unset: all) to look, in a pass of their own; wake-ups that come
   * while it waits to start join it.
   */
  private wake(entityType?: string): void {
    if (this.stopped) return;
    for (const [name, subscriber] of this.subscribers) {
      if (entityType === undefined || this.hears(subscriber, entityType)) this.due.add(name);
    }
    if (this.pending || !this.due.size) return;
    this.pending = true;
    const run = this.queue.then(() => {
      this.pending = false;
      const names = [...this.due];
      this.due.clear();
      return this.stopped ? NOTHING : this.pass(names);
    });
    this.queue = run.then(
      (result) => {
        this.heldMs = result.held ? Math.min(this.heldMs * 2 || HELD_RETRY_MS, this.pollMs) : 0;
        if (result.held && !this.stopped) {
          clearTimeout(this.retry);
          this.retry = setTimeout(() => this.wake(), this.heldMs);
          this.retry.unref();
        }
      },
      (error) => this.options.log.error({ err: error }, 'domain events: a delivery pass failed'),
    );
  }

  private entitiesOf(subscriber: EventSubscriber): readonly string[] | '*' {
    const { entities } = subscriber;
    return typeof entities === 'function' ? entities(this.options.registries) : entities;
  }

  private hears(subscriber: EventSubscriber, entityType: string): boolean {
    const entities = this.entitiesOf(subscriber);
    return entities === '*' || entities.includes(entityType);
  }

  private async pass(names: readonly string[]): Promise<DrainResult> {
    const result: DrainResult = { delivered: 0, failed: [], held: false };
    await Promise.all(
      names.map(async (name) => {
        const subscriber = this.subscribers.get(name)!;
        try {
          for (;;) {
            const step = await this.step(name, subscriber);
            result.delivered += step.delivered;
            result.held ||= step.held;
            if (step.failed) result.failed.push(name);
            if (!step.more) break;
          }
        } catch (error) {
          this.options.log.error({ err: error, subscriber: name }, 'domain events: delivery failed');
          result.failed.push(name);
        }
      }),
    );
    return result;
  }

  /** One batch of one subscriber, in one transaction. */
  private step(name: string, subscriber: EventSubscriber): Promise<Step> {
    const { database, clock } = this.options;
    return database.db.transaction(async (tx) => {
      const [lock] = await rowsOf<{ locked: boolean }>(
        tx,
        sql`SELECT pg_try_advisory_xact_lock(${LOCK_CLASS}, ${lockKey(name)}) AS locked`,
      );
      // Another instance serves the subscriber now.
      if (!lock?.locked) return IDLE;
      const [cursor] = await rowsOf<CursorRow>(
        tx,
        sql`SELECT last_txid::text AS last_txid, last_id, failures, retry_at, updated_at
          FROM domain_event_cursors WHERE subscriber = ${name}`,
      );
      if (!cursor) {
        await this.register(tx);
        return IDLE;
      }
      if (cursor.retry_at !== null && new Date(cursor.retry_at) > clock()) return IDLE;
      const from: Position = { txid: cursor.last_txid, id: Number(cursor.last_id) };
      const size = subscriber.batchSize ?? BATCH_SIZE;
      const rows = await this.read(tx, subscriber, from, size);
      const horizon = BigInt(rows[0]!.horizon);
      const ready = rows.filter((row) => row.id !== null);
      const held = rows[0]!.held;
      const more = ready.length > size;
      const batch = ready.slice(0, size);
      // Every event before the horizon was seen: the cursor may pass the ones the subscriber did not ask for.
      const end: Position = more
        ? { txid: batch.at(-1)!.txid, id: batch.at(-1)!.id! }
        : { txid: horizon.toString(), id: 0 };
      if (!batch.length) {
        // Only now and then: a look that finds nothing for the subscriber stays a read.
        const stale = new Date(cursor.updated_at).getTime() < clock().getTime() - SKIP_EVERY_MS;
        if (rows[0]!.passed && stale) await this.advance(tx, name, end);
        return { ...IDLE, held };
      }
      // A crash of the server may lose the last deliveries' commits, effects and progress alike: they come
      // again, as at-least-once allows, and deliveries need not wait on the disk.
      await tx.execute(sql`SET LOCAL synchronous_commit = off`);
      try {
        await tx.transaction((handling) =>
          subscriber.handle(
            {
              tx: handling,
              auth: DELIVERY,
              registries: this.options.registries,
              clock,
              log: this.options.log,
            },
            batch.map(toEvent),
          ),
        );
      } catch (error) {
        const failures = cursor.failures + 1;
        this.options.log.error(
          { err: error, subscriber: name, events: batch.map((row) => row.id), failures },
          'domain events: a subscriber failed; its batch comes again later',
        );
        await tx.execute(sql`
          UPDATE domain_event_cursors
          SET failures = ${failures}, retry_at = ${new Date(clock().getTime() + retryDelayMs(failures))},
            last_error = ${String((error as Error)?.message ?? error).slice(0, 2000)}, updated_at = ${clock()}
          WHERE subscriber = ${name}`);
        return { delivered: 0, more: false, held, failed: true };
      }
      await this.advance(tx, name, end);
      return { delivered: batch.length, more, held, failed: false };
    });
  }

  /**
   * The events after `from` that the subscriber asks for (one more than a batch, to know whether more are
   * ready), with the horizon: the oldest transaction still running in the snapshot, or the snapshot's end
   * when none is. A transaction id below it belongs to a transaction that is over, so an event below it
   * that this statement does not see never will. Transaction ids are the server's, not the database's: the
   * running transactions that `pg_stat_activity`, read after the snapshot, shows in another database are
   * left out (they write no event here); any other, ours or unknown, holds the horizon. Whether any event
   * of any kind lies between `from` and the horizon (`passed`) lets the cursor skip those it did not ask
   * for. One statement, so that the horizon and the rows come from the same snapshot.
   */
  private read(tx: Tx, subscriber: EventSubscriber, from: Position, size: number): Promise<EventRow[]> {
    const after = (alias: string) =>
      sql`(${sql.raw(alias)}.txid, ${sql.raw(alias)}.id) > (${from.txid}::xid8, ${from.id}::bigint)`;
    const entities = this.entitiesOf(subscriber);
    // The subscriber's own events, of the alias's row.
    const asked = (alias: string) => {
      const row = sql.raw(alias);
      return sql`${
        entities === '*' ? sql`` : sql` AND ${row}.entity_type = ANY(${sql.param([...entities])}::text[])`
      }${subscriber.kinds ? sql` AND ${row}.kind = ANY(${sql.param([...subscriber.kinds])}::text[])` : sql``}`;
    };
    const changes = subscriber.changes
      ? sql`(SELECT c.changes FROM change_log c WHERE c.id = e.change_id)`
      : sql`NULL::jsonb`;
    // Every read stops at the horizon: the events of the transaction holding it are not visible yet, and an
    // import writing hundreds of thousands of them in one transaction made each look walk them all (0.57 s a
    // look). Events held behind it are found past its own (`txid > horizon`), not through them.
    return rowsOf<EventRow>(
      tx,
      sql`
        WITH snapshot AS MATERIALIZED (SELECT pg_current_snapshot() AS s),
        horizon AS (
          SELECT coalesce(
            (SELECT min(x) FROM pg_snapshot_xip(snapshot.s) AS x
              WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity a
                WHERE a.backend_xid = xid(x) AND a.datname <> current_database())),
            pg_snapshot_xmax(snapshot.s)) AS xmin
          FROM snapshot
        )
        SELECT h.xmin::text AS horizon,
          EXISTS (SELECT 1 FROM domain_events p WHERE ${after('p')} AND p.txid < h.xmin) AS passed,
          EXISTS (SELECT 1 FROM domain_events q WHERE q.txid > h.xmin${asked('q')}) AS held,
          ev.*
        FROM horizon h
        LEFT JOIN LATERAL (
          SELECT e.id, e.txid AS position, e.txid::text AS txid, e.entity_type, e.entity_id, e.kind, e.fields,
            ${changes} AS changes, e.version, e.user_id, e.impersonator_id, e.actor, e.occurred_at
          FROM domain_events e
          WHERE ${after('e')} AND e.txid < h.xmin${asked('e')}
          ORDER BY e.txid, e.id
          LIMIT ${size + 1}
        ) ev ON true
        ORDER BY ev.position, ev.id`,
    );
  }

  private async advance(tx: Tx, name: string, to: Position): Promise<void> {
    await tx.execute(sql`
      UPDATE domain_event_cursors
      SET last_txid = ${to.txid}::xid8, last_id = ${to.id}, failures = 0, retry_at = NULL, last_error = NULL,
        updated_at = ${this.options.clock()}
      WHERE subscriber = ${name}`);
  }
}

function toEvent(row: EventRow): DomainEvent {
  return {
    id: Number(row.id),
    entityType: row.entity_type,
    entityId: row.entity_id,
    kind: row.kind,
    fields: row.fields,
    changes: row.changes,
    version: row.version,
    userId: row.user_id,
    impersonatorId: row.impersonator_id,
    actor: row.actor,
    occurredAt: new Date(row.occurred_at),
  };
}

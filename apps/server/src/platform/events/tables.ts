import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A transaction id with its epoch (PostgreSQL's `xid8`), as decimal text: it never wraps around and orders
 * the outbox so that nothing committed late is passed over (docs/decisions/014-domain-events.md).
 */
export const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/** Who acted beyond the user ids: the principal's kind, the system's reason, a cabinet's counterparty. */
export interface EventActor {
  kind: string;
  reason?: string;
  counterpartyId?: number;
}

/**
 * The outbox: one row per committed change of a record, written in the transaction of the change (by the
 * change log's `recordChange`, or `recordEvent`), delivered at least once to every subscriber.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The writing transaction: delivery follows (txid, id) and waits for older transactions to end. */
    txid: xid8('txid').notNull().default(sql`pg_current_xact_id()`),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    /** The change-log action: create, update, delete, enable, disable, status, archive, merge, import... */
    kind: text('kind').notNull(),
    /** The names of the fields that changed (their old and new values are in the change-log entry). */
    fields: text('fields').array().notNull().default(sql`'{}'::text[]`),
    /** The change-log entry holding the values; null for an event recorded without one. */
    changeId: bigint('change_id', { mode: 'number' }),
    /** The record's version after the change (before it, for a delete), where the record has one. */
    version: integer('version'),
    userId: integer('user_id'),
    impersonatorId: integer('impersonator_id'),
    actor: jsonb('actor').$type<EventActor>(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('domain_events_delivery_idx').on(t.txid, t.id),
    // Retention reads by age; a block range index costs next to nothing on insert.
    index('domain_events_occurred_idx').using('brin', t.occurredAt),
  ],
);

/**
 * How far each subscriber got: the (txid, id) of the last event it was given (or a position past events
 * it did not ask for), advanced in the transaction of the handler's effects; the failures of its last
 * attempts and when to try again.
 */
export const domainEventCursors = pgTable('domain_event_cursors', {
  subscriber: text('subscriber').primaryKey(),
  lastTxid: xid8('last_txid').notNull(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  failures: integer('failures').notNull().default(0),
  retryAt: timestamp('retry_at', { withTimezone: true }),
  lastError: text('last_error'),
  /** When it last moved or failed, by the app's clock. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { actingUserId, isStaff, type Principal } from '../auth/context';
import type { FieldChanges } from '../changelog/tables';
import type { EventActor } from './tables';

/**
 * The dispatchers of every instance LISTEN here; a transaction that wrote events wakes them as it commits,
 * once per entity type it wrote (the payload), so that only the subscribers of that type look.
 */
export const EVENTS_CHANNEL = 'tms_domain_events';

/** A committed change as a subscriber receives it. */
export interface DomainEvent {
  /** The outbox id: what an idempotent consumer remembers having handled. */
  id: number;
  entityType: string;
  entityId: number;
  /** The change-log action: create, update, delete, enable, disable, status, archive, merge, import... */
  kind: string;
  /** The names of the fields that changed. */
  fields: string[];
  /** Their old and new values (the change-log entry's), for subscribers declared with `changes: true`. */
  changes: FieldChanges | null;
  /** The record's version after the change (before it, for a delete); null where it has none. */
  version: number | null;
  /** The acting user (null: the system) and the administrator impersonating them. */
  userId: number | null;
  impersonatorId: number | null;
  actor: EventActor | null;
  occurredAt: Date;
}

/** What a write records beside its change: the entity, what happened and who did it. */
export interface EventInput {
  entityType: string;
  entityId: number;
  kind: string;
  fields?: readonly string[];
  version?: number | null;
  auth: Principal;
}

/** Who acted beyond the user ids, as an event keeps it: the principal's kind, the system's reason. */
export const eventActorOf = (auth: Principal): EventActor => ({
  kind: auth.kind,
  ...(auth.kind === 'system' ? { reason: auth.reason } : {}),
  ...(auth.kind === 'cabinet' ? { counterpartyId: auth.counterpartyId } : {}),
});

/**
 * Records an event of a write the change log does not see (the change log's `recordChange` records one for
 * every entry already); call it in the transaction of the change, so that the event commits with it or not
 * at all. One statement: the row and the dispatchers' wake-up, which PostgreSQL sends at commit.
 */
export async function recordEvent(tx: Tx, event: EventInput): Promise<void> {
  await tx.execute(sql`
    WITH event AS (
      INSERT INTO domain_events (entity_type, entity_id, kind, fields, version, user_id, impersonator_id, actor)
      VALUES (${event.entityType}, ${event.entityId}, ${event.kind}, ${sql.param([...(event.fields ?? [])])}::text[],
        ${event.version ?? null}::integer, ${actingUserId(event.auth)}::integer,
        ${isStaff(event.auth) ? event.auth.impersonatorId : null}::integer, ${JSON.stringify(eventActorOf(event.auth))}::jsonb)
      RETURNING 1
    )
    SELECT pg_notify(${EVENTS_CHANNEL}, ${event.entityType}) FROM event`);
}

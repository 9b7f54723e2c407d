import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import type { Principal } from '../auth/context';
import { EVENTS_CHANNEL, eventActorOf } from '../events/outbox';
import type { FieldChanges } from './tables';

export type ChangeAction = 'create' | 'update' | 'delete' | 'enable' | 'disable' | 'merge' | string;

/** Values compared as JSON: dates by instant, arrays and objects by content. */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * Members every record has that are no field a person changes: the id is the entry's `entityId` already,
 * the version and the moments are the change itself.
 */
export const TECHNICAL_MEMBERS: readonly string[] = ['id', 'version', 'updatedAt', 'createdAt'];

/** Field-level difference of two states of a record; fields listed in `secret` are masked. */
export function diff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  { ignore = TECHNICAL_MEMBERS, secret = [] as string[] } = {},
): FieldChanges {
  const changes: FieldChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (ignore.includes(key)) continue;
    const old = before?.[key] ?? null;
    const next = after?.[key] ?? null;
    if (same(old, next)) continue;
    changes[key] = secret.includes(key) ? { old: '***', new: '***' } : { old, new: next };
  }
  return changes;
}

export interface ChangeInput {
  entityType: string;
  entityId: number;
  action: ChangeAction;
  auth: Principal;
  changes: FieldChanges;
  /** The record's version after the change (before it, for a delete), for the event's subscribers. */
  version?: number | null;
}

/**
 * Writes one change-log entry and its domain event (the outbox, platform/events) in one statement, which
 * also wakes the dispatchers when the transaction commits; call it inside the transaction that makes the
 * change.
 */
export async function recordChange(tx: Tx, entry: ChangeInput): Promise<void> {
  const { userId, impersonatorId, principal, counterpartyId, reason } = actorOf(entry.auth);
  await tx.execute(sql`
    WITH logged AS (
      INSERT INTO change_log (entity_type, entity_id, action, user_id, impersonator_id, principal,
        counterparty_id, reason, changes)
      VALUES (${entry.entityType}, ${entry.entityId}, ${entry.action}, ${userId}::integer,
        ${impersonatorId}::integer, ${principal}, ${counterpartyId}::integer, ${reason},
        ${JSON.stringify(entry.changes)}::jsonb)
      RETURNING id
    ),
    event AS (
      INSERT INTO domain_events (entity_type, entity_id, kind, fields, change_id, version, user_id,
        impersonator_id, actor)
      SELECT ${entry.entityType}, ${entry.entityId}, ${entry.action}, ${sql.param(Object.keys(entry.changes))}::text[],
        logged.id, ${entry.version ?? null}::integer, ${userId}::integer, ${impersonatorId}::integer,
        ${JSON.stringify(eventActorOf(entry.auth))}::jsonb
      FROM logged
      RETURNING 1
    )
    SELECT pg_notify(${EVENTS_CHANNEL}, ${entry.entityType}) FROM event`);
}

/**
 * `recordChange` for many entries (an import) in one statement: the entries take their ids first so that
 * each event names its own.
 */
export async function recordChanges(tx: Tx, entries: readonly ChangeInput[]): Promise<void> {
  if (!entries.length) return;
  const rows = entries.map((entry) => {
    const actor = actorOf(entry.auth);
    return {
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      action: entry.action,
      user_id: actor.userId,
      impersonator_id: actor.impersonatorId,
      principal: actor.principal,
      counterparty_id: actor.counterpartyId,
      reason: actor.reason,
      changes: entry.changes,
      version: entry.version ?? null,
      actor: eventActorOf(entry.auth),
    };
  });
  await tx.execute(sql`
    WITH input AS MATERIALIZED (
      SELECT nextval(pg_get_serial_sequence('change_log', 'id')) AS log_id, v.*
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(entity_type text, entity_id integer,
        action text, user_id integer, impersonator_id integer, principal text, counterparty_id integer,
        reason text, changes jsonb, version integer, actor jsonb)
    ),
    logged AS (
      INSERT INTO change_log (id, entity_type, entity_id, action, user_id, impersonator_id, principal,
        counterparty_id, reason, changes)
      OVERRIDING SYSTEM VALUE
      SELECT log_id, entity_type, entity_id, action, user_id, impersonator_id, principal, counterparty_id,
        reason, changes
      FROM input ORDER BY log_id
    ),
    event AS (
      INSERT INTO domain_events (entity_type, entity_id, kind, fields, change_id, version, user_id,
        impersonator_id, actor)
      SELECT entity_type, entity_id, action, ARRAY(SELECT jsonb_object_keys(changes)), log_id, version, user_id,
        impersonator_id, actor
      FROM input ORDER BY log_id
      RETURNING entity_type
    )
    SELECT pg_notify(${EVENTS_CHANNEL}, entity_type) FROM (SELECT DISTINCT entity_type FROM event) AS written`);
}

/** The change log's columns naming who acted. */
export function actorOf(auth: Principal) {
  const staff = auth.kind === 'user' || auth.kind === 'apiKey';
  return {
    principal: auth.kind,
    userId: auth.kind === 'cabinet' ? null : auth.userId,
    impersonatorId: staff ? auth.impersonatorId : null,
    counterpartyId: auth.kind === 'cabinet' ? auth.counterpartyId : null,
    reason: auth.kind === 'system' ? auth.reason : null,
  };
}

import type { Tx } from '../../db/connection';
import type { Principal } from '../auth/context';
import { changeLog, type FieldChanges } from './tables';

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

/** Writes one change-log entry; call it inside the transaction that makes the change. */
export async function recordChange(
  tx: Tx,
  entry: {
    entityType: string;
    entityId: number;
    action: ChangeAction;
    auth: Principal;
    changes: FieldChanges;
  },
): Promise<void> {
  await tx.insert(changeLog).values({
    entityType: entry.entityType,
    entityId: entry.entityId,
    action: entry.action,
    ...actorOf(entry.auth),
    changes: entry.changes,
  });
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

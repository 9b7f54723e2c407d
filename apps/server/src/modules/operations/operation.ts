import { jobResource, type OperationType, orderResource, type ResourceDescriptor } from '@tms/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import type { AuthContext } from '../../platform/auth/context';
import { diff, recordChange } from '../../platform/changelog/service';
import { conflict, notFound } from '../../platform/errors';
import type { JobRow, OrderRow } from './orders';
import { publishOperationChange } from './realtime';
import { type Access, jobScope, orderScope } from './scope';
import { jobs, orders } from './tables';

/** What the routes shared by orders and jobs (statuses, archive, stages) need to know of each. */
export interface OperationKind {
  type: OperationType;
  descriptor: ResourceDescriptor;
  table: typeof orders | typeof jobs;
  /** Path segment under /tms: `orders` or `jobs`. */
  segment: 'orders' | 'jobs';
  scope(auth: AuthContext, access: Access, strict?: boolean): SQL | undefined;
}

export const OPERATION_KINDS: Record<OperationType, OperationKind> = {
  order: { type: 'order', descriptor: orderResource, table: orders, segment: 'orders', scope: orderScope },
  job: { type: 'job', descriptor: jobResource, table: jobs, segment: 'jobs', scope: jobScope },
};

export type OperationRow = OrderRow | JobRow;

/** The entity as the resource answers it: the descriptor's members, dates as ISO text. */
export function operationEntity(kind: OperationKind, row: OperationRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const source = row as Record<string, unknown>;
  for (const key of Object.keys(kind.descriptor.entity.shape)) {
    if (!(key in source)) continue;
    const value = source[key];
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** The operation when `condition` reaches it, else 404; locked for change unless `lock` is false (reads). */
export async function operationRow(
  tx: Tx,
  kind: OperationKind,
  id: number,
  condition: SQL | undefined,
  lock = true,
): Promise<OperationRow> {
  const table = kind.table as typeof orders;
  const query = tx
    .select()
    .from(table)
    .where(and(eq(table.id, id), condition))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row as OperationRow;
}

/** Whether `condition` reaches the operation (e.g. the edit scope of a record the user can read). */
export async function reaches(tx: Tx, kind: OperationKind, id: number, condition: SQL | undefined) {
  if (condition === undefined) return true;
  const table = kind.table as typeof orders;
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), condition))
    .limit(1);
  return Boolean(row);
}

/**
 * Writes `set` on a locked operation with its optimistic version (`version` undefined: no check, the
 * system's own changes), logs the change under `action` and answers the new row.
 */
export async function writeOperation(
  tx: Tx,
  kind: OperationKind,
  before: OperationRow,
  set: Record<string, unknown>,
  action: string,
  auth: Pick<AuthContext, 'userId' | 'impersonatorId'> | null,
  version?: number,
  extraChanges: Record<string, { old: unknown; new: unknown }> = {},
): Promise<OperationRow> {
  if (version !== undefined && before.version !== version) throw conflict();
  const table = kind.table as typeof orders;
  const [after] = await tx
    .update(table)
    .set({ ...set, version: sql`${table.version} + 1`, updatedAt: new Date() } as never)
    .where(eq(table.id, before.id))
    .returning();
  await recordChange(tx, {
    entityType: kind.descriptor.name,
    entityId: before.id,
    action,
    auth,
    changes: {
      ...diff(operationEntity(kind, before), operationEntity(kind, after as OperationRow)),
      ...extraChanges,
    },
  });
  await publishOperationChange(tx, kind.type, after as OperationRow, auth);
  return after as OperationRow;
}

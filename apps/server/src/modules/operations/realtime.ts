import type { OperationType } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { actingUserId, type Principal } from '../../platform/auth/context';
import { publish, type TopicRule } from '../../platform/realtime/hub';
import type { ResourceHooks } from '../../platform/resources';
import { jobAccess, orderAccess } from './scope';
import { jobs, orders } from './tables';

/**
 * Live changes of orders and jobs: `orders/<id>` and `jobs/<id>` carry `{ id, version, changedBy }` (the
 * user's id, null for the system; `deleted: true` when it was deleted) after every committed change, so an
 * open page reloads what changed. Whoever may read the record may follow it.
 */
export const OPERATION_TOPICS: Record<OperationType, string> = { order: 'orders', job: 'jobs' };

export interface OperationChangeMessage {
  id: number;
  version: number;
  changedBy: number | null;
  deleted?: true;
}

const MAX_ID = 2 ** 31 - 1;

/**
 * Whoever may read the record follows it, asked again for every message: once it left their scope they
 * hear nothing more of it. A deleted record has nothing left to hide: its followers, who held a read
 * permission, hear that it is gone.
 */
function readable(type: OperationType): TopicRule {
  const table = type === 'order' ? orders : jobs;
  const accessOf = type === 'order' ? orderAccess : jobAccess;
  return async (auth, id, db, moment) => {
    if (id === undefined || !/^[1-9]\d{0,9}$/.test(id) || Number(id) > MAX_ID) return false;
    const access = accessOf(auth, 'read');
    if (access.access === 'none') return false;
    const [row] = await db
      .select({ reached: access.access === 'all' ? sql<boolean>`true` : sql<boolean>`${access.where}` })
      .from(table)
      .where(eq(table.id, Number(id)))
      .limit(1);
    return row === undefined ? moment === 'deliver' : row.reached === true;
  };
}

/** Who may follow `orders/<id>` and `jobs/<id>`: the module's `topics`. */
export const OPERATION_TOPIC_RULES: Readonly<Record<string, TopicRule>> = {
  [OPERATION_TOPICS.order]: readable('order'),
  [OPERATION_TOPICS.job]: readable('job'),
};

/** Announces a change of an operation; inside the write's transaction, it goes out when that commits. */
export async function publishOperationChange(
  tx: Tx,
  type: OperationType,
  row: { id: number; version: number },
  auth: Principal,
  deleted = false,
): Promise<void> {
  const message: OperationChangeMessage = {
    id: row.id,
    version: row.version,
    changedBy: actingUserId(auth),
    ...(deleted ? { deleted: true as const } : {}),
  };
  await publish(tx, `${OPERATION_TOPICS[type]}/${row.id}`, message);
}

/**
 * Every change of an order or a job through its resource service (update, delete, a status, the archive,
 * a stage's effects, the system's) is announced; a new record has no followers yet.
 */
export function withChangeMessages<Row extends { id: number; version: number }>(
  type: OperationType,
  hooks: ResourceHooks<Row>,
): ResourceHooks<Row> {
  return {
    ...hooks,
    async onChange(ctx, event) {
      await hooks.onChange?.(ctx, event);
      if (event.action === 'create') return;
      const row = event.after ?? event.before;
      if (row) await publishOperationChange(ctx.tx, type, row, ctx.auth, event.after === null);
    },
  };
}

import { jobResource, type OperationType, orderResource } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import type { TopicRule } from '../../platform/realtime/hub';
import { jobAccess, orderAccess } from './scope';
import { jobs, orders } from './tables';

/**
 * Live changes of orders and jobs: `orders/<id>` and `jobs/<id>` carry `{ id, version, changedBy }` (the
 * user's id, null for the system; `deleted: true` when it was deleted) after every committed change but the
 * creation, so an open page reloads what changed (platform/realtime/changes.ts announces them from the
 * domain events). Whoever may read the record may follow it.
 */
export const OPERATION_TOPICS: Record<OperationType, string> = { order: 'orders', job: 'jobs' };

/** The module's `changeTopics`: the changes of orders and jobs go to their topics. */
export const OPERATION_CHANGE_TOPICS: Readonly<Record<string, string>> = {
  [orderResource.name]: OPERATION_TOPICS.order,
  [jobResource.name]: OPERATION_TOPICS.job,
};

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

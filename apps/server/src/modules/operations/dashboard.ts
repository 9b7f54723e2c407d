import {
  DASHBOARD_LINKS,
  DASHBOARD_RECENT_ORDERS,
  FINANCE_CONTROL_STATUSES,
  MESSAGES,
  type OperationsDashboard,
  STAGE_DUE_FILTERS,
  type StageDueFilter,
} from '@tms/domain';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import type { AuthContext } from '../../platform/auth/context';
import { calendarDay } from '../../platform/calendar';
import { fieldError } from '../../platform/errors';
import { orderScope } from './scope';
import { orders } from './tables';

/**
 * Live orders with an open stage (of the order or of one of its jobs) expected today, or before today.
 * Stages of archived operations can no longer be managed, so they are not due. The order's
 * `open_stage_dates` holds those dates (a GIN index finds a date) and `next_stage_date` the earliest of a
 * live order's, null once archived (one range of its index, estimated from its own statistics).
 */
export function stageDueCondition(due: StageDueFilter, on: string = calendarDay(new Date())): SQL {
  return due === 'today'
    ? sql`(NOT ${orders.archived} AND ${orders.openStageDates} @> ARRAY[${on}::date])`
    : sql`${orders.nextStageDate} < ${on}::date`;
}

/** The list filter `stageDue` (today, overdue, or both). */
export function stageDueFilter(values: string[]): SQL | undefined {
  if (!values.length) return undefined;
  if (values.some((v) => !(STAGE_DUE_FILTERS as readonly string[]).includes(v))) {
    throw fieldError(['stageDue'], MESSAGES.choice);
  }
  const parts = [...new Set(values)].map((v) => stageDueCondition(v as StageDueFilter));
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` OR `)})`;
}

async function countOrders(tx: Tx, where: SQL | undefined): Promise<number> {
  const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(orders).where(where);
  return row?.count ?? 0;
}

/** The operational dashboard of the user (every figure within their order view scope). */
export async function operationsDashboard(tx: Tx, auth: AuthContext): Promise<OperationsDashboard> {
  const scope = orderScope(auth, 'read', false);
  const open = and(scope, eq(orders.archived, false));
  const mine = await tx
    .select({ status: orders.financeControlStatus, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(open, eq(orders.forwarderId, auth.userId)))
    .groupBy(orders.financeControlStatus);
  const byStatus = new Map(mine.map((r) => [r.status, r.count]));
  const recent = await tx
    .select({
      id: orders.id,
      number: orders.number,
      clientName: orders.clientName,
      financeControlStatus: orders.financeControlStatus,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(scope)
    .orderBy(desc(orders.updatedAt), desc(orders.id))
    .limit(DASHBOARD_RECENT_ORDERS);
  return {
    myOpenOrdersByStatus: FINANCE_CONTROL_STATUSES.map((status) => ({
      status,
      count: byStatus.get(status) ?? 0,
      link: DASHBOARD_LINKS.myOpenOrders(auth.userId, status),
    })),
    stagesDueToday: {
      count: await countOrders(tx, and(scope, stageDueCondition('today'))),
      link: DASHBOARD_LINKS.stagesDueToday(),
    },
    stagesOverdue: {
      count: await countOrders(tx, and(scope, stageDueCondition('overdue'))),
      link: DASHBOARD_LINKS.stagesOverdue(),
    },
    ordersAwaitingFinanceControl: {
      count: await countOrders(tx, and(open, eq(orders.financeControlStatus, 'READY'))),
      link: DASHBOARD_LINKS.ordersAwaitingFinanceControl(),
    },
    recentlyChangedOrders: {
      items: recent.map((r) => ({
        ...r,
        financeControlStatus: r.financeControlStatus,
        updatedAt: r.updatedAt.toISOString(),
      })),
      link: DASHBOARD_LINKS.recentlyChangedOrders(),
    },
  };
}

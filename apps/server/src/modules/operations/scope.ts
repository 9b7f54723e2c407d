import type { Role } from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isStaff, type Principal } from '../../platform/auth/context';
import { forbidden } from '../../platform/errors';
import { hasAnyRole } from '../../platform/permissions/check';
import { resolveScope, type ScopeAccess, type ScopeBuilders } from '../../platform/permissions/scope';
import { counterparties } from '../counterparties';
import { jobs, orders, stages } from './tables';

/*
 * The scopes of docs/operations.md "Who reaches an order or a job". Each part of the related scope is an
 * index lookup the planner can OR together and a cheap check per row: the clients I curate or manage are
 * computed once per query (`= ANY(ARRAY(...))`; an `IN (subquery)` inside an OR would be a subplan), and an
 * order keeps the forwarders of its jobs (`job_forwarder_ids`, GIN) rather than being matched against the
 * ids of every order whose job I forward.
 */

/** own: I am its forwarder, seller or one of its curators. */
const ownOrder = (userId: number) =>
  sql`(${orders.forwarderId} = ${userId} OR ${orders.sellerId} = ${userId} OR ${orders.curatorIds} @> ARRAY[${userId}]::integer[])`;

/** The clients I curate or manage (the counterparty's own scope). */
const myClients = (userId: number) =>
  sql`ARRAY(SELECT c.id FROM ${counterparties} c WHERE c.curator_ids @> ARRAY[${userId}]::integer[] OR c.manager_ids @> ARRAY[${userId}]::integer[])`;

/** The orders of the jobs I forward. */
const ordersOfMyJobs = (userId: number) =>
  sql`ARRAY(SELECT unnest(fj.order_ids) FROM ${jobs} fj WHERE fj.forwarder_id = ${userId})`;

/** related: own, or I curate or manage its client, or I forward one of its jobs; office: my office serves it. */
const orderBuilders: ScopeBuilders<'ROLE_ORDER_VIEW' | 'ROLE_ORDER_EDIT' | 'ROLE_STAGE_MANAGE'> = {
  own: ownOrder,
  related: (userId) =>
    sql`(${ownOrder(userId)} OR ${orders.clientId} = ANY(${myClients(userId)}) OR ${orders.jobForwarderIds} @> ARRAY[${userId}]::integer[])`,
  office: (officeId) => sql`${orders.serviceOfficeId} = ${officeId}`,
};

/** own: I am its forwarder, or one of its orders is mine. */
const ownJob = (userId: number) =>
  sql`(${jobs.forwarderId} = ${userId} OR EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ANY(${jobs.orderIds}) AND ${ownOrder(userId)}))`;

/**
 * related: own, or one of its orders is related to me (I curate or manage the order's client, or I forward
 * another job of the order); office: my office serves it.
 */
const jobBuilders: ScopeBuilders<'ROLE_JOB_VIEW' | 'ROLE_JOB_EDIT' | 'ROLE_STAGE_MANAGE'> = {
  own: ownJob,
  related: (userId) =>
    sql`(${ownJob(userId)} OR ${jobs.clientIds} && ${myClients(userId)} OR ${jobs.orderIds} && ${ordersOfMyJobs(userId)})`,
  office: (officeId) => sql`${jobs.serviceOfficeId} = ${officeId}`,
};

/** Several scopes together: the rows any of them reaches. */
function union(...scopes: ScopeAccess[]): ScopeAccess {
  if (scopes.some((s) => s.access === 'all')) return { access: 'all' };
  const parts = scopes.flatMap((s) => (s.access === 'restricted' ? [s] : []));
  if (!parts.length) return { access: 'none' };
  if (parts.length === 1) return parts[0]!;
  return {
    access: 'restricted',
    where: sql`(${sql.join(
      parts.map((p) => p.where),
      sql` OR `,
    )})`,
    scopes: parts.flatMap((p) => p.scopes),
  };
}

/** The operations the user forwards, when they hold `role` (ROLE_FORWARDER_VIEW, ROLE_FORWARDER_STAGES). */
function forwarded(auth: Principal, role: Role, operation: 'order' | 'job'): ScopeAccess {
  if (!isStaff(auth) || !hasAnyRole(auth, [role])) return { access: 'none' };
  const column = operation === 'order' ? orders.forwarderId : jobs.forwarderId;
  return { access: 'restricted', where: sql`${column} = ${auth.userId}`, scopes: ['own'] };
}

function conditionOf(scope: ScopeAccess, strict: boolean): SQL | undefined {
  if (scope.access === 'none') {
    if (strict) throw forbidden();
    return sql`false`;
  }
  return scope.access === 'all' ? undefined : scope.where;
}

export type Access = 'read' | 'write';

/**
 * Reads: the view scope, the edit scope (whoever may change a record may read it) and, with the
 * forwarder's view permission, the orders the user forwards. Writes: the edit scope alone.
 */
export function orderAccess(auth: Principal, access: Access): ScopeAccess {
  const edit = resolveScope(auth, 'ROLE_ORDER_EDIT', orderBuilders);
  if (access === 'write') return edit;
  return union(
    resolveScope(auth, 'ROLE_ORDER_VIEW', orderBuilders),
    edit,
    forwarded(auth, 'ROLE_FORWARDER_VIEW', 'order'),
  );
}

export function jobAccess(auth: Principal, access: Access): ScopeAccess {
  const edit = resolveScope(auth, 'ROLE_JOB_EDIT', jobBuilders);
  if (access === 'write') return edit;
  return union(
    resolveScope(auth, 'ROLE_JOB_VIEW', jobBuilders),
    edit,
    forwarded(auth, 'ROLE_FORWARDER_VIEW', 'job'),
  );
}

/**
 * The condition on `orders` a user reaches: undefined for all; 403 without any scope, or (`strict` false,
 * for places such as the dashboard) nothing reached.
 */
export function orderScope(auth: Principal, access: Access, strict = true): SQL | undefined {
  return conditionOf(orderAccess(auth, access), strict);
}

export function jobScope(auth: Principal, access: Access, strict = true): SQL | undefined {
  return conditionOf(jobAccess(auth, access), strict);
}

/**
 * Operations whose stages the user may manage: the scope of ROLE_STAGE_MANAGE, and with the forwarder's
 * stages permission the operations they forward.
 */
export function stageManageScope(
  auth: Principal,
  operation: 'order' | 'job',
  strict = true,
): SQL | undefined {
  const manage =
    operation === 'order'
      ? resolveScope(auth, 'ROLE_STAGE_MANAGE', orderBuilders)
      : resolveScope(auth, 'ROLE_STAGE_MANAGE', jobBuilders);
  return conditionOf(union(manage, forwarded(auth, 'ROLE_FORWARDER_STAGES', operation)), strict);
}

/**
 * The change-log entries of stages a user may read: those of stages of orders and jobs they may read, and
 * of deleted stages when they may read some orders or jobs.
 */
export function stageChangeLogAccess(auth: Principal, entityId: AnyPgColumn): SQL | boolean {
  const order = orderAccess(auth, 'read');
  const job = jobAccess(auth, 'read');
  if (order.access === 'none' && job.access === 'none') return false;
  if (order.access === 'all' && job.access === 'all') return true;
  const reaches = (table: typeof orders | typeof jobs, scope: ScopeAccess) =>
    scope.access === 'all'
      ? sql`true`
      : sql`EXISTS (SELECT 1 FROM ${table} WHERE ${table.id} = ${stages.operationId} AND ${conditionOf(scope, false)})`;
  return sql`NOT EXISTS (SELECT 1 FROM ${stages} WHERE ${stages.id} = ${entityId} AND (CASE ${stages.operationType}
    WHEN 'order' THEN ${reaches(orders, order)} ELSE ${reaches(jobs, job)} END) IS NOT TRUE)`;
}

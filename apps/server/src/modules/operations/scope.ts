import { OPERATION_MESSAGES, type Role, type ScopedPermission } from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isStaff, type Principal } from '../../platform/auth/context';
import { changeLog } from '../../platform/changelog/tables';
import { fieldError, forbidden } from '../../platform/errors';
import { hasAnyRole } from '../../platform/permissions/check';
import { resolveScope, type ScopeAccess, type ScopeBuilders } from '../../platform/permissions/scope';
import { counterparties } from '../counterparties';
import { bills, paymentForms } from '../finance';
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

/**
 * subordinates: the own condition lifted to the team, its forwarder, seller or one of its curators is one of
 * the users under me in the company structure, me included (docs/decisions/017-subordinates-scope-of-orders.md).
 * `userIds` is read when the statement runs, so a join or a leave counts in the next query.
 */
const teamOrder = (userIds: SQL) =>
  sql`(${orders.forwarderId} = ANY(${userIds}) OR ${orders.sellerId} = ANY(${userIds}) OR ${orders.curatorIds} && ${userIds})`;

/** The clients I curate or manage (the counterparty's own scope). */
const myClients = (userId: number) =>
  sql`ARRAY(SELECT c.id FROM ${counterparties} c WHERE c.curator_ids @> ARRAY[${userId}]::integer[] OR c.manager_ids @> ARRAY[${userId}]::integer[])`;

/** The orders of the jobs I forward. */
const ordersOfMyJobs = (userId: number) =>
  sql`ARRAY(SELECT unnest(fj.order_ids) FROM ${jobs} fj WHERE fj.forwarder_id = ${userId})`;

/**
 * related: own, or I curate or manage its client, or I forward one of its jobs; subordinates: own of my
 * team; office: my office serves it.
 */
const orderBuilders: ScopeBuilders<'ROLE_ORDER_VIEW' | 'ROLE_ORDER_EDIT' | 'ROLE_STAGE_MANAGE'> = {
  own: ownOrder,
  subordinates: teamOrder,
  related: (userId) =>
    sql`(${ownOrder(userId)} OR ${orders.clientId} = ANY(${myClients(userId)}) OR ${orders.jobForwarderIds} @> ARRAY[${userId}]::integer[])`,
  office: (officeId) => sql`${orders.serviceOfficeId} = ${officeId}`,
};

/**
 * The condition on `orders` of a report's scoped permission (docs/reports.md "Who sees what"): own and
 * related as for reading orders; manager office: the order's office; payment-form office: an income bill of
 * the order is on a payment form of my office; subordinates: as for reading orders (its forwarder, seller
 * or a curator is under me, me included). `undefined` for every order; the report's use case has checked its role.
 */
export function orderReportScope(auth: Principal, permission: ScopedPermission): SQL | undefined {
  const builders = {
    own: orderBuilders.own,
    related: orderBuilders.related,
    managerOffice: orderBuilders.office,
    paymentFormOffice: (officeId: number) =>
      sql`EXISTS (SELECT 1 FROM ${bills} b JOIN ${paymentForms} pf ON pf.id = b.payment_form_id WHERE b.order_ids @> ARRAY[${orders.id}] AND b.direction = 'INCOME' AND pf.service_office_id = ${officeId})`,
    subordinates: orderBuilders.subordinates,
  };
  const scope = resolveScope(auth, permission, builders as unknown as ScopeBuilders<typeof permission>);
  if (scope.access === 'none') throw forbidden();
  return scope.access === 'all' ? undefined : scope.where;
}

/** own: I am its forwarder, or one of its orders is mine. */
const ownJob = (userId: number) =>
  sql`(${jobs.forwarderId} = ${userId} OR EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ANY(${jobs.orderIds}) AND ${ownOrder(userId)}))`;

/**
 * related: own, or one of its orders is related to me (I curate or manage the order's client, or I forward
 * another job of the order); subordinates: own of my team (its forwarder, or one of its orders is my team's);
 * office: my office serves it.
 */
const jobBuilders: ScopeBuilders<'ROLE_JOB_VIEW' | 'ROLE_JOB_EDIT' | 'ROLE_STAGE_MANAGE'> = {
  own: ownJob,
  subordinates: (userIds) =>
    sql`(${jobs.forwarderId} = ANY(${userIds}) OR EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ANY(${jobs.orderIds}) AND ${teamOrder(userIds)}))`,
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
 * Where a user may put an order or a job (docs/security.md "Frozen money, every door scoped"): its office,
 * `serviceOfficeId`, is what the office scopes read. A user whose write scope of that kind of operation
 * reaches all offices (and the system) sets any office, or none; anyone else files and moves operations into
 * his own office only, never another's and never none, so no one narrower than all offices puts work where
 * his colleagues there did not ask for it or where no office scope reaches it. Only a changed office is
 * asked: a record keeps what it has. Refused under `serviceOfficeId`.
 */
export function assertOfficeAllowed(
  auth: Principal,
  operation: 'order' | 'job',
  officeId: number | null | undefined,
  existing?: { serviceOfficeId: number | null },
): void {
  const office = officeId ?? null;
  if (existing && existing.serviceOfficeId === office) return;
  const write = operation === 'order' ? orderAccess(auth, 'write') : jobAccess(auth, 'write');
  if (write.access === 'all') return;
  if (isStaff(auth) && office !== null && office === auth.serviceOfficeId) return;
  throw fieldError(['serviceOfficeId'], OPERATION_MESSAGES.officeOutOfScope);
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
 * The change-log entries of stages a user may read: those of stages of orders and jobs they may read; a
 * deleted stage follows the operation its delete entry names (its last `operationType` and `operationId`),
 * so a one-office reader reads neither live nor deleted stages of another office's operations.
 */
export function stageChangeLogAccess(auth: Principal, entityId: AnyPgColumn): SQL | boolean {
  const order = orderAccess(auth, 'read');
  const job = jobAccess(auth, 'read');
  if (order.access === 'none' && job.access === 'none') return false;
  if (order.access === 'all' && job.access === 'all') return true;
  const reaches = (table: typeof orders | typeof jobs, scope: ScopeAccess, id: SQL | AnyPgColumn) =>
    scope.access === 'all'
      ? sql`true`
      : sql`EXISTS (SELECT 1 FROM ${table} WHERE ${table.id} = ${id} AND ${conditionOf(scope, false)})`;
  const goneType = sql`gone.changes->'operationType'->>'old'`;
  const goneId = sql`(gone.changes->'operationId'->>'old')::integer`;
  return sql`coalesce(
    (SELECT (CASE ${stages.operationType} WHEN 'order' THEN ${reaches(orders, order, stages.operationId)}
      ELSE ${reaches(jobs, job, stages.operationId)} END) IS TRUE FROM ${stages} WHERE ${stages.id} = ${entityId}),
    EXISTS (SELECT 1 FROM ${changeLog} gone WHERE gone.entity_type = 'stage' AND gone.entity_id = ${entityId}
      AND gone.action = 'delete' AND (CASE ${goneType} WHEN 'order' THEN ${reaches(orders, order, goneId)}
      WHEN 'job' THEN ${reaches(jobs, job, goneId)} ELSE false END)))`;
}

import {
  type Cargo,
  type CargoInput,
  COUNTERPARTY_MESSAGES,
  cargoIssues,
  clientOrderIssue,
  completeCargo,
  completeRoutePoint,
  deniedCargoFields,
  OPERATION_MESSAGES as M,
  MESSAGES,
  type OperationActor,
  operationEditLock,
  type orderResource,
  type RoutePointInput,
  routeFacts,
  routeIssues,
  routeSummary,
  serviceIssue,
} from '@tms/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { actingUserId, type Principal } from '../../platform/auth/context';
import { conflict, ErrorCollector, fieldError, forbidden } from '../../platform/errors';
import { users } from '../../platform/identity/tables';
import { hasAnyRole } from '../../platform/permissions/check';
import {
  afterUpdate,
  type CreateInput,
  type ResourceContext,
  type ResourceHooks,
  type Updated,
  type WriteValues,
} from '../../platform/resources';
import { assignByRules } from '../assignment';
import { assertCanTakeNewWork, counterparties } from '../counterparties';
import { operationCustomFieldGroups, validateCustomFieldValues } from '../custom-fields';
import { checkOrderCredit } from './order-credit';
import { assertOfficeAllowed, orderScope } from './scope';
import { jobOrders, jobs, orders, products, stages } from './tables';
import { orderTnvedIssues } from './tnved-issues';

export type OrderRow = typeof orders.$inferSelect;

/**
 * Whether a new order may be made from the record it names (`requestId`): throws the refusal (a status,
 * the scope). The requests module contributes it; operations know no requests.
 */
export type OrderSourceCheck = (ctx: ResourceContext, requestId: number) => Promise<void>;

/**
 * The cargo's TNVED codes that are not valid, by their index in `codes` (unknown to the classifier, or not
 * valid on the order's declaration date). The customs module contributes it; operations know no classifier.
 */
export type OrderTnvedCheck = (
  ctx: ResourceContext,
  order: { id: number | null; codes: readonly string[] },
) => Promise<{ index: number; message: string }[]>;

declare module '../../platform/modules' {
  interface ModuleContributions {
    /** The rules of an order made from a customer request (`requestId` on create). */
    orderRequestChecks: OrderSourceCheck;
    /** The classifier's check of an order's TNVED codes when they change. */
    orderTnvedChecks: OrderTnvedCheck;
  }
}

/** An order's request is set on create, after every contributed check; without one it is refused. */
async function checkOrderRequest(ctx: ResourceContext, requestId: number | null | undefined): Promise<void> {
  if (requestId == null) return;
  const checks = [...ctx.registries.contributions('orderRequestChecks').values()];
  if (!checks.length) throw fieldError(['requestId'], MESSAGES.invalid);
  for (const check of checks) await check(ctx, requestId);
}
export type JobRow = typeof jobs.$inferSelect;
type OrderInput = CreateInput<typeof orderResource>;
/** An order as a write will store it: the body of a create, the row with the members sent over it for an update. */
type OrderRecord = OrderInput | Updated<OrderRow, Partial<OrderInput>>;

/** The acting user as the domain's rules see them; `canEdit`: the edit scope reaches the record. */
export function actorOf(auth: Pick<Principal, 'roles'>, canEdit?: boolean): OperationActor {
  return { roles: auth.roles, isSystem: false, canEdit };
}

function normalized(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'null';
  if (Array.isArray(value)) return JSON.stringify([...value].sort());
  return JSON.stringify(value);
}

/** The members of `values` that differ from the record (a create: from a new record's defaults). */
export function changedFields(
  values: Readonly<Record<string, unknown>>,
  existing: Readonly<Record<string, unknown>> | null,
  defaults: Readonly<Record<string, unknown>> = {},
): string[] {
  return Object.keys(values).filter((key) => {
    if (values[key] === undefined) return false;
    const before = existing ? existing[key] : (defaults[key] ?? null);
    return normalized(values[key]) !== normalized(before);
  });
}

/**
 * Spec §6: a changed cargo flag that needs a role the user lacks refuses the whole write (403); the
 * fields' own roles are the descriptors' `fieldRoles`, which the resource service checks.
 */
export function checkCargoRoles(
  auth: Principal,
  values: { cargo?: CargoInput | null },
  existing: { cargo: Cargo | null } | null,
): void {
  if (deniedCargoFields(values.cargo, existing?.cargo, actorOf(auth)).length) {
    throw forbidden(COUNTERPARTY_MESSAGES.fieldEditDenied);
  }
}

/**
 * The management lock of a client (spec §3 Counterparty, §6 Forwarder): new orders and jobs of a locked
 * client, and changes of its orders and jobs, are taken only from its curators and managers and from holders
 * of ROLE_IGNORE_MANAGEMENT_LOCK; anyone else gets 403.
 */
export async function assertClientsUnlocked(
  tx: Tx,
  auth: Principal,
  clientIds: readonly number[],
): Promise<void> {
  if (!clientIds.length || hasAnyRole(auth, ['ROLE_IGNORE_MANAGEMENT_LOCK'])) return;
  const userId = actingUserId(auth) ?? 0;
  const [locked] = await tx
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(
      and(
        inArray(counterparties.id, [...new Set(clientIds)]),
        eq(counterparties.managementLock, true),
        sql`NOT (${counterparties.curatorIds} @> ARRAY[${userId}]::integer[] OR ${counterparties.managerIds} @> ARRAY[${userId}]::integer[])`,
      ),
    )
    .limit(1);
  if (locked) throw forbidden(M.clientManagementLock);
}

/** "order or job archived or has a locking finance control status" (400 at the root). */
export function assertEditable(row: Pick<OrderRow, 'archived' | 'financeControlStatus'>): void {
  const lock = operationEditLock({
    archived: row.archived,
    financeControlStatus: row.financeControlStatus as Parameters<
      typeof operationEditLock
    >[0]['financeControlStatus'],
  });
  if (lock) throw fieldError([], lock);
}

/** The client of a new order, or a changed client: exists, a client, not black-listed or merged. */
async function checkClient(ctx: ResourceContext, clientId: number): Promise<string> {
  const { tx } = ctx;
  await assertCanTakeNewWork(tx, clientId, ['clientId']);
  const [client] = await tx
    .select({ name: counterparties.name, client: counterparties.client, blackList: counterparties.blackList })
    .from(counterparties)
    .where(eq(counterparties.id, clientId))
    .limit(1);
  const issue = clientOrderIssue(client!);
  if (issue) throw fieldError(issue.path, issue.message);
  return client!.name;
}

/** Ids among `ids` that `table` does not hold. */
async function missingUsers(tx: Tx, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...ids]));
  const known = new Set(found.map((r) => r.id));
  return new Set(ids.filter((id) => !known.has(id)));
}

/** Route points as stored, with the summary columns the lists filter and sort on. */
export function routeColumns(points: readonly RoutePointInput[]) {
  const summary = routeSummary(points);
  return {
    route: points.map(completeRoutePoint),
    dispatchDate: summary.dispatchDate,
    deliveryDate: summary.deliveryDate,
    dispatchCountryId: summary.dispatchCountryId,
    deliveryCountryId: summary.deliveryCountryId,
  };
}

/**
 * Checks the custom field values of an operation against its group (none without a group) and answers
 * the values to store.
 */
export async function operationCustomFields(
  tx: Tx,
  groupId: number | null | undefined,
  values: unknown,
  existing: Record<string, unknown> | null,
): Promise<Record<string, unknown>> {
  const given = (values ?? {}) as Record<string, unknown>;
  if (groupId == null) {
    if (Object.keys(given).length) throw fieldError(['customFieldGroupId'], MESSAGES.required);
    return {};
  }
  const [group] = await tx
    .select({ id: operationCustomFieldGroups.id })
    .from(operationCustomFieldGroups)
    .where(eq(operationCustomFieldGroups.id, groupId))
    .limit(1);
  if (!group) throw fieldError(['customFieldGroupId'], MESSAGES.invalid);
  return validateCustomFieldValues(tx, { kind: 'operation-group', groupId }, given, {
    existing: existing ?? undefined,
  });
}

/**
 * The rules of an order as it will be stored (`record`; `values`: the members sent, `existing`: the row an
 * update changes): product, service, route against the product's limits, cargo, curators, client, the
 * client's credit and custom fields. Answers the computed columns.
 */
async function prepareOrder(
  ctx: ResourceContext,
  record: OrderRecord,
  values: Partial<OrderInput>,
  existing: OrderRow | null,
) {
  const { tx } = ctx;
  const out: WriteValues<OrderRow, OrderInput> & { cargo?: Cargo } = {};
  const errors = new ErrorCollector();

  const [product] = await tx.select().from(products).where(eq(products.id, record.productId)).limit(1);
  if (!product) errors.add(['productId'], MESSAGES.invalid);
  else {
    out.productName = product.name;
    const issue = serviceIssue(record.serviceId, product);
    if (issue) errors.add(issue.path, issue.message);
  }

  const points: readonly RoutePointInput[] = record.route ?? [];
  for (const issue of routeIssues(points, {
    requireDispatchAndDelivery: true,
    maxDispatchPoints: product?.maxDispatchPoints,
    maxDeliveryPoints: product?.maxDeliveryPoints,
  })) {
    errors.add(['route', ...issue.path], issue.message);
  }
  Object.assign(out, routeColumns(points));

  if (values.cargo !== undefined || !existing) {
    const cargo = completeCargo({ ...existing?.cargo, ...values.cargo });
    for (const issue of cargoIssues(cargo)) errors.add(['cargo', ...issue.path], issue.message);
    out.cargo = cargo;
    out.cargoDescription = cargo.description;
    if (!existing || !sameCodes(existing.cargo.tnvedCodes, cargo.tnvedCodes)) {
      for (const issue of await orderTnvedIssues(ctx, {
        id: existing?.id ?? null,
        codes: cargo.tnvedCodes,
      })) {
        errors.add(['cargo', 'tnvedCodes', issue.index], issue.message);
      }
      // A cargo whose every line has a valid code is ready for the customs specialist; new codes undo a
      // verification (docs/customs.md "TNVED control").
      out.tnvedControlStatus = cargo.tnvedCodes.length > 0 ? 'READY' : 'NOT_READY';
    }
  }

  const curators = record.curatorIds ?? [];
  const people = (['forwarderId', 'sellerId'] as const).flatMap((field) => {
    const id = record[field];
    return id ? [{ field, id }] : [];
  });
  const missing = await missingUsers(tx, [...curators, ...people.map((person) => person.id)]);
  curators.forEach((id, index) => {
    if (missing.has(id)) errors.add(['curatorIds', index], MESSAGES.invalid);
  });
  for (const { field, id } of people) {
    if (missing.has(id)) errors.add([field], MESSAGES.invalid);
  }

  // Every field's refusal is answered at once, so the form shows them all after one save.
  let clientTaken = true;
  if (!existing || (values.clientId !== undefined && values.clientId !== existing.clientId)) {
    out.clientName = await errors.collect(() => checkClient(ctx, record.clientId));
    clientTaken = out.clientName !== undefined;
  }
  // Only a client that may take the order has its credit checked (a refused client says why first).
  if (clientTaken) {
    await errors.collect(() => checkOrderCredit(ctx, record, existing));
  }
  if (!existing || values.customFields !== undefined || values.customFieldGroupId !== undefined) {
    out.customFields = await errors.collect(() =>
      operationCustomFields(
        tx,
        record.customFieldGroupId,
        values.customFields ??
          (existing?.customFieldGroupId === record.customFieldGroupId ? existing?.customFields : {}),
        existing?.customFields ?? null,
      ),
    );
  }
  errors.throwIfAny();
  return out;
}

const sameCodes = (a: readonly string[], b: readonly string[]) =>
  [...a].sort().join() === [...b].sort().join();

/** The clients of each job, from its orders (after an order's client changed, or a job's orders). */
export async function refreshJobClients(tx: Tx, jobIds: readonly number[]): Promise<void> {
  if (!jobIds.length) return;
  await tx.execute(sql`UPDATE ${jobs} SET client_ids = coalesce(
      (SELECT array_agg(DISTINCT o.client_id ORDER BY o.client_id) FROM ${orders} o WHERE o.id = ANY(${jobs.orderIds})),
      '{}')
    WHERE ${inArray(jobs.id, [...jobIds])}`);
}

/** The contractors (list filter) and forwarders (related scope) of each order's jobs. */
export async function refreshOrderJobFacts(tx: Tx, orderIds: readonly number[]): Promise<void> {
  if (!orderIds.length) return;
  await tx.execute(sql`UPDATE ${orders} SET contractor_ids = coalesce(
      (SELECT array_agg(DISTINCT j.contractor_id ORDER BY j.contractor_id) FROM ${jobs} j
        WHERE j.order_ids @> ARRAY[${orders.id}] AND j.contractor_id IS NOT NULL),
      '{}'),
    job_forwarder_ids = coalesce(
      (SELECT array_agg(DISTINCT j.forwarder_id ORDER BY j.forwarder_id) FROM ${jobs} j
        WHERE j.order_ids @> ARRAY[${orders.id}] AND j.forwarder_id IS NOT NULL),
      '{}')
    WHERE ${inArray(orders.id, [...orderIds])}`);
}

/**
 * The stage facts of each order (`open_stage_dates`: the expected dates of the open stages of the order
 * and of its jobs; `stages_total` and `stages_closed`: the order's own stages), after a stage was written or
 * a job's orders changed. The orders are locked first so that the stages are read after any concurrent
 * writer of the same orders has committed (a statement's own snapshot predates the wait).
 */
export async function refreshOrderStageFacts(tx: Tx, orderIds: readonly number[]): Promise<void> {
  if (!orderIds.length) return;
  const ids = [...new Set(orderIds)].sort((a, b) => a - b);
  await tx.execute(
    sql`SELECT 1 FROM ${orders} WHERE ${inArray(orders.id, ids)} ORDER BY ${orders.id} FOR UPDATE`,
  );
  await tx.execute(sql`UPDATE ${orders} SET open_stage_dates = ARRAY(
      SELECT s.expected_date FROM ${stages} s
        WHERE s.operation_type = 'order' AND s.operation_id = ${orders.id}
          AND NOT s.closed AND s.expected_date IS NOT NULL
      UNION
      SELECT s.expected_date FROM ${stages} s JOIN ${jobOrders} jo ON jo.job_id = s.operation_id
        WHERE s.operation_type = 'job' AND jo.order_id = ${orders.id}
          AND NOT s.closed AND s.expected_date IS NOT NULL
      ORDER BY 1),
    (stages_total, stages_closed) = (
      SELECT count(*), count(*) FILTER (WHERE s.closed) FROM ${stages} s
        WHERE s.operation_type = 'order' AND s.operation_id = ${orders.id})
    WHERE ${inArray(orders.id, ids)}`);
}

/**
 * A new order sent without a forwarder gets one from the forwarders' auto-assignment rules
 * (docs/assignment.md), with the rule kept on the order (and so in its creation's change-log entry).
 */
async function assignedForwarder(ctx: ResourceContext, values: OrderInput) {
  if (values.forwarderId) return {};
  const assigned = await assignByRules(ctx, 'forwarder', {
    clientId: values.clientId,
    productId: values.productId,
    serviceOfficeId: values.serviceOfficeId,
    ...routeFacts(values.route ?? []),
    transportTypes: values.transportType ? [values.transportType] : [],
  });
  if (!assigned) return {};
  return {
    forwarderId: assigned.userId,
    assignmentRuleId: assigned.ruleId,
    assignmentRuleName: assigned.ruleName,
  };
}

export function orderHooks(): ResourceHooks<OrderRow, OrderInput> {
  return {
    scope: (auth, access) => orderScope(auth, access),
    async beforeCreate(ctx, values) {
      const { tx, auth } = ctx;
      checkCargoRoles(auth, values, null);
      assertOfficeAllowed(auth, 'order', values.serviceOfficeId);
      await checkOrderRequest(ctx, values.requestId);
      await assertClientsUnlocked(tx, auth, [values.clientId]);
      const computed = await prepareOrder(ctx, values, values, null);
      return {
        ...values,
        ...computed,
        ...(await assignedForwarder(ctx, values)),
        createdById: actingUserId(auth),
      };
    },
    guardUpdate: (_ctx, existing) => assertEditable(existing),
    async beforeUpdate(ctx, values, existing) {
      const { tx, auth } = ctx;
      checkCargoRoles(auth, values, existing);
      if (values.serviceOfficeId !== undefined) {
        assertOfficeAllowed(auth, 'order', values.serviceOfficeId, existing);
      }
      if (values.requestId !== undefined && values.requestId !== existing.requestId) {
        throw fieldError(['requestId'], MESSAGES.invalid);
      }
      if (changedFields(values, existing).length) {
        const clients = [existing.clientId, ...(values.clientId ? [values.clientId] : [])];
        await assertClientsUnlocked(tx, auth, clients);
      }
      const record = afterUpdate(values, existing);
      const computed = await prepareOrder(ctx, record, values, existing);
      return { ...values, ...computed };
    },
    async afterWrite({ tx }, event) {
      if (event.action !== 'update' || !event.before || !event.after) return;
      if (event.before.clientId === event.after.clientId) return;
      const linked = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(sql`${jobs.orderIds} @> ARRAY[${event.after.id}]::integer[]`);
      await refreshJobClients(
        tx,
        linked.map((j) => j.id),
      );
    },
    async beforeDelete({ tx, auth }, row) {
      assertEditable(row);
      await assertClientsUnlocked(tx, auth, [row.clientId]);
      const [job] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(sql`${jobs.orderIds} @> ARRAY[${row.id}]::integer[]`)
        .limit(1);
      const [stage] = await tx
        .select({ id: stages.id })
        .from(stages)
        .where(and(eq(stages.operationType, 'order'), eq(stages.operationId, row.id)))
        .limit(1);
      if (job || stage) throw conflict(M.hasLinkedRecords);
    },
  };
}

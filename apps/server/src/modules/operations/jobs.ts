import {
  jobContractorIssue,
  jobCostIssue,
  jobOrderIssue,
  type jobResource,
  jobTypeIssue,
  OPERATION_MESSAGES as M,
  MESSAGES,
  operationEditLock,
  type RoutePointInput,
  routeIssues,
} from '@tms/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { actingUserId, type Principal } from '../../platform/auth/context';
import { conflict, ErrorCollector, fieldError } from '../../platform/errors';
import {
  afterUpdate,
  type CreateInput,
  type ResourceHooks,
  type Updated,
  type WriteValues,
} from '../../platform/resources';
import { assertCanTakeNewWork, counterparties } from '../counterparties';
import { copyForInheritance } from '../custom-fields';
import {
  actorOf,
  assertClientsUnlocked,
  assertEditable,
  changedFields,
  type JobRow,
  type OrderRow,
  operationCustomFields,
  refreshOrderJobFacts,
  refreshOrderStageFacts,
  routeColumns,
} from './orders';
import { assertOfficeAllowed, jobScope, orderScope } from './scope';
import { jobOrders, jobs, jobTypes, orders, stages } from './tables';

type JobInput = CreateInput<typeof jobResource>;
/** A job as a write will store it: the body of a create, the row with the members sent over it for an update. */
type JobRecord = JobInput | Updated<JobRow, Partial<JobInput>>;

/** The job's money: refused while one of its orders is locked (finance control ACCEPTED or archived). */
const MONEY_FIELDS = ['costAmount', 'costCurrencyId'];

/**
 * The rules of a job as it will be stored (`record`; `values`: the members sent, `existing`: the row an update
 * changes): its orders (reachable, one unless consolidating, not locked for a new job), the job type against
 * their products, the contractor (not black-listed, liquid access for liquid cargo), the cost's currency, the
 * route and the custom fields (on create, those flagged "inherit on job creation" come from the order).
 * Answers the computed columns.
 */
async function prepareJob(
  tx: Tx,
  auth: Principal,
  record: JobRecord,
  values: Partial<JobInput>,
  existing: JobRow | null,
): Promise<WriteValues<JobRow, JobInput> & { clientIds: number[] }> {
  const errors = new ErrorCollector();
  const out: WriteValues<JobRow, JobInput> = {};

  const { orderIds } = record;
  const orderIssue = jobOrderIssue(orderIds, actorOf(auth));
  if (orderIssue) errors.add(orderIssue.path, orderIssue.message);
  const found = (await tx
    .select()
    .from(orders)
    .where(and(inArray(orders.id, orderIds), orderScope(auth, 'read', false)))) as OrderRow[];
  const byId = new Map(found.map((o) => [o.id, o]));
  const linked: OrderRow[] = [];
  orderIds.forEach((id, index) => {
    const order = byId.get(id);
    if (!order) errors.add(['orderIds', index], MESSAGES.invalid);
    else linked.push(order);
  });
  const newlyLinked = linked.filter((o) => !existing?.orderIds.includes(o.id));
  const moneyChanged = changedFields(values, existing).some((f) => MONEY_FIELDS.includes(f));
  const locked = (existing ? [...newlyLinked, ...(moneyChanged ? linked : [])] : linked).some((o) =>
    operationEditLock({
      archived: o.archived,
      financeControlStatus: o.financeControlStatus as 'NOT_READY',
    }),
  );
  // A locked order refuses the job as a whole: no field of the form could be corrected to pass.
  if (locked) throw fieldError([], M.locked);

  const [jobType] = await tx
    .select({ productIds: jobTypes.productIds })
    .from(jobTypes)
    .where(eq(jobTypes.id, record.jobTypeId))
    .limit(1);
  if (!jobType) errors.add(['jobTypeId'], MESSAGES.invalid);
  else {
    const issue = jobTypeIssue(jobType, linked);
    if (issue) errors.add(issue.path, issue.message);
  }

  const { contractorId } = record;
  out.contractorName = null;
  if (contractorId) {
    const [contractor] = await tx
      .select()
      .from(counterparties)
      .where(eq(counterparties.id, contractorId))
      .limit(1);
    if (!contractor) errors.add(['contractorId'], MESSAGES.invalid);
    else {
      out.contractorName = contractor.name;
      if (!existing || contractorId !== existing.contractorId || newlyLinked.length) {
        await errors.collect(() => assertCanTakeNewWork(tx, contractorId, ['contractorId']));
        const issue = jobContractorIssue(
          contractor,
          linked.some((o) => o.cargo.liquid),
        );
        if (issue) errors.add(issue.path, issue.message);
      }
    }
  }
  const cost = jobCostIssue(record);
  if (cost) errors.add(cost.path, cost.message);

  const points: readonly RoutePointInput[] = record.route ?? [];
  for (const issue of routeIssues(points, { requireDispatchAndDelivery: false })) {
    errors.add(['route', ...issue.path], issue.message);
  }
  const { route, dispatchDate, deliveryDate } = routeColumns(points);
  Object.assign(out, { route, dispatchDate, deliveryDate });
  const clientIds = [...new Set(linked.map((o) => o.clientId))].sort((a, b) => a - b);

  // Every field's refusal is answered at once, so the form shows them all after one save.
  const order = linked[0];
  if (!existing && order) {
    // A job created from an order takes the values its fields say to inherit; what the form sent wins.
    const groupId = record.customFieldGroupId ?? order.customFieldGroupId;
    const inherited =
      groupId !== null && groupId === order.customFieldGroupId
        ? await copyForInheritance(tx, { kind: 'operation-group', groupId }, order.customFields, 'job')
        : {};
    out.customFieldGroupId = groupId;
    out.customFields = await errors.collect(() =>
      operationCustomFields(tx, groupId, { ...inherited, ...record.customFields }, null),
    );
  } else if (existing && (values.customFields !== undefined || values.customFieldGroupId !== undefined)) {
    out.customFields = await errors.collect(() =>
      operationCustomFields(
        tx,
        record.customFieldGroupId,
        values.customFields ??
          (existing.customFieldGroupId === record.customFieldGroupId ? existing.customFields : {}),
        existing.customFields,
      ),
    );
  }
  errors.throwIfAny();
  return { ...out, clientIds };
}

/** The job's links to its orders, as `order_ids` says. */
async function syncJobOrders(tx: Tx, job: JobRow): Promise<void> {
  await tx.delete(jobOrders).where(eq(jobOrders.jobId, job.id));
  if (job.orderIds.length) {
    await tx.insert(jobOrders).values(job.orderIds.map((orderId) => ({ jobId: job.id, orderId })));
  }
}

export function jobHooks(): ResourceHooks<JobRow, JobInput> {
  return {
    scope: (auth, access) => jobScope(auth, access),
    async beforeCreate({ tx, auth }, values) {
      assertOfficeAllowed(auth, 'job', values.serviceOfficeId);
      const computed = await prepareJob(tx, auth, values, values, null);
      await assertClientsUnlocked(tx, auth, computed.clientIds);
      return { ...values, ...computed, createdById: actingUserId(auth) };
    },
    guardUpdate: (_ctx, existing) => assertEditable(existing),
    async beforeUpdate({ tx, auth }, values, existing) {
      if (values.serviceOfficeId !== undefined) {
        assertOfficeAllowed(auth, 'job', values.serviceOfficeId, existing);
      }
      const record = afterUpdate(values, existing);
      const computed = await prepareJob(tx, auth, record, values, existing);
      if (changedFields(values, existing).length) {
        await assertClientsUnlocked(tx, auth, [...existing.clientIds, ...computed.clientIds]);
      }
      return { ...values, ...computed };
    },
    async afterWrite({ tx }, event) {
      if (event.after) await syncJobOrders(tx, event.after);
      const before = event.before?.orderIds ?? [];
      const after = event.after?.orderIds ?? [];
      const touched = [...new Set([...before, ...after])];
      await refreshOrderJobFacts(tx, touched);
      // The job's open stages count for its orders: only orders it took on or dropped see their dates move.
      await refreshOrderStageFacts(
        tx,
        touched.filter((id) => before.includes(id) !== after.includes(id)),
      );
    },
    async beforeDelete({ tx, auth }, row) {
      assertEditable(row);
      await assertClientsUnlocked(tx, auth, row.clientIds);
      const [stage] = await tx
        .select({ id: stages.id })
        .from(stages)
        .where(and(eq(stages.operationType, 'job'), eq(stages.operationId, row.id)))
        .limit(1);
      if (stage) throw conflict(M.hasLinkedRecords);
    },
  };
}

/** Jobs of an order the user may see. */
export async function jobsOfOrder(tx: Tx, auth: Principal, orderId: number): Promise<JobRow[]> {
  return (await tx
    .select()
    .from(jobs)
    .where(and(sql`${jobs.orderIds} @> ARRAY[${orderId}]::integer[]`, jobScope(auth, 'read', false)))
    .orderBy(jobs.id)) as JobRow[];
}

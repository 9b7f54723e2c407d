import { LOCKING_FINANCE_CONTROL_STATUSES } from '@tms/domain';
import { eq, inArray } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { readAll } from '../../db/connection';
import { asSystem } from '../../platform/resources';
import type { BillOperation, BillOperationSource, OrderTransfersStatusSink } from '../finance';
import { orderService } from './operation';
import { unbilledIncomeColumn } from './order-credit';
import { jobs, orders } from './tables';

const accepted = (row: { financeControlStatus: string }) =>
  (LOCKING_FINANCE_CONTROL_STATUSES as readonly string[]).includes(row.financeControlStatus);
/**
 * A read of operations locked when asked: finance control waits for the caller's write. `FOR UPDATE`, the
 * lock the bill's own write takes of its orders next: two writes both holding a shared lock would each wait
 * for the other to upgrade it (a deadlock of concurrent bills on one order).
 */
const lockedIf = <Q extends PgSelect>(lock: boolean | undefined, query: Q): Q =>
  lock ? (query.for('update') as Q) : query;
const locked = (row: { archived: boolean; financeControlStatus: string }) => row.archived || accepted(row);

/**
 * What the bills' rules need of the orders and jobs a bill links to (finance's `billOperations` point):
 * tracking, the money lock (archived or finance-accepted), the office, the order's client or the job's
 * contractor and cost, the job's orders (a job's bill belongs to its orders' result too), the people it names,
 * and an open order's planned income not yet billed (the bills' credit check).
 */
export const operationsOfBills: BillOperationSource = async ({ tx }, ids, options = {}) => {
  const [orderRows, jobRows] = await readAll(tx, [
    () =>
      ids.orderIds.length
        ? lockedIf(
            options.lock,
            tx
              .select({
                id: orders.id,
                number: orders.number,
                archived: orders.archived,
                financeControlStatus: orders.financeControlStatus,
                serviceOfficeId: orders.serviceOfficeId,
                clientId: orders.clientId,
                forwarderId: orders.forwarderId,
                sellerId: orders.sellerId,
                curatorIds: orders.curatorIds,
                unbilledIncome: unbilledIncomeColumn(),
              })
              .from(orders)
              .where(inArray(orders.id, [...ids.orderIds]))
              .orderBy(orders.id)
              .$dynamic(),
          )
        : [],
    () =>
      ids.jobIds.length
        ? lockedIf(
            options.lock,
            tx
              .select({
                id: jobs.id,
                number: jobs.number,
                archived: jobs.archived,
                financeControlStatus: jobs.financeControlStatus,
                serviceOfficeId: jobs.serviceOfficeId,
                contractorId: jobs.contractorId,
                tracking: jobs.tracking,
                costAmount: jobs.costAmount,
                costCurrencyId: jobs.costCurrencyId,
                orderIds: jobs.orderIds,
                forwarderId: jobs.forwarderId,
              })
              .from(jobs)
              .where(inArray(jobs.id, [...ids.jobIds]))
              .orderBy(jobs.id)
              .$dynamic(),
          )
        : [],
  ]);
  return [
    ...orderRows.map(
      (row): BillOperation => ({
        type: 'order',
        id: row.id,
        number: row.number,
        tracking: false,
        locked: locked(row),
        financeAccepted: accepted(row),
        serviceOfficeId: row.serviceOfficeId,
        counterpartyId: row.clientId,
        orderIds: [row.id],
        amount: null,
        currencyId: null,
        unbilledIncome: row.unbilledIncome === null ? null : String(row.unbilledIncome),
        people: [row.forwarderId, row.sellerId, ...row.curatorIds].filter((id): id is number => id !== null),
      }),
    ),
    ...jobRows.map(
      (row): BillOperation => ({
        type: 'job',
        id: row.id,
        number: row.number,
        tracking: row.tracking,
        locked: locked(row),
        financeAccepted: accepted(row),
        serviceOfficeId: row.serviceOfficeId,
        counterpartyId: row.contractorId,
        orderIds: row.orderIds,
        amount: row.costAmount,
        currencyId: row.costCurrencyId,
        unbilledIncome: null,
        people: row.forwarderId === null ? [] : [row.forwarderId],
      }),
    ),
  ];
};

/**
 * An order's transfers status as finance's transfer plan computes it (finance's `orderTransfersStatus`
 * point): set by the system, logged as `status` when it changes.
 */
export const setOrderTransfersStatus: OrderTransfersStatusSink = async (ctx, orderId, status) => {
  const [row] = await ctx.tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row) return;
  const system = asSystem(ctx, 'transfers status');
  const order = await orderService.find(system, orderId, { lock: true });
  if (order.transfersStatus === status) return;
  await orderService.write(system, order, { transfersStatus: status }, { action: 'status' });
};

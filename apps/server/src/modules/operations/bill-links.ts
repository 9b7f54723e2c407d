import { LOCKING_FINANCE_CONTROL_STATUSES } from '@tms/domain';
import { inArray } from 'drizzle-orm';
import type { BillOperation, BillOperationSource } from '../finance';
import { jobs, orders } from './tables';

const accepted = (row: { financeControlStatus: string }) =>
  (LOCKING_FINANCE_CONTROL_STATUSES as readonly string[]).includes(row.financeControlStatus);
const locked = (row: { archived: boolean; financeControlStatus: string }) => row.archived || accepted(row);

/**
 * What the bills' rules need of the orders and jobs a bill links to (finance's `billOperations` point):
 * tracking, the money lock (archived or finance-accepted), the office, the order's client or the job's
 * contractor and cost, the job's orders (a job's bill belongs to its orders' result too).
 */
export const operationsOfBills: BillOperationSource = async ({ tx }, ids) => {
  const [orderRows, jobRows] = await Promise.all([
    ids.orderIds.length
      ? tx
          .select({
            id: orders.id,
            archived: orders.archived,
            financeControlStatus: orders.financeControlStatus,
            serviceOfficeId: orders.serviceOfficeId,
            clientId: orders.clientId,
          })
          .from(orders)
          .where(inArray(orders.id, [...ids.orderIds]))
      : [],
    ids.jobIds.length
      ? tx
          .select({
            id: jobs.id,
            archived: jobs.archived,
            financeControlStatus: jobs.financeControlStatus,
            serviceOfficeId: jobs.serviceOfficeId,
            contractorId: jobs.contractorId,
            tracking: jobs.tracking,
            costAmount: jobs.costAmount,
            costCurrencyId: jobs.costCurrencyId,
            orderIds: jobs.orderIds,
          })
          .from(jobs)
          .where(inArray(jobs.id, [...ids.jobIds]))
      : [],
  ]);
  return [
    ...orderRows.map(
      (row): BillOperation => ({
        type: 'order',
        id: row.id,
        tracking: false,
        locked: locked(row),
        financeAccepted: accepted(row),
        serviceOfficeId: row.serviceOfficeId,
        counterpartyId: row.clientId,
        orderIds: [row.id],
        amount: null,
        currencyId: null,
      }),
    ),
    ...jobRows.map(
      (row): BillOperation => ({
        type: 'job',
        id: row.id,
        tracking: row.tracking,
        locked: locked(row),
        financeAccepted: accepted(row),
        serviceOfficeId: row.serviceOfficeId,
        counterpartyId: row.contractorId,
        orderIds: row.orderIds,
        amount: row.costAmount,
        currencyId: row.costCurrencyId,
      }),
    ),
  ];
};

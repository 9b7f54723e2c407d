import { decimalFixed, decimalSubtract, type ReadyOrder, readyOrderResource } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connection';
import type { App } from '../../platform/http/types';
import { type CallContext, registerResource } from '../../platform/resources';
import { defaultEntity } from '../../platform/resources/service';
import { bills, ledgerEntries } from '../finance';
import { jobs, orders } from './tables';

type Money = { income: string; cost: string };

/**
 * Income (revenue) and cost of the orders `ids` in the base currency, from the ledger entries of the bills
 * of each order and of its jobs (a bill counted once per order): one query for a page.
 */
async function resultsOf(ctx: CallContext, ids: readonly number[]): Promise<Map<number, Money>> {
  const rows = await rowsOf<{ id: number } & Money>(
    ctx.tx,
    sql`SELECT o.id,
        coalesce(-sum(${ledgerEntries.baseAmount}) FILTER (WHERE ${ledgerEntries.account} = 'REVENUE'), 0)::numeric(18,2)::text AS income,
        coalesce(sum(${ledgerEntries.baseAmount}) FILTER (WHERE ${ledgerEntries.account} = 'COST'), 0)::numeric(18,2)::text AS cost
      FROM unnest(${`{${ids.join(',')}}`}::integer[]) AS o(id)
      LEFT JOIN LATERAL (
        SELECT ${bills.id} AS bill_id FROM ${bills} WHERE ${bills.orderIds} @> ARRAY[o.id]
        UNION
        SELECT ${bills.id} FROM ${jobs} JOIN ${bills} ON ${bills.jobIds} @> ARRAY[${jobs.id}]
          WHERE ${jobs.orderIds} @> ARRAY[o.id]
      ) AS ob ON true
      LEFT JOIN ${ledgerEntries} ON ${ledgerEntries.billId} = ob.bill_id
      GROUP BY o.id`,
  );
  return new Map(rows.map((row) => [row.id, { income: row.income, cost: row.cost }]));
}

/** The ready-orders view: the orders READY for finance control and not archived, with their result. */
export function registerReadyOrders(app: App): void {
  registerResource(app, readyOrderResource, orders, {
    hooks: {
      scope: () => sql`${orders.financeControlStatus} = 'READY' AND NOT ${orders.archived}`,
      // The entity's members and the results: a list leaves out the order's search and stage columns.
      entityColumns: [],
      async toEntities(rows, ctx) {
        const results = await resultsOf(
          ctx,
          rows.map((row) => row.id),
        );
        return rows.map((row) => {
          const { income, cost } = results.get(row.id) ?? { income: '0.00', cost: '0.00' };
          return {
            ...defaultEntity(readyOrderResource, row as Record<string, unknown>),
            income,
            cost,
            profit: decimalFixed(decimalSubtract(income, cost), 2),
          } as ReadyOrder;
        });
      },
    },
  });
}

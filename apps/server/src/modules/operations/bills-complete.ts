import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/connection';
import { bills } from '../finance';

/**
 * Whether the money of an order or job is complete enough to ask finance control to check it
 * (docs/operations.md "Finance control"): an order has an income bill and each of its jobs with a cost
 * its expense bill; a job with a cost has its expense bill. One query, by the bills' array indexes. The jobs
 * are asked through `tms_unbilled_costly_job` (migration 0090): a stage closed in a contractor's walled
 * transaction sees only his jobs, yet the answer must count every job of the order.
 */
export async function billsComplete(tx: Tx, type: 'order' | 'job', id: number): Promise<boolean> {
  const query =
    type === 'order'
      ? sql`SELECT EXISTS (SELECT 1 FROM ${bills} WHERE ${bills.direction} = 'INCOME' AND ${bills.orderIds} @> ARRAY[${id}]::integer[])
          AND NOT tms_unbilled_costly_job(${id}::integer, NULL) AS complete`
      : sql`SELECT NOT tms_unbilled_costly_job(NULL, ${id}::integer) AS complete`;
  const [row] = await rowsOf<{ complete: boolean }>(tx, query);
  return Boolean(row?.complete);
}

import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/connection';
import { bills } from '../finance';
import { jobs } from './tables';

/** A job whose cost must be billed: not a tracking job (which has no bills) and with a cost. */
const costly = (job: typeof jobs) => sql`NOT ${job.tracking} AND coalesce(${job.costAmount}, 0) <> 0`;

const expenseBilled = (jobId: unknown) =>
  sql`EXISTS (SELECT 1 FROM ${bills} WHERE ${bills.direction} = 'EXPENSE' AND ${bills.jobIds} @> ARRAY[${jobId}]::integer[])`;

/**
 * Whether the money of an order or job is complete enough to ask finance control to check it
 * (docs/operations.md "Finance control"): an order has an income bill and each of its jobs with a cost
 * its expense bill; a job with a cost has its expense bill. One query, by the bills' array indexes.
 */
export async function billsComplete(tx: Tx, type: 'order' | 'job', id: number): Promise<boolean> {
  const query =
    type === 'order'
      ? sql`SELECT EXISTS (SELECT 1 FROM ${bills} WHERE ${bills.direction} = 'INCOME' AND ${bills.orderIds} @> ARRAY[${id}]::integer[])
          AND NOT EXISTS (SELECT 1 FROM ${jobs} WHERE ${jobs.orderIds} @> ARRAY[${id}]::integer[] AND ${costly(jobs)}
            AND NOT ${expenseBilled(jobs.id)}) AS complete`
      : sql`SELECT NOT EXISTS (SELECT 1 FROM ${jobs} WHERE ${jobs.id} = ${id} AND ${costly(jobs)} AND NOT ${expenseBilled(jobs.id)}) AS complete`;
  const [row] = await rowsOf<{ complete: boolean }>(tx, query);
  return Boolean(row?.complete);
}

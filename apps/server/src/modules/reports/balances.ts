import { type SQL, sql } from 'drizzle-orm';
import { bills, paymentBills, payments } from '../finance';

/*
 * Balances at a date (docs/reports.md "Balances at a date"): a bill's open part at D is its amount less the
 * links of the payments dated on or before D. Its balance today is its amount less all its links (the ledger
 * keeps it so: `bills_balance_range`, and a bill with links no longer changes), hence open at D = balance +
 * the links of payments dated after D. Only the bills open today and the payments dated after D are read,
 * never a bill's whole payment history: a date near today reads few rows, and several dates (the month ends
 * of DSO) are answered in the same single pass.
 */

/** A date at which balances are asked, named by `key` (a month of DSO, or one as-of date). */
export type BalanceDate = { key: string; date: string };

/**
 * The bills of `direction` that may be open at each date, one row per date (`skey`) and bill (`id`), with
 * what payments dated after that date paid of it (`later`): the bills open today recognised by the date, and
 * those a payment dated after it paid (recognised by it or not: the caller keeps those recognised by the
 * date). The bill's open part at the date is `balance + later`; any bill not listed was settled by then.
 */
export function laterLinks(direction: 'INCOME' | 'EXPENSE', dates: readonly BalanceDate[]): SQL {
  const values = sql.join(
    dates.map((d) => sql`(${d.key}::text, ${d.date}::date)`),
    sql`, `,
  );
  const first = dates.reduce((min, d) => (d.date < min ? d.date : min), dates[0]!.date);
  // A literal direction, so that the planner matches the partial index of open income bills.
  const side = sql.raw(`'${direction}'`);
  return sql`(
    SELECT c.skey, c.id, sum(c.paid) AS later FROM (
      SELECT sl.skey, ob.id, 0::numeric AS paid
        FROM (VALUES ${values}) sl(skey, e)
        JOIN ${bills} ob ON ob.direction = ${side} AND ob.balance > 0 AND ob.recognition_date <= sl.e
      UNION ALL
      SELECT sl.skey, pb.bill_id, pb.amount
        FROM ${payments} p
        JOIN ${paymentBills} pb ON pb.payment_id = p.id
        JOIN (VALUES ${values}) sl(skey, e) ON p.date > sl.e
        WHERE p.date > ${first}::date
    ) c GROUP BY c.skey, c.id
  )`;
}

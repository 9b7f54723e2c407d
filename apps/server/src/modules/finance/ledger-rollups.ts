import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/connection';
import type { ScheduledJob } from '../../platform/modules';
import {
  ledgerEntries,
  ledgerLockedMonths,
  ledgerMonthAccountTotals,
  ledgerMonthTotals,
  ledgerOrderMonthFacts,
  ledgerTransactions,
} from './tables';

/*
 * The totals of closed months (docs/reports.md "Rollups of closed months"). A locked month receives no
 * posting but from a user who may ignore the lock, so its entries are summed once, when it is locked, and a
 * trigger adds such a posting to them in its own transaction (migration 0085). The books then read a closed
 * month as a few rows instead of all its entries; the open months stay live. The order-level reports (gross
 * profit and those built on it) read a locked month's facts per order (`ledgerOrderMonthFacts`), summed and
 * kept the same way (migration 0099): the database function `tms_ledger_order_month_facts_of` sums a month's
 * (it reaches the orders of the bills' jobs, which are operations' tables this module may not import).
 */

const COLUMNS = sql`(month, account, currency_id, legal_entity_id, counterparty_id, payment_form_id, debit, credit,
  base_debit, base_credit)`;

/** The totals of the month starting `month` (`YYYY-MM-01`), summed from its entries, in the table's columns. */
function summedFromEntries(month: string): SQL {
  return sql`SELECT ${month}::date AS month, e.account, e.currency_id, e.legal_entity_id, e.counterparty_id,
      e.payment_form_id,
      coalesce(sum(e.amount) FILTER (WHERE s.side > 0), 0) AS debit,
      coalesce(sum(e.amount) FILTER (WHERE s.side < 0), 0) AS credit,
      coalesce(sum(e.base_amount) FILTER (WHERE s.side > 0), 0) AS base_debit,
      coalesce(sum(e.base_amount) FILTER (WHERE s.side < 0), 0) AS base_credit
    FROM ${ledgerEntries} e
    JOIN ${ledgerTransactions} t ON t.id = e.transaction_id
    CROSS JOIN LATERAL (
      SELECT CASE WHEN t.reversal_of IS NULL THEN sign(e.amount) ELSE -sign(e.amount) END AS side
    ) s
    WHERE t.date >= ${month}::date AND t.date < (${month}::date + interval '1 month')
    GROUP BY e.account, e.currency_id, e.legal_entity_id, e.counterparty_id, e.payment_form_id`;
}

/** A month's totals without the counterparty (`ledgerMonthAccountTotals`), from its totals with it. */
function withoutCounterparty(month: string): SQL {
  return sql`SELECT month, account, currency_id, legal_entity_id, payment_form_id, sum(debit) AS debit,
      sum(credit) AS credit, sum(base_debit) AS base_debit, sum(base_credit) AS base_credit
    FROM ${ledgerMonthTotals} WHERE month = ${month}::date
    GROUP BY month, account, currency_id, legal_entity_id, payment_form_id`;
}

const FACT_COLUMNS = sql`(month, order_id, legal_entity_id, payment_form_id, currency_id, revenue, cost)`;

/** The order facts of the month starting `month`, summed from its entries, in the table's columns. */
const factsFromEntries = (month: string): SQL =>
  sql`SELECT ${month}::date AS month, f.order_id, f.legal_entity_id, f.payment_form_id, f.currency_id, f.revenue,
      f.cost FROM tms_ledger_order_month_facts_of(${month}::date, NULL, NULL) f`;

/** Sums a month just locked (called in the transaction that locks it, under its exclusive lock). */
export async function rollUpMonth(tx: Tx, month: string): Promise<void> {
  await dropMonthTotals(tx, month);
  await tx.execute(sql`INSERT INTO ${ledgerMonthTotals} ${COLUMNS} ${summedFromEntries(month)}`);
  await tx.execute(
    sql`INSERT INTO ${ledgerMonthAccountTotals} (month, account, currency_id, legal_entity_id, payment_form_id,
      debit, credit, base_debit, base_credit) ${withoutCounterparty(month)}`,
  );
  await tx.execute(sql`INSERT INTO ${ledgerOrderMonthFacts} ${FACT_COLUMNS} ${factsFromEntries(month)}`);
}

/** Forgets the totals of a month unlocked: open months are read from their entries. */
export async function dropMonthTotals(tx: Tx, month: string): Promise<void> {
  await tx.delete(ledgerMonthTotals).where(eq(ledgerMonthTotals.month, month));
  await tx.delete(ledgerMonthAccountTotals).where(eq(ledgerMonthAccountTotals.month, month));
  await tx.delete(ledgerOrderMonthFacts).where(eq(ledgerOrderMonthFacts.month, month));
}

/**
 * Whether the stored totals of a locked month differ from its entries summed now, or those without the
 * counterparty from the totals with it, or its order facts from its entries.
 */
async function differs(tx: Tx, month: string): Promise<boolean> {
  const stored = sql`SELECT month, account, currency_id, legal_entity_id, counterparty_id, payment_form_id, debit,
    credit, base_debit, base_credit FROM ${ledgerMonthTotals} WHERE month = ${month}::date`;
  const coarse = sql`SELECT month, account, currency_id, legal_entity_id, payment_form_id, debit, credit, base_debit,
    base_credit FROM ${ledgerMonthAccountTotals} WHERE month = ${month}::date`;
  const facts = sql`SELECT month, order_id, legal_entity_id, payment_form_id, currency_id, revenue, cost
    FROM ${ledgerOrderMonthFacts} WHERE month = ${month}::date`;
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`SELECT (SELECT count(*)::int FROM (
      (${summedFromEntries(month)} EXCEPT ${stored}) UNION ALL (${stored} EXCEPT ${summedFromEntries(month)})
    ) d) + (SELECT count(*)::int FROM (
      (${withoutCounterparty(month)} EXCEPT ${coarse}) UNION ALL (${coarse} EXCEPT ${withoutCounterparty(month)})
    ) c) + (SELECT count(*)::int FROM (
      (${factsFromEntries(month)} EXCEPT ${facts}) UNION ALL (${facts} EXCEPT ${factsFromEntries(month)})
    ) o) AS n`,
  );
  return (row?.n ?? 0) > 0;
}

/**
 * Recomputes every locked month from its entries and compares: the months whose totals differed (each then
 * summed again, so the books are right from now on). They should never differ; one that does is reported.
 */
export async function reconcileMonthTotals(tx: Tx): Promise<string[]> {
  const months = await tx
    .select({ month: ledgerLockedMonths.month })
    .from(ledgerLockedMonths)
    .orderBy(asc(ledgerLockedMonths.month));
  const mismatched: string[] = [];
  for (const { month } of months) {
    // The month's exclusive lock waits for a posting into it under way, as locking the month does.
    const [year, number] = month.split('-').map(Number) as [number, number];
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7301, ${year * 12 + number})`);
    if (!(await differs(tx, month))) continue;
    mismatched.push(month);
    await rollUpMonth(tx, month);
  }
  return mismatched;
}

/** Once a day: the closed months' totals checked against their entries; a mismatch is logged and repaired. */
export const ledgerRollupsJob: ScheduledJob = {
  name: 'ledger-rollups-check',
  intervalMs: 24 * 60 * 60 * 1000,
  async run({ database, log }) {
    const mismatched = await database.db.transaction((tx) => reconcileMonthTotals(tx));
    if (mismatched.length) {
      log.error(
        { months: mismatched },
        'ledger month totals or order facts differed from their entries and were summed again',
      );
    }
    return {
      summary: {
        message: 'Closed months checked: {{count}} summed again.',
        params: { count: mismatched.length },
      },
    };
  },
};

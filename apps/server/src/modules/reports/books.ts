import type { ReportColumn, ReportRow } from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/connection';
import { counterparties } from '../counterparties';
import {
  acquiringOperations,
  bills,
  ledgerEntries,
  ledgerLockedMonths,
  ledgerMonthAccountTotals,
  ledgerMonthTotals,
  ledgerTransactions,
  paymentForms,
  payments,
} from '../finance';
import { currencies } from '../reference-data';
import { allOf, DOCUMENT_PATHS, type ReportContext, sum, when } from './framework';

/*
 * The books (docs/reports.md "The books"): the trial balance, account turnover and cash per payment form read
 * the ledger's entries straight, as posted. A reversal is a red storno: its entries count on the side of the
 * entries they undo, negated, so a bill entered and deleted in a period leaves no turnover (both sides still
 * balance, a transaction's entries summing to zero).
 */

export interface BooksFilter {
  to: string;
  legalEntityId?: number;
  currencyId?: number;
  paymentFormId?: number;
  clientId?: number;
  account?: string;
  /** In the base currency fixed at posting, all currencies together; else each in its own currency. */
  amounts: 'currency' | 'base';
}

/**
 * `CODE` of the currency the books keep an amount in: the entry's (of the currency joined as `cu` by
 * `currencyJoin`), or the base one. A join, not a subquery per row: the opening balance of a closed period
 * reads hundreds of thousands of rollup rows at 1,000,000 orders, and a lookup each cost seconds.
 */
const currencyKey = (q: BooksFilter, base: string) =>
  q.amounts === 'base' ? sql`${base}::text` : sql`cu.code`;
const currencyJoin = (q: BooksFilter) =>
  q.amounts === 'base' ? sql`` : sql`JOIN ${currencies} cu ON cu.id = e.currency_id`;

/** The filters of the books on a row with the ledger entry's dimensions, named `e`. */
function entryFilters(q: BooksFilter): (SQL | undefined)[] {
  return [
    when(q.account, (v) => sql`e.account = ${v}`),
    when(q.legalEntityId, (v) => sql`e.legal_entity_id = ${v}`),
    when(q.currencyId, (v) => sql`e.currency_id = ${v}`),
    when(q.paymentFormId, (v) => sql`e.payment_form_id = ${v}`),
    when(q.clientId, (v) => sql`e.counterparty_id = ${v}`),
  ];
}

/**
 * The closed months the books may read as totals (docs/reports.md "Rollups of closed months"): the locked
 * months (first days, in order) that end before `before`, where a report's figures start, and with `through`
 * those wholly within `before`..`through` (a period's turnover by whole closed months). A figure that sums
 * everything before a date, or a period's debits and credits, reads them as a few rows each instead of all
 * their entries; a month cut by `before` or `through` is read from its entries.
 */
export interface RolledMonths {
  before: string;
  months: readonly string[];
}

export async function rolledMonths(tx: Tx, before: string, through?: string): Promise<RolledMonths> {
  const within = through
    ? sql` OR (month >= ${before}::date AND month + interval '1 month' <= ${through}::date + 1)`
    : sql``;
  const rows = await rowsOf<{ month: string }>(
    tx,
    sql`SELECT month::text AS month FROM ${ledgerLockedMonths}
      WHERE month + interval '1 month' <= ${before}::date${within} ORDER BY month`,
  );
  return { before, months: rows.map((row) => row.month) };
}

const monthAfter = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
};

/** The dates outside the rolled months, as ranges an index on the date reads. */
export function outsideMonths(months: readonly string[]): SQL {
  const ranges: SQL[] = [];
  let from: string | null = null;
  for (const month of months) {
    if (from !== month)
      ranges.push(from ? sql`(t.date >= ${from} AND t.date < ${month})` : sql`t.date < ${month}`);
    from = monthAfter(month);
  }
  ranges.push(from ? sql`t.date >= ${from}` : sql`true`);
  return sql`(${sql.join(ranges, sql` OR `)})`;
}

/**
 * The entries dated on or before `to` that the filters let through: `amt` in the chosen currency, `side` 1 on
 * the debit, −1 on the credit (a reversal on the side of what it undoes), `cur` its currency's code. With
 * `rolled`, the entries of those closed months come as their totals instead: one line per side of a total,
 * dated the month's first day, with no entry, transaction or document (sums over them are the same). Without
 * a counterparty filter they are the totals without the counterparty (`counterparty_id` NULL), a few hundred
 * a month instead of one per counterparty: `extra` then names no counterparty either.
 */
export function bookLines(q: BooksFilter, base: string, extra?: SQL, rolled?: RolledMonths): SQL {
  const live = sql`
    SELECT e.id, t.id AS transaction_id, t.date::text AS date, e.account, ${currencyKey(q, base)} AS cur,
      ${q.amounts === 'base' ? sql`e.base_amount` : sql`e.amount`} AS amt,
      CASE WHEN t.reversal_of IS NULL THEN sign(e.amount) ELSE -sign(e.amount) END AS side,
      e.counterparty_id, e.payment_form_id, e.bill_id, t.source_type, t.source_id
    FROM ${ledgerEntries} e JOIN ${ledgerTransactions} t ON t.id = e.transaction_id ${currencyJoin(q)}
    WHERE ${allOf(
      sql`t.date <= ${q.to}`,
      rolled?.months.length ? outsideMonths(rolled.months) : undefined,
      ...entryFilters(q),
      extra,
    )}`;
  if (!rolled?.months.length) return sql`(${live})`;
  const [debit, credit] =
    q.amounts === 'base' ? [sql`e.base_debit`, sql`e.base_credit`] : [sql`e.debit`, sql`e.credit`];
  const coarse = q.clientId === undefined;
  return sql`(${live}
    UNION ALL
    SELECT NULL::int, NULL::int, e.month::text, e.account, ${currencyKey(q, base)}, v.amt, v.side,
      ${coarse ? sql`NULL::int` : sql`e.counterparty_id`}, e.payment_form_id, NULL::int, NULL::text, NULL::int
    FROM ${coarse ? ledgerMonthAccountTotals : ledgerMonthTotals} e ${currencyJoin(q)}
    CROSS JOIN LATERAL (VALUES (${debit}, 1), (${credit}, -1)) v(amt, side)
    WHERE ${allOf(
      sql`e.month IN (${sql.join(
        rolled.months.map((month) => sql`${month}::date`),
        sql`, `,
      )})`,
      sql`e.month <= ${q.to}::date`,
      sql`v.amt <> 0`,
      ...entryFilters(q),
      extra,
    )}
  )`;
}

/** Where a ledger transaction's document opens, by its source. */
export function documentHref(
  sourceType: string,
  sourceId: number,
  billId: number | null,
): string | undefined {
  switch (sourceType) {
    case 'bill':
    case 'bill_commission':
      return `${DOCUMENT_PATHS.bills}/${billId ?? sourceId}`;
    case 'payment':
      return `${DOCUMENT_PATHS.payments}/${sourceId}`;
    case 'transfer_commission':
      return `/finances/internal-transfers/${sourceId}`;
    case 'conversion':
      return `/currency-conversion/${sourceId}`;
    case 'acquiring':
      return `/bank-acquiring/${sourceId}`;
    default:
      return undefined;
  }
}

/** The number of a ledger transaction's document (a bill's, a payment's, an acquiring operation's; else its id). */
export function documentNumber(sourceType: SQL, sourceId: SQL): SQL {
  return sql`CASE ${sourceType}
    WHEN 'bill' THEN (SELECT b.number FROM ${bills} b WHERE b.id = ${sourceId})
    WHEN 'bill_commission' THEN (SELECT b.number FROM ${bills} b WHERE b.id = ${sourceId})
    WHEN 'payment' THEN (SELECT p.number FROM ${payments} p WHERE p.id = ${sourceId})
    WHEN 'acquiring' THEN (SELECT a.number FROM ${acquiringOperations} a WHERE a.id = ${sourceId})
    ELSE ${sourceId}::text END`;
}

/** The columns of a list of entries: date, document, counterparty, form, currency, debit, credit. */
export const ENTRY_COLUMNS: ReportColumn[] = [
  { key: 'date', label: 'reports:columns.date', kind: 'date' },
  { key: 'document', label: 'reports:columns.document', kind: 'label' },
  { key: 'number', label: 'reports:columns.number', kind: 'text' },
  { key: 'account', label: 'reports:columns.account', kind: 'label' },
  { key: 'counterparty', label: 'reports:columns.counterparty', kind: 'text' },
  { key: 'paymentForm', label: 'reports:columns.paymentForm', kind: 'text' },
  { key: 'currency', label: 'reports:columns.currency', kind: 'text' },
  { key: 'debit', label: 'reports:columns.debit', kind: 'money' },
  { key: 'credit', label: 'reports:columns.credit', kind: 'money' },
];

type EntryLine = {
  id: number;
  date: string;
  account: string;
  cur: string;
  amt: string;
  side: number;
  source_type: string;
  source_id: number;
  bill_id: number | null;
  number: string | null;
  counterparty: string | null;
  payment_form: string | null;
};

/**
 * The entries of `lines` with their document's number, counterparty and form, in date order; the first
 * `limit` of them when given (a screen's rows), their documents looked up for those alone.
 */
export async function entryLines(
  ctx: ReportContext,
  lines: SQL,
  where: SQL,
  limit?: number,
): Promise<EntryLine[]> {
  return rowsOf<EntryLine>(
    ctx.tx,
    sql`SELECT l.id, l.date, l.account, l.cur, l.amt::text AS amt, l.side::int AS side, l.source_type, l.source_id, l.bill_id,
        ${documentNumber(sql`l.source_type`, sql`l.source_id`)} AS number,
        (SELECT c.name FROM ${counterparties} c WHERE c.id = l.counterparty_id) AS counterparty,
        (SELECT f.name FROM ${paymentForms} f WHERE f.id = l.payment_form_id) AS payment_form
      FROM (SELECT * FROM ${lines} l WHERE ${where}
        ORDER BY l.date, l.transaction_id, l.id ${limit ? sql`LIMIT ${limit}` : sql``}) l
      ORDER BY l.date, l.transaction_id, l.id`,
  );
}

/** Debit and credit of an entry as the books show them (a storno negative on its side). */
export const sides = (line: { amt: string; side: number }) => ({
  debit: line.side > 0 ? sum([line.amt]) : null,
  credit: line.side < 0 ? sum([line.amt.startsWith('-') ? line.amt.slice(1) : `-${line.amt}`]) : null,
});

/** An entry as a row of a list, opening its document. */
export function entryRow(line: EntryLine): ReportRow {
  return {
    key: String(line.id),
    href: documentHref(line.source_type, line.source_id, line.bill_id),
    cells: {
      date: line.date,
      document: `reports:sources.${line.source_type}`,
      number: line.number,
      account: `reports:ledgerAccounts.${line.account}`,
      counterparty: line.counterparty,
      paymentForm: line.payment_form,
      currency: line.cur,
      ...sides(line),
    },
  };
}

/** Totals of entry rows per currency: Σ debit and Σ credit. */
export function entryTotals(
  rows: ReportRow[],
  extra: (currency: string) => Record<string, string | null> = () => ({}),
) {
  const byCurrency = new Map<string, ReportRow[]>();
  for (const row of rows) {
    const currency = String(row.cells.currency);
    byCurrency.set(currency, [...(byCurrency.get(currency) ?? []), row]);
  }
  return [...byCurrency].map(([currency, list]) => ({
    key: `total:${currency}`,
    cells: {
      currency,
      debit: sum(list.map((r) => r.cells.debit as string | null)),
      credit: sum(list.map((r) => r.cells.credit as string | null)),
      ...extra(currency),
    },
  }));
}

import {
  decimalAdd,
  decimalCompare,
  decimalSubtract,
  type ReportColumn,
  type ReportRow,
  type TrialBalanceQuery,
  trialBalanceReport,
} from '@tms/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import { bookLines, ENTRY_COLUMNS, entryLines, entryRow, entryTotals, rolledMonths } from '../books';
import {
  baseCurrencyOf,
  type ReportCell,
  type ReportContext,
  reportUseCases,
  sum,
  unknownFigure,
} from '../framework';

/*
 * Trial balance (docs/reports.md "Trial balance"): per account and currency (or all in base), the balance
 * before the period, the debit and credit turnover in it (reversals as red storno) and the balance at its end.
 * Each transaction sums to zero per currency, so per currency the openings and closings sum to zero and the
 * debits equal the credits: the totals show it and say so.
 */

type Query = TrialBalanceQuery;

const FIGURES: ReportColumn[] = [
  { key: 'opening', label: 'reports:columns.opening', kind: 'money' },
  { key: 'debit', label: 'reports:columns.debit', kind: 'money', drill: true },
  { key: 'credit', label: 'reports:columns.credit', kind: 'money', drill: true },
  { key: 'closing', label: 'reports:columns.closing', kind: 'money' },
];

type Line = { account: string; cur: string; opening: string; debit: string; credit: string };

async function answer(ctx: ReportContext, q: Query) {
  const base = await baseCurrencyOf(ctx);
  // The closed months before the period and within it come as their totals; the open rest as entries.
  const rolled = await rolledMonths(ctx.tx, q.from, q.to);
  const lines = await rowsOf<Line>(
    ctx.tx,
    sql`SELECT l.account, l.cur,
        coalesce(sum(l.amt) FILTER (WHERE l.date < ${q.from}), 0)::text AS opening,
        coalesce(sum(l.amt) FILTER (WHERE l.date >= ${q.from} AND l.side > 0), 0)::text AS debit,
        coalesce(-sum(l.amt) FILTER (WHERE l.date >= ${q.from} AND l.side < 0), 0)::text AS credit
      FROM ${bookLines(q, base, undefined, rolled)} l
      GROUP BY l.account, l.cur
      HAVING sum(l.amt) <> 0 OR bool_or(l.date >= ${q.from})
      ORDER BY l.cur, l.account`,
  );
  const columns: ReportColumn[] = [
    { key: 'account', label: 'reports:columns.account', kind: 'label' },
    { key: 'currency', label: 'reports:columns.currency', kind: 'text' },
    ...FIGURES,
    { key: 'check', label: 'reports:columns.check', kind: 'label' },
  ];
  const rows: ReportRow[] = lines.map((line) => ({
    key: `${line.account}|${line.cur}`,
    cells: {
      account: `reports:ledgerAccounts.${line.account}`,
      currency: line.cur,
      opening: sum([line.opening]),
      debit: sum([line.debit]),
      credit: sum([line.credit]),
      closing: sum([decimalSubtract(decimalAdd(line.opening, line.debit), line.credit)]),
      check: null,
    },
  }));
  const currencies = [...new Set(lines.map((line) => line.cur))];
  const totals: ReportRow[] = currencies.map((cur) => {
    const of = rows.filter((row) => row.cells.currency === cur);
    const total = (key: string) => sum(of.map((row) => row.cells[key] as string));
    const debit = total('debit');
    const credit = total('credit');
    return {
      key: `total|${cur}`,
      cells: {
        account: null,
        currency: cur,
        opening: total('opening'),
        debit,
        credit,
        closing: total('closing'),
        check:
          decimalCompare(debit, credit) === 0
            ? 'reports:trialBalance.balanced'
            : 'reports:trialBalance.unbalanced',
      },
    };
  });
  return { columns, rows, totals, chart: null, baseCurrency: base };
}

async function drill(ctx: ReportContext, q: Query, cell: ReportCell) {
  if (cell.column !== 'debit' && cell.column !== 'credit') return unknownFigure();
  const base = await baseCurrencyOf(ctx);
  const [account, cur] = cell.row.split('|') as [string, string | undefined];
  const lines = await entryLines(
    ctx,
    bookLines(q, base),
    sql`l.date >= ${q.from} AND l.side ${cell.column === 'debit' ? sql`> 0` : sql`< 0`}
      AND ${account === 'total' ? sql`true` : sql`l.account = ${account}`} AND l.cur = ${cur ?? ''}`,
  );
  const rows = lines.map(entryRow);
  return {
    kind: 'entries' as const,
    baseCurrency: base,
    chart: null,
    columns: ENTRY_COLUMNS,
    rows,
    totals: entryTotals(rows),
  };
}

export const trialBalance = reportUseCases(trialBalanceReport, { answer, drill });

import {
  type AccountTurnoverQuery,
  accountTurnoverReport,
  decimalAdd,
  decimalSubtract,
  type ReportRow,
} from '@tms/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import { bookLines, ENTRY_COLUMNS, entryLines, entryRow, entryTotals, rolledMonths } from '../books';
import { baseCurrencyOf, type ReportContext, reportUseCases, sum, unknownFigure } from '../framework';

/*
 * Account turnover (docs/reports.md "Account turnover"): one account's entries of the period with their
 * documents, each currency between its opening balance and its closing one, the running balance beside each
 * entry. Its debits and credits are the trial balance's figures of the account for the same filters.
 */

type Query = AccountTurnoverQuery;

const COLUMNS = [
  ...ENTRY_COLUMNS,
  { key: 'balance', label: 'reports:columns.balance', kind: 'money' as const },
];

async function answer(ctx: ReportContext, q: Query) {
  const base = await baseCurrencyOf(ctx);
  const lines = bookLines(q, base);
  const openings = await rowsOf<{ cur: string; opening: string }>(
    ctx.tx,
    sql`SELECT l.cur, sum(l.amt)::text AS opening
      FROM ${bookLines(q, base, undefined, await rolledMonths(ctx.tx, q.from))} l
      WHERE l.date < ${q.from} GROUP BY l.cur`,
  );
  const entries = await entryLines(ctx, lines, sql`l.date >= ${q.from}`);
  const balance = new Map(openings.map((o) => [o.cur, sum([o.opening])]));
  const rows: ReportRow[] = entries.map((line) => {
    const after = sum([decimalAdd(balance.get(line.cur) ?? '0', line.amt)]);
    balance.set(line.cur, after);
    const row = entryRow(line);
    return { ...row, cells: { ...row.cells, balance: after } };
  });
  const currencies = [...new Set([...openings.map((o) => o.cur), ...entries.map((e) => e.cur)])].sort();
  const opening = new Map(openings.map((o) => [o.cur, sum([o.opening])]));
  const turnover = new Map(entryTotals(rows).map((t) => [t.cells.currency, t]));
  const totals: ReportRow[] = currencies.flatMap((cur): ReportRow[] => {
    const debit = (turnover.get(cur)?.cells.debit as string | undefined) ?? '0.00';
    const credit = (turnover.get(cur)?.cells.credit as string | undefined) ?? '0.00';
    const start = opening.get(cur) ?? '0.00';
    return [
      {
        key: `opening|${cur}`,
        cells: { date: q.from, document: 'reports:accountTurnover.opening', currency: cur, balance: start },
      },
      { key: `total|${cur}`, cells: { date: null, currency: cur, debit, credit } },
      {
        key: `closing|${cur}`,
        cells: {
          date: q.to,
          document: 'reports:accountTurnover.closing',
          currency: cur,
          balance: sum([decimalSubtract(decimalAdd(start, debit), credit)]),
        },
      },
    ];
  });
  return { columns: COLUMNS, rows, totals, chart: null, baseCurrency: base };
}

export const accountTurnover = reportUseCases(accountTurnoverReport, {
  answer,
  drill: async () => unknownFigure(),
});

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
import {
  baseCurrencyOf,
  type ReportContext,
  reportUseCases,
  screenCut,
  shownRowsOf,
  sum,
  unknownFigure,
} from '../framework';

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
  // A quarter of a large forwarder's cash is a hundred thousand entries: the screen gets the first ones, the
  // turnover is summed by the database over all of them (the export, without a screen, writes them all).
  const entries = await entryLines(ctx, lines, sql`l.date >= ${q.from}`, ctx.screenRows);
  const sums = screenCut(ctx, entries.length)
    ? await rowsOf<{ cur: string; debit: string; credit: string; n: number }>(
        ctx.tx,
        sql`SELECT l.cur, coalesce(sum(l.amt) FILTER (WHERE l.side > 0), 0)::text AS debit,
            coalesce(-sum(l.amt) FILTER (WHERE l.side < 0), 0)::text AS credit, count(*)::int AS n
          FROM ${lines} l WHERE l.date >= ${q.from} GROUP BY l.cur`,
      )
    : undefined;
  const balance = new Map(openings.map((o) => [o.cur, sum([o.opening])]));
  const rows: ReportRow[] = entries.map((line) => {
    const after = sum([decimalAdd(balance.get(line.cur) ?? '0', line.amt)]);
    balance.set(line.cur, after);
    const row = entryRow(line);
    return { ...row, cells: { ...row.cells, balance: after } };
  });
  const currencies = [...new Set([...openings.map((o) => o.cur), ...entries.map((e) => e.cur)])].sort();
  const opening = new Map(openings.map((o) => [o.cur, sum([o.opening])]));
  const turnover = new Map(
    sums
      ? sums.map((t) => [t.cur, { debit: sum([t.debit]), credit: sum([t.credit]) }])
      : entryTotals(rows).map((t) => [
          t.cells.currency as string,
          { debit: t.cells.debit as string, credit: t.cells.credit as string },
        ]),
  );
  if (sums) currencies.push(...sums.map((t) => t.cur).filter((cur) => !currencies.includes(cur)));
  currencies.sort();
  const totals: ReportRow[] = currencies.flatMap((cur): ReportRow[] => {
    const debit = turnover.get(cur)?.debit ?? '0.00';
    const credit = turnover.get(cur)?.credit ?? '0.00';
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
  const total = sums?.reduce((n, t) => n + t.n, 0) ?? rows.length;
  return {
    columns: COLUMNS,
    rows,
    totals,
    chart: null,
    baseCurrency: base,
    ...shownRowsOf(rows.length, total),
  };
}

export const accountTurnover = reportUseCases(accountTurnoverReport, {
  answer,
  drill: async () => unknownFigure(),
});

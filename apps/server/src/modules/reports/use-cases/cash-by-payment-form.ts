import {
  type CashByPaymentFormQuery,
  cashByPaymentFormReport,
  decimalAdd,
  decimalSubtract,
  type ReportColumn,
  type ReportRow,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import { paymentForms } from '../../finance';
import {
  bookLines,
  ENTRY_COLUMNS,
  entryLines,
  entryRow,
  entryTotals,
  type RolledMonths,
  rolledMonths,
} from '../books';
import {
  baseCurrencyOf,
  type ReportCell,
  type ReportContext,
  reportUseCases,
  sum,
  unknownFigure,
} from '../framework';

/*
 * Cash per payment form (docs/reports.md "Cash per payment form"): the CASH entries of each form, in its
 * currency, by month or day of the period: the balance before, money in (debits), money out (credits: payments,
 * commissions of banks and acquiring, conversions, transfers) and the balance after. The out of a day drills to
 * its entries, so an acquiring commission is found on the form it was taken from.
 */

type Query = CashByPaymentFormQuery;

const bucketOf = (q: Query): SQL => (q.step === 'day' ? sql`l.date` : sql`substr(l.date, 1, 7)`);

function cashLines(q: Query, base: string, rolled?: RolledMonths) {
  return bookLines({ ...q, account: 'CASH', amounts: 'currency' }, base, undefined, rolled);
}

async function answer(ctx: ReportContext, q: Query) {
  const base = await baseCurrencyOf(ctx);
  const lines = cashLines(q, base);
  const forms = await rowsOf<{ form_id: number; name: string; cur: string; opening: string }>(
    ctx.tx,
    sql`SELECT l.payment_form_id AS form_id, max(f.name) AS name, l.cur, coalesce(sum(l.amt) FILTER (WHERE l.date < ${q.from}), 0)::text AS opening
      FROM ${cashLines(q, base, await rolledMonths(ctx.tx, q.from))} l
      JOIN ${paymentForms} f ON f.id = l.payment_form_id
      GROUP BY l.payment_form_id, l.cur ORDER BY l.cur, max(f.name), l.payment_form_id`,
  );
  // By month, the period's closed months come as their totals (each dated its first day: its own month);
  // by day, every entry.
  const monthly = q.step === 'day' ? lines : cashLines(q, base, await rolledMonths(ctx.tx, q.from, q.to));
  const moves = await rowsOf<{
    form_id: number;
    cur: string;
    bucket: string;
    incoming: string;
    outgoing: string;
  }>(
    ctx.tx,
    sql`SELECT l.payment_form_id AS form_id, l.cur, ${bucketOf(q)} AS bucket,
        coalesce(sum(l.amt) FILTER (WHERE l.side > 0), 0)::text AS incoming,
        coalesce(-sum(l.amt) FILTER (WHERE l.side < 0), 0)::text AS outgoing
      FROM ${monthly} l WHERE l.date >= ${q.from}
      GROUP BY l.payment_form_id, l.cur, ${bucketOf(q)} ORDER BY 3`,
  );
  const rows: ReportRow[] = [];
  const totals = new Map<
    string,
    { opening: string[]; incoming: string[]; outgoing: string[]; closing: string[] }
  >();
  for (const form of forms) {
    let balance = sum([form.opening]);
    const total = totals.get(form.cur) ?? { opening: [], incoming: [], outgoing: [], closing: [] };
    total.opening.push(balance);
    for (const move of moves.filter((m) => m.form_id === form.form_id && m.cur === form.cur)) {
      const closing = sum([decimalSubtract(decimalAdd(balance, move.incoming), move.outgoing)]);
      rows.push({
        key: `${form.form_id}|${form.cur}|${move.bucket}`,
        cells: {
          paymentForm: form.name,
          currency: form.cur,
          period: move.bucket,
          opening: balance,
          incoming: sum([move.incoming]),
          outgoing: sum([move.outgoing]),
          closing,
        },
      });
      total.incoming.push(move.incoming);
      total.outgoing.push(move.outgoing);
      balance = closing;
    }
    total.closing.push(balance);
    totals.set(form.cur, total);
  }
  const columns: ReportColumn[] = [
    { key: 'paymentForm', label: 'reports:columns.paymentForm', kind: 'text' },
    { key: 'currency', label: 'reports:columns.currency', kind: 'text' },
    { key: 'period', label: `reports:steps.${q.step}`, kind: q.step === 'day' ? 'date' : 'month' },
    { key: 'opening', label: 'reports:columns.opening', kind: 'money' },
    { key: 'incoming', label: 'reports:columns.incoming', kind: 'money', drill: true },
    { key: 'outgoing', label: 'reports:columns.outgoing', kind: 'money', drill: true },
    { key: 'closing', label: 'reports:columns.closing', kind: 'money' },
  ];
  const currencies = [...totals.keys()];
  // A chart in one currency only: money in and out per month or day of all forms together.
  const chartable = currencies.length === 1 && rows.length > 0;
  const byBucket = new Map<string, { incoming: string[]; outgoing: string[] }>();
  for (const row of rows) {
    const bucket = byBucket.get(String(row.cells.period)) ?? { incoming: [], outgoing: [] };
    bucket.incoming.push(row.cells.incoming as string);
    bucket.outgoing.push(row.cells.outgoing as string);
    byBucket.set(String(row.cells.period), bucket);
  }
  return {
    columns,
    rows,
    totals: currencies.map((cur) => {
      const t = totals.get(cur)!;
      return {
        key: `total|${cur}`,
        cells: {
          paymentForm: null,
          currency: cur,
          period: null,
          opening: sum(t.opening),
          incoming: sum(t.incoming),
          outgoing: sum(t.outgoing),
          closing: sum(t.closing),
        },
      };
    }),
    chart: chartable
      ? {
          kind: 'grouped' as const,
          currency: currencies[0]!,
          series: [
            { key: 'incoming', label: 'reports:columns.incoming' },
            { key: 'outgoing', label: 'reports:columns.outgoing' },
          ],
          data: [...byBucket]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([category, b]) => ({
              category,
              incoming: Number(sum(b.incoming)),
              outgoing: Number(sum(b.outgoing)),
            })),
        }
      : null,
    baseCurrency: base,
  };
}

async function drill(ctx: ReportContext, q: Query, cell: ReportCell) {
  if (cell.column !== 'incoming' && cell.column !== 'outgoing') return unknownFigure();
  const base = await baseCurrencyOf(ctx);
  const [form, cur, bucket] = cell.row.split('|');
  const where =
    form === 'total'
      ? sql`l.cur = ${cur ?? ''}`
      : sql`l.payment_form_id = ${Number(form) || 0} AND l.cur = ${cur ?? ''} AND ${bucketOf(q)} = ${bucket ?? ''}`;
  const lines = await entryLines(
    ctx,
    cashLines(q, base),
    sql`l.date >= ${q.from} AND l.side ${cell.column === 'incoming' ? sql`> 0` : sql`< 0`} AND ${where}`,
  );
  // Each entry names its document (an acquiring operation for its commission): where the money went.
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

export const cashByPaymentForm = reportUseCases(cashByPaymentFormReport, { answer, drill });

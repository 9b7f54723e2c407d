import {
  decimalSubtract,
  type GrossProfitQuery,
  grossProfitReport,
  padId,
  type ReportColumn,
  type ReportRow,
} from '@tms/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import { closedMonthsIn, NO_GROUP, orderGroup, orderLines } from '../facts';
import {
  baseCurrencyOf,
  documentRow,
  type ReportCell,
  type ReportContext,
  ratio,
  reportUseCases,
  sum,
  unknownFigure,
} from '../framework';

/*
 * Gross profit of a period (docs/reports.md "Gross profit"): the facts of `orderMonthFacts` for the orders in
 * the reader's scope and the filters, grouped by month, office, client, seller, forwarder or product. The
 * margin of a group and of the total is Σ gross profit ÷ Σ revenue.
 */

type Query = GrossProfitQuery;

/** The facts of the orders the reader reaches and the filters let through, with their group. */
const lines = async (ctx: ReportContext, q: Query) =>
  orderLines(
    ctx.auth,
    grossProfitReport.permission,
    q,
    orderGroup(q.groupBy),
    await closedMonthsIn(ctx.tx, q),
  );

const COLUMNS: ReportColumn[] = [
  { key: 'orders', label: 'reports:columns.orders', kind: 'count', drill: true },
  { key: 'revenue', label: 'reports:columns.revenue', kind: 'money', drill: true },
  { key: 'cost', label: 'reports:columns.cost', kind: 'money', drill: true },
  { key: 'grossProfit', label: 'reports:columns.grossProfit', kind: 'money', drill: true },
  { key: 'margin', label: 'reports:columns.margin', kind: 'percent' },
];

type Group = { gkey: string; glabel: string | null; orders: number; revenue: string; cost: string };

async function answer(ctx: ReportContext, q: Query) {
  const base = await baseCurrencyOf(ctx);
  const groups = await rowsOf<Group>(
    ctx.tx,
    sql`SELECT l.gkey, max(l.glabel) AS glabel, count(DISTINCT l.order_id)::int AS orders,
        sum(l.revenue)::text AS revenue, sum(l.cost)::text AS cost
      FROM ${await lines(ctx, q)} l GROUP BY l.gkey
      ORDER BY ${q.groupBy === 'month' ? sql`l.gkey` : sql`sum(l.revenue) - sum(l.cost) DESC, l.gkey`}`,
  );
  const totalOrders = await rowsOf<{ orders: number }>(
    ctx.tx,
    sql`SELECT count(DISTINCT l.order_id)::int AS orders FROM ${await lines(ctx, q)} l`,
  );
  const columns: ReportColumn[] = [
    { key: 'group', label: `reports:groups.${q.groupBy}`, kind: q.groupBy === 'month' ? 'month' : 'text' },
    ...COLUMNS,
  ];
  const figures = (revenue: string, cost: string) => {
    const grossProfit = sum([decimalSubtract(revenue, cost)]);
    return { revenue: sum([revenue]), cost: sum([cost]), grossProfit, margin: ratio(grossProfit, revenue) };
  };
  const rows: ReportRow[] = groups.map((g) => ({
    key: g.gkey,
    cells: {
      group: g.gkey === NO_GROUP ? '—' : (g.glabel ?? g.gkey),
      orders: g.orders,
      ...figures(g.revenue, g.cost),
    },
  }));
  const revenue = sum(groups.map((g) => g.revenue));
  const cost = sum(groups.map((g) => g.cost));
  const totals: ReportRow[] = groups.length
    ? [
        {
          key: 'total',
          cells: { group: null, orders: totalOrders[0]?.orders ?? 0, ...figures(revenue, cost) },
        },
      ]
    : [];
  const charted = q.groupBy === 'month' ? rows : rows.slice(0, 12);
  const chart = charted.length
    ? {
        kind: 'grouped' as const,
        currency: base,
        series: COLUMNS.slice(1, 4).map((c) => ({ key: c.key, label: c.label })),
        data: charted.map((row) => ({
          category: String(row.cells.group),
          revenue: Number(row.cells.revenue),
          cost: Number(row.cells.cost),
          grossProfit: Number(row.cells.grossProfit),
        })),
      }
    : null;
  return { columns, rows, totals, chart, baseCurrency: base };
}

async function drill(ctx: ReportContext, q: Query, cell: ReportCell) {
  if (!COLUMNS.some((c) => c.key === cell.column && c.drill)) return unknownFigure();
  const base = await baseCurrencyOf(ctx);
  const rows = await rowsOf<{ order_id: number; client_name: string; revenue: string; cost: string }>(
    ctx.tx,
    sql`SELECT l.order_id, max(l.client_name) AS client_name, sum(l.revenue)::text AS revenue, sum(l.cost)::text AS cost
      FROM ${await lines(ctx, q)} l
      WHERE ${cell.row === 'total' ? sql`true` : sql`l.gkey = ${cell.row}`}
      GROUP BY l.order_id ORDER BY l.order_id`,
  );
  const figures = (revenue: string, cost: string) => {
    const grossProfit = sum([decimalSubtract(revenue, cost)]);
    return { revenue: sum([revenue]), cost: sum([cost]), grossProfit, margin: ratio(grossProfit, revenue) };
  };
  const revenue = sum(rows.map((r) => r.revenue));
  const cost = sum(rows.map((r) => r.cost));
  return {
    kind: 'orders' as const,
    baseCurrency: base,
    chart: null,
    columns: [
      { key: 'order', label: 'reports:columns.order', kind: 'text' as const },
      { key: 'client', label: 'reports:columns.client', kind: 'text' as const },
      ...COLUMNS.slice(1).map(({ drill: _, ...column }) => column),
    ],
    rows: rows.map((r) =>
      documentRow('orders', r.order_id, {
        order: padId(r.order_id),
        client: r.client_name,
        ...figures(r.revenue, r.cost),
      }),
    ),
    totals: [{ key: 'total', cells: { order: null, client: null, ...figures(revenue, cost) } }],
  };
}

export const grossProfit = reportUseCases(grossProfitReport, { answer, drill });

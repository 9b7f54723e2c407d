import {
  decimalSubtract,
  type ProfitabilityQuery,
  padId,
  profitabilityReport,
  type ReportColumn,
  type ReportRow,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
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
 * Profitability of a period (docs/reports.md "Profitability"): the gross-profit facts of the reader's orders
 * by client, product, office or month, with margin = GP ÷ revenue and markup = GP ÷ cost, each of sums
 * (a total's too). Groups with less revenue than the minimum are left out of the rows and the totals alike.
 */

type Query = ProfitabilityQuery;

/** The facts of the groups shown: those with at least the minimum revenue. */
async function lines(ctx: ReportContext, q: Query): Promise<SQL> {
  const closed = await closedMonthsIn(ctx.tx, q);
  const all = orderLines(ctx.auth, profitabilityReport.permission, q, orderGroup(q.groupBy), closed);
  if (q.minRevenue === undefined) return all;
  return sql`(
    SELECT a.* FROM ${all} a
    WHERE a.gkey IN (SELECT g.gkey FROM ${all} g GROUP BY g.gkey HAVING sum(g.revenue) >= ${q.minRevenue})
  )`;
}

const COLUMNS: ReportColumn[] = [
  { key: 'orders', label: 'reports:columns.orders', kind: 'count', drill: true },
  { key: 'revenue', label: 'reports:columns.revenue', kind: 'money', drill: true },
  { key: 'cost', label: 'reports:columns.cost', kind: 'money', drill: true },
  { key: 'grossProfit', label: 'reports:columns.grossProfit', kind: 'money', drill: true },
  { key: 'margin', label: 'reports:columns.margin', kind: 'percent' },
  { key: 'markup', label: 'reports:columns.markup', kind: 'percent' },
];

function figures(revenue: string, cost: string) {
  const grossProfit = sum([decimalSubtract(revenue, cost)]);
  return {
    revenue: sum([revenue]),
    cost: sum([cost]),
    grossProfit,
    margin: ratio(grossProfit, revenue),
    markup: ratio(grossProfit, cost),
  };
}

type Group = { gkey: string; glabel: string | null; orders: number; revenue: string; cost: string };

async function answer(ctx: ReportContext, q: Query) {
  const base = await baseCurrencyOf(ctx);
  const groups = await rowsOf<Group>(
    ctx.tx,
    sql`SELECT l.gkey, max(l.glabel) AS glabel, count(DISTINCT l.order_id)::int AS orders,
        sum(l.revenue)::text AS revenue, sum(l.cost)::text AS cost
      FROM ${await lines(ctx, q)} l GROUP BY l.gkey
      ORDER BY ${q.groupBy === 'month' ? sql`l.gkey` : sql`sum(l.revenue) DESC, l.gkey`}`,
  );
  const [total] = await rowsOf<{ orders: number }>(
    ctx.tx,
    sql`SELECT count(DISTINCT l.order_id)::int AS orders FROM ${await lines(ctx, q)} l`,
  );
  const rows: ReportRow[] = groups.map((g) => ({
    key: g.gkey,
    cells: {
      group: g.gkey === NO_GROUP ? '—' : (g.glabel ?? g.gkey),
      orders: g.orders,
      ...figures(g.revenue, g.cost),
    },
  }));
  const charted = (q.groupBy === 'month' ? rows : rows.slice(0, 12)).filter(
    (row) => row.cells.margin !== null,
  );
  return {
    columns: [
      {
        key: 'group',
        label: `reports:groups.${q.groupBy}`,
        kind: q.groupBy === 'month' ? ('month' as const) : ('text' as const),
      },
      ...COLUMNS,
    ],
    rows,
    totals: groups.length
      ? [
          {
            key: 'total',
            cells: {
              group: null,
              orders: total?.orders ?? 0,
              ...figures(sum(groups.map((g) => g.revenue)), sum(groups.map((g) => g.cost))),
            },
          },
        ]
      : [],
    // Percentages side by side: the largest groups by revenue (or every month).
    chart: charted.length
      ? {
          kind: 'grouped' as const,
          currency: '%',
          series: COLUMNS.slice(4).map((c) => ({ key: c.key, label: c.label })),
          data: charted.map((row) => ({
            category: String(row.cells.group),
            margin: Number(row.cells.margin),
            markup: Number(row.cells.markup ?? 0),
          })),
        }
      : null,
    baseCurrency: base,
  };
}

/** A figure of a group (or the total) → its orders with their figures, summing to it. */
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
    totals: [
      {
        key: 'total',
        cells: {
          order: null,
          client: null,
          ...figures(sum(rows.map((r) => r.revenue)), sum(rows.map((r) => r.cost))),
        },
      },
    ],
  };
}

export const profitability = reportUseCases(profitabilityReport, { answer, drill });

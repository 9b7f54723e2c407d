import {
  type BonusProfitQuery,
  bonusProfitReport,
  decimalSubtract,
  padId,
  type ReportColumn,
  type ReportRow,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import { closedMonthsIn, creditedLines, NO_GROUP, personGroup } from '../facts';
import {
  baseCurrencyOf,
  documentRow,
  type ReportCell,
  type ReportContext,
  ratio,
  reportUseCases,
  sum,
  unknownFigure,
  when,
} from '../framework';

/*
 * Bonus profit of a period (docs/reports.md "Bonus profit"): the gross profit of `creditedLines` per person of
 * the chosen role (seller, forwarder, logist), each order's revenue and cost taken by his share. An order
 * held by nobody of the role is a row "—", so the total is the gross profit of the period.
 */

type Query = BonusProfitQuery;

/** The credited lines of the reader's orders, of the chosen employee when given. */
async function lines(ctx: ReportContext, q: Query): Promise<SQL> {
  const closed = await closedMonthsIn(ctx.tx, q);
  const employee = when(q.employeeId, (v) => sql`cr.person_id = ${v}`) ?? sql`true`;
  const person = personGroup(sql`cr.person_id`);
  return sql`(
    SELECT cr.*, ${person.key} AS gkey, ${person.label} AS glabel
    FROM ${creditedLines(ctx.auth, bonusProfitReport.permission, q, q.type, closed)} cr
    WHERE ${employee}
  )`;
}

const COLUMNS: ReportColumn[] = [
  { key: 'orders', label: 'reports:columns.orders', kind: 'count', drill: true },
  { key: 'revenue', label: 'reports:columns.revenue', kind: 'money', drill: true },
  { key: 'cost', label: 'reports:columns.cost', kind: 'money', drill: true },
  { key: 'bonusProfit', label: 'reports:columns.bonusProfit', kind: 'money', drill: true },
  { key: 'margin', label: 'reports:columns.margin', kind: 'percent' },
];

const figures = (revenue: string, cost: string) => {
  const bonusProfit = sum([decimalSubtract(revenue, cost)]);
  return { revenue: sum([revenue]), cost: sum([cost]), bonusProfit, margin: ratio(bonusProfit, revenue) };
};

type Group = { gkey: string; glabel: string | null; orders: number; revenue: string; cost: string };

async function answer(ctx: ReportContext, q: Query) {
  const base = await baseCurrencyOf(ctx);
  const groups = await rowsOf<Group>(
    ctx.tx,
    sql`SELECT l.gkey, max(l.glabel) AS glabel, count(DISTINCT l.order_id)::int AS orders,
        sum(l.revenue)::text AS revenue, sum(l.cost)::text AS cost
      FROM ${await lines(ctx, q)} l GROUP BY l.gkey
      ORDER BY sum(l.revenue) - sum(l.cost) DESC, l.gkey`,
  );
  const [total] = await rowsOf<{ orders: number }>(
    ctx.tx,
    sql`SELECT count(DISTINCT l.order_id)::int AS orders FROM ${await lines(ctx, q)} l`,
  );
  const rows: ReportRow[] = groups.map((g) => ({
    key: g.gkey,
    cells: {
      employee: g.gkey === NO_GROUP ? '—' : (g.glabel ?? g.gkey),
      orders: g.orders,
      ...figures(g.revenue, g.cost),
    },
  }));
  const totals: ReportRow[] = groups.length
    ? [
        {
          key: 'total',
          cells: {
            employee: null,
            // Logists sharing an order are each credited with it: the total counts it once.
            orders: total?.orders ?? 0,
            ...figures(sum(groups.map((g) => g.revenue)), sum(groups.map((g) => g.cost))),
          },
        },
      ]
    : [];
  const charted = rows.filter((row) => row.key !== NO_GROUP).slice(0, 15);
  return {
    columns: [{ key: 'employee', label: `reports:bonusTypes.${q.type}`, kind: 'text' as const }, ...COLUMNS],
    rows,
    totals,
    chart: charted.length
      ? {
          kind: 'grouped' as const,
          currency: base,
          series: [{ key: 'bonusProfit', label: 'reports:columns.bonusProfit' }],
          data: charted.map((row) => ({
            category: String(row.cells.employee),
            bonusProfit: Number(row.cells.bonusProfit),
          })),
        }
      : null,
    baseCurrency: base,
  };
}

/** A figure of an employee (or the total) → his orders, each with his share and what it credits him. */
async function drill(ctx: ReportContext, q: Query, cell: ReportCell) {
  if (!COLUMNS.some((c) => c.key === cell.column && c.drill)) return unknownFigure();
  const base = await baseCurrencyOf(ctx);
  const rows = await rowsOf<{
    order_id: number;
    client_name: string;
    share: string;
    revenue: string;
    cost: string;
  }>(
    ctx.tx,
    sql`SELECT l.order_id, max(l.client_name) AS client_name, round(100.0 * sum(1.0 / l.n), 1)::text AS share,
        sum(l.revenue)::text AS revenue, sum(l.cost)::text AS cost
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
      { key: 'share', label: 'reports:columns.share', kind: 'percent' as const },
      ...COLUMNS.slice(1).map(({ drill: _, ...column }) => column),
    ],
    rows: rows.map((r) =>
      documentRow('orders', r.order_id, {
        order: padId(r.order_id),
        client: r.client_name,
        share: r.share,
        ...figures(r.revenue, r.cost),
      }),
    ),
    totals: [
      {
        key: 'total',
        cells: {
          order: null,
          client: null,
          share: null,
          ...figures(sum(rows.map((r) => r.revenue)), sum(rows.map((r) => r.cost))),
        },
      },
    ],
  };
}

export const bonusProfit = reportUseCases(bonusProfitReport, { answer, drill });

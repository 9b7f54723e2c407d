import {
  decimalDivide,
  decimalFixed,
  decimalSubtract,
  type ProductivityQuery,
  padId,
  productivityReport,
  type ReportColumn,
  type ReportRow,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import { serviceOffices } from '../../../platform/identity/tables';
import { closedMonthsIn, creditedLines, NO_GROUP, personGroup } from '../facts';
import {
  baseCurrencyOf,
  documentRow,
  type ReportCell,
  type ReportContext,
  reportUseCases,
  sum,
  unknownFigure,
} from '../framework';

/*
 * Specific productivity of a period (docs/reports.md "Specific productivity"): the gross profit credited to
 * the people of a role by the bonus shares (`creditedLines`), per employee or per office (the order's), with
 * the orders handled, gross profit per order, per month of the period and, for an office, per employee.
 */

type Query = ProductivityQuery;

async function lines(ctx: ReportContext, q: Query): Promise<SQL> {
  const closed = await closedMonthsIn(ctx.tx, q);
  const group =
    q.groupBy === 'employee'
      ? personGroup(sql`cr.person_id`)
      : {
          key: sql`coalesce(cr.office_id::text, ${NO_GROUP})`,
          label: sql`(SELECT so.name FROM ${serviceOffices} so WHERE so.id = cr.office_id)`,
        };
  return sql`(
    SELECT cr.*, ${group.key} AS gkey, ${group.label} AS glabel
    FROM ${creditedLines(ctx.auth, productivityReport.permission, q, q.type, closed)} cr
  )`;
}

/** Calendar months the period touches (January 15 to March 10: three). */
export const monthsOf = (q: { from: string; to: string }) =>
  (Number(q.to.slice(0, 4)) - Number(q.from.slice(0, 4))) * 12 +
  Number(q.to.slice(5, 7)) -
  Number(q.from.slice(5, 7)) +
  1;

/** An amount per unit, to kopecks; none per nothing. */
const per = (amount: string, count: number) =>
  count > 0 ? decimalFixed(decimalDivide(amount, String(count), 8), 2) : null;

type Group = {
  gkey: string;
  glabel: string | null;
  employees: number;
  orders: number;
  revenue: string;
  cost: string;
};

async function answer(ctx: ReportContext, q: Query) {
  const base = await baseCurrencyOf(ctx);
  const months = monthsOf(q);
  const byOffice = q.groupBy === 'office';
  const aggregate = sql`count(DISTINCT l.person_id)::int AS employees, count(DISTINCT l.order_id)::int AS orders,
    sum(l.revenue)::text AS revenue, sum(l.cost)::text AS cost`;
  const groups = await rowsOf<Group>(
    ctx.tx,
    sql`SELECT l.gkey, max(l.glabel) AS glabel, ${aggregate}
      FROM ${await lines(ctx, q)} l GROUP BY l.gkey ORDER BY sum(l.revenue) - sum(l.cost) DESC, l.gkey`,
  );
  const [whole] = await rowsOf<Group>(ctx.tx, sql`SELECT ${aggregate} FROM ${await lines(ctx, q)} l`);
  const figures = (g: Pick<Group, 'employees' | 'orders' | 'revenue' | 'cost'>) => {
    const grossProfit = sum([decimalSubtract(g.revenue, g.cost)]);
    return {
      ...(byOffice && { employees: g.employees }),
      orders: g.orders,
      grossProfit,
      grossProfitPerOrder: per(grossProfit, g.orders),
      grossProfitPerMonth: per(grossProfit, months),
      ...(byOffice && { grossProfitPerEmployee: per(grossProfit, g.employees) }),
    };
  };
  const rows: ReportRow[] = groups.map((g) => ({
    key: g.gkey,
    cells: { group: g.gkey === NO_GROUP ? '—' : (g.glabel ?? g.gkey), ...figures(g) },
  }));
  const columns: ReportColumn[] = [
    {
      key: 'group',
      label: byOffice ? 'reports:groups.office' : `reports:bonusTypes.${q.type}`,
      kind: 'text',
    },
    ...(byOffice ? [{ key: 'employees', label: 'reports:columns.employees', kind: 'count' as const }] : []),
    { key: 'orders', label: 'reports:columns.orders', kind: 'count', drill: true },
    { key: 'grossProfit', label: 'reports:columns.grossProfit', kind: 'money', drill: true },
    { key: 'grossProfitPerOrder', label: 'reports:columns.grossProfitPerOrder', kind: 'money' },
    { key: 'grossProfitPerMonth', label: 'reports:columns.grossProfitPerMonth', kind: 'money' },
    ...(byOffice
      ? [
          {
            key: 'grossProfitPerEmployee',
            label: 'reports:columns.grossProfitPerEmployee',
            kind: 'money' as const,
          },
        ]
      : []),
  ];
  const charted = rows.filter((row) => row.key !== NO_GROUP).slice(0, 15);
  return {
    columns,
    rows,
    totals: groups.length && whole ? [{ key: 'total', cells: { group: null, ...figures(whole) } }] : [],
    chart: charted.length
      ? {
          kind: 'grouped' as const,
          currency: base,
          series: [{ key: 'grossProfitPerMonth', label: 'reports:columns.grossProfitPerMonth' }],
          data: charted.map((row) => ({
            category: String(row.cells.group),
            grossProfitPerMonth: Number(row.cells.grossProfitPerMonth),
          })),
        }
      : null,
    baseCurrency: base,
  };
}

/** Orders or gross profit of a group (or the total) → its orders with what each credits, summing to it. */
async function drill(ctx: ReportContext, q: Query, cell: ReportCell) {
  if (cell.column !== 'orders' && cell.column !== 'grossProfit') return unknownFigure();
  const base = await baseCurrencyOf(ctx);
  const rows = await rowsOf<{ order_id: number; client_name: string; gross_profit: string }>(
    ctx.tx,
    sql`SELECT l.order_id, max(l.client_name) AS client_name, sum(l.revenue - l.cost)::text AS gross_profit
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
      { key: 'grossProfit', label: 'reports:columns.grossProfit', kind: 'money' as const },
    ],
    rows: rows.map((r) =>
      documentRow('orders', r.order_id, {
        order: padId(r.order_id),
        client: r.client_name,
        grossProfit: sum([r.gross_profit]),
      }),
    ),
    totals: [
      {
        key: 'total',
        cells: { order: null, client: null, grossProfit: sum(rows.map((r) => r.gross_profit)) },
      },
    ],
  };
}

export const specificProductivity = reportUseCases(productivityReport, { answer, drill });

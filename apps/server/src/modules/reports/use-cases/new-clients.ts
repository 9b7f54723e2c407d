import {
  decimalSubtract,
  type NewClientsQuery,
  newClientsReport,
  padId,
  type ReportColumn,
  type ReportRow,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import { TIME_ZONE } from '../../../platform/calendar';
import { contacts, users } from '../../../platform/identity/tables';
import { orderReportScope, orders } from '../../operations';
import { closedMonthsIn, orderMonthFacts } from '../facts';
import {
  allOf,
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
 * New clients of a period (docs/reports.md "New clients"): a client is new when its first order ever (the
 * earliest made, whoever may see it) was made in the period, by the company's calendar. The first order must
 * be in the reader's scope and the filters (office, seller, product); the client's revenue and gross profit of
 * the period are those of its orders in the reader's scope, credited to the first order's seller.
 */

type Query = NewClientsQuery;

const NONE = 'none';

/** The first orders ever made in the period: no order of the client was made before (the id breaks a tie). */
function firstOrders(ctx: ReportContext, q: Query): SQL {
  const start = sql`(${q.from}::date::timestamp AT TIME ZONE ${TIME_ZONE})`;
  const end = sql`((${q.to}::date + 1)::timestamp AT TIME ZONE ${TIME_ZONE})`;
  return sql`(
    SELECT ${orders.id} AS order_id, ${orders.clientId} AS client_id, ${orders.clientName} AS client_name,
      ${orders.sellerId} AS seller_id, (${orders.createdAt} AT TIME ZONE ${TIME_ZONE})::date AS first_date
    FROM ${orders}
    WHERE ${orders.createdAt} >= ${start} AND ${orders.createdAt} < ${end}
      AND NOT EXISTS (
        SELECT 1 FROM ${orders} earlier WHERE earlier.client_id = ${orders.clientId}
          AND (earlier.created_at < ${orders.createdAt} OR (earlier.created_at = ${orders.createdAt} AND earlier.id < ${orders.id}))
      )
      AND ${allOf(
        when(q.serviceOfficeId, (v) => sql`${orders.serviceOfficeId} = ${v}`),
        when(q.sellerId, (v) => sql`${orders.sellerId} = ${v}`),
        when(q.productId, (v) => sql`${orders.productId} = ${v}`),
        orderReportScope(ctx.auth, newClientsReport.permission),
      )}
  )`;
}

/** The group of a new client: itself, its first order's seller, or the month of its first order. */
function groupKey(groupBy: Query['groupBy']): SQL {
  if (groupBy === 'client') return sql`fo.client_id::text`;
  if (groupBy === 'seller') return sql`coalesce(fo.seller_id::text, ${NONE})`;
  return sql`to_char(fo.first_date, 'YYYY-MM')`;
}

/**
 * Per new client: its group, and the revenue and cost of the period of its orders the reader reaches. The
 * period's facts are summed per client once and joined: a lateral sum per new client computed them all
 * again for each (thousands of new clients a quarter at 1,000,000 orders).
 */
async function clients(ctx: ReportContext, q: Query): Promise<SQL> {
  const closed = await closedMonthsIn(ctx.tx, q);
  return sql`(
    SELECT fo.order_id, fo.client_id, fo.client_name, fo.seller_id, fo.first_date, ${groupKey(q.groupBy)} AS gkey,
      coalesce(money.revenue, 0) AS revenue, coalesce(money.cost, 0) AS cost
    FROM ${firstOrders(ctx, q)} fo
    LEFT JOIN (
      SELECT ${orders.clientId} AS client_id, sum(f.revenue) AS revenue, sum(f.cost) AS cost
      FROM ${orderMonthFacts(q, {}, closed)} f JOIN ${orders} ON ${orders.id} = f.order_id
      WHERE ${allOf(orderReportScope(ctx.auth, newClientsReport.permission))}
      GROUP BY ${orders.clientId}
    ) money ON money.client_id = fo.client_id
  )`;
}

const sellerName = (id: SQL) =>
  sql`(SELECT c.name FROM ${users} u JOIN ${contacts} c ON c.id = u.contact_id WHERE u.id = ${id})`;

const FIGURES: ReportColumn[] = [
  { key: 'newClients', label: 'reports:columns.newClients', kind: 'count', drill: true },
  { key: 'revenue', label: 'reports:columns.revenue', kind: 'money', drill: true },
  { key: 'grossProfit', label: 'reports:columns.grossProfit', kind: 'money', drill: true },
  { key: 'margin', label: 'reports:columns.margin', kind: 'percent' },
];

const figures = (revenue: string, cost: string) => {
  const grossProfit = sum([decimalSubtract(revenue, cost)]);
  return { revenue: sum([revenue]), grossProfit, margin: ratio(grossProfit, revenue) };
};

type Group = {
  gkey: string;
  label: string | null;
  first_date: string;
  seller: string | null;
  count: number;
  revenue: string;
  cost: string;
};

async function answer(ctx: ReportContext, q: Query) {
  const base = await baseCurrencyOf(ctx);
  const groups = await rowsOf<Group>(
    ctx.tx,
    sql`SELECT nc.gkey, max(${q.groupBy === 'seller' ? sellerName(sql`nc.seller_id`) : sql`nc.client_name`}) AS label,
        min(nc.first_date)::text AS first_date, max(${sellerName(sql`nc.seller_id`)}) AS seller,
        count(*)::int AS count, sum(nc.revenue)::text AS revenue, sum(nc.cost)::text AS cost
      FROM ${await clients(ctx, q)} nc GROUP BY nc.gkey
      ORDER BY ${q.groupBy === 'month' ? sql`nc.gkey` : sql`sum(nc.revenue) - sum(nc.cost) DESC, nc.gkey`}`,
  );
  const byClient = q.groupBy === 'client';
  const columns: ReportColumn[] = [
    { key: 'group', label: `reports:groups.${q.groupBy}`, kind: q.groupBy === 'month' ? 'month' : 'text' },
    ...(byClient
      ? [
          { key: 'firstOrder', label: 'reports:columns.firstOrder', kind: 'date' as const },
          { key: 'seller', label: 'reports:columns.seller', kind: 'text' as const },
        ]
      : []),
    ...FIGURES,
  ];
  const rows: ReportRow[] = groups.map((g) => ({
    key: g.gkey,
    cells: {
      group: q.groupBy === 'month' ? g.gkey : g.gkey === NONE ? '—' : (g.label ?? g.gkey),
      ...(byClient ? { firstOrder: g.first_date, seller: g.seller ?? '—' } : {}),
      newClients: g.count,
      ...figures(g.revenue, g.cost),
    },
  }));
  const totals: ReportRow[] = groups.length
    ? [
        {
          key: 'total',
          cells: {
            group: null,
            newClients: groups.reduce((n, g) => n + g.count, 0),
            ...figures(sum(groups.map((g) => g.revenue)), sum(groups.map((g) => g.cost))),
          },
        },
      ]
    : [];
  // Monthly bars of the new clients, whatever the grouping.
  const months = await rowsOf<{ month: string; count: number }>(
    ctx.tx,
    sql`SELECT to_char(nc.first_date, 'YYYY-MM') AS month, count(*)::int AS count
      FROM ${await clients(ctx, q)} nc GROUP BY 1 ORDER BY 1`,
  );
  const chart = months.length
    ? {
        kind: 'grouped' as const,
        currency: base,
        series: [{ key: 'newClients', label: 'reports:columns.newClients' }],
        data: months.map((m) => ({ category: m.month, newClients: m.count })),
      }
    : null;
  return { columns, rows, totals, chart, baseCurrency: base };
}

async function drill(ctx: ReportContext, q: Query, cell: ReportCell) {
  if (!FIGURES.some((c) => c.key === cell.column && c.drill)) return unknownFigure();
  const base = await baseCurrencyOf(ctx);
  const where = cell.row === 'total' ? sql`true` : sql`nc.gkey = ${cell.row}`;
  // The new clients' first orders, each with what its client brought in the period.
  const rows = await rowsOf<{
    order_id: number;
    client_name: string;
    first_date: string;
    seller: string | null;
    revenue: string;
    cost: string;
  }>(
    ctx.tx,
    sql`SELECT nc.order_id, nc.client_name, nc.first_date::text AS first_date, ${sellerName(sql`nc.seller_id`)} AS seller,
        nc.revenue::text AS revenue, nc.cost::text AS cost
      FROM ${await clients(ctx, q)} nc WHERE ${where} ORDER BY nc.first_date, nc.order_id`,
  );
  return {
    kind: 'orders' as const,
    baseCurrency: base,
    chart: null,
    columns: [
      { key: 'order', label: 'reports:columns.firstOrder', kind: 'text' as const },
      { key: 'date', label: 'reports:columns.date', kind: 'date' as const },
      { key: 'client', label: 'reports:columns.client', kind: 'text' as const },
      { key: 'seller', label: 'reports:columns.seller', kind: 'text' as const },
      ...FIGURES.slice(1).map(({ drill: _, ...column }) => column),
    ],
    rows: rows.map((r) =>
      documentRow('orders', r.order_id, {
        order: padId(r.order_id),
        date: r.first_date,
        client: r.client_name,
        seller: r.seller ?? '—',
        ...figures(r.revenue, r.cost),
      }),
    ),
    totals: [
      {
        key: 'total',
        cells: {
          order: null,
          ...figures(sum(rows.map((r) => r.revenue)), sum(rows.map((r) => r.cost))),
        },
      },
    ],
  };
}

export const newClients = reportUseCases(newClientsReport, { answer, drill });

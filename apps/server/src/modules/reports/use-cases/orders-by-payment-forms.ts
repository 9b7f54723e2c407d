import {
  decimalSubtract,
  type OrdersByPaymentFormsQuery,
  ordersByPaymentFormsReport,
  padId,
  type ReportColumn,
  type ReportRow,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import { billReportScope, bills, paymentBills, paymentForms, payments } from '../../finance';
import { jobs, orders } from '../../operations';
import { currencies } from '../../reference-data';
import {
  allOf,
  baseCurrencyOf,
  documentRow,
  type ReportCell,
  type ReportContext,
  reportUseCases,
  sum,
  unknownFigure,
  when,
} from '../framework';

/*
 * Orders by payment form (docs/reports.md "Orders by payment form"): the income bills recognised in the period,
 * per payment form and bill currency: the orders they reach (counted once per row and once in a total), what
 * was invoiced and what of it the payments dated by the period's end paid. Each bill counts on its own form:
 * an order billed on two forms is in both rows, and once in the total.
 */

type Query = OrdersByPaymentFormsQuery;

/** One row per bill: its form, currency, amounts, the paid part (and both in base at its own rate), orders. */
function billFacts(ctx: ReportContext, q: Query): SQL {
  const where = allOf(
    sql`${bills.direction} = 'INCOME'`,
    sql`${bills.recognitionDate} BETWEEN ${q.from} AND ${q.to}`,
    // An intercompany bill documents an internal transfer, not an order's sale.
    sql`${bills.internalTransferId} IS NULL`,
    when(q.paymentFormId, (v) => sql`${bills.paymentFormId} = ${v}`),
    when(q.legalEntityId, (v) => sql`${bills.legalEntityId} = ${v}`),
    when(q.currencyId, (v) => sql`${bills.currencyId} = ${v}`),
    when(q.serviceOfficeId, (v) => sql`${bills.serviceOfficeId} = ${v}`),
    q.withVat === undefined ? undefined : sql`pf.with_vat = ${q.withVat}`,
    billReportScope(ctx.auth, ordersByPaymentFormsReport.permission),
  );
  return sql`(
    SELECT x.*, round(x.paid * x.amount_in_base / x.amount, 2) AS paid_base
    FROM (
      SELECT ${bills.id} AS id, ${bills.number} AS number, ${bills.recognitionDate} AS date,
        ${bills.counterpartyName} AS counterparty_name, ${bills.paymentFormId} AS form_id, pf.name AS form_name,
        ${bills.currencyId} AS currency_id, ${bills.amount} AS amount, ${bills.amountInBase} AS amount_in_base,
        coalesce((SELECT sum(pb.amount) FROM ${paymentBills} pb JOIN ${payments} p ON p.id = pb.payment_id
          WHERE pb.bill_id = ${bills.id} AND p.date <= ${q.to}), 0) AS paid,
        ARRAY(SELECT unnest(${bills.orderIds}) UNION
          SELECT unnest(j.order_ids) FROM ${jobs} j WHERE j.id = ANY(${bills.jobIds})) AS order_ids
      FROM ${bills} JOIN ${paymentForms} pf ON pf.id = ${bills.paymentFormId}
      WHERE ${where}
    ) x
  )`;
}

type Group = {
  form_id: number;
  form_name: string;
  currency_id: number;
  code: string;
  bills: number;
  orders: number;
  invoiced: string;
  invoiced_base: string;
  paid: string;
  paid_base: string;
};

const MONEY: ReportColumn[] = [
  { key: 'invoiced', label: 'reports:columns.invoiced', kind: 'money', drill: true },
  { key: 'paid', label: 'reports:columns.paid', kind: 'money', drill: true },
  { key: 'unpaid', label: 'reports:columns.unpaid', kind: 'money', drill: true },
];

async function answer(ctx: ReportContext, q: Query) {
  const base = await baseCurrencyOf(ctx);
  const facts = billFacts(ctx, q);
  const figures = sql`count(*) FILTER (WHERE o.first)::int AS bills,
    count(DISTINCT o.order_id)::int AS orders, sum(f.amount) FILTER (WHERE o.first)::text AS invoiced,
    sum(f.amount_in_base) FILTER (WHERE o.first)::text AS invoiced_base, sum(f.paid) FILTER (WHERE o.first)::text AS paid,
    sum(f.paid_base) FILTER (WHERE o.first)::text AS paid_base`;
  // A bill without orders still counts its money; one with several orders counts it once (`first`).
  const perOrder = sql`LEFT JOIN LATERAL (
      SELECT u.order_id, u.n = 1 AS first FROM unnest(f.order_ids) WITH ORDINALITY u(order_id, n)
      UNION ALL SELECT NULL, true WHERE cardinality(f.order_ids) = 0
    ) o ON true`;
  const [groups, totals, all] = await Promise.all([
    rowsOf<Group>(
      ctx.tx,
      sql`SELECT f.form_id, max(f.form_name) AS form_name, f.currency_id, max(cur.code) AS code, ${figures}
        FROM ${facts} f JOIN ${currencies} cur ON cur.id = f.currency_id ${perOrder}
        GROUP BY f.form_id, f.currency_id ORDER BY max(f.form_name), max(cur.code)`,
    ),
    rowsOf<Omit<Group, 'form_id' | 'form_name'>>(
      ctx.tx,
      sql`SELECT f.currency_id, max(cur.code) AS code, ${figures}
        FROM ${facts} f JOIN ${currencies} cur ON cur.id = f.currency_id ${perOrder}
        GROUP BY f.currency_id ORDER BY max(cur.code)`,
    ),
    rowsOf<Omit<Group, 'form_id' | 'form_name' | 'currency_id' | 'code'>>(
      ctx.tx,
      sql`SELECT ${figures} FROM ${facts} f ${perOrder} HAVING count(*) > 0`,
    ),
  ]);
  const cells = (g: Omit<Group, 'form_id' | 'form_name' | 'currency_id' | 'code'>) => ({
    orders: g.orders,
    invoiced: sum([g.invoiced]),
    paid: sum([g.paid]),
    unpaid: sum([decimalSubtract(g.invoiced ?? '0', g.paid ?? '0')]),
    invoicedBase: sum([g.invoiced_base]),
    paidBase: sum([g.paid_base]),
  });
  const rows: ReportRow[] = groups.map((g) => ({
    key: `${g.form_id}:${g.currency_id}`,
    cells: { form: g.form_name, currency: g.code, ...cells(g) },
  }));
  // Totals per currency in it; the base columns once, for all currencies.
  const totalRows: ReportRow[] = totals.map((t) => {
    const { invoicedBase: _i, paidBase: _p, ...inCurrency } = cells(t);
    return { key: `total:${t.currency_id}`, cells: { form: null, currency: t.code, ...inCurrency } };
  });
  if (all[0]) {
    const { orders, invoicedBase, paidBase } = cells(all[0]);
    totalRows.push({
      key: 'total:base',
      cells: { form: null, currency: base, orders, invoicedBase, paidBase },
    });
  }
  const columns: ReportColumn[] = [
    { key: 'form', label: 'reports:columns.paymentForm', kind: 'text' },
    { key: 'currency', label: 'reports:columns.currency', kind: 'text' },
    { key: 'orders', label: 'reports:columns.orders', kind: 'count', drill: true },
    ...MONEY,
    {
      key: 'invoicedBase',
      label: 'reports:columns.invoicedBase',
      params: { currency: base },
      kind: 'money',
      drill: true,
    },
    {
      key: 'paidBase',
      label: 'reports:columns.paidBase',
      params: { currency: base },
      kind: 'money',
      drill: true,
    },
  ];
  const chart = rows.length
    ? {
        kind: 'grouped' as const,
        currency: base,
        series: [
          { key: 'invoicedBase', label: 'reports:columns.invoicedBase', params: { currency: base } },
          { key: 'paidBase', label: 'reports:columns.paidBase', params: { currency: base } },
        ],
        data: rows.slice(0, 12).map((r) => ({
          category: `${r.cells.form} (${r.cells.currency})`,
          invoicedBase: Number(r.cells.invoicedBase),
          paidBase: Number(r.cells.paidBase),
        })),
      }
    : null;
  return { columns, rows, totals: totalRows, chart, baseCurrency: base };
}

/** Which bills a row key names: a form and currency, a currency's total, or all (base). */
function rowFilter(row: string): SQL {
  if (row === 'total:base') return sql`true`;
  const total = /^total:(\d+)$/.exec(row);
  if (total) return sql`f.currency_id = ${Number(total[1])}`;
  const line = /^(\d+):(\d+)$/.exec(row);
  if (!line) return unknownFigure();
  return sql`f.form_id = ${Number(line[1])} AND f.currency_id = ${Number(line[2])}`;
}

async function drill(ctx: ReportContext, q: Query, cell: ReportCell) {
  const base = await baseCurrencyOf(ctx);
  const inBase = cell.column.endsWith('Base');
  if (cell.row === 'total:base' && !inBase && cell.column !== 'orders') return unknownFigure();
  if (cell.column === 'orders') {
    const rows = await rowsOf<{ order_id: number; client: string | null; bills: number }>(
      ctx.tx,
      sql`SELECT u.order_id, max(ord.client_name) AS client, count(*)::int AS bills
        FROM ${billFacts(ctx, q)} f CROSS JOIN unnest(f.order_ids) u(order_id)
        LEFT JOIN ${orders} ord ON ord.id = u.order_id
        WHERE ${rowFilter(cell.row)} GROUP BY u.order_id ORDER BY u.order_id`,
    );
    return {
      kind: 'orders' as const,
      baseCurrency: base,
      chart: null,
      columns: [
        { key: 'order', label: 'reports:columns.order', kind: 'text' as const },
        { key: 'client', label: 'reports:columns.client', kind: 'text' as const },
        { key: 'bills', label: 'reports:columns.bills', kind: 'count' as const },
      ],
      rows: rows.map((r) =>
        documentRow('orders', r.order_id, { order: padId(r.order_id), client: r.client, bills: r.bills }),
      ),
      // The figure is the number of these orders: no sum to show.
      totals: [],
    };
  }
  const figure = {
    invoiced: sql`f.amount`,
    paid: sql`f.paid`,
    unpaid: sql`f.amount - f.paid`,
    invoicedBase: sql`f.amount_in_base`,
    paidBase: sql`f.paid_base`,
  }[cell.column];
  if (!figure) return unknownFigure();
  const rows = await rowsOf<{
    id: number;
    number: string;
    date: string;
    name: string;
    form: string;
    code: string;
    value: string;
  }>(
    ctx.tx,
    sql`SELECT f.id, f.number, f.date::text AS date, f.counterparty_name AS name, f.form_name AS form, cur.code,
        (${figure})::text AS value
      FROM ${billFacts(ctx, q)} f JOIN ${currencies} cur ON cur.id = f.currency_id
      WHERE ${rowFilter(cell.row)} AND (${figure}) <> 0 ORDER BY f.date, f.id`,
  );
  const column = [...MONEY, { key: cell.column, label: `reports:columns.${cell.column}` }].find(
    (c) => c.key === cell.column,
  )!;
  return {
    kind: 'bills' as const,
    baseCurrency: base,
    chart: null,
    columns: [
      { key: 'number', label: 'reports:columns.bill', kind: 'text' as const },
      { key: 'date', label: 'reports:columns.recognitionDate', kind: 'date' as const },
      { key: 'client', label: 'reports:columns.client', kind: 'text' as const },
      { key: 'form', label: 'reports:columns.paymentForm', kind: 'text' as const },
      { key: 'currency', label: 'reports:columns.currency', kind: 'text' as const },
      {
        key: 'value',
        label: column.label,
        params: inBase ? { currency: base } : undefined,
        kind: 'money' as const,
      },
    ],
    rows: rows.map((r) =>
      documentRow('bills', r.id, {
        number: r.number,
        date: r.date,
        client: r.name,
        form: r.form,
        currency: inBase ? base : r.code,
        value: r.value,
      }),
    ),
    totals: [{ key: 'total', cells: { value: sum(rows.map((r) => r.value)) } }],
  };
}

export const ordersByPaymentForms = reportUseCases(ordersByPaymentFormsReport, { answer, drill });

import {
  type AccountsReceivableQuery,
  accountsReceivableReport,
  decimalAdd,
  type ReportColumn,
  type ReportRow,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import {
  billReportScope,
  bills,
  ledgerEntries,
  ledgerTransactions,
  paymentReportScope,
  payments,
} from '../../finance';
import { orders } from '../../operations';
import { currencies } from '../../reference-data';
import { laterLinks } from '../balances';
import {
  allOf,
  baseCurrencyOf,
  documentRow,
  type ReportCell,
  type ReportContext,
  reportUseCases,
  screenRowsOf,
  shownRowsOf,
  sum,
  unknownFigure,
  when,
} from '../framework';

/*
 * Accounts receivable at an as-of date D (docs/reports.md "Accounts receivable"). A bill is open at D when it
 * was recognised by D and its amount exceeds the links of the payments dated on or before D; its age is D less
 * its due date, and the buckets (not due, 1-30, ... over the last edge) partition the open amount. Amounts stay
 * in the bill's currency; the base column converts each bill's open part at the bill's own rate (its amount in
 * base ÷ its amount, fixed at posting), never at another day's. Prepayments are the unlinked parts of incoming
 * payments dated by D (ADVANCES_RECEIVED in the ledger), negative.
 */

type Query = AccountsReceivableQuery;

/** The columns of the buckets: `b0` not due, `b1`..`bN` up to each edge, `bOver` past the last. */
function bucketColumns(edges: readonly number[]): ReportColumn[] {
  const columns: ReportColumn[] = [
    { key: 'b0', label: 'reports:accountsReceivable.notDue', kind: 'money', drill: true },
  ];
  edges.forEach((edge, i) => {
    columns.push({
      key: `b${i + 1}`,
      label: 'reports:accountsReceivable.bucket',
      params: { from: i === 0 ? 1 : edges[i - 1]! + 1, to: edge },
      kind: 'money',
      drill: true,
    });
  });
  columns.push({
    key: 'bOver',
    label: 'reports:accountsReceivable.over',
    params: { days: edges[edges.length - 1]! },
    kind: 'money',
    drill: true,
  });
  return columns;
}

const bucketKey = (edges: readonly number[], index: number) => (index > edges.length ? 'bOver' : `b${index}`);

/** The bucket index of an age in days: 0 not due, i for ages up to edge i, edges + 1 past the last. */
function bucketOf(age: SQL, edges: readonly number[]): SQL {
  const cases = edges.map((edge, i) => sql` WHEN ${age} <= ${edge} THEN ${i + 1}`);
  return sql`(CASE WHEN ${age} <= 0 THEN 0${sql.join(cases, sql``)} ELSE ${edges.length + 1} END)`;
}

/**
 * The open income bills at D in the reader's scope and the filters, one row each: its open amount in its
 * currency and at its own rate in base, its due date, age and bucket. Candidates and their open part are
 * `laterLinks`'.
 */
function openBills(ctx: ReportContext, q: Query): SQL {
  const d = q.asOf;
  const due = sql`coalesce(${bills.paymentDate},
    CASE o.payment_terms_basis
      WHEN 'DISPATCH' THEN o.dispatch_date + o.payment_terms_days
      WHEN 'DELIVERY' THEN o.delivery_date + o.payment_terms_days
      ELSE ${bills.date} + o.payment_terms_days END,
    ${bills.date})`;
  const where = allOf(
    sql`${bills.direction} = 'INCOME'`,
    sql`${bills.recognitionDate} <= ${d}`,
    // An intercompany bill documents an internal transfer: no client owes it.
    sql`${bills.internalTransferId} IS NULL`,
    when(q.clientId, (v) => sql`${bills.counterpartyId} = ${v}`),
    when(q.currencyId, (v) => sql`${bills.currencyId} = ${v}`),
    when(q.serviceOfficeId, (v) => sql`${bills.serviceOfficeId} = ${v}`),
    when(q.legalEntityId, (v) => sql`${bills.legalEntityId} = ${v}`),
    when(q.paymentFormId, (v) => sql`${bills.paymentFormId} = ${v}`),
    when(
      q.sellerId,
      (v) =>
        sql`EXISTS (SELECT 1 FROM ${orders} so WHERE so.id = ANY(${bills.orderIds}) AND so.seller_id = ${v})`,
    ),
    billReportScope(ctx.auth, accountsReceivableReport.permission),
  );
  return sql`(
    SELECT b.*, round(b.open * b.amount_in_base / b.amount, 2) AS open_base, ${d}::date - b.due AS age,
      ${bucketOf(sql`(${d}::date - b.due)`, q.buckets)} AS bucket
    FROM (
      SELECT ${bills.id} AS id, ${bills.number} AS number, ${bills.date} AS date, ${bills.counterpartyId} AS counterparty_id,
        ${bills.counterpartyName} AS counterparty_name, ${bills.currencyId} AS currency_id, ${bills.amount} AS amount,
        ${bills.amountInBase} AS amount_in_base, ${due} AS due, ${bills.balance} + candidates.later AS open
      FROM ${bills}
      JOIN ${laterLinks('INCOME', [{ key: 'asOf', date: d }])} candidates ON candidates.id = ${bills.id}
      LEFT JOIN LATERAL (
        SELECT fo.payment_terms_basis, fo.payment_terms_days, fo.dispatch_date, fo.delivery_date
        FROM ${orders} fo WHERE fo.id = ${bills.orderIds}[1]
      ) o ON true
      WHERE ${where}
    ) b
    WHERE b.open > 0${q.overdueOnly ? sql` AND ${d}::date - b.due > 0` : sql``}
  )`;
}

/**
 * The unlinked parts of incoming payments dated by D, in the reader's payment scope and the filters: the
 * ADVANCES_RECEIVED entries of each payment's standing postings (negative: what we owe back or will set off).
 * A seller or "overdue only" filter leaves them out: a prepayment belongs to no order and is never overdue.
 */
function prepayments(ctx: ReportContext, q: Query): SQL | null {
  if (q.sellerId !== undefined || q.overdueOnly) return null;
  const d = q.asOf;
  const where = allOf(
    sql`${payments.direction} = 'INCOMING'`,
    sql`${payments.date} <= ${d}`,
    sql`${payments.unlinkedAmount} > 0`,
    sql`${payments.internalTransferId} IS NULL`,
    sql`${payments.counterpartyId} IS NOT NULL`,
    when(q.clientId, (v) => sql`${payments.counterpartyId} = ${v}`),
    when(q.currencyId, (v) => sql`${payments.currencyId} = ${v}`),
    when(q.serviceOfficeId, (v) => sql`${payments.serviceOfficeId} = ${v}`),
    when(q.legalEntityId, (v) => sql`${payments.legalEntityId} = ${v}`),
    when(q.paymentFormId, (v) => sql`${payments.paymentFormId} = ${v}`),
    paymentReportScope(ctx.auth, accountsReceivableReport.permission),
  );
  return sql`(
    SELECT ${payments.id} AS id, ${payments.number} AS number, ${payments.date} AS date,
      ${payments.counterpartyId} AS counterparty_id, ${payments.counterpartyName} AS counterparty_name,
      ${payments.currencyId} AS currency_id, sum(e.amount) AS prepaid, sum(e.base_amount) AS prepaid_base
    FROM ${payments}
    JOIN ${ledgerTransactions} t ON t.source_type = 'payment' AND t.source_id = ${payments.id} AND t.date <= ${d}
    JOIN ${ledgerEntries} e ON e.transaction_id = t.id AND e.account = 'ADVANCES_RECEIVED'
    WHERE ${where}
    GROUP BY ${payments.id}
    HAVING sum(e.amount) <> 0
  )`;
}

type Group = {
  counterparty_id: number;
  counterparty_name: string;
  currency_id: number;
  code: string;
  bucket: number;
  open: string;
  open_base: string;
};
type Prepaid = {
  counterparty_id: number;
  counterparty_name: string;
  currency_id: number;
  code: string;
  prepaid: string;
  prepaid_base: string;
};

const rowKey = (counterpartyId: number, currencyId: number) => `${counterpartyId}:${currencyId}`;

async function answer(ctx: ReportContext, q: Query) {
  const base = await baseCurrencyOf(ctx);
  const groups = await rowsOf<Group>(
    ctx.tx,
    sql`SELECT ob.counterparty_id, max(ob.counterparty_name) AS counterparty_name, ob.currency_id, max(cur.code) AS code,
        ob.bucket, sum(ob.open)::text AS open, sum(ob.open_base)::text AS open_base
      FROM ${openBills(ctx, q)} ob JOIN ${currencies} cur ON cur.id = ob.currency_id
      GROUP BY ob.counterparty_id, ob.currency_id, ob.bucket`,
  );
  const advances = prepayments(ctx, q);
  const prepaid = advances
    ? await rowsOf<Prepaid>(
        ctx.tx,
        sql`SELECT pp.counterparty_id, max(pp.counterparty_name) AS counterparty_name, pp.currency_id, max(cur.code) AS code,
            sum(pp.prepaid)::text AS prepaid, sum(pp.prepaid_base)::text AS prepaid_base
          FROM ${advances} pp JOIN ${currencies} cur ON cur.id = pp.currency_id
          GROUP BY pp.counterparty_id, pp.currency_id`,
      )
    : [];

  const buckets = bucketColumns(q.buckets);
  // What is owed first (in its currency and in base), then how old it is, then what was paid ahead.
  const columns: ReportColumn[] = [
    { key: 'client', label: 'reports:columns.client', kind: 'text' },
    { key: 'currency', label: 'reports:columns.currency', kind: 'text' },
    { key: 'outstanding', label: 'reports:accountsReceivable.outstanding', kind: 'money', drill: true },
    {
      key: 'outstandingBase',
      label: 'reports:accountsReceivable.outstandingBase',
      params: { currency: base },
      kind: 'money',
      drill: true,
    },
    ...buckets,
    { key: 'prepayments', label: 'reports:accountsReceivable.prepayments', kind: 'money', drill: true },
    { key: 'net', label: 'reports:accountsReceivable.net', kind: 'money' },
    {
      key: 'netBase',
      label: 'reports:accountsReceivable.netBase',
      params: { currency: base },
      kind: 'money',
    },
  ];
  const moneyKeys = [...buckets.map((c) => c.key), 'outstanding', 'prepayments', 'net'];

  type Line = { name: string; code: string; currencyId: number; cells: Record<string, string> };
  const lines = new Map<string, Line>();
  const lineOf = (counterpartyId: number, name: string, currencyId: number, code: string) => {
    const key = rowKey(counterpartyId, currencyId);
    let line = lines.get(key);
    if (!line) {
      const zero = Object.fromEntries(
        [...moneyKeys, 'outstandingBase', 'netBase', 'prepaidBase'].map((k) => [k, '0.00']),
      );
      line = { name, code, currencyId, cells: zero };
      lines.set(key, line);
    }
    return line;
  };
  const add = (cells: Record<string, string>, key: string, value: string) => {
    cells[key] = sum([cells[key], value]);
  };
  for (const g of groups) {
    const line = lineOf(g.counterparty_id, g.counterparty_name, g.currency_id, g.code);
    add(line.cells, bucketKey(q.buckets, g.bucket), g.open);
    add(line.cells, 'outstanding', g.open);
    add(line.cells, 'outstandingBase', g.open_base);
  }
  for (const p of prepaid) {
    const line = lineOf(p.counterparty_id, p.counterparty_name, p.currency_id, p.code);
    add(line.cells, 'prepayments', p.prepaid);
    add(line.cells, 'prepaidBase', p.prepaid_base);
  }
  for (const line of lines.values()) {
    line.cells.net = sum([line.cells.outstanding, line.cells.prepayments]);
    line.cells.netBase = sum([line.cells.outstandingBase, line.cells.prepaidBase]);
  }
  const sorted = [...lines.entries()].sort(
    ([, a], [, b]) =>
      Number(b.cells.outstandingBase) - Number(a.cells.outstandingBase) || a.name.localeCompare(b.name),
  );
  // Thousands of clients owe something at a large forwarder: the screen gets those owing most, the totals
  // and the chart are of all of them (the export writes every row).
  const rows: ReportRow[] = screenRowsOf(ctx, sorted).map(([key, line]) => {
    const { prepaidBase: _, ...cells } = line.cells;
    return { key, cells: { client: line.name, currency: line.code, ...cells } };
  });

  // Totals per currency (the bill's), and the base columns once for all: nothing adds two currencies.
  const byCurrency = new Map<string, { code: string; cells: Record<string, string> }>();
  for (const line of lines.values()) {
    const key = `total:${line.currencyId}`;
    const total = byCurrency.get(key) ?? { code: line.code, cells: {} };
    for (const k of moneyKeys) total.cells[k] = sum([total.cells[k], line.cells[k]]);
    byCurrency.set(key, total);
  }
  const totals: ReportRow[] = [...byCurrency.entries()]
    .sort(([, a], [, b]) => a.code.localeCompare(b.code))
    .map(([key, total]) => ({ key, cells: { client: null, currency: total.code, ...total.cells } }));
  if (lines.size > 0) {
    const all = [...lines.values()];
    totals.push({
      key: 'total:base',
      cells: {
        client: null,
        currency: base,
        outstandingBase: sum(all.map((l) => l.cells.outstandingBase)),
        netBase: sum(all.map((l) => l.cells.netBase)),
      },
    });
  }

  // The top clients by what they owe in base, each bar stacked by bucket (base amounts: one currency).
  const perClient = new Map<number, { name: string; total: string; buckets: Record<string, string> }>();
  for (const g of groups) {
    const client = perClient.get(g.counterparty_id) ?? { name: g.counterparty_name, total: '0', buckets: {} };
    const key = bucketKey(q.buckets, g.bucket);
    client.buckets[key] = decimalAdd(client.buckets[key] ?? '0', g.open_base);
    client.total = decimalAdd(client.total, g.open_base);
    perClient.set(g.counterparty_id, client);
  }
  const top = [...perClient.values()].sort((a, b) => Number(b.total) - Number(a.total)).slice(0, 10);
  const chart =
    top.length === 0
      ? null
      : {
          kind: 'stacked' as const,
          currency: base,
          series: buckets.map((c) => ({ key: c.key, label: c.label, params: c.params })),
          data: top.map((client) => ({
            category: client.name,
            ...Object.fromEntries(buckets.map((c) => [c.key, Number(client.buckets[c.key] ?? 0)])),
          })),
        };
  return { columns, rows, totals, chart, baseCurrency: base, ...shownRowsOf(rows.length, lines.size) };
}

/** Which lines a drill row key names: one client and currency, one currency's total, or all (base). */
function lineFilter(row: string, alias: string): SQL {
  if (row === 'total:base') return sql`true`;
  const total = /^total:(\d+)$/.exec(row);
  if (total) return sql`${sql.raw(alias)}.currency_id = ${Number(total[1])}`;
  const line = /^(\d+):(\d+)$/.exec(row);
  if (!line) return unknownFigure();
  return sql`${sql.raw(alias)}.counterparty_id = ${Number(line[1])} AND ${sql.raw(alias)}.currency_id = ${Number(line[2])}`;
}

async function drill(ctx: ReportContext, q: Query, cell: ReportCell) {
  const base = await baseCurrencyOf(ctx);
  if (cell.column === 'prepayments') {
    const advances = prepayments(ctx, q);
    const rows = advances
      ? await rowsOf<{
          id: number;
          number: string;
          date: string;
          name: string;
          code: string;
          prepaid: string;
        }>(
          ctx.tx,
          sql`SELECT pp.id, pp.number, pp.date::text AS date, pp.counterparty_name AS name, cur.code, pp.prepaid::text AS prepaid
            FROM ${advances} pp JOIN ${currencies} cur ON cur.id = pp.currency_id
            WHERE ${lineFilter(cell.row, 'pp')} ORDER BY pp.date, pp.id`,
        )
      : [];
    return {
      kind: 'payments' as const,
      baseCurrency: base,
      chart: null,
      columns: [
        { key: 'number', label: 'reports:columns.payment', kind: 'text' as const },
        { key: 'date', label: 'reports:columns.date', kind: 'date' as const },
        { key: 'client', label: 'reports:columns.client', kind: 'text' as const },
        { key: 'currency', label: 'reports:columns.currency', kind: 'text' as const },
        { key: 'amount', label: 'reports:accountsReceivable.prepayments', kind: 'money' as const },
      ],
      rows: rows.map((r) =>
        documentRow('payments', r.id, {
          number: r.number,
          date: r.date,
          client: r.name,
          currency: r.code,
          amount: r.prepaid,
        }),
      ),
      totals: [{ key: 'total', cells: { amount: sum(rows.map((r) => r.prepaid)) } }],
    };
  }
  const inBase = cell.column === 'outstandingBase';
  const bucket = /^b(\d+|Over)$/.exec(cell.column);
  if (!inBase && cell.column !== 'outstanding' && !bucket) return unknownFigure();
  if (!inBase && cell.row === 'total:base') return unknownFigure();
  const bucketIndex = bucket ? (bucket[1] === 'Over' ? q.buckets.length + 1 : Number(bucket[1])) : null;
  if (bucket && bucket[1] !== 'Over' && bucketIndex! > q.buckets.length) return unknownFigure();
  const rows = await rowsOf<{
    id: number;
    number: string;
    date: string;
    due: string;
    age: number;
    name: string;
    code: string;
    amount: string;
    open: string;
    open_base: string;
  }>(
    ctx.tx,
    sql`SELECT ob.id, ob.number, ob.date::text AS date, ob.due::text AS due, ob.age, ob.counterparty_name AS name,
        cur.code, ob.amount::text AS amount, ob.open::text AS open, ob.open_base::text AS open_base
      FROM ${openBills(ctx, q)} ob JOIN ${currencies} cur ON cur.id = ob.currency_id
      WHERE ${lineFilter(cell.row, 'ob')}${bucketIndex === null ? sql`` : sql` AND ob.bucket = ${bucketIndex}`}
      ORDER BY ob.due, ob.id`,
  );
  const figure = inBase ? 'open_base' : 'open';
  return {
    kind: 'bills' as const,
    baseCurrency: base,
    chart: null,
    columns: [
      { key: 'number', label: 'reports:columns.bill', kind: 'text' as const },
      { key: 'date', label: 'reports:columns.date', kind: 'date' as const },
      { key: 'due', label: 'reports:columns.due', kind: 'date' as const },
      { key: 'age', label: 'reports:columns.daysOverdue', kind: 'count' as const },
      { key: 'client', label: 'reports:columns.client', kind: 'text' as const },
      { key: 'currency', label: 'reports:columns.currency', kind: 'text' as const },
      { key: 'amount', label: 'reports:columns.amount', kind: 'money' as const },
      {
        key: 'open',
        label: inBase
          ? 'reports:accountsReceivable.outstandingBase'
          : 'reports:accountsReceivable.outstanding',
        params: inBase ? { currency: base } : undefined,
        kind: 'money' as const,
      },
    ],
    rows: rows.map((r) =>
      documentRow('bills', r.id, {
        number: r.number,
        date: r.date,
        due: r.due,
        age: Math.max(0, r.age),
        client: r.name,
        currency: inBase ? base : r.code,
        amount: inBase ? null : r.amount,
        open: r[figure],
      }),
    ),
    totals: [{ key: 'total', cells: { open: sum(rows.map((r) => r[figure])) } }],
  };
}

export const accountsReceivable = reportUseCases(accountsReceivableReport, { answer, drill });

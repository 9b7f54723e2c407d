import {
  type FinanceRegistryQuery,
  financeRegistryReport,
  padId,
  type ReportColumn,
  type ReportRow,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import {
  bills,
  ledgerEntries,
  ledgerTransactions,
  paymentForms,
  payments,
  printableBills,
} from '../../finance';
import { currencies } from '../../reference-data';
import {
  allOf,
  baseCurrencyOf,
  DOCUMENT_PATHS,
  type ReportContext,
  reportUseCases,
  screenCut,
  screenLimit,
  shownRowsOf,
  sum,
  unknownFigure,
  when,
} from '../framework';

/*
 * The finance registry (docs/reports.md "Finance registry"): the period's bills (by document or recognition
 * date) and payments (by their date), one row each, for accounting: counterparty and INN, legal entity,
 * payment form and its VAT, currency, the amount as income or expense in its currency and in base (a bill's
 * fixed at posting; a payment's the base of its cash postings), the orders, and whether the bill is processed
 * (in a processed printable bill). Totals per legal entity and currency, and the base once for all.
 */

type Query = FinanceRegistryQuery;

type Line = {
  doc: 'bill' | 'payment';
  id: number;
  number: string;
  date: string;
  recognition_date: string | null;
  counterparty: string | null;
  inn: string | null;
  legal_entity_id: number;
  legal_entity: string;
  form: string;
  with_vat: boolean;
  currency_id: number;
  code: string;
  incoming: boolean;
  amount: string;
  amount_base: string;
  order_ids: number[];
  processed: boolean | null;
};

/**
 * Whether the bill `id` is in a processed printable bill, through their GIN index (`@>`; `= ANY(bill_ids)`
 * read them all for each bill): asked when the registry is filtered by it; the rows shown find theirs at once.
 */
const processedBill = (id: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${printableBills} pbl WHERE pbl.bill_ids @> ARRAY[${id}] AND pbl.processed)`;

function billLines(q: Query): SQL | null {
  if (q.documents === 'payments') return null;
  const day = q.basis === 'recognition' ? bills.recognitionDate : bills.date;
  return sql`SELECT 'bill' AS doc, ${bills.id} AS id, ${bills.number} AS number, ${bills.date}::text AS date,
      ${bills.recognitionDate}::text AS recognition_date, ${bills.counterpartyName} AS counterparty, cp.inn,
      ${bills.legalEntityId} AS legal_entity_id, ${bills.paymentFormId} AS form_id, ${bills.currencyId} AS currency_id,
      ${bills.direction} = 'INCOME' AS incoming, ${bills.amount} AS amount, ${bills.amountInBase} AS amount_base,
      ${bills.orderIds} AS order_ids
    FROM ${bills} LEFT JOIN counterparties cp ON cp.id = ${bills.counterpartyId}
    WHERE ${allOf(
      sql`${day} BETWEEN ${q.from} AND ${q.to}`,
      q.direction && sql`${bills.direction} = ${q.direction === 'in' ? 'INCOME' : 'EXPENSE'}`,
      q.processed === undefined ? undefined : sql`${processedBill(sql`${bills.id}`)} = ${q.processed}`,
      when(q.legalEntityId, (v) => sql`${bills.legalEntityId} = ${v}`),
      when(q.paymentFormId, (v) => sql`${bills.paymentFormId} = ${v}`),
      when(q.currencyId, (v) => sql`${bills.currencyId} = ${v}`),
    )}`;
}

/** Payments carry no "processed" flag: a registry asked for processed or not is of bills only. */
function paymentLines(q: Query): SQL | null {
  if (q.documents === 'bills' || q.processed !== undefined) return null;
  return sql`SELECT 'payment' AS doc, ${payments.id} AS id, ${payments.number} AS number, ${payments.date}::text AS date,
      NULL AS recognition_date, ${payments.counterpartyName} AS counterparty, cp.inn,
      ${payments.legalEntityId} AS legal_entity_id, ${payments.paymentFormId} AS form_id, ${payments.currencyId} AS currency_id,
      ${payments.direction} = 'INCOMING' AS incoming, ${payments.amount} AS amount,
      coalesce((SELECT abs(sum(e.base_amount)) FROM ${ledgerTransactions} t JOIN ${ledgerEntries} e ON e.transaction_id = t.id
        WHERE t.source_type = 'payment' AND t.source_id = ${payments.id} AND e.account = 'CASH'), 0) AS amount_base,
      ARRAY[]::integer[] AS order_ids
    FROM ${payments} LEFT JOIN counterparties cp ON cp.id = ${payments.counterpartyId}
    WHERE ${allOf(
      sql`${payments.date} BETWEEN ${q.from} AND ${q.to}`,
      q.direction && sql`${payments.direction} = ${q.direction === 'in' ? 'INCOMING' : 'OUTGOING'}`,
      when(q.legalEntityId, (v) => sql`${payments.legalEntityId} = ${v}`),
      when(q.paymentFormId, (v) => sql`${payments.paymentFormId} = ${v}`),
      when(q.currencyId, (v) => sql`${payments.currencyId} = ${v}`),
    )}`;
}

type Total = {
  legal_entity_id: number;
  legal_entity: string;
  currency_id: number;
  code: string;
  incoming: boolean;
  amount: string;
  amount_base: string;
  n: number;
};

async function answer(ctx: ReportContext, q: Query) {
  const base = await baseCurrencyOf(ctx);
  const parts = [billLines(q), paymentLines(q)].filter((part): part is SQL => part !== null);
  const all = parts.length ? sql`(${sql.join(parts, sql` UNION ALL `)})` : null;
  // A year of a large forwarder's documents is millions of rows: the screen gets the first ones, the totals
  // are summed by the database over all of them.
  const lines = all
    ? await rowsOf<Line>(
        ctx.tx,
        // The shown bills' printable bills are found at once, by one lookup of the GIN index for all of them.
        sql`WITH shown AS MATERIALIZED (
            SELECT * FROM ${all} a ORDER BY a.date, a.doc, a.id${screenLimit(ctx)}
          ), processed AS (
            SELECT DISTINCT unnest(pbl.bill_ids) AS id FROM ${printableBills} pbl
            WHERE pbl.processed AND pbl.bill_ids && ARRAY(SELECT s.id FROM shown s WHERE s.doc = 'bill')
          )
          SELECT l.*, le.short_name AS legal_entity, pf.name AS form, pf.with_vat, cur.code,
            l.amount::text AS amount, l.amount_base::text AS amount_base,
            CASE WHEN l.doc = 'bill' THEN l.id IN (SELECT p.id FROM processed p) END AS processed
          FROM shown l
          JOIN legal_entities le ON le.id = l.legal_entity_id
          JOIN ${paymentForms} pf ON pf.id = l.form_id
          JOIN ${currencies} cur ON cur.id = l.currency_id
          ORDER BY l.date, l.doc, l.id`,
      )
    : [];
  const sums =
    all && screenCut(ctx, lines.length)
      ? await rowsOf<Total>(
          ctx.tx,
          sql`SELECT l.legal_entity_id, max(le.short_name) AS legal_entity, l.currency_id, max(cur.code) AS code,
              l.incoming, sum(l.amount)::text AS amount, sum(l.amount_base)::text AS amount_base, count(*)::int AS n
            FROM ${all} l
            JOIN legal_entities le ON le.id = l.legal_entity_id
            JOIN ${currencies} cur ON cur.id = l.currency_id
            GROUP BY l.legal_entity_id, l.currency_id, l.incoming`,
        )
      : lines.map(
          (l): Total => ({
            legal_entity_id: l.legal_entity_id,
            legal_entity: l.legal_entity,
            currency_id: l.currency_id,
            code: l.code,
            incoming: l.incoming,
            amount: l.amount,
            amount_base: l.amount_base,
            n: 1,
          }),
        );
  const count = sums.reduce((n, total) => n + total.n, 0);
  const text = (key: string, label: string): ReportColumn => ({ key, label, kind: 'text' });
  const money = (key: string, label: string, params?: Record<string, string>): ReportColumn => ({
    key,
    label,
    params,
    kind: 'money',
  });
  const columns: ReportColumn[] = [
    text('number', 'reports:columns.number'),
    { key: 'document', label: 'reports:columns.document', kind: 'label' },
    { key: 'date', label: 'reports:columns.date', kind: 'date' },
    { key: 'recognitionDate', label: 'reports:columns.recognitionDate', kind: 'date' },
    text('counterparty', 'reports:columns.counterparty'),
    text('inn', 'reports:columns.inn'),
    text('legalEntity', 'reports:columns.legalEntity'),
    text('paymentForm', 'reports:columns.paymentForm'),
    { key: 'vat', label: 'reports:columns.vat', kind: 'label' },
    text('currency', 'reports:columns.currency'),
    money('income', 'reports:columns.income'),
    money('expense', 'reports:columns.expense'),
    money('incomeBase', 'reports:financeRegistry.incomeBase', { currency: base }),
    money('expenseBase', 'reports:financeRegistry.expenseBase', { currency: base }),
    text('orders', 'reports:columns.orders'),
    { key: 'processed', label: 'reports:columns.processed', kind: 'label' },
  ];
  const yesNo = (value: boolean | null) =>
    value === null ? null : value ? 'reports:financeRegistry.yes' : 'reports:financeRegistry.no';
  const rows: ReportRow[] = lines.map((l) => ({
    key: `${l.doc}:${l.id}`,
    href: `${DOCUMENT_PATHS[l.doc === 'bill' ? 'bills' : 'payments']}/${l.id}`,
    cells: {
      number: l.number,
      document: `reports:financeRegistry.${l.doc}`,
      date: l.date,
      recognitionDate: l.recognition_date,
      counterparty: l.counterparty,
      inn: l.inn,
      legalEntity: l.legal_entity,
      paymentForm: l.form,
      vat: yesNo(l.with_vat),
      currency: l.code,
      income: l.incoming ? l.amount : null,
      expense: l.incoming ? null : l.amount,
      incomeBase: l.incoming ? l.amount_base : null,
      expenseBase: l.incoming ? null : l.amount_base,
      orders: l.order_ids.map(padId).join(', '),
      processed: yesNo(l.processed),
    },
  }));
  // Totals per legal entity and currency (in it), then the base once for all.
  const groups = new Map<string, { entity: string; code: string; sums: Total[] }>();
  for (const total of sums) {
    const key = `total:${total.legal_entity_id}:${total.currency_id}`;
    const group = groups.get(key) ?? { entity: total.legal_entity, code: total.code, sums: [] };
    group.sums.push(total);
    groups.set(key, group);
  }
  const side = (of: Total[], incoming: boolean, figure: 'amount' | 'amount_base') =>
    sum(of.filter((total) => total.incoming === incoming).map((total) => total[figure]));
  const totals: ReportRow[] = [...groups.entries()]
    .sort(([, a], [, b]) => a.entity.localeCompare(b.entity) || a.code.localeCompare(b.code))
    .map(([key, g]) => ({
      key,
      cells: {
        number: null,
        legalEntity: g.entity,
        currency: g.code,
        income: side(g.sums, true, 'amount'),
        expense: side(g.sums, false, 'amount'),
      },
    }));
  if (sums.length) {
    totals.push({
      key: 'total:base',
      cells: {
        number: null,
        currency: base,
        incomeBase: side(sums, true, 'amount_base'),
        expenseBase: side(sums, false, 'amount_base'),
      },
    });
  }
  return { columns, rows, totals, chart: null, baseCurrency: base, ...shownRowsOf(lines.length, count) };
}

export const financeRegistry = reportUseCases(financeRegistryReport, {
  answer,
  // Each row is its document (its link): no figure sums records of its own.
  drill: async () => unknownFigure(),
});

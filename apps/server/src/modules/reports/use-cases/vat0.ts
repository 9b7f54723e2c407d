import {
  RELEASE_STATUSES,
  type ReportColumn,
  type ReportRow,
  VAT0_DEADLINE_DAYS,
  VAT0_DOCUMENT_TAGS,
  type Vat0Query,
  type Vat0Status,
  vat0Report,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import { TIME_ZONE } from '../../../platform/calendar';
import { files, fileTags, fileTagTypes } from '../../../platform/files/tables';
import { legalEntities } from '../../company';
import { customsDeclarations } from '../../customs';
import { bills, paymentForms } from '../../finance';
import { jobs, orders } from '../../operations';
import { countries, currencies } from '../../reference-data';
import {
  allOf,
  baseCurrencyOf,
  documentRow,
  type ReportCell,
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
 * VAT 0 % (docs/reports.md "VAT 0 %"): the income bills of international carriage recognised in the period
 * (an order of the bill starts or ends outside the bill's legal entity's country), on a payment form with
 * VAT, disbursements and internal transfers left out. The 180 days run from the customs export mark (ст.167
 * п.9: the release of an export declaration of the bill's orders, known by the as-of date), else from the
 * order's dispatch date (the bill's recognition date when it has none); the sale is confirmed once a
 * transport or customs document is filed with the order or its jobs by the as-of date, or an export
 * declaration of its orders is released by then (the DT with its mark is itself a confirming document),
 * else pending with its days left, else expired.
 */

type Query = Vat0Query;

/** The bills with their order's route, deadline and status at the as-of date (a plain role: every bill). */
function lines(q: Query): SQL {
  const asOfEnd = sql`((${q.asOf}::date + 1)::timestamp AT TIME ZONE ${TIME_ZONE})`;
  const documented = sql`EXISTS (
    SELECT 1 FROM ${files} fl JOIN ${fileTags} ft ON ft.file_id = fl.id JOIN ${fileTagTypes} tt ON tt.id = ft.tag_type_id
    WHERE tt.code IN (${sql.join(
      VAT0_DOCUMENT_TAGS.map((code) => sql`${code}`),
      sql`, `,
    )}) AND fl.temporary = false AND fl.created_at < ${asOfEnd}
      AND ((fl.owner_type = 'order' AND fl.owner_id = ANY(x.order_ids))
        OR (fl.owner_type = 'job' AND fl.owner_id IN (SELECT j.id FROM ${jobs} j WHERE j.order_ids && x.order_ids)))
  )`;
  // The export mark: the earliest release of an export DT of the orders, as the as-of date knew it.
  const exportRelease = sql`(
    SELECT min((cd.decision_at AT TIME ZONE ${TIME_ZONE})::date) FROM ${customsDeclarations} cd
    WHERE cd.order_id = ANY(o.order_ids) AND cd.direction = 'EK' AND cd.decision_at < ${asOfEnd}
      AND cd.status IN (${sql.join(
        RELEASE_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
  )`;
  return sql`(
    SELECT y.*, (y.deadline - ${q.asOf}::date) AS days_left,
      CASE WHEN y.documented OR y.export_release IS NOT NULL THEN 'confirmed' WHEN ${q.asOf}::date > y.deadline THEN 'expired' ELSE 'pending' END AS status
    FROM (
      SELECT x.*, (x.start + ${VAT0_DEADLINE_DAYS}::integer)::date AS deadline, ${documented} AS documented
      FROM (
        SELECT ${bills.id} AS bill_id, ${bills.number} AS number, ${bills.recognitionDate} AS date,
          ${bills.counterpartyName} AS client_name, cur.code AS currency, ${bills.amount} AS amount,
          ${bills.amountInBase} AS amount_base, o.route, o.dispatch_date, r.export_release,
          coalesce(r.export_release, o.dispatch_date, ${bills.recognitionDate}) AS start, o.order_ids
        FROM ${bills}
        JOIN ${paymentForms} pf ON pf.id = ${bills.paymentFormId}
        JOIN ${legalEntities} le ON le.id = ${bills.legalEntityId}
        JOIN ${currencies} cur ON cur.id = ${bills.currencyId}
        CROSS JOIN LATERAL (
          SELECT min(od.dispatch_date) AS dispatch_date, array_agg(od.id ORDER BY od.id) AS order_ids,
            min(coalesce(dc.code, '?') || ' → ' || coalesce(ac.code, '?')) AS route
          FROM ${orders} od
          LEFT JOIN ${countries} dc ON dc.id = od.dispatch_country_id
          LEFT JOIN ${countries} ac ON ac.id = od.delivery_country_id
          WHERE od.id IN (
            SELECT unnest(${bills.orderIds})
            UNION SELECT unnest(j.order_ids) FROM ${jobs} j WHERE j.id = ANY(${bills.jobIds})
          ) AND (od.dispatch_country_id <> le.country_id OR od.delivery_country_id <> le.country_id)
        ) o
        CROSS JOIN LATERAL (SELECT ${exportRelease} AS export_release) r
        WHERE ${allOf(
          sql`${bills.direction} = 'INCOME'`,
          sql`${bills.disbursement} = false`,
          sql`${bills.internalTransferId} IS NULL`,
          sql`pf.with_vat`,
          sql`${bills.recognitionDate} BETWEEN ${q.from} AND ${q.to}`,
          sql`o.order_ids IS NOT NULL`,
          when(q.legalEntityId, (v) => sql`${bills.legalEntityId} = ${v}`),
          when(q.clientId, (v) => sql`${bills.counterpartyId} = ${v}`),
        )}
      ) x
    ) y
  )`;
}

type Line = {
  bill_id: number;
  number: string;
  date: string;
  client_name: string;
  currency: string;
  amount: string;
  amount_base: string;
  route: string;
  dispatch_date: string | null;
  export_release: string | null;
  deadline: string;
  days_left: number;
  status: Vat0Status;
};

const read = (ctx: ReportContext, q: Query, where: SQL = sql`true`, limit: SQL = sql``) =>
  rowsOf<Line>(
    ctx.tx,
    sql`SELECT l.bill_id, l.number, l.date::text AS date, l.client_name, l.currency, l.amount::text AS amount,
        l.amount_base::text AS amount_base, l.route, l.dispatch_date::text AS dispatch_date,
        l.export_release::text AS export_release, l.deadline::text AS deadline, l.days_left, l.status
      FROM ${lines(q)} l
      WHERE ${allOf(
        where,
        when(q.status, (v) => sql`l.status = ${v}`),
      )} ORDER BY l.deadline, l.bill_id${limit}`,
  );

/** Days-left bands of the chart: what is at stake soonest first. */
const BANDS = ['expired', 'days0to30', 'days31to90', 'over90', 'confirmed'] as const;
type Band = (typeof BANDS)[number];
const bandOf = (l: Pick<Line, 'status' | 'days_left'>): Band => {
  if (l.status !== 'pending') return l.status;
  if (l.days_left <= 30) return 'days0to30';
  return l.days_left <= 90 ? 'days31to90' : 'over90';
};

/** Σ of the bills per currency and band: what the totals and the chart are made of. */
type Sums = { currency: string; band: Band; amount: string; amount_base: string; n: number };

const sumsOf = (list: Line[]): Sums[] =>
  list.map((l) => ({
    currency: l.currency,
    band: bandOf(l),
    amount: l.amount,
    amount_base: l.amount_base,
    n: 1,
  }));

/** The same sums over every bill, by the database: the screen's rows may be the first ones only. */
const readSums = (ctx: ReportContext, q: Query) =>
  rowsOf<Sums>(
    ctx.tx,
    sql`SELECT l.currency, l.band, sum(l.amount)::text AS amount, sum(l.amount_base)::text AS amount_base,
        count(*)::int AS n
      FROM (
        SELECT l.currency, l.amount, l.amount_base,
          CASE WHEN l.status <> 'pending' THEN l.status WHEN l.days_left <= 30 THEN 'days0to30'
            WHEN l.days_left <= 90 THEN 'days31to90' ELSE 'over90' END AS band
        FROM ${lines(q)} l WHERE ${allOf(when(q.status, (v) => sql`l.status = ${v}`))}
      ) l
      GROUP BY l.currency, l.band`,
  );

/** The columns of the register, and of its drill-down (the same bills). */
function columnsOf(base: string, drill: boolean): ReportColumn[] {
  return [
    { key: 'bill', label: 'reports:columns.bill', kind: 'text' },
    { key: 'date', label: 'reports:columns.recognitionDate', kind: 'date' },
    { key: 'client', label: 'reports:columns.client', kind: 'text' },
    { key: 'route', label: 'reports:columns.route', kind: 'text' },
    { key: 'dispatchDate', label: 'reports:columns.dispatchDate', kind: 'date' },
    { key: 'exportRelease', label: 'reports:columns.exportRelease', kind: 'date' },
    { key: 'deadline', label: 'reports:columns.deadline', kind: 'date' },
    { key: 'daysLeft', label: 'reports:columns.daysLeft', kind: 'count' },
    { key: 'status', label: 'reports:columns.status', kind: 'label' },
    { key: 'currency', label: 'reports:columns.currency', kind: 'text' },
    { key: 'amount', label: 'reports:columns.amount', kind: 'money', drill },
    {
      key: 'amountBase',
      label: 'reports:columns.amountBase',
      params: { currency: base },
      kind: 'money',
      drill,
    },
  ];
}

const rowOf = (l: Line): ReportRow =>
  documentRow('bills', l.bill_id, {
    bill: l.number,
    date: l.date,
    client: l.client_name,
    route: l.route,
    dispatchDate: l.dispatch_date,
    exportRelease: l.export_release,
    deadline: l.deadline,
    // A confirmed sale has no deadline to keep.
    daysLeft: l.status === 'pending' ? l.days_left : null,
    status: `reports:vat0Statuses.${l.status}`,
    currency: l.currency,
    amount: sum([l.amount]),
    amountBase: sum([l.amount_base]),
  });

const EMPTY = {
  bill: null,
  date: null,
  client: null,
  route: null,
  dispatchDate: null,
  exportRelease: null,
  deadline: null,
};

/** Totals per currency (never adding two), then the base of all when there are several. */
function totalsOf(list: Sums[]): ReportRow[] {
  const byCurrency = [...new Set(list.map((l) => l.currency))].sort();
  const rows: ReportRow[] = byCurrency.map((currency) => {
    const of = list.filter((l) => l.currency === currency);
    return {
      key: `currency:${currency}`,
      cells: {
        ...EMPTY,
        daysLeft: null,
        status: null,
        currency,
        amount: sum(of.map((l) => l.amount)),
        amountBase: sum(of.map((l) => l.amount_base)),
      },
    };
  });
  if (byCurrency.length > 1)
    rows.push({
      key: 'total',
      cells: {
        ...EMPTY,
        daysLeft: null,
        status: null,
        currency: null,
        amount: null,
        amountBase: sum(list.map((l) => l.amount_base)),
      },
    });
  return rows;
}

async function answer(ctx: ReportContext, q: Query) {
  const base = await baseCurrencyOf(ctx);
  // A year of a large forwarder's international carriage is tens of thousands of bills: the screen gets those
  // whose deadline comes first, the totals and the chart are summed by the database over all of them.
  const list = await read(ctx, q, sql`true`, screenLimit(ctx));
  const sums = screenCut(ctx, list.length) ? await readSums(ctx, q) : sumsOf(list);
  const count = sums.reduce((n, s) => n + s.n, 0);
  return {
    columns: columnsOf(base, true),
    rows: list.map(rowOf),
    totals: totalsOf(sums),
    chart: count
      ? {
          kind: 'grouped' as const,
          currency: base,
          series: [{ key: 'amountBase', label: 'reports:columns.amountBase', params: { currency: base } }],
          data: BANDS.map((band) => ({
            category: `reports:vat0.${band}`,
            amountBase: Number(sum(sums.filter((l) => l.band === band).map((l) => l.amount_base))),
          })),
        }
      : null,
    baseCurrency: base,
    ...shownRowsOf(list.length, count),
  };
}

/** A bill's figure → that bill; a currency's total → its bills; the base total → all of them. */
async function drill(ctx: ReportContext, q: Query, cell: ReportCell) {
  if (cell.column !== 'amount' && cell.column !== 'amountBase') return unknownFigure();
  if (cell.row === 'total' && cell.column === 'amount') return unknownFigure();
  const base = await baseCurrencyOf(ctx);
  const where = cell.row.startsWith('currency:')
    ? sql`l.currency = ${cell.row.slice('currency:'.length)}`
    : cell.row === 'total'
      ? sql`true`
      : /^\d{1,10}$/.test(cell.row)
        ? sql`l.bill_id = ${Number(cell.row)}`
        : unknownFigure();
  const list = await read(ctx, q, where);
  return {
    kind: 'bills' as const,
    baseCurrency: base,
    chart: null,
    columns: columnsOf(base, false),
    rows: list.map(rowOf),
    totals: totalsOf(sumsOf(list)),
  };
}

export const vat0 = reportUseCases(vat0Report, { answer, drill });

import {
  decimalSubtract,
  type MarginalIncomeQuery,
  marginalIncomeReport,
  type ReportColumn,
  type ReportRow,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import { serviceOffices } from '../../../platform/identity/tables';
import { billReportScope, bills, ledgerEntries, ledgerTransactions } from '../../finance';
import { NO_GROUP } from '../facts';
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
 * Marginal income of a period (docs/reports.md "Marginal income"): per bill and month of posting, its revenue
 * (−REVENUE) and cost (COST) in base as the ledger fixed them; a cost is variable when its bill is direct (of
 * an order or a job), overhead when it is an overhead bill. MI = revenue − variable costs; result = MI − overhead.
 */

type Query = MarginalIncomeQuery;

/** The bills' figures of the period the reader reaches, with their group. */
function lines(ctx: ReportContext, q: Query): SQL {
  const group =
    q.groupBy === 'month'
      ? { key: sql`e.month`, label: sql`e.month` }
      : {
          key: sql`coalesce(${bills.serviceOfficeId}::text, ${NO_GROUP})`,
          label: sql`(SELECT so.name FROM ${serviceOffices} so WHERE so.id = ${bills.serviceOfficeId})`,
        };
  const direct = sql`${bills.kind} = 'DIRECT'`;
  return sql`(
    SELECT ${bills.id} AS bill_id, ${bills.number} AS number, ${bills.counterpartyName} AS counterparty_name,
      ${bills.recognitionDate} AS date, ${group.key} AS gkey, ${group.label} AS glabel, e.revenue,
      CASE WHEN ${direct} THEN e.cost ELSE 0 END AS variable,
      CASE WHEN ${direct} THEN 0 ELSE e.cost END AS overhead
    FROM (
      SELECT le.bill_id, to_char(t.date, 'YYYY-MM') AS month,
        sum(CASE WHEN le.account = 'REVENUE' THEN -le.base_amount ELSE 0 END) AS revenue,
        sum(CASE WHEN le.account = 'COST' THEN le.base_amount ELSE 0 END) AS cost
      FROM ${ledgerTransactions} t JOIN ${ledgerEntries} le ON le.transaction_id = t.id
      WHERE t.date BETWEEN ${q.from} AND ${q.to} AND le.account IN ('REVENUE', 'COST') AND le.bill_id IS NOT NULL
      GROUP BY le.bill_id, to_char(t.date, 'YYYY-MM')
    ) e
    JOIN ${bills} ON ${bills.id} = e.bill_id
    WHERE ${allOf(
      sql`${bills.internalTransferId} IS NULL`,
      when(q.serviceOfficeId, (v) => sql`${bills.serviceOfficeId} = ${v}`),
      when(q.legalEntityId, (v) => sql`${bills.legalEntityId} = ${v}`),
      billReportScope(ctx.auth, marginalIncomeReport.permission),
    )}
  )`;
}

const COLUMNS: ReportColumn[] = [
  { key: 'revenue', label: 'reports:columns.revenue', kind: 'money', drill: true },
  { key: 'variableCost', label: 'reports:columns.variableCost', kind: 'money', drill: true },
  { key: 'marginalIncome', label: 'reports:columns.marginalIncome', kind: 'money', drill: true },
  { key: 'miRatio', label: 'reports:columns.miRatio', kind: 'percent' },
  { key: 'overhead', label: 'reports:columns.overhead', kind: 'money', drill: true },
  { key: 'result', label: 'reports:columns.result', kind: 'money', drill: true },
];

type Sums = { revenue: string; variable: string; overhead: string };

function figures({ revenue, variable, overhead }: Sums) {
  const marginalIncome = sum([decimalSubtract(revenue, variable)]);
  return {
    revenue: sum([revenue]),
    variableCost: sum([variable]),
    marginalIncome,
    miRatio: ratio(marginalIncome, revenue),
    overhead: sum([overhead]),
    result: sum([decimalSubtract(marginalIncome, overhead)]),
  };
}

const STEP = 'reports:marginalIncome.steps';

async function answer(ctx: ReportContext, q: Query) {
  const base = await baseCurrencyOf(ctx);
  const groups = await rowsOf<Sums & { gkey: string; glabel: string | null }>(
    ctx.tx,
    sql`SELECT l.gkey, max(l.glabel) AS glabel, sum(l.revenue)::text AS revenue,
        sum(l.variable)::text AS variable, sum(l.overhead)::text AS overhead
      FROM ${lines(ctx, q)} l GROUP BY l.gkey
      ORDER BY ${q.groupBy === 'month' ? sql`l.gkey` : sql`sum(l.revenue) DESC, l.gkey`}`,
  );
  const rows: ReportRow[] = groups.map((g) => ({
    key: g.gkey,
    cells: { group: g.gkey === NO_GROUP ? '—' : (g.glabel ?? g.gkey), ...figures(g) },
  }));
  const total = figures({
    revenue: sum(groups.map((g) => g.revenue)),
    variable: sum(groups.map((g) => g.variable)),
    overhead: sum(groups.map((g) => g.overhead)),
  });
  const step = (name: string, value: number, subtotal = false) => ({
    category: `${STEP}.${name}`,
    value,
    total: subtotal ? 1 : 0,
  });
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
    totals: groups.length ? [{ key: 'total', cells: { group: null, ...total } }] : [],
    // Revenue, less variable costs, is the marginal income; less overhead, the operating result.
    chart: groups.length
      ? {
          kind: 'waterfall' as const,
          currency: base,
          series: [{ key: 'value', label: 'reports:columns.amount' }],
          data: [
            step('revenue', Number(total.revenue)),
            step('variableCost', -Number(total.variableCost)),
            step('marginalIncome', Number(total.marginalIncome), true),
            step('overhead', -Number(total.overhead)),
            step('result', Number(total.result), true),
          ],
        }
      : null,
    baseCurrency: base,
  };
}

/** What each figure of a bill is: its revenue, its cost as it counts, or both. */
const DRILLED: Record<string, (l: SQL) => SQL> = {
  revenue: (l) => sql`${l}.revenue`,
  variableCost: (l) => sql`${l}.variable`,
  marginalIncome: (l) => sql`${l}.revenue - ${l}.variable`,
  overhead: (l) => sql`${l}.overhead`,
  result: (l) => sql`${l}.revenue - ${l}.variable - ${l}.overhead`,
};

/** A figure → its bills, each with its part of it (costs negative in MI and the result), summing to it. */
async function drill(ctx: ReportContext, q: Query, cell: ReportCell) {
  const part = DRILLED[cell.column];
  if (!part) return unknownFigure();
  const base = await baseCurrencyOf(ctx);
  const rows = await rowsOf<{
    bill_id: number;
    number: string;
    date: string;
    counterparty_name: string;
    amount: string;
  }>(
    ctx.tx,
    sql`SELECT l.bill_id, max(l.number) AS number, max(l.date)::text AS date,
        max(l.counterparty_name) AS counterparty_name, sum(${part(sql`l`)})::text AS amount
      FROM ${lines(ctx, q)} l
      WHERE ${cell.row === 'total' ? sql`true` : sql`l.gkey = ${cell.row}`}
      GROUP BY l.bill_id HAVING sum(${part(sql`l`)}) <> 0 ORDER BY max(l.date), l.bill_id`,
  );
  return {
    kind: 'bills' as const,
    baseCurrency: base,
    chart: null,
    columns: [
      { key: 'bill', label: 'reports:columns.bill', kind: 'text' as const },
      { key: 'date', label: 'reports:columns.recognitionDate', kind: 'date' as const },
      { key: 'counterparty', label: 'reports:columns.counterparty', kind: 'text' as const },
      {
        key: 'amount',
        label: 'reports:columns.amountBase',
        params: { currency: base },
        kind: 'money' as const,
      },
    ],
    rows: rows.map((r) =>
      documentRow('bills', r.bill_id, {
        bill: r.number,
        date: r.date,
        counterparty: r.counterparty_name,
        amount: sum([r.amount]),
      }),
    ),
    totals: [
      {
        key: 'total',
        cells: { bill: null, date: null, counterparty: null, amount: sum(rows.map((r) => r.amount)) },
      },
    ],
  };
}

export const marginalIncome = reportUseCases(marginalIncomeReport, { answer, drill });

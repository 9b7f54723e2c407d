import {
  decimalSubtract,
  type PlanFactQuery,
  planFactReport,
  type ReportColumn,
  type ReportRow,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import { bills, budgetItems, budgetPlans, budgets, ledgerEntries, ledgerTransactions } from '../../finance';
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
 * Plan-fact (docs/reports.md "Plan-fact"): per budget item and month of one year, the plan against the fact,
 * the base amounts the ledger fixed for the item's bills (−REVENUE of an income item, COST of an expense
 * item) by the month of each posting, which is the bill's recognition date (a reversal keeps its original's
 * date, so a changed or deleted bill nets out where it was counted); the same fact as the budget's own screen.
 * Variance = fact − plan; fact/plan = Σ fact ÷ Σ plan of the row.
 */

type Query = PlanFactQuery;

/** The months the query reads: one, the year up to it (year to date), or the whole year. */
function monthsOf(q: Query) {
  const first = q.month !== undefined && !q.ytd ? q.month : 1;
  const last = q.month ?? 12;
  const months = Array.from(
    { length: last - first + 1 },
    (_, i) => `${q.year}-${String(first + i).padStart(2, '0')}`,
  );
  const end = new Date(Date.UTC(q.year, last, 0)).toISOString().slice(0, 10);
  return { first, last, from: `${months[0]}-01`, to: end, months };
}

/** The items of the year's budgets the filters let through. */
function items(q: Query): SQL {
  return sql`(
    SELECT i.id, i.code, i.name FROM ${budgetItems} i JOIN ${budgets} bu ON bu.id = i.budget_id
    WHERE ${allOf(
      sql`bu.year = ${q.year}`,
      sql`i.direction = ${q.direction}`,
      when(q.budgetId, (v) => sql`bu.id = ${v}`),
      when(q.kind, (v) => sql`i.kind = ${v}`),
      when(q.legalEntityId, (v) => sql`bu.legal_entity_id = ${v}`),
    )}
  )`;
}

/** The fact per bill, item and month of the range: Σ of its postings on the item's account, in base. */
function facts(q: Query, range: { from: string; to: string }): SQL {
  return sql`(
    SELECT ${bills.id} AS bill_id, ${bills.number} AS number, ${bills.recognitionDate} AS date,
      ${bills.counterpartyName} AS counterparty_name, it.id AS item_id, to_char(t.date, 'YYYY-MM') AS month,
      sum(CASE WHEN e.account = 'REVENUE' THEN -e.base_amount ELSE e.base_amount END) AS fact
    FROM ${ledgerEntries} e
    JOIN ${ledgerTransactions} t ON t.id = e.transaction_id
    JOIN ${bills} ON ${bills.id} = e.bill_id
    JOIN ${items(q)} it ON it.id = ${bills.budgetItemId}
    WHERE e.account = ${q.direction === 'INCOME' ? 'REVENUE' : 'COST'} AND t.date BETWEEN ${range.from} AND ${range.to}
    GROUP BY ${bills.id}, it.id, to_char(t.date, 'YYYY-MM')
  )`;
}

const FIGURES: ReportColumn[] = [
  { key: 'plan', label: 'reports:columns.plan', kind: 'money' },
  { key: 'fact', label: 'reports:columns.fact', kind: 'money', drill: true },
  { key: 'variance', label: 'reports:columns.variance', kind: 'money' },
  { key: 'factPlan', label: 'reports:columns.factPlan', kind: 'percent' },
];

const figures = (plan: string, fact: string) => ({
  plan: sum([plan]),
  fact: sum([fact]),
  variance: sum([decimalSubtract(fact, plan)]),
  factPlan: ratio(fact, plan),
});

async function answer(ctx: ReportContext, q: Query) {
  const base = await baseCurrencyOf(ctx);
  const range = monthsOf(q);
  const cells = await rowsOf<{
    item_id: number;
    code: string;
    name: string;
    month: string;
    plan: string;
    fact: string;
  }>(
    ctx.tx,
    sql`SELECT it.id AS item_id, it.code, it.name, m.month, coalesce(p.amount, 0)::text AS plan,
        coalesce(fa.fact, 0)::text AS fact
      FROM ${items(q)} it
      CROSS JOIN LATERAL (SELECT to_char(make_date(${q.year}, g.n, 1), 'YYYY-MM') AS month
        FROM generate_series(${range.first}::int, ${range.last}::int) g(n)) m
      LEFT JOIN ${budgetPlans} p ON p.budget_item_id = it.id AND to_char(p.month, 'YYYY-MM') = m.month
      LEFT JOIN (SELECT f.item_id, f.month, sum(f.fact) AS fact FROM ${facts(q, range)} f GROUP BY f.item_id, f.month) fa
        ON fa.item_id = it.id AND fa.month = m.month
      ORDER BY it.code, it.id, m.month`,
  );
  const groups = new Map<string, { label: string; plan: string[]; fact: string[] }>();
  const perMonth = new Map(range.months.map((m) => [m, { plan: [] as string[], fact: [] as string[] }]));
  for (const c of cells) {
    const key = q.groupBy === 'item' ? `item:${c.item_id}` : c.month;
    const group = groups.get(key) ?? {
      label: q.groupBy === 'item' ? `${c.code} ${c.name}` : c.month,
      plan: [],
      fact: [],
    };
    group.plan.push(c.plan);
    group.fact.push(c.fact);
    groups.set(key, group);
    perMonth.get(c.month)!.plan.push(c.plan);
    perMonth.get(c.month)!.fact.push(c.fact);
  }
  const rows: ReportRow[] = [...groups.entries()].map(([key, g]) => ({
    key,
    cells: { group: g.label, ...figures(sum(g.plan), sum(g.fact)) },
  }));
  const totals: ReportRow[] = rows.length
    ? [
        {
          key: 'total',
          cells: {
            group: null,
            ...figures(sum(cells.map((c) => c.plan)), sum(cells.map((c) => c.fact))),
          },
        },
      ]
    : [];
  const chart = rows.length
    ? {
        kind: 'grouped' as const,
        currency: base,
        series: FIGURES.slice(0, 2).map((c) => ({ key: c.key, label: c.label })),
        data: [...perMonth.entries()].map(([month, m]) => ({
          category: month,
          plan: Number(sum(m.plan)),
          fact: Number(sum(m.fact)),
        })),
      }
    : null;
  return {
    columns: [
      {
        key: 'group',
        label: q.groupBy === 'item' ? 'reports:groups.item' : 'reports:groups.month',
        kind: q.groupBy === 'item' ? ('text' as const) : ('month' as const),
      },
      ...FIGURES,
    ],
    rows,
    totals,
    chart,
    baseCurrency: base,
  };
}

async function drill(ctx: ReportContext, q: Query, cell: ReportCell) {
  if (cell.column !== 'fact') return unknownFigure();
  const base = await baseCurrencyOf(ctx);
  const range = monthsOf(q);
  let where: SQL;
  if (cell.row === 'total') where = sql`true`;
  else if (/^item:\d+$/.test(cell.row)) where = sql`f.item_id = ${Number(cell.row.slice(5))}`;
  else if (range.months.includes(cell.row)) where = sql`f.month = ${cell.row}`;
  else return unknownFigure();
  const rows = await rowsOf<{
    bill_id: number;
    number: string;
    date: string;
    name: string;
    item: string;
    fact: string;
  }>(
    ctx.tx,
    sql`SELECT f.bill_id, max(f.number) AS number, max(f.date)::text AS date, max(f.counterparty_name) AS name,
        max(i.code || ' ' || i.name) AS item, sum(f.fact)::text AS fact
      FROM ${facts(q, range)} f JOIN ${budgetItems} i ON i.id = f.item_id
      WHERE ${where} GROUP BY f.bill_id HAVING sum(f.fact) <> 0 ORDER BY max(f.date), f.bill_id`,
  );
  return {
    kind: 'bills' as const,
    baseCurrency: base,
    chart: null,
    columns: [
      { key: 'number', label: 'reports:columns.bill', kind: 'text' as const },
      { key: 'date', label: 'reports:columns.recognitionDate', kind: 'date' as const },
      { key: 'counterparty', label: 'reports:columns.counterparty', kind: 'text' as const },
      { key: 'item', label: 'reports:columns.budgetItem', kind: 'text' as const },
      { key: 'fact', label: 'reports:columns.fact', kind: 'money' as const },
    ],
    rows: rows.map((r) =>
      documentRow('bills', r.bill_id, {
        number: r.number,
        date: r.date,
        counterparty: r.name,
        item: r.item,
        fact: r.fact,
      }),
    ),
    totals: [{ key: 'total', cells: { fact: sum(rows.map((r) => r.fact)) } }],
  };
}

export const planFact = reportUseCases(planFactReport, { answer, drill });

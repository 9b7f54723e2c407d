import {
  type CashCycleQuery,
  cccReport,
  decimalDivide,
  decimalFixed,
  decimalMultiply,
  decimalSubtract,
  dpoReport,
  dsoReport,
  type ReportColumn,
  type ReportRow,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import { billReportScope, bills } from '../../finance';
import { currencies } from '../../reference-data';
import { laterLinks } from '../balances';
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
 * DSO, DPO and CCC (docs/reports.md "DSO, DPO, CCC"): per slice of the period (a month, or the whole period
 * when grouped by counterparty), the balance open at the slice's end (bills recognised by then, less the links
 * of payments dated by then) against the bills recognised in the slice, times the slice's days. DSO reads the
 * income bills, DPO the expense bills; CCC = DSO − DPO. Amounts stay in the bill's currency, and in base at the
 * bill's own rate (fixed at posting); a ratio is Σ balance in base ÷ Σ billed in base × days, never a mean.
 */

type Query = CashCycleQuery;
type Side = 'INCOME' | 'EXPENSE';
type Slice = { key: string; from: string; to: string; days: number };

const DAY = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1;

/** The months of the period, each cut to it; or the period itself. */
function slicesOf(q: Query, byMonth: boolean): Slice[] {
  if (!byMonth) return [{ key: 'period', from: q.from, to: q.to, days: daysBetween(q.from, q.to) }];
  const slices: Slice[] = [];
  let year = Number(q.from.slice(0, 4));
  let month = Number(q.from.slice(5, 7));
  for (;;) {
    const start = `${year}-${String(month).padStart(2, '0')}-01`;
    if (start > q.to) break;
    const end = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    const from = start < q.from ? q.from : start;
    const to = end > q.to ? q.to : end;
    slices.push({ key: start.slice(0, 7), from, to, days: daysBetween(from, to) });
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return slices;
}

/**
 * One row per bill and slice where it counts: `open` (its part open at the slice's end, with that part in base
 * at its own rate) or `billed` (recognised in the slice, its amount and amount in base).
 */
function facts(ctx: ReportContext, q: Query, side: Side, slices: Slice[], permission: Permission): SQL {
  const values = sql.join(
    slices.map((s) => sql`(${s.key}, ${s.from}::date, ${s.to}::date)`),
    sql`, `,
  );
  const where = allOf(
    sql`${bills.direction} = ${side}`,
    // An intercompany bill documents an internal transfer: no counterparty's debt nor ours.
    sql`${bills.internalTransferId} IS NULL`,
    when(q.clientId, (v) => sql`${bills.counterpartyId} = ${v}`),
    when(q.currencyId, (v) => sql`${bills.currencyId} = ${v}`),
    when(q.serviceOfficeId, (v) => sql`${bills.serviceOfficeId} = ${v}`),
    when(q.legalEntityId, (v) => sql`${bills.legalEntityId} = ${v}`),
    billReportScope(ctx.auth, permission),
  );
  const bill = sql`${bills.id} AS id, ${bills.number} AS number, ${bills.recognitionDate} AS date,
    ${bills.counterpartyId} AS counterparty_id, ${bills.counterpartyName} AS counterparty_name,
    ${bills.currencyId} AS currency_id, ${bills.amount} AS amount, ${bills.amountInBase} AS amount_in_base`;
  // The balance at each slice's end in one pass (`laterLinks`): its balance today plus what payments dated
  // after that end paid, for the bills open today and those such payments paid.
  const ends = slices.map((s) => ({ key: s.key, date: s.to }));
  return sql`(
    WITH slices(skey, s, e) AS (VALUES ${values})
    SELECT o.*, 'open' AS fact, o.open AS value, round(o.open * o.amount_in_base / o.amount, 2) AS value_base
    FROM (
      SELECT sl.skey, ${bill}, ${bills.balance} + candidates.later AS open
      FROM ${laterLinks(side, ends)} candidates
      JOIN slices sl ON sl.skey = candidates.skey
      JOIN ${bills} ON ${bills.id} = candidates.id AND ${bills.recognitionDate} <= sl.e
      WHERE ${where}
    ) o
    WHERE o.open > 0
    UNION ALL
    SELECT sl.skey, ${bill}, NULL AS open, 'billed' AS fact, ${bills.amount} AS value, ${bills.amountInBase} AS value_base
    FROM slices sl JOIN ${bills} ON ${bills.recognitionDate} BETWEEN sl.s AND sl.e
    WHERE ${where}
  )`;
}

type Permission = (typeof dsoReport | typeof dpoReport | typeof cccReport)['permission'];

type Group = {
  skey: string;
  fact: 'open' | 'billed';
  gkey: string;
  glabel: string;
  currency_id: number;
  code: string;
  value: string;
  value_base: string;
};

/** Σ of the facts per slice or counterparty (as grouped), currency and fact. */
async function groupsOf(ctx: ReportContext, q: Query, side: Side, slices: Slice[], permission: Permission) {
  const byMonth = q.groupBy === 'month';
  const gkey = byMonth ? sql`f.skey` : sql`f.counterparty_id::text`;
  return rowsOf<Group>(
    ctx.tx,
    sql`SELECT f.skey, f.fact, ${gkey} AS gkey, max(f.counterparty_name) AS glabel, f.currency_id, max(cur.code) AS code,
        sum(f.value)::text AS value, sum(f.value_base)::text AS value_base
      FROM ${facts(ctx, q, side, slices, permission)} f JOIN ${currencies} cur ON cur.id = f.currency_id
      GROUP BY f.skey, f.fact, ${gkey}, f.currency_id`,
  );
}

/** Days outstanding: balance ÷ billed × days, one decimal; none when nothing was billed. */
function daysOutstanding(balance: string, billed: string, days: number): string | null {
  if (Number(billed) === 0) return null;
  return decimalFixed(decimalDivide(decimalMultiply(balance, String(days)), billed, 8), 1);
}

const LABELS = {
  INCOME: {
    balance: 'reports:dso.receivables',
    billed: 'reports:dso.invoiced',
    balanceBase: 'reports:dso.receivablesBase',
    billedBase: 'reports:dso.invoicedBase',
    ratio: 'reports:dso.ratio',
  },
  EXPENSE: {
    balance: 'reports:dpo.payables',
    billed: 'reports:dpo.purchased',
    balanceBase: 'reports:dpo.payablesBase',
    billedBase: 'reports:dpo.purchasedBase',
    ratio: 'reports:dpo.ratio',
  },
} as const;

type Figures = { balance: string; billed: string; balanceBase: string; billedBase: string };
const zero = (): Figures => ({ balance: '0.00', billed: '0.00', balanceBase: '0.00', billedBase: '0.00' });

function add(figures: Figures, g: Group) {
  if (g.fact === 'open') {
    figures.balance = sum([figures.balance, g.value]);
    figures.balanceBase = sum([figures.balanceBase, g.value_base]);
  } else {
    figures.billed = sum([figures.billed, g.value]);
    figures.billedBase = sum([figures.billedBase, g.value_base]);
  }
}

function oneSide(type: 'dso' | 'dpo') {
  const side: Side = type === 'dso' ? 'INCOME' : 'EXPENSE';
  const report = type === 'dso' ? dsoReport : dpoReport;
  const labels = LABELS[side];
  const figureColumns = (base: string): ReportColumn[] => [
    { key: 'balance', label: labels.balance, kind: 'money', drill: true },
    { key: 'billed', label: labels.billed, kind: 'money', drill: true },
    {
      key: 'balanceBase',
      label: labels.balanceBase,
      params: { currency: base },
      kind: 'money',
      drill: true,
    },
    {
      key: 'billedBase',
      label: labels.billedBase,
      params: { currency: base },
      kind: 'money',
      drill: true,
    },
    { key: 'days', label: 'reports:dso.days', kind: 'count' },
    { key: 'ratio', label: labels.ratio, kind: 'days' },
  ];

  async function answer(ctx: ReportContext, q: Query) {
    const base = await baseCurrencyOf(ctx);
    const byMonth = q.groupBy === 'month';
    const slices = slicesOf(q, byMonth);
    const daysOf = new Map(slices.map((s) => [s.key, s.days]));
    const totalDays = daysBetween(q.from, q.to);
    const last = slices.at(-1)!.key;
    const groups = await groupsOf(ctx, q, side, slices, report.permission);

    type Line = { gkey: string; label: string; code: string; currencyId: number; figures: Figures };
    const lines = new Map<string, Line>();
    const totals = new Map<number, { code: string; figures: Figures }>();
    const all = zero();
    const perSlice = new Map<string, Figures>();
    for (const g of groups) {
      const key = `${g.gkey}:${g.currency_id}`;
      const line = lines.get(key) ?? {
        gkey: g.gkey,
        label: byMonth ? g.gkey : g.glabel,
        code: g.code,
        currencyId: g.currency_id,
        figures: zero(),
      };
      add(line.figures, g);
      lines.set(key, line);
      const slice = perSlice.get(g.skey) ?? zero();
      add(slice, g);
      perSlice.set(g.skey, slice);
      // A total's balance is the one at the period's end (balances of months do not add up); billed adds up.
      if (g.fact === 'billed' || g.skey === last) {
        const total = totals.get(g.currency_id) ?? { code: g.code, figures: zero() };
        add(total.figures, g);
        totals.set(g.currency_id, total);
        add(all, g);
      }
    }
    const cells = (figures: Figures, days: number) => ({
      ...figures,
      days,
      ratio: daysOutstanding(figures.balanceBase, figures.billedBase, days),
    });
    const sorted = [...lines.entries()].sort(([, a], [, b]) =>
      byMonth
        ? a.gkey.localeCompare(b.gkey) || a.code.localeCompare(b.code)
        : Number(b.figures.balanceBase) - Number(a.figures.balanceBase) || a.label.localeCompare(b.label),
    );
    const rows: ReportRow[] = sorted.map(([key, line]) => ({
      key,
      cells: {
        group: line.label,
        currency: line.code,
        ...cells(line.figures, byMonth ? daysOf.get(line.gkey)! : totalDays),
      },
    }));
    const totalRows: ReportRow[] = [...totals.entries()]
      .sort(([, a], [, b]) => a.code.localeCompare(b.code))
      .map(([currencyId, t]) => ({
        key: `total:${currencyId}`,
        cells: { group: null, currency: t.code, ...cells(t.figures, totalDays) },
      }));
    if (lines.size > 0) {
      const { balance: _b, billed: _i, ...inBase } = cells(all, totalDays);
      totalRows.push({ key: 'total:base', cells: { group: null, currency: base, ...inBase } });
    }
    const charted = byMonth
      ? slices.map((s) => ({ category: s.key, figures: perSlice.get(s.key) ?? zero(), days: s.days }))
      : [...lines.values()]
          .sort((a, b) => Number(b.figures.balanceBase) - Number(a.figures.balanceBase))
          .slice(0, 12)
          .map((l) => ({ category: l.label, figures: l.figures, days: totalDays }));
    const chart = lines.size
      ? {
          kind: 'grouped' as const,
          currency: base,
          series: [{ key: 'ratio', label: labels.ratio }],
          data: charted.map((c) => ({
            category: c.category,
            ratio: Number(daysOutstanding(c.figures.balanceBase, c.figures.billedBase, c.days) ?? 0),
          })),
        }
      : null;
    return {
      columns: [
        {
          key: 'group',
          label: byMonth ? 'reports:groups.month' : `reports:${type}.counterparty`,
          kind: byMonth ? ('month' as const) : ('text' as const),
        },
        { key: 'currency', label: 'reports:columns.currency', kind: 'text' as const },
        ...figureColumns(base),
      ],
      rows,
      totals: totalRows,
      chart,
      baseCurrency: base,
    };
  }

  async function drill(ctx: ReportContext, q: Query, cell: ReportCell) {
    const figure = /^(balance|billed)(Base)?$/.exec(cell.column);
    if (!figure) return unknownFigure();
    return drillBills(
      ctx,
      q,
      cell.row,
      figure[1] as 'balance' | 'billed',
      Boolean(figure[2]),
      side,
      report.permission,
    );
  }

  return reportUseCases(report, { answer, drill });
}

/**
 * The bills behind a figure: those open at the end of the row's slice (the period's end for a total) or
 * billed in it, of the row's group and currency; in base, a total's are all currencies at their own rates
 * (`month` narrows them to one month: CCC's rows).
 */
async function drillBills(
  ctx: ReportContext,
  q: Query,
  row: string,
  figure: 'balance' | 'billed',
  inBase: boolean,
  side: Side,
  permission: Permission,
  month?: string,
) {
  const base = await baseCurrencyOf(ctx);
  const byMonth = q.groupBy === 'month';
  const slices = slicesOf(q, byMonth);
  const last = slices.at(-1)!.key;
  const total = /^total:(\d+|base)$/.exec(row);
  const line = /^([\w-]+):(\d+)$/.exec(row);
  if (!total && !line) return unknownFigure();
  if (total?.[1] === 'base' && !inBase) return unknownFigure();
  const conditions: SQL[] = [sql`f.fact = ${figure === 'balance' ? 'open' : 'billed'}`];
  if (total) {
    if (total[1] !== 'base') conditions.push(sql`f.currency_id = ${Number(total[1])}`);
    // The balance of a total is the one at the period's end; a month of CCC asks for its own.
    if (month) conditions.push(sql`f.skey = ${month}`);
    else if (figure === 'balance') conditions.push(sql`f.skey = ${last}`);
  } else {
    conditions.push(sql`f.currency_id = ${Number(line![2])}`);
    conditions.push(byMonth ? sql`f.skey = ${line![1]}` : sql`f.counterparty_id = ${Number(line![1])}`);
  }
  const rows = await rowsOf<{
    id: number;
    number: string;
    date: string;
    name: string;
    code: string;
    amount: string;
    value: string;
    value_base: string;
  }>(
    ctx.tx,
    sql`SELECT f.id, f.number, f.date::text AS date, f.counterparty_name AS name, cur.code, f.amount::text AS amount,
        f.value::text AS value, f.value_base::text AS value_base
      FROM ${facts(ctx, q, side, slices, permission)} f JOIN ${currencies} cur ON cur.id = f.currency_id
      WHERE ${sql.join(conditions, sql` AND `)} ORDER BY f.date, f.id`,
  );
  const labels = LABELS[side];
  const figureOf = (r: (typeof rows)[number]) => (inBase ? r.value_base : r.value);
  return {
    kind: 'bills' as const,
    baseCurrency: base,
    chart: null,
    columns: [
      { key: 'number', label: 'reports:columns.bill', kind: 'text' as const },
      { key: 'date', label: 'reports:columns.recognitionDate', kind: 'date' as const },
      { key: 'counterparty', label: 'reports:columns.counterparty', kind: 'text' as const },
      { key: 'currency', label: 'reports:columns.currency', kind: 'text' as const },
      { key: 'amount', label: 'reports:columns.amount', kind: 'money' as const },
      {
        key: 'value',
        label: labels[inBase ? (`${figure}Base` as const) : figure],
        params: inBase ? { currency: base } : undefined,
        kind: 'money' as const,
      },
    ],
    rows: rows.map((r) =>
      documentRow('bills', r.id, {
        number: r.number,
        date: r.date,
        counterparty: r.name,
        currency: inBase ? base : r.code,
        amount: inBase ? null : r.amount,
        value: figureOf(r),
      }),
    ),
    totals: [{ key: 'total', cells: { value: sum(rows.map(figureOf)) } }],
  };
}

export const dso = oneSide('dso');
export const dpo = oneSide('dpo');

/** CCC by month, in base: DSO and DPO of each month side by side, CCC = DSO − DPO. */
async function cccAnswer(ctx: ReportContext, q: Query) {
  const base = await baseCurrencyOf(ctx);
  const monthly = { ...q, groupBy: 'month' as const };
  const slices = slicesOf(monthly, true);
  const last = slices.at(-1)!.key;
  const [income, expense] = await Promise.all([
    groupsOf(ctx, monthly, 'INCOME', slices, cccReport.permission),
    groupsOf(ctx, monthly, 'EXPENSE', slices, cccReport.permission),
  ]);
  const perSlice = new Map(slices.map((s) => [s.key, { ar: zero(), ap: zero() }]));
  const total = { ar: zero(), ap: zero() };
  for (const [groups, side] of [
    [income, 'ar'],
    [expense, 'ap'],
  ] as const) {
    for (const g of groups) {
      add(perSlice.get(g.skey)![side], g);
      if (g.fact === 'billed' || g.skey === last) add(total[side], g);
    }
  }
  const cells = (f: { ar: Figures; ap: Figures }, days: number) => {
    const dsoDays = daysOutstanding(f.ar.balanceBase, f.ar.billedBase, days);
    const dpoDays = daysOutstanding(f.ap.balanceBase, f.ap.billedBase, days);
    return {
      arBase: f.ar.balanceBase,
      revenueBase: f.ar.billedBase,
      apBase: f.ap.balanceBase,
      costBase: f.ap.billedBase,
      days,
      dso: dsoDays,
      dpo: dpoDays,
      ccc: dsoDays !== null && dpoDays !== null ? decimalFixed(decimalSubtract(dsoDays, dpoDays), 1) : null,
    };
  };
  const any = income.length + expense.length > 0;
  // A month with nothing owed nor billed on either side says nothing: it is left out (its days still count).
  const rows: ReportRow[] = slices
    .filter((s) =>
      Object.values(perSlice.get(s.key)!).some((f) => Object.values(f).some((v) => Number(v) !== 0)),
    )
    .map((s) => ({ key: s.key, cells: { group: s.key, ...cells(perSlice.get(s.key)!, s.days) } }));
  const inBase = { currency: base };
  return {
    columns: [
      { key: 'group', label: 'reports:groups.month', kind: 'month' as const },
      {
        key: 'arBase',
        label: LABELS.INCOME.balanceBase,
        params: inBase,
        kind: 'money' as const,
        drill: true,
      },
      {
        key: 'revenueBase',
        label: LABELS.INCOME.billedBase,
        params: inBase,
        kind: 'money' as const,
        drill: true,
      },
      {
        key: 'apBase',
        label: LABELS.EXPENSE.balanceBase,
        params: inBase,
        kind: 'money' as const,
        drill: true,
      },
      {
        key: 'costBase',
        label: LABELS.EXPENSE.billedBase,
        params: inBase,
        kind: 'money' as const,
        drill: true,
      },
      { key: 'days', label: 'reports:dso.days', kind: 'count' as const },
      { key: 'dso', label: LABELS.INCOME.ratio, kind: 'days' as const },
      { key: 'dpo', label: LABELS.EXPENSE.ratio, kind: 'days' as const },
      { key: 'ccc', label: 'reports:ccc.ratio', kind: 'days' as const },
    ],
    rows,
    totals: any
      ? [{ key: 'total:base', cells: { group: null, ...cells(total, daysBetween(q.from, q.to)) } }]
      : [],
    chart: any
      ? {
          kind: 'grouped' as const,
          currency: base,
          series: [
            { key: 'dso', label: LABELS.INCOME.ratio },
            { key: 'dpo', label: LABELS.EXPENSE.ratio },
            { key: 'ccc', label: 'reports:ccc.ratio' },
          ],
          data: rows.map((r) => ({
            category: String(r.cells.group),
            dso: Number(r.cells.dso ?? 0),
            dpo: Number(r.cells.dpo ?? 0),
            ccc: Number(r.cells.ccc ?? 0),
          })),
        }
      : null,
    baseCurrency: base,
  };
}

const CCC_FIGURES: Record<string, { side: Side; figure: 'balance' | 'billed' }> = {
  arBase: { side: 'INCOME', figure: 'balance' },
  revenueBase: { side: 'INCOME', figure: 'billed' },
  apBase: { side: 'EXPENSE', figure: 'balance' },
  costBase: { side: 'EXPENSE', figure: 'billed' },
};

async function cccDrill(ctx: ReportContext, q: Query, cell: ReportCell) {
  const figure = CCC_FIGURES[cell.column];
  if (!figure) return unknownFigure();
  const monthly = { ...q, groupBy: 'month' as const };
  // A month's row of CCC holds every currency in base: its drill-down is the month's bills of all currencies.
  if (cell.row !== 'total:base' && !/^\d{4}-\d{2}$/.test(cell.row)) return unknownFigure();
  const month = cell.row === 'total:base' ? undefined : cell.row;
  return drillBills(
    ctx,
    monthly,
    'total:base',
    figure.figure,
    true,
    figure.side,
    cccReport.permission,
    month,
  );
}

export const ccc = reportUseCases(cccReport, { answer: cccAnswer, drill: cccDrill });

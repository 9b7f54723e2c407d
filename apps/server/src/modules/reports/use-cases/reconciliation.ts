import {
  decimalAdd,
  decimalCompare,
  decimalSubtract,
  type ExportLanguage,
  type ReconciliationQuery,
  type ReportAnswer,
  type ReportColumn,
  type ReportRow,
  reconciliationReport,
} from '@tms/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import { textOf } from '../../../platform/i18n/dictionaries';
import { legalEntities } from '../../company';
import { counterparties } from '../../counterparties';
import { bookLines, documentHref, documentNumber, rolledMonths } from '../books';
import {
  baseCurrencyOf,
  parseReportQuery,
  type ReportContext,
  type ReportFileFormat,
  reportUseCases,
  sum,
  todayOf,
  unknownFigure,
} from '../framework';
import { type StatementParties, statementInput } from '../statement';

/*
 * Counterparty reconciliation statement (docs/reports.md "Reconciliation statement"): the settlements with one
 * counterparty as our books hold them — its receivables, payables and advances, debit what it owes us — per
 * currency: the balance before the period, each bill and payment of the period (a document's entries of one
 * day netted, so a payment re-linked the same day is one line) and the balance at its end.
 */

type Query = ReconciliationQuery;

const SETTLEMENTS = sql`e.account IN ('RECEIVABLE', 'PAYABLE', 'ADVANCES_RECEIVED', 'ADVANCES_PAID')`;

const COLUMNS: ReportColumn[] = [
  { key: 'date', label: 'reports:columns.date', kind: 'date' },
  { key: 'document', label: 'reports:columns.document', kind: 'label' },
  { key: 'number', label: 'reports:columns.number', kind: 'text' },
  { key: 'currency', label: 'reports:columns.currency', kind: 'text' },
  { key: 'debit', label: 'reports:columns.debit', kind: 'money' },
  { key: 'credit', label: 'reports:columns.credit', kind: 'money' },
];

/** A signed balance as the statement writes it: debit when the counterparty owes us, else credit. */
const sided = (amount: string) =>
  decimalCompare(amount, '0') >= 0
    ? { debit: sum([amount]), credit: null }
    : { debit: null, credit: sum([decimalSubtract('0', amount)]) };

async function answer(ctx: ReportContext, q: Query) {
  const base = await baseCurrencyOf(ctx);
  const lines = bookLines(q, base, SETTLEMENTS);
  const openings = await rowsOf<{ cur: string; opening: string }>(
    ctx.tx,
    sql`SELECT l.cur, sum(l.amt)::text AS opening
      FROM ${bookLines(q, base, SETTLEMENTS, await rolledMonths(ctx.tx, q.from))} l
      WHERE l.date < ${q.from} GROUP BY l.cur`,
  );
  const documents = await rowsOf<{
    date: string;
    cur: string;
    source_type: string;
    source_id: number;
    net: string;
    number: string | null;
  }>(
    ctx.tx,
    sql`SELECT l.date, l.cur, l.source_type, l.source_id, sum(l.amt)::text AS net,
        ${documentNumber(sql`l.source_type`, sql`l.source_id`)} AS number
      FROM ${lines} l WHERE l.date >= ${q.from}
      GROUP BY l.date, l.cur, l.source_type, l.source_id
      HAVING sum(l.amt) <> 0
      ORDER BY l.date, min(l.transaction_id)`,
  );
  const rows: ReportRow[] = documents.map((d) => ({
    key: `${d.source_type}|${d.source_id}|${d.date}|${d.cur}`,
    href: documentHref(d.source_type, d.source_id, null),
    cells: {
      date: d.date,
      document: `reports:sources.${d.source_type}`,
      number: d.number,
      currency: d.cur,
      ...sided(d.net),
    },
  }));
  const currencies = [...new Set([...openings.map((o) => o.cur), ...documents.map((d) => d.cur)])].sort();
  const totals: ReportRow[] = currencies.flatMap((cur): ReportRow[] => {
    const opening = sum([openings.find((o) => o.cur === cur)?.opening]);
    const of = documents.filter((d) => d.cur === cur);
    const debit = sum(of.filter((d) => decimalCompare(d.net, '0') > 0).map((d) => d.net));
    const credit = sum(
      of.filter((d) => decimalCompare(d.net, '0') < 0).map((d) => decimalSubtract('0', d.net)),
    );
    const closing = sum([decimalSubtract(decimalAdd(opening, debit), credit)]);
    return [
      {
        key: `opening|${cur}`,
        cells: { date: q.from, document: 'reports:reconciliation.opening', currency: cur, ...sided(opening) },
      },
      { key: `total|${cur}`, cells: { date: null, currency: cur, debit, credit } },
      {
        key: `closing|${cur}`,
        cells: { date: q.to, document: 'reports:reconciliation.closing', currency: cur, ...sided(closing) },
      },
    ];
  });
  return { columns: COLUMNS, rows, totals, chart: null, baseCurrency: base };
}

const dotted = (day: string) => day.split('-').reverse().join('.');

/** Between whom the statement is: our legal entity (all of ours when none is chosen) and the counterparty. */
async function statementParties(
  ctx: ReportContext,
  q: Query,
  lang: ExportLanguage,
): Promise<StatementParties> {
  const [names] = await rowsOf<{ counterparty: string | null; company: string | null }>(
    ctx.tx,
    sql`SELECT (SELECT coalesce(c.full_name, c.name) FROM ${counterparties} c WHERE c.id = ${q.clientId}) AS counterparty,
      (SELECT e.name FROM ${legalEntities} e WHERE e.id = ${q.legalEntityId ?? null}) AS company`,
  );
  return {
    company: names?.company ?? textOf('reports.reconciliation.allEntities', lang) ?? '',
    counterparty: names?.counterparty ?? '',
  };
}

/** The printed statement's caption: between whom and for which period. */
async function caption(ctx: ReportContext, q: Query, lang: ExportLanguage) {
  const values: Record<string, string> = {
    ...(await statementParties(ctx, q, lang)),
    from: dotted(q.from),
    to: dotted(q.to),
  };
  return (textOf('reports.reconciliation.caption', lang) ?? '').replace(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => values[name] ?? '',
  );
}

/** The акт сверки in its usual printed form, as a PDF or a workbook laid out alike, written by the worker pool. */
async function print(
  ctx: ReportContext,
  q: Query,
  answer: ReportAnswer,
  lang: ExportLanguage,
  format: ReportFileFormat,
) {
  const input = statementInput(answer, await statementParties(ctx, q, lang), q, lang);
  return ctx.registries.workers.run(
    format === 'pdf' ? 'reports.statement-pdf' : 'reports.statement-xlsx',
    input,
  );
}

export const reconciliation = reportUseCases(reconciliationReport, {
  answer,
  caption,
  print,
  drill: async () => unknownFigure(),
});

/** What the statement is asked for outside the reports' screen: one counterparty, a period, our entity. */
export interface StatementQuery {
  counterpartyId: number;
  from: string;
  to: string;
  legalEntityId?: number;
}

/**
 * The counterparty reconciliation statement (акт сверки) as a PDF or XLSX: the report's own answer in its
 * printed form, in `lang`. The caller has decided whose statement may be read (a client's cabinet: his own
 * counterparty only).
 */
export async function reconciliationStatement(
  ctx: ReportContext,
  q: StatementQuery,
  lang: ExportLanguage,
  format: ReportFileFormat = 'pdf',
) {
  const query = parseReportQuery(
    reconciliationReport,
    {
      clientId: String(q.counterpartyId),
      from: q.from,
      to: q.to,
      ...(q.legalEntityId ? { legalEntityId: String(q.legalEntityId) } : {}),
    },
    todayOf(ctx),
  ) as ReconciliationQuery;
  return print(ctx, query, await reconciliation.answer.run(ctx, query), lang, format);
}

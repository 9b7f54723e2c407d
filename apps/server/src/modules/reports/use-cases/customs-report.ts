import {
  type CustomsReportQuery,
  customsReportReport,
  RELEASE_STATUSES,
  type ReportColumn,
  type ReportRow,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import { TIME_ZONE } from '../../../platform/calendar';
import { contacts, users } from '../../../platform/identity/tables';
import { customsPoints, declarationReportScope, customsDeclarations as dt } from '../../customs';
import { orders } from '../../operations';
import {
  allOf,
  baseCurrencyOf,
  type ReportCell,
  type ReportContext,
  reportUseCases,
  unknownFigure,
  when,
} from '../framework';

/*
 * The customs report (docs/reports.md "Customs report"): the declarations of a period the reader reaches
 * with the customs report's scope, by status, customs point, declarant, procedure or inspection mode. Release
 * time = registration → release decision (`release_minutes`) of the released declarations (released and
 * released conditionally): its median and 90th percentile (PostgreSQL's `percentile_cont`: linear between
 * the two nearest ranks), never a mean.
 */

type Query = CustomsReportQuery;

const RELEASED = sql.join(
  RELEASE_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);
/** A declaration's day in the period: its registration, or the day it was drafted while not registered. */
const DAY = sql`coalesce(${dt.registrationDate}, (${dt.createdAt} AT TIME ZONE ${TIME_ZONE})::date)`;
const isReleased = sql`${dt.status} IN (${RELEASED})`;
const isInspected = sql`${dt.inspectionMode} <> 'none'`;
const isRefused = sql`${dt.status} = 'REFUSED'`;
const personName = (column: SQL | typeof dt.declarantId) =>
  sql`(SELECT c.name FROM ${users} u JOIN ${contacts} c ON c.id = u.contact_id WHERE u.id = ${column})`;
/** ИМ 40, ЭК 10: the procedure as graph 1 and 37 of the declaration write it. */
const PROCEDURE = sql`(CASE ${dt.direction} WHEN 'IM' THEN 'ИМ' WHEN 'EK' THEN 'ЭК' ELSE ${dt.direction} END) || ' ' || ${dt.procedureCode}`;

/** Each group's key and what the screen shows of it (a text key for statuses and inspection modes). */
function groupOf(groupBy: Query['groupBy']): { key: SQL; label: SQL } {
  switch (groupBy) {
    case 'status':
      return { key: sql`${dt.status}`, label: sql`'reports:customsStatuses.' || ${dt.status}` };
    case 'customsPoint':
      return {
        key: sql`${dt.customsPointId}::text`,
        label: sql`(SELECT p.code || ' ' || p.name FROM ${customsPoints} p WHERE p.id = ${dt.customsPointId})`,
      };
    case 'declarant':
      return { key: sql`coalesce(${dt.declarantId}::text, 'none')`, label: personName(dt.declarantId) };
    case 'procedure':
      return { key: sql`${dt.direction} || '-' || ${dt.procedureCode}`, label: PROCEDURE };
    case 'inspectionMode':
      return {
        key: sql`${dt.inspectionMode}`,
        label: sql`'reports:inspectionModes.' || ${dt.inspectionMode}`,
      };
  }
}

/** The declarations the reader reaches that the period and the filters let through. */
function conditions(ctx: ReportContext, q: Query): SQL {
  return allOf(
    declarationReportScope(ctx.auth),
    sql`${DAY} BETWEEN ${q.from} AND ${q.to}`,
    when(q.status, (v) => sql`${dt.status} = ${v}`),
    when(q.customsPointId, (v) => sql`${dt.customsPointId} = ${v}`),
    when(q.declarantId, (v) => sql`${dt.declarantId} = ${v}`),
    when(q.direction, (v) => sql`${dt.direction} = ${v}`),
    when(q.inspectionMode, (v) => sql`${dt.inspectionMode} = ${v}`),
    when(q.clientId, (v) => sql`${dt.clientId} = ${v}`),
    when(
      q.serviceOfficeId,
      (v) =>
        sql`EXISTS (SELECT 1 FROM ${orders} o WHERE o.id = ${dt.orderId} AND o.service_office_id = ${v})`,
    ),
  );
}

const FIGURES: ReportColumn[] = [
  { key: 'declarations', label: 'reports:columns.declarations', kind: 'count', drill: true },
  { key: 'released', label: 'reports:columns.released', kind: 'count', drill: true },
  { key: 'releaseMedian', label: 'reports:columns.releaseMedian', kind: 'hours', drill: true },
  { key: 'releaseP90', label: 'reports:columns.releaseP90', kind: 'hours', drill: true },
  { key: 'inspections', label: 'reports:columns.inspections', kind: 'count', drill: true },
  { key: 'refusals', label: 'reports:columns.refusals', kind: 'count', drill: true },
];

interface Figures {
  declarations: number;
  released: number;
  median: string | null;
  p90: string | null;
  inspections: number;
  refusals: number;
}

const FIGURES_SQL = sql`count(*)::int AS declarations,
  (count(*) FILTER (WHERE ${isReleased}))::int AS released,
  (percentile_cont(0.5) WITHIN GROUP (ORDER BY ${dt.releaseMinutes}) FILTER (WHERE ${isReleased}))::text AS median,
  (percentile_cont(0.9) WITHIN GROUP (ORDER BY ${dt.releaseMinutes}) FILTER (WHERE ${isReleased}))::text AS p90,
  (count(*) FILTER (WHERE ${isInspected}))::int AS inspections,
  (count(*) FILTER (WHERE ${isRefused}))::int AS refusals`;

/** Minutes (a percentile may fall between two) as hours to one place. */
export function minutesAsHours(minutes: string | null): string | null {
  if (minutes === null) return null;
  const tenths = Math.round((Number(minutes) / 60) * 10);
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

const cellsOf = (f: Figures) => ({
  declarations: f.declarations,
  released: f.released,
  releaseMedian: minutesAsHours(f.median),
  releaseP90: minutesAsHours(f.p90),
  inspections: f.inspections,
  refusals: f.refusals,
});

async function answer(ctx: ReportContext, q: Query) {
  const group = groupOf(q.groupBy);
  const where = conditions(ctx, q);
  const groups = await rowsOf<Figures & { gkey: string; glabel: string | null }>(
    ctx.tx,
    sql`SELECT ${group.key} AS gkey, max(${group.label}) AS glabel, ${FIGURES_SQL}
      FROM ${dt} WHERE ${where} GROUP BY 1 ORDER BY count(*) DESC, 1`,
  );
  const [total] = await rowsOf<Figures>(ctx.tx, sql`SELECT ${FIGURES_SQL} FROM ${dt} WHERE ${where}`);
  const labelled = q.groupBy === 'status' || q.groupBy === 'inspectionMode';
  const columns: ReportColumn[] = [
    { key: 'group', label: `reports:groups.${q.groupBy}`, kind: labelled ? 'label' : 'text' },
    ...FIGURES,
  ];
  const rows: ReportRow[] = groups.map((g) => ({
    key: g.gkey,
    cells: { group: g.glabel ?? '—', ...cellsOf(g) },
  }));
  const totals: ReportRow[] =
    groups.length && total ? [{ key: 'total', cells: { group: null, ...cellsOf(total) } }] : [];
  const timed = rows.filter((row) => row.cells.releaseMedian !== null).slice(0, 12);
  const chart = timed.length
    ? {
        kind: 'grouped' as const,
        currency: '',
        series: FIGURES.slice(2, 4).map((c) => ({ key: c.key, label: c.label })),
        data: timed.map((row) => ({
          category: String(row.cells.group),
          releaseMedian: Number(row.cells.releaseMedian),
          releaseP90: Number(row.cells.releaseP90),
        })),
      }
    : null;
  return { columns, rows, totals, chart, baseCurrency: await baseCurrencyOf(ctx) };
}

/** The declarations behind a figure: the row's (or all), those the column counts; the release times' are the released ones. */
async function drill(ctx: ReportContext, q: Query, cell: ReportCell) {
  if (!FIGURES.some((c) => c.key === cell.column)) return unknownFigure();
  const group = groupOf(q.groupBy);
  const which: Record<string, SQL | undefined> = {
    declarations: undefined,
    released: isReleased,
    releaseMedian: isReleased,
    releaseP90: isReleased,
    inspections: isInspected,
    refusals: isRefused,
  };
  const list = await rowsOf<{
    id: number;
    number: string | null;
    status: string;
    point: string | null;
    declarant: string | null;
    procedure: string;
    inspection_mode: string;
    day: string;
    release_minutes: number | null;
    client_name: string | null;
  }>(
    ctx.tx,
    sql`SELECT ${dt.id} AS id, ${dt.number} AS number, ${dt.status} AS status,
        (SELECT p.code || ' ' || p.name FROM ${customsPoints} p WHERE p.id = ${dt.customsPointId}) AS point,
        ${personName(dt.declarantId)} AS declarant, ${PROCEDURE} AS procedure, ${dt.inspectionMode} AS inspection_mode,
        ${DAY}::text AS day, CASE WHEN ${isReleased} THEN ${dt.releaseMinutes} END AS release_minutes, ${dt.clientName} AS client_name
      FROM ${dt}
      WHERE ${allOf(conditions(ctx, q), cell.row === 'total' ? undefined : sql`${group.key} = ${cell.row}`, which[cell.column])}
      ORDER BY ${DAY}, ${dt.id}`,
  );
  const columns: ReportColumn[] = [
    { key: 'number', label: 'reports:columns.declarationNumber', kind: 'text' },
    { key: 'status', label: 'reports:columns.status', kind: 'label' },
    { key: 'day', label: 'reports:columns.date', kind: 'date' },
    { key: 'releaseHours', label: 'reports:columns.releaseHours', kind: 'hours' },
    { key: 'declarations', label: 'reports:columns.declarations', kind: 'count' },
    { key: 'procedure', label: 'reports:groups.procedure', kind: 'text' },
    { key: 'inspectionMode', label: 'reports:groups.inspectionMode', kind: 'label' },
    { key: 'customsPoint', label: 'reports:groups.customsPoint', kind: 'text' },
    { key: 'declarant', label: 'reports:groups.declarant', kind: 'text' },
    { key: 'client', label: 'reports:columns.client', kind: 'text' },
  ];
  const rows: ReportRow[] = list.map((d) => ({
    key: String(d.id),
    href: `/tms/customs/${d.id}`,
    cells: {
      number: d.number ?? `#${d.id}`,
      status: `reports:customsStatuses.${d.status}`,
      day: d.day,
      customsPoint: d.point,
      declarant: d.declarant,
      procedure: d.procedure,
      inspectionMode: `reports:inspectionModes.${d.inspection_mode}`,
      client: d.client_name,
      declarations: 1,
      releaseHours: minutesAsHours(d.release_minutes === null ? null : String(d.release_minutes)),
    },
  }));
  const totals: ReportRow[] = [{ key: 'total', cells: { number: null, declarations: rows.length } }];
  return {
    kind: 'declarations' as const,
    columns,
    rows,
    totals,
    chart: null,
    baseCurrency: await baseCurrencyOf(ctx),
  };
}

export const customsReport = reportUseCases(customsReportReport, { answer, drill });

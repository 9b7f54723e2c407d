import {
  type CustomsMonitoringQuery,
  customsMonitoringReport,
  type DeclarationStatus,
  declarationDeadline,
  hoursText,
  OPEN_DECLARATION_STATUSES,
  type ReportColumn,
  type ReportRow,
  utcOffsetText,
  zonedDateTime,
} from '@tms/domain';
import { gte, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import { contacts, users } from '../../../platform/identity/tables';
import { customsPoints, declarationReportScope, customsDeclarations as dt } from '../../customs';
import { orders } from '../../operations';
import { holidays } from '../../reference-data';
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
 * The customs monitoring (docs/reports.md "Customs monitoring"): the declarations the reader reaches with the
 * customs report's scope that are with the authority now (submitted, registered, under control), each with
 * the term it runs against (registration, release, extended release: `declarationDeadline`), the time gone
 * since the term started, the time left (negative: overdue), its moments in the customs point's own time
 * zone. Computed for the moment asked (the app's clock); the screen follows the declarations' topic.
 */

type Query = CustomsMonitoringQuery;

/** Within this many hours of its deadline a declaration is due soon. */
export const DUE_SOON_HOURS = 1;

/** From calm to alarming, the chart's palette order. */
export const MONITORING_STATES = ['onTime', 'dueSoon', 'overdue'] as const;
export type MonitoringState = (typeof MONITORING_STATES)[number];

const OPEN = sql.join(
  OPEN_DECLARATION_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

interface Open {
  id: number;
  number: string | null;
  status: DeclarationStatus;
  control_kind: string | null;
  point: string;
  time_zone: string;
  declarant: string | null;
  client_name: string | null;
  submitted_at: Date | string | null;
  registered_at: Date | string | null;
}

/** The open declarations with their deadline and where they stand at `now`, the most pressing first. */
async function openDeclarations(ctx: ReportContext, q: Query, extra?: SQL) {
  const list = await rowsOf<Open>(
    ctx.tx,
    sql`SELECT ${dt.id} AS id, ${dt.number} AS number, ${dt.status} AS status, ${dt.controlKind} AS control_kind,
        p.code || ' ' || p.name AS point, p.time_zone AS time_zone,
        (SELECT c.name FROM ${users} u JOIN ${contacts} c ON c.id = u.contact_id WHERE u.id = ${dt.declarantId}) AS declarant,
        ${dt.clientName} AS client_name, ${dt.submittedAt} AS submitted_at, ${dt.registeredAt} AS registered_at
      FROM ${dt} JOIN ${customsPoints} p ON p.id = ${dt.customsPointId}
      WHERE ${allOf(
        declarationReportScope(ctx.auth),
        sql`${dt.status} IN (${OPEN})`,
        when(q.status, (v) => sql`${dt.status} = ${v}`),
        when(q.customsPointId, (v) => sql`${dt.customsPointId} = ${v}`),
        when(q.declarantId, (v) => sql`${dt.declarantId} = ${v}`),
        when(
          q.serviceOfficeId,
          (v) =>
            sql`EXISTS (SELECT 1 FROM ${orders} o WHERE o.id = ${dt.orderId} AND o.service_office_id = ${v})`,
        ),
        extra,
      )}`,
  );
  const now = ctx.clock?.() ?? new Date();
  // The working days of an extended release: from the earliest registration on (holidays are few).
  const earliest = list.reduce<string | null>((min, d) => {
    const from = d.registered_at ?? d.submitted_at;
    const day = from ? new Date(from).toISOString().slice(0, 10) : null;
    return day && (!min || day < min) ? day : min;
  }, null);
  const days = earliest
    ? new Set(
        (await ctx.tx.select({ date: holidays.date }).from(holidays).where(gte(holidays.date, earliest))).map(
          (h) => h.date,
        ),
      )
    : new Set<string>();
  return list
    .map((d) => {
      const submittedAt = d.submitted_at ? new Date(d.submitted_at) : null;
      const registeredAt = d.registered_at ? new Date(d.registered_at) : null;
      const deadline = declarationDeadline({
        status: d.status,
        submittedAt,
        registeredAt,
        timeZone: d.time_zone,
        holidays: days,
      });
      const start = deadline?.kind === 'registration' ? submittedAt : registeredAt;
      const left = deadline ? deadline.at.getTime() - now.getTime() : null;
      const state: MonitoringState | null =
        left === null
          ? null
          : left < 0
            ? 'overdue'
            : left <= DUE_SOON_HOURS * 3_600_000
              ? 'dueSoon'
              : 'onTime';
      return {
        ...d,
        start,
        deadline,
        left,
        state,
        elapsed: start ? now.getTime() - start.getTime() : null,
        now,
      };
    })
    .sort(
      (a, b) => (a.left ?? Number.POSITIVE_INFINITY) - (b.left ?? Number.POSITIVE_INFINITY) || a.id - b.id,
    );
}

const COLUMNS: ReportColumn[] = [
  { key: 'number', label: 'reports:columns.declarationNumber', kind: 'text' },
  { key: 'status', label: 'reports:columns.status', kind: 'label' },
  { key: 'customsPoint', label: 'reports:groups.customsPoint', kind: 'text' },
  { key: 'term', label: 'reports:columns.term', kind: 'label' },
  { key: 'deadline', label: 'reports:columns.releaseDeadline', kind: 'text' },
  { key: 'leftHours', label: 'reports:columns.leftHours', kind: 'hours' },
  { key: 'state', label: 'reports:columns.state', kind: 'label' },
  { key: 'declarations', label: 'reports:columns.declarations', kind: 'count', drill: true },
  { key: 'overdue', label: 'reports:columns.overdue', kind: 'count', drill: true },
  { key: 'elapsedHours', label: 'reports:columns.elapsedHours', kind: 'hours' },
  { key: 'started', label: 'reports:columns.termStarted', kind: 'text' },
  { key: 'timeZone', label: 'reports:columns.timeZone', kind: 'text' },
  { key: 'control', label: 'reports:columns.control', kind: 'label' },
  { key: 'declarant', label: 'reports:groups.declarant', kind: 'text' },
  { key: 'client', label: 'reports:columns.client', kind: 'text' },
];

type Row = Awaited<ReturnType<typeof openDeclarations>>[number];

function rowOf(d: Row): ReportRow {
  return {
    key: String(d.id),
    href: `/tms/customs/${d.id}`,
    cells: {
      number: d.number ?? `#${d.id}`,
      status: `reports:customsStatuses.${d.status}`,
      control: d.control_kind ? `reports:controlKinds.${d.control_kind}` : null,
      customsPoint: d.point,
      timeZone: `${d.time_zone} (${utcOffsetText(d.now, d.time_zone)})`,
      declarant: d.declarant,
      client: d.client_name,
      term: d.deadline ? `reports:deadlineKinds.${d.deadline.kind}` : null,
      started: d.start ? zonedDateTime(d.start, d.time_zone) : null,
      deadline: d.deadline ? zonedDateTime(d.deadline.at, d.time_zone) : null,
      elapsedHours: d.elapsed === null ? null : hoursText(d.elapsed),
      leftHours: d.left === null ? null : hoursText(d.left),
      state: d.state ? `reports:monitoringStates.${d.state}` : null,
      declarations: 1,
      overdue: d.state === 'overdue' ? 1 : 0,
    },
  };
}

async function answer(ctx: ReportContext, q: Query) {
  const list = await openDeclarations(ctx, q);
  const rows = list.map(rowOf);
  const overdue = list.filter((d) => d.state === 'overdue').length;
  const totals: ReportRow[] = rows.length
    ? [{ key: 'total', cells: { number: null, declarations: rows.length, overdue } }]
    : [];
  // Per customs point: how many are on time, due soon, overdue.
  const points = new Map<string, Record<MonitoringState, number>>();
  for (const d of list) {
    if (!d.state) continue;
    const counts = points.get(d.point) ?? { overdue: 0, dueSoon: 0, onTime: 0 };
    counts[d.state] += 1;
    points.set(d.point, counts);
  }
  const chart = points.size
    ? {
        kind: 'stacked' as const,
        currency: '',
        series: MONITORING_STATES.map((state) => ({
          key: state,
          label: `reports:monitoringStates.${state}`,
        })),
        data: [...points].map(([category, counts]) => ({ category, ...counts })),
      }
    : null;
  return { columns: COLUMNS, rows, totals, chart, baseCurrency: await baseCurrencyOf(ctx) };
}

/** The open declarations behind a count: all of them, or the overdue ones. */
async function drill(ctx: ReportContext, q: Query, cell: ReportCell) {
  if (cell.column !== 'declarations' && cell.column !== 'overdue') return unknownFigure();
  const list = (
    await openDeclarations(
      ctx,
      q,
      cell.row === 'total' ? undefined : sql`${dt.id} = ${Number(cell.row) || 0}`,
    )
  ).filter((d) => cell.column === 'declarations' || d.state === 'overdue');
  const rows = list.map(rowOf);
  const overdue = list.filter((d) => d.state === 'overdue').length;
  return {
    kind: 'declarations' as const,
    columns: COLUMNS.map((c) => ({ ...c, drill: false })),
    rows,
    totals: [{ key: 'total', cells: { number: null, declarations: rows.length, overdue } }],
    chart: null,
    baseCurrency: await baseCurrencyOf(ctx),
  };
}

export const customsMonitoring = reportUseCases(customsMonitoringReport, { answer, drill });

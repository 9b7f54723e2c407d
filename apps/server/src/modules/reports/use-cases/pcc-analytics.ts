import {
  type CabinetEvent,
  type PccAnalyticsQuery,
  padId,
  pccAnalyticsReport,
  type ReportColumn,
  type ReportRow,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/connection';
import { TIME_ZONE } from '../../../platform/calendar';
import { cabinetEvents, cabinetUsers } from '../../cabinets';
import { counterparties } from '../../counterparties';
import { orders } from '../../operations';
import {
  allOf,
  baseCurrencyOf,
  documentRow,
  type ReportCell,
  type ReportContext,
  ratio,
  reportUseCases,
  unknownFigure,
  when,
} from '../framework';

/*
 * PCC analytics (docs/reports.md "PCC analytics"): what clients do in their cabinet, from the cabinets' event
 * log (`cabinet_events`, written by `logCabinetEvent` where things happen), per client or per cabinet user,
 * and the share of a client's orders of the period made of a request created in the cabinet.
 */

type Query = PccAnalyticsQuery;

/** The figures counted from the event log, each the count of one event, drilling into those events. */
const EVENT_FIGURES: readonly { key: string; event: CabinetEvent }[] = [
  { key: 'logins', event: 'login' },
  { key: 'failedLogins', event: 'loginFailed' },
  { key: 'trackingViews', event: 'trackingView' },
  { key: 'downloads', event: 'download' },
  { key: 'requests', event: 'requestCreated' },
  { key: 'bookings', event: 'booking' },
];

const start = (q: Query) => sql`(${q.from}::date::timestamp AT TIME ZONE ${TIME_ZONE})`;
const end = (q: Query) => sql`((${q.to}::date + 1)::timestamp AT TIME ZONE ${TIME_ZONE})`;

/** The row an event or a user falls in: its client, or its user (`u<id>`; `k<client>`: the client's own key). */
function groupKey(q: Query, user: SQL, client: SQL): SQL {
  if (q.groupBy === 'client') return sql`(${client})::text`;
  return sql`(CASE WHEN ${user} IS NULL THEN 'k' || ${client} ELSE 'u' || ${user} END)`;
}

/** The client cabinet's events of the period (and, for the last sign-in, before it), with their row. */
function events(q: Query, sinceStart = true): SQL {
  return sql`(
    SELECT e.*, ${groupKey(q, sql`e.cabinet_user_id`, sql`e.counterparty_id`)} AS gkey,
      (e.at AT TIME ZONE ${TIME_ZONE})::date AS day
    FROM ${cabinetEvents} e
    WHERE e.kind = 'client' AND e.at < ${end(q)}
      AND ${allOf(
        sinceStart && sql`e.at >= ${start(q)}`,
        when(q.clientId, (v) => sql`e.counterparty_id = ${v}`),
      )}
  )`;
}

/**
 * The orders of the period of the clients having a cabinet (users, or events of the period), each with whether its request was created in the
 * cabinet and by whom (its row when grouped by user).
 */
function periodOrders(q: Query): SQL {
  return sql`(
    SELECT o.id, o.client_id, o.created_at, made.cabinet_user_id,
      made.cabinet_user_id IS NOT NULL OR made.counterparty_id IS NOT NULL AS via_cabinet,
      ${groupKey(q, sql`made.cabinet_user_id`, sql`o.client_id`)} AS made_key
    FROM ${orders} o
    LEFT JOIN LATERAL (
      SELECT e.cabinet_user_id, e.counterparty_id FROM ${cabinetEvents} e
      WHERE e.event = 'requestCreated' AND e.entity_type = 'request' AND e.entity_id = o.request_id
      ORDER BY e.id LIMIT 1
    ) made ON o.request_id IS NOT NULL
    WHERE o.created_at >= ${start(q)} AND o.created_at < ${end(q)}
      AND (o.client_id IN (SELECT counterparty_id FROM ${cabinetUsers} WHERE kind = 'client')
        OR o.client_id IN (SELECT counterparty_id FROM ${events(q)} ev))
      AND ${allOf(when(q.clientId, (v) => sql`o.client_id = ${v}`))}
  )`;
}

/** Days and months the period spans, the denominators of the average daily and monthly active users. */
function spans(q: Query): { days: number; months: number } {
  const days = Math.round((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000) + 1;
  const [fy, fm] = q.from.split('-').map(Number) as [number, number];
  const [ty, tm] = q.to.split('-').map(Number) as [number, number];
  return { days, months: (ty - fy) * 12 + (tm - fm) + 1 };
}

/** An average to one place, as a decimal string. */
const average = (total: number, over: number) => (over > 0 ? (total / over).toFixed(1) : '0.0');

type Group = {
  gkey: string;
  client_id: number;
  client: string;
  user_name: string | null;
  email: string | null;
};

type Counts = Record<string, number> & { gkey: string; last_login: string | null };

function columnsOf(q: Query): ReportColumn[] {
  const byUser = q.groupBy === 'user';
  const figure = (key: string, kind: ReportColumn['kind'], drill = false): ReportColumn => ({
    key,
    label: `reports:pccAnalytics.columns.${key}`,
    kind,
    ...(drill && { drill }),
  });
  return [
    { key: 'client', label: 'reports:columns.client', kind: 'text' },
    ...(byUser ? [figure('user', 'text'), figure('email', 'text')] : []),
    figure('logins', 'count', true),
    figure('failedLogins', 'count', true),
    ...(byUser
      ? [figure('activeDays', 'count'), figure('activeMonths', 'count')]
      : [figure('activeUsers', 'count'), figure('dau', 'days'), figure('mau', 'days')]),
    figure('trackingViews', 'count', true),
    figure('downloads', 'count', true),
    figure('requests', 'count', true),
    figure('bookings', 'count', true),
    figure('lastLogin', 'text'),
    figure('cabinetOrders', 'count', true),
    figure('orders', 'count', true),
    figure('cabinetShare', 'percent'),
  ];
}

async function answer(ctx: ReportContext, q: Query) {
  const base = await baseCurrencyOf(ctx);
  const byUser = q.groupBy === 'user';
  // Every client with a cabinet (or every cabinet user) is a row, those who did nothing too; and the
  // client's own key when it acted in the period.
  const groups = await rowsOf<Group>(
    ctx.tx,
    byUser
      ? sql`SELECT 'u' || u.id AS gkey, u.counterparty_id AS client_id, c.name AS client, u.name AS user_name, u.email
          FROM ${cabinetUsers} u JOIN ${counterparties} c ON c.id = u.counterparty_id
          WHERE u.kind = 'client' AND ${allOf(when(q.clientId, (v) => sql`u.counterparty_id = ${v}`))}
          UNION ALL
          SELECT DISTINCT ev.gkey, ev.counterparty_id, c.name, NULL, NULL
          FROM ${events(q)} ev JOIN ${counterparties} c ON c.id = ev.counterparty_id
          WHERE ev.cabinet_user_id IS NULL
          ORDER BY 3, 4 NULLS LAST, 1`
      : sql`SELECT c.id::text AS gkey, c.id AS client_id, c.name AS client, NULL AS user_name, NULL AS email
          FROM ${counterparties} c
          WHERE (c.id IN (SELECT counterparty_id FROM ${cabinetUsers} WHERE kind = 'client')
            OR c.id IN (SELECT counterparty_id FROM ${events(q)} ev))
            AND ${allOf(when(q.clientId, (v) => sql`c.id = ${v}`))}
          ORDER BY c.name, c.id`,
  );
  const counted = sql.join(
    EVENT_FIGURES.map(
      (f) =>
        sql`count(*) FILTER (WHERE ev.at >= ${start(q)} AND ev.event = ${f.event})::int AS ${sql.identifier(f.key)}`,
    ),
    sql`, `,
  );
  // Active: a cabinet user doing anything but failing to sign in (the client's own key is no user).
  const active = sql`ev.at >= ${start(q)} AND ev.event <> 'loginFailed' AND ev.cabinet_user_id IS NOT NULL`;
  const counts = await rowsOf<Counts>(
    ctx.tx,
    sql`SELECT ev.gkey, ${counted},
        count(DISTINCT ev.cabinet_user_id) FILTER (WHERE ${active})::int AS "activeUsers",
        count(DISTINCT ev.cabinet_user_id || ':' || ev.day) FILTER (WHERE ${active})::int AS "userDays",
        count(DISTINCT ev.cabinet_user_id || ':' || to_char(ev.day, 'YYYY-MM')) FILTER (WHERE ${active})::int AS "userMonths",
        to_char(max(ev.at) FILTER (WHERE ev.event = 'login') AT TIME ZONE ${TIME_ZONE}, 'YYYY-MM-DD HH24:MI') AS last_login
      FROM ${events(q, false)} ev GROUP BY ev.gkey`,
  );
  const orderCounts = await rowsOf<{ client_id: number; made_key: string; via: boolean; n: number }>(
    ctx.tx,
    sql`SELECT po.client_id, po.made_key, po.via_cabinet AS via, count(*)::int AS n
      FROM ${periodOrders(q)} po GROUP BY 1, 2, 3`,
  );
  const countsOf = new Map(counts.map((c) => [c.gkey, c]));
  const ordersOf = new Map<number, number>();
  const cabinetOrdersOf = new Map<string, number>();
  for (const o of orderCounts) {
    ordersOf.set(o.client_id, (ordersOf.get(o.client_id) ?? 0) + o.n);
    if (o.via) cabinetOrdersOf.set(o.made_key, (cabinetOrdersOf.get(o.made_key) ?? 0) + o.n);
  }
  const span = spans(q);
  const rows: ReportRow[] = groups.map((g) => {
    const c = countsOf.get(g.gkey);
    const n = (key: string) => c?.[key] ?? 0;
    const clientOrders = ordersOf.get(g.client_id) ?? 0;
    const viaCabinet = cabinetOrdersOf.get(g.gkey) ?? 0;
    return {
      key: g.gkey,
      cells: {
        client: g.client,
        ...(byUser ? { user: g.user_name ?? 'API', email: g.email ?? '—' } : {}),
        ...Object.fromEntries(EVENT_FIGURES.map((f) => [f.key, n(f.key)])),
        ...(byUser
          ? { activeDays: n('userDays'), activeMonths: n('userMonths') }
          : {
              activeUsers: n('activeUsers'),
              dau: average(n('userDays'), span.days),
              mau: average(n('userMonths'), span.months),
            }),
        lastLogin: c?.last_login ?? '—',
        cabinetOrders: viaCabinet,
        orders: clientOrders,
        cabinetShare: ratio(String(viaCabinet), String(clientOrders)),
      },
    };
  });
  // The totals: each client's orders once, whatever the grouping.
  const sumOf = (key: string) => counts.reduce((total, c) => total + (c[key] ?? 0), 0);
  const allOrders = [...ordersOf.values()].reduce((a, b) => a + b, 0);
  const allViaCabinet = [...cabinetOrdersOf.values()].reduce((a, b) => a + b, 0);
  const totals: ReportRow[] = rows.length
    ? [
        {
          key: 'total',
          cells: {
            client: null,
            ...Object.fromEntries(EVENT_FIGURES.map((f) => [f.key, sumOf(f.key)])),
            ...(byUser
              ? { activeDays: sumOf('userDays'), activeMonths: sumOf('userMonths') }
              : {
                  activeUsers: sumOf('activeUsers'),
                  dau: average(sumOf('userDays'), span.days),
                  mau: average(sumOf('userMonths'), span.months),
                }),
            cabinetOrders: allViaCabinet,
            orders: allOrders,
            cabinetShare: ratio(String(allViaCabinet), String(allOrders)),
          },
        },
      ]
    : [];
  return { columns: columnsOf(q), rows, totals, chart: null, baseCurrency: base };
}

/** The events or orders of one row (or of all: the total). */
function rowFilter(cell: ReportCell, user: SQL, client: SQL): SQL {
  if (cell.row === 'total') return sql`true`;
  const id = Number(cell.row.replace(/^[uk]/, ''));
  if (!Number.isSafeInteger(id)) return sql`false`;
  if (cell.row.startsWith('u')) return sql`${user} = ${id}`;
  if (cell.row.startsWith('k')) return sql`${user} IS NULL AND ${client} = ${id}`;
  return sql`${client} = ${id}`;
}

/** The client of a row: itself, its key's (`k<client>`) or its user's (`u<user>`); 0 for none. */
async function clientOfRow(ctx: ReportContext, row: string): Promise<number> {
  const id = Number(row.replace(/^[uk]/, ''));
  if (!Number.isSafeInteger(id)) return 0;
  if (!row.startsWith('u')) return id;
  const [user] = await rowsOf<{ client: number }>(
    ctx.tx,
    sql`SELECT counterparty_id AS client FROM ${cabinetUsers} WHERE id = ${id}`,
  );
  return user?.client ?? 0;
}

/** Where an event's subject opens in the back office. */
const SUBJECT_PATHS: Record<string, string> = { order: '/tms/orders', request: '/requests' };

async function drill(ctx: ReportContext, q: Query, cell: ReportCell) {
  const base = await baseCurrencyOf(ctx);
  const figure = EVENT_FIGURES.find((f) => f.key === cell.column);
  if (figure) {
    const rows = await rowsOf<{
      id: number;
      at: string;
      client: string;
      user_name: string | null;
      event: string;
      entity_type: string | null;
      entity_id: number | null;
      ip: string | null;
    }>(
      ctx.tx,
      sql`SELECT ev.id, to_char(ev.at AT TIME ZONE ${TIME_ZONE}, 'YYYY-MM-DD HH24:MI:SS') AS at, c.name AS client,
          u.name AS user_name, ev.event, ev.entity_type, ev.entity_id, ev.ip
        FROM ${events(q)} ev
        JOIN ${counterparties} c ON c.id = ev.counterparty_id
        LEFT JOIN ${cabinetUsers} u ON u.id = ev.cabinet_user_id
        WHERE ev.event = ${figure.event} AND ${rowFilter(cell, sql`ev.cabinet_user_id`, sql`ev.counterparty_id`)}
        ORDER BY ev.at, ev.id LIMIT 5000`,
    );
    return {
      kind: 'events' as const,
      baseCurrency: base,
      chart: null,
      columns: [
        { key: 'at', label: 'reports:pccAnalytics.columns.at', kind: 'text' as const },
        { key: 'client', label: 'reports:columns.client', kind: 'text' as const },
        { key: 'user', label: 'reports:pccAnalytics.columns.user', kind: 'text' as const },
        { key: 'event', label: 'reports:pccAnalytics.columns.event', kind: 'label' as const },
        { key: 'subject', label: 'reports:pccAnalytics.columns.subject', kind: 'label' as const },
        { key: 'number', label: 'reports:pccAnalytics.columns.number', kind: 'text' as const },
        { key: 'ip', label: 'reports:pccAnalytics.columns.ip', kind: 'text' as const },
      ],
      rows: rows.map((r) => {
        const path = r.entity_type ? SUBJECT_PATHS[r.entity_type] : undefined;
        return {
          key: String(r.id),
          ...(path && r.entity_id && { href: `${path}/${r.entity_id}` }),
          cells: {
            at: r.at,
            client: r.client,
            user: r.user_name ?? 'API',
            event: `reports:pccAnalytics.events.${r.event}`,
            subject: r.entity_type ? `reports:pccAnalytics.subjects.${r.entity_type}` : null,
            number: r.entity_id ? padId(r.entity_id) : '—',
            ip: r.ip ?? '—',
          },
        };
      }),
      totals: [{ key: 'total', cells: { at: null, client: String(rows.length) } }],
    };
  }
  if (cell.column !== 'orders' && cell.column !== 'cabinetOrders') return unknownFigure();
  // A client's orders are the same in each of its users' rows; the cabinet's, those made of the row's requests.
  let byRow: SQL = sql`true`;
  if (cell.column === 'cabinetOrders') {
    byRow = cell.row === 'total' ? sql`po.via_cabinet` : sql`po.via_cabinet AND po.made_key = ${cell.row}`;
  } else if (cell.row !== 'total') {
    byRow = sql`po.client_id = ${await clientOfRow(ctx, cell.row)}`;
  }
  const rows = await rowsOf<{ id: number; client: string; created: string; via: boolean }>(
    ctx.tx,
    sql`SELECT po.id, c.name AS client, to_char(po.created_at AT TIME ZONE ${TIME_ZONE}, 'YYYY-MM-DD') AS created,
        po.via_cabinet AS via
      FROM ${periodOrders(q)} po JOIN ${counterparties} c ON c.id = po.client_id
      WHERE ${byRow} ORDER BY po.created_at, po.id`,
  );
  return {
    kind: 'orders' as const,
    baseCurrency: base,
    chart: null,
    columns: [
      { key: 'order', label: 'reports:columns.order', kind: 'text' as const },
      { key: 'date', label: 'reports:columns.date', kind: 'date' as const },
      { key: 'client', label: 'reports:columns.client', kind: 'text' as const },
      { key: 'viaCabinet', label: 'reports:pccAnalytics.columns.viaCabinet', kind: 'label' as const },
    ],
    rows: rows.map((r) =>
      documentRow('orders', r.id, {
        order: padId(r.id),
        date: r.created,
        client: r.client,
        viaCabinet: r.via ? 'reports:pccAnalytics.yes' : 'reports:pccAnalytics.no',
      }),
    ),
    totals: [{ key: 'total', cells: { order: String(rows.length) } }],
  };
}

export const pccAnalytics = reportUseCases(pccAnalyticsReport, { answer, drill });

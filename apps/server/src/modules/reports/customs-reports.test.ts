import {
  type ControlKind,
  CUSTOMS_DECLARATIONS_TOPIC,
  type DeclarationStatus,
  type InspectionMode,
  type ReportAnswer,
  type ReportDrill,
} from '@tms/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createTestApp, deliverEvents, type TestContext } from '../../test/harness';
import { countryId } from '../../test/reference-rows';
import { type ReportsWorld, reportsWorld, sheetRows } from '../../test/reports-world';
import { type SignedIn, signIn, socketUrl } from '../../test/users';
import { customsDeclarations, customsPoints } from '../customs';

/*
 * A hand-made desk of declarations (February 2026 for the report; the monitoring seen on Monday
 * 2026-03-16 03:00 UTC, 13:00 in Vladivostok). Office MOW (orders of MOW, declarant of MOW):
 *   D1 RELEASED              P1 (Vladivostok)  ИМ 40  none         60 min
 *   D2 RELEASED              P1                ИМ 40  none        120 min
 *   D3 RELEASED              P1                ИМ 40  examination 240 min
 *   D4 RELEASED_CONDITIONALLY P2 (Moscow)      ЭК 10  take_sample 600 min
 *   D5 REFUSED               P2                ИМ 40  examination (900 min kept, no release)
 *   D6 UNDER_CONTROL         P2  registered Fri 2026-02-20 10:00 MSK, inspection
 *   D7 DRAFT                 P1  drafted 2026-02-10 (not registered: its day is the day it was drafted)
 *   O1 RELEASED              P1  registered 2026-01-31: outside the period
 * Office SPB: S1 RELEASED P1 30 min (order and declarant of SPB): another office's.
 * Open now besides D6: M1 SUBMITTED 02:00 UTC (P1), M2 REGISTERED 22:30 UTC the day before (P2),
 * M3 UNDER_CONTROL registered Fri 2026-03-13 01:00 UTC (P1), with a holiday on 2026-03-18; S2 REGISTERED (SPB).
 */
const NOW = new Date('2026-03-16T03:00:00Z');

/** The p-th percentile by linear interpolation between the closest ranks (what percentile_cont does). */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = p * (sorted.length - 1);
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (position - low) * (sorted[high]! - sorted[low]!);
}
const hours = (minutes: number) => (minutes / 60).toFixed(1);

describe('customs report and monitoring', () => {
  let ctx: TestContext;
  let w: ReportsWorld;
  let office: SignedIn;
  let all: SignedIn;
  let own: SignedIn;
  let nobody: SignedIn;
  let statuser: SignedIn;
  let p1: number;
  let p2: number;
  const d: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestApp({}, [], () => NOW);
    w = await reportsWorld(ctx);
    const db = ctx.database.db;
    const ru = await countryId(ctx.database, 'RU');
    const points = await db
      .insert(customsPoints)
      .values([
        { code: '10702030', name: 'Владивосток', countryId: ru, timeZone: 'Asia/Vladivostok' },
        { code: '10005030', name: 'Москва', countryId: ru },
      ])
      .returning({ id: customsPoints.id });
    [p1, p2] = [points[0]!.id, points[1]!.id];
    await db.execute(sql`DELETE FROM holidays`);
    await db.execute(sql`INSERT INTO holidays (date, name) VALUES ('2026-03-18', 'Праздник')`);
    const declarantMow = await signIn(ctx, [], { serviceOfficeId: w.mow, contactName: 'Декларант Москва' });
    const declarantSpb = await signIn(ctx, [], {
      serviceOfficeId: w.spb,
      contactName: 'Декларант Петербург',
    });
    office = await signIn(ctx, ['ROLE_CUSTOMS_REPORT_OFFICE'], { serviceOfficeId: w.mow });
    all = await signIn(ctx, ['ROLE_CUSTOMS_REPORT_ALL']);
    own = await signIn(ctx, ['ROLE_CUSTOMS_REPORT_OWN'], { serviceOfficeId: w.spb });
    nobody = await signIn(ctx, ['ROLE_CUSTOMS_DECLARATION_VIEW']);
    statuser = await signIn(ctx, ['ROLE_CUSTOMS_DECLARATION_STATUS']);
    const client = await w.counterparty('Импортёр');
    const orderMow = await w.order({ clientId: client, officeId: w.mow });
    const orderSpb = await w.order({ clientId: client, officeId: w.spb });
    const dt = async (
      key: string,
      values: {
        status: DeclarationStatus;
        point: number;
        registered?: string;
        submitted?: string;
        minutes?: number;
        inspection?: InspectionMode;
        direction?: 'IM' | 'EK';
        code?: string;
        spb?: boolean;
        controlKind?: ControlKind;
        created?: string;
        declarant?: number;
      },
    ) => {
      const registeredAt = values.registered ? new Date(values.registered) : null;
      const [row] = await db
        .insert(customsDeclarations)
        .values({
          status: values.status,
          orderId: values.spb ? orderSpb : orderMow,
          clientId: client,
          clientName: 'Импортёр',
          direction: values.direction ?? 'IM',
          procedureCode: values.code ?? '40',
          customsPointId: values.point,
          inspectionMode: values.inspection ?? 'none',
          controlKind: values.controlKind ?? null,
          declarantId: values.declarant ?? (values.spb ? declarantSpb.user.id : declarantMow.user.id),
          submittedAt: values.submitted
            ? new Date(values.submitted)
            : registeredAt && new Date(registeredAt.getTime() - 3_600_000),
          registeredAt,
          registrationDate: registeredAt ? values.registered!.slice(0, 10) : null,
          number: registeredAt ? `10702030/${key}/${String(Object.keys(d).length).padStart(7, '0')}` : null,
          decisionAt:
            values.minutes === undefined || !registeredAt
              ? null
              : new Date(registeredAt.getTime() + values.minutes * 60_000),
          releaseMinutes: values.minutes ?? null,
          statusChangedAt: registeredAt ?? (values.submitted ? new Date(values.submitted) : NOW),
          createdAt: new Date(values.created ?? '2026-02-01T09:00:00Z'),
        })
        .returning({ id: customsDeclarations.id });
      d[key] = row!.id;
    };
    await dt('D1', { status: 'RELEASED', point: p1, registered: '2026-02-02T08:00:00Z', minutes: 60 });
    await dt('D2', { status: 'RELEASED', point: p1, registered: '2026-02-03T08:00:00Z', minutes: 120 });
    await dt('D3', {
      status: 'RELEASED',
      point: p1,
      registered: '2026-02-04T08:00:00Z',
      minutes: 240,
      inspection: 'examination',
    });
    await dt('D4', {
      status: 'RELEASED_CONDITIONALLY',
      point: p2,
      registered: '2026-02-05T08:00:00Z',
      minutes: 600,
      inspection: 'take_sample',
      direction: 'EK',
      code: '10',
    });
    await dt('D5', {
      status: 'REFUSED',
      point: p2,
      registered: '2026-02-06T08:00:00Z',
      minutes: 900,
      inspection: 'examination',
    });
    await dt('D6', {
      status: 'UNDER_CONTROL',
      point: p2,
      registered: '2026-02-20T07:00:00Z',
      inspection: 'inspection',
      controlKind: 'INSPECTION',
    });
    await dt('D7', { status: 'DRAFT', point: p1, created: '2026-02-10T09:00:00Z' });
    await dt('O1', { status: 'RELEASED', point: p1, registered: '2026-01-31T08:00:00Z', minutes: 10 });
    await dt('S1', {
      status: 'RELEASED',
      point: p1,
      registered: '2026-02-07T08:00:00Z',
      minutes: 30,
      spb: true,
      // The own reader declares it himself.
      declarant: own.user.id,
    });
    await dt('M1', {
      status: 'SUBMITTED',
      point: p1,
      submitted: '2026-03-16T02:00:00Z',
      created: '2026-03-15T09:00:00Z',
    });
    await dt('M2', { status: 'REGISTERED', point: p2, registered: '2026-03-15T22:30:00Z' });
    await dt('M3', {
      status: 'UNDER_CONTROL',
      point: p1,
      registered: '2026-03-13T01:00:00Z',
      controlKind: 'DOCUMENTS_REQUESTED',
    });
    await dt('S2', { status: 'REGISTERED', point: p1, registered: '2026-03-16T01:00:00Z', spb: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const period = 'from=2026-02-01&to=2026-02-28';
  const get = async <T>(path: string, who: SignedIn) => {
    const res = await w.call('GET', `/api/reports/${path}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };
  const cellsOf = (answer: ReportAnswer, key: string) => answer.rows.find((r) => r.key === key)?.cells;
  const numbers = (drill: ReportDrill) => drill.rows.map((r) => Number(r.key)).sort((a, b) => a - b);
  const ids = (...keys: string[]) => keys.map((k) => d[k]!).sort((a, b) => a - b);

  it('counts the period by status with the release time as median and 90th percentile, for the office', async () => {
    const answer = await get<ReportAnswer>(`customs-report?${period}`, office);
    const released = [60, 120, 240, 600]; // D1-D3 released, D4 conditionally; D5's refusal is no release
    expect(answer.totals[0]!.cells).toEqual({
      group: null,
      declarations: 7,
      released: 4,
      releaseMedian: hours(percentile(released, 0.5)),
      releaseP90: hours(percentile(released, 0.9)),
      inspections: 4,
      refusals: 1,
    });
    expect(answer.totals[0]!.cells.releaseMedian).toBe('3.0');
    expect(cellsOf(answer, 'RELEASED')).toMatchObject({
      group: 'reports:customsStatuses.RELEASED',
      declarations: 3,
      releaseMedian: hours(percentile([60, 120, 240], 0.5)),
      releaseP90: hours(percentile([60, 120, 240], 0.9)),
      inspections: 1,
    });
    expect(cellsOf(answer, 'DRAFT')).toMatchObject({ declarations: 1, released: 0, releaseMedian: null });
    expect(answer.rows.map((r) => r.key).sort()).toEqual(
      ['DRAFT', 'REFUSED', 'RELEASED', 'RELEASED_CONDITIONALLY', 'UNDER_CONTROL'].sort(),
    );
  });

  it("leaves another office's declarations to those who may see them", async () => {
    const mine = await get<ReportAnswer>(`customs-report?${period}`, office);
    const everyone = await get<ReportAnswer>(`customs-report?${period}`, all);
    const released = [30, 60, 120, 240, 600];
    expect(everyone.totals[0]!.cells).toMatchObject({
      declarations: 8,
      released: 5,
      releaseMedian: hours(percentile(released, 0.5)),
      releaseP90: hours(percentile(released, 0.9)),
    });
    expect(mine.totals[0]!.cells.declarations).toBe(7);
    const own_ = await get<ReportAnswer>(`customs-report?${period}`, own);
    expect(own_.totals[0]!.cells).toMatchObject({ declarations: 1, released: 1, releaseMedian: '0.5' });
    const drilled = await get<ReportDrill>(
      `customs-report/drill?${period}&row=total&column=declarations`,
      office,
    );
    expect(drilled.rows.map((r) => r.key)).not.toContain(String(d.S1));
    expect((await w.call('GET', `/api/reports/customs-report?${period}`, nobody)).statusCode).toBe(403);
    expect((await w.call('GET', '/api/reports/customs-monitoring', nobody)).statusCode).toBe(403);
  });

  it('groups by customs point, procedure and inspection mode, and filters', async () => {
    const byPoint = await get<ReportAnswer>(`customs-report?${period}&groupBy=customsPoint`, office);
    expect(cellsOf(byPoint, String(p1))).toMatchObject({
      group: '10702030 Владивосток',
      declarations: 4,
      released: 3,
      releaseMedian: hours(percentile([60, 120, 240], 0.5)),
      releaseP90: hours(percentile([60, 120, 240], 0.9)),
      inspections: 1,
      refusals: 0,
    });
    expect(cellsOf(byPoint, String(p2))).toMatchObject({
      declarations: 3,
      released: 1,
      releaseMedian: '10.0',
      releaseP90: '10.0',
      inspections: 3,
      refusals: 1,
    });
    const byProcedure = await get<ReportAnswer>(`customs-report?${period}&groupBy=procedure`, office);
    expect(cellsOf(byProcedure, 'EK-10')).toMatchObject({ group: 'ЭК 10', declarations: 1 });
    expect(cellsOf(byProcedure, 'IM-40')).toMatchObject({ group: 'ИМ 40', declarations: 6 });
    const byMode = await get<ReportAnswer>(`customs-report?${period}&groupBy=inspectionMode`, office);
    expect(cellsOf(byMode, 'examination')).toMatchObject({ declarations: 2, refusals: 1 });
    const filtered = await get<ReportAnswer>(`customs-report?${period}&customsPointId=${p2}`, office);
    expect(filtered.totals[0]!.cells.declarations).toBe(3);
    const bad = await w.call('GET', `/api/reports/customs-report?${period}&groupBy=colour`, office);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.children.groupBy).toBeDefined();
  });

  it('drills a figure down to the declarations behind it, each opening its page', async () => {
    const q = `customs-report?${period}&groupBy=customsPoint`;
    const times = await get<ReportDrill>(
      `${q.replace('?', '/drill?')}&row=${p1}&column=releaseMedian`,
      office,
    );
    expect(times.kind).toBe('declarations');
    expect(numbers(times)).toEqual(ids('D1', 'D2', 'D3'));
    expect(times.rows.map((r) => r.cells.releaseHours)).toEqual(['1.0', '2.0', '4.0']);
    expect(times.rows[0]!.href).toBe(`/tms/customs/${d.D1}`);
    const refusals = await get<ReportDrill>(
      `customs-report/drill?${period}&row=total&column=refusals`,
      office,
    );
    expect(numbers(refusals)).toEqual(ids('D5'));
    // A refusal keeps its registration → decision time, but it is no release time.
    expect(refusals.rows[0]!.cells.releaseHours).toBeNull();
    expect(refusals.totals[0]!.cells.declarations).toBe(1);
    const inspections = await get<ReportDrill>(
      `customs-report/drill?${period}&row=total&column=inspections`,
      office,
    );
    expect(numbers(inspections)).toEqual(ids('D3', 'D4', 'D5', 'D6'));
  });

  it('exports the screen to XLSX in the background', async () => {
    const queued = await w.call('POST', '/api/reports/customs-report/export', office, {
      query: { from: '2026-02-01', to: '2026-02-28' },
      lang: 'en',
    });
    expect(queued.statusCode, queued.body).toBe(201);
    expect(await ctx.app.queue.drain()).toBe(1);
    const job = (await w.call('GET', `/api/background-jobs/${queued.json().data.id}`, office)).json().data;
    expect(job.state).toBe('done');
    const file = await ctx.app.inject({
      method: 'GET',
      url: job.result.downloadLink,
      headers: office.headers,
    });
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]).toEqual([
      'Status',
      'Declarations',
      'Released',
      'Release time, median, h',
      'Release time, 90th percentile, h',
      'Inspections and examinations',
      'Release refusals',
    ]);
    expect(rows.at(-1)).toEqual(['Total', 7, 4, 3, 8.2, 4, 1]);
  });

  it("monitors the open declarations against their deadlines in each point's time zone", async () => {
    const answer = await get<ReportAnswer>('customs-monitoring', office);
    // Most pressing first: D6 (10 working days after Fri 20.02 end on Fri 06.03 in Moscow), M2 (4 h),
    // M1 (registration, 2 h), M3 (10 working days after Fri 13.03 in Vladivostok, the 18th a holiday: Mon 30.03).
    expect(answer.rows.map((r) => r.key)).toEqual([d.D6, d.M2, d.M1, d.M3].map(String));
    const cells = (key: string) => answer.rows.find((r) => r.key === String(d[key]))!.cells;
    expect(cells('D6')).toMatchObject({
      term: 'reports:deadlineKinds.extended',
      deadline: '07.03.2026 00:00',
      leftHours: '-222.0',
      state: 'reports:monitoringStates.overdue',
    });
    expect(cells('M2')).toMatchObject({
      term: 'reports:deadlineKinds.release',
      timeZone: 'Europe/Moscow (UTC+3)',
      started: '16.03.2026 01:30',
      deadline: '16.03.2026 05:30',
      elapsedHours: '4.5',
      leftHours: '-0.5',
      state: 'reports:monitoringStates.overdue',
    });
    expect(cells('M1')).toMatchObject({
      status: 'reports:customsStatuses.SUBMITTED',
      term: 'reports:deadlineKinds.registration',
      timeZone: 'Asia/Vladivostok (UTC+10)',
      started: '16.03.2026 12:00',
      deadline: '16.03.2026 14:00',
      elapsedHours: '1.0',
      leftHours: '1.0',
      state: 'reports:monitoringStates.dueSoon',
    });
    expect(cells('M3')).toMatchObject({
      control: 'reports:controlKinds.DOCUMENTS_REQUESTED',
      started: '13.03.2026 11:00',
      deadline: '31.03.2026 00:00',
      elapsedHours: '74.0',
      leftHours: '347.0',
      state: 'reports:monitoringStates.onTime',
    });
    expect(answer.rows[0]!.href).toBe(`/tms/customs/${d.D6}`);
    expect(answer.totals[0]!.cells).toMatchObject({ declarations: 4, overdue: 2 });
    const overdue = await get<ReportDrill>('customs-monitoring/drill?row=total&column=overdue', office);
    expect(numbers(overdue)).toEqual(ids('D6', 'M2'));
    const everyone = await get<ReportAnswer>('customs-monitoring', all);
    expect(everyone.rows.map((r) => r.key)).toContain(String(d.S2));
  });

  it('announces a move of a declaration live, and the monitoring no longer lists a released one', async () => {
    const socket: WebSocket = await ctx.app.injectWS(await socketUrl(ctx.app, office.token));
    const messages: { type: string; topics?: string[]; payload?: { id: number } }[] = [];
    let heard: () => void = () => {};
    const subscribed = new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data));
        messages.push(message);
        if (message.type === 'subscribed') resolve();
        if (message.type === 'message') heard();
      });
    });
    const arrived = new Promise<void>((resolve) => {
      heard = resolve;
    });
    socket.send(JSON.stringify({ type: 'subscribe', topics: [CUSTOMS_DECLARATIONS_TOPIC] }));
    try {
      await subscribed;
      expect(messages[0]).toMatchObject({ topics: [CUSTOMS_DECLARATIONS_TOPIC] });
      const res = await w.call('POST', `/api/tms/customs/${d.M2}/release`, statuser, { version: 1 });
      expect(res.statusCode, res.body).toBe(200);
      await deliverEvents(ctx.app);
      await arrived;
      expect(messages.find((m) => m.type === 'message')?.payload).toMatchObject({ id: d.M2 });
      const answer = await get<ReportAnswer>('customs-monitoring', office);
      expect(answer.rows.map((r) => r.key)).not.toContain(String(d.M2));
      expect(answer.totals[0]!.cells).toMatchObject({ declarations: 3, overdue: 1 });
    } finally {
      socket.terminate();
    }
  });
});

import type { DeclarationStatus, ReportAnswer, ReportDrill } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { createTestApp, type TestContext } from '../../test/harness';
import { countryId } from '../../test/reference-rows';
import { type ReportsWorld, reportsWorld, sheetRows } from '../../test/reports-world';
import { type SignedIn, signIn } from '../../test/users';
import { customsDeclarations, customsPoints } from '../customs';

/*
 * The first quarter of 2026 seen on 2026-09-15, base RUB; the company is Russian. Worked out by hand:
 *   B1  O1 RU → DE, dispatched 03-01: 1000.00 RUB; deadline 03-01 + 180 = 08-28, no documents → expired
 *   B3  O3 RU → KZ, dispatched 03-10: 500.00 RUB; a CMR filed on 06-01                   → confirmed
 *   B2  O2 CN → RU, dispatched 03-20: 100.00 USD at 90.25 = 9025.00; deadline 09-16      → pending, 1 day
 *   B6  O5 RU → DE, no dispatch date, recognised 03-31: 200.00 RUB; deadline 09-27        → pending, 12 days
 * With customs declarations (Moscow time):
 *   B7  O6 RU → DE, dispatched 03-02, export DT released 03-20 01:30: 400.00 RUB; the clock runs from the
 *       release: 03-20 + 180 = 09-16; the released DT confirms it                           → confirmed
 *       (seen on 03-19 the release is not yet: from dispatch, 08-29, 163 days left, pending)
 *   B8  O7 CN → RU, dispatched 03-05, import DT released 03-08: 150.00 RUB; an import runs from the
 *       shipping document: 09-01; an import DT confirms nothing here                         → expired
 *   B9  O8 RU → KZ, dispatched 03-25, export DT under control (not released): 250.00 RUB; from dispatch:
 *       09-21                                                                                → pending, 6 days
 * Left out: O4 RU → RU (domestic), a disbursement on O1. Totals: RUB 2500.00; USD 100.00 (9025.00); base 11525.00.
 */
describe('VAT 0 %', () => {
  let ctx: TestContext;
  let w: ReportsWorld;
  let preview: SignedIn;
  let exporter: SignedIn;
  const b: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await reportsWorld(ctx);
    preview = await signIn(ctx, ['ROLE_REPORT_VAT0_PREVIEW']);
    exporter = await signIn(ctx, ['ROLE_REPORT_VAT0_EXPORT']);
    const country = (code: string) => countryId(ctx.database, code);
    const [ru, de, kz, cn] = [
      await country('RU'),
      await country('DE'),
      await country('KZ'),
      await country('CN'),
    ];
    const client = await w.counterparty('Альфа');
    const order = async (from: number, to: number, dispatchDate?: string) => {
      const id = await w.order({ clientId: client, ...(dispatchDate && { dispatchDate }) });
      await ctx.database.db.execute(
        sql`UPDATE orders SET dispatch_country_id = ${from}, delivery_country_id = ${to} WHERE id = ${id}`,
      );
      return id;
    };
    const o1 = await order(ru, de, '2026-03-01');
    const o2 = await order(cn, ru, '2026-03-20');
    const o3 = await order(ru, kz, '2026-03-10');
    const o4 = await order(ru, ru, '2026-03-02');
    const o5 = await order(ru, de);
    const bill = async (key: string, orderId: number, amount: string, date: string, extra = {}) => {
      b[key] = (await w.bill({ orderIds: [orderId], counterpartyId: client, amount, date, ...extra })).id;
    };
    await bill('B1', o1, '1000.00', '2026-03-05');
    await bill('B2', o2, '100.00', '2026-03-25', { currencyId: w.usd });
    await bill('B3', o3, '500.00', '2026-03-12');
    await bill('B4', o4, '700.00', '2026-03-12');
    await bill('B5', o1, '300.00', '2026-03-06', { disbursement: true });
    await bill('B6', o5, '200.00', '2026-03-31');
    const o6 = await order(ru, de, '2026-03-02');
    const o7 = await order(cn, ru, '2026-03-05');
    const o8 = await order(ru, kz, '2026-03-25');
    await bill('B7', o6, '400.00', '2026-03-15');
    await bill('B8', o7, '150.00', '2026-03-10');
    await bill('B9', o8, '250.00', '2026-03-28');
    const [point] = await ctx.database.db
      .insert(customsPoints)
      .values({ code: '10005030', name: 'Москва', countryId: ru })
      .returning({ id: customsPoints.id });
    const declaration = (
      orderId: number,
      direction: 'IM' | 'EK',
      status: DeclarationStatus,
      decisionAt: string | null,
    ) =>
      ctx.database.db.insert(customsDeclarations).values({
        orderId,
        status,
        direction,
        procedureCode: direction === 'EK' ? '10' : '40',
        customsPointId: point!.id,
        registeredAt: new Date('2026-03-06T09:00:00Z'),
        decisionAt: decisionAt ? new Date(decisionAt) : null,
      });
    await declaration(o6, 'EK', 'RELEASED', '2026-03-19T22:30:00Z');
    await declaration(o7, 'IM', 'RELEASED', '2026-03-08T09:00:00Z');
    await declaration(o8, 'EK', 'UNDER_CONTROL', null);
    const [cmr] = await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO file_tag_types (code, name, name_en) VALUES ('CMR', 'CMR', 'CMR') RETURNING id`,
    );
    const [file] = await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO files (storage_key, description, mime_type, size, sha256, temporary, owner_type, owner_id, created_at)
        VALUES ('vat0-cmr', 'CMR.pdf', 'application/pdf', 1, ${'0'.repeat(64)}, false, 'order', ${o3}, '2026-06-01T10:00:00Z')
        RETURNING id`,
    );
    await ctx.database.db.execute(
      sql`INSERT INTO file_tags (file_id, tag_type_id) VALUES (${file!.id}, ${cmr!.id})`,
    );
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const query = 'from=2026-01-01&to=2026-03-31&asOf=2026-09-15';
  const get = async <T>(path: string, who = preview) => {
    const res = await w.call('GET', `/api/reports/vat0${path}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };

  it('lists the international sales with their 180-day deadline and status at the as-of date', async () => {
    const answer = await get<ReportAnswer>(`?${query}`);
    expect(
      answer.rows.map((r) => [r.href, r.cells.route, r.cells.deadline, r.cells.daysLeft, r.cells.status]),
    ).toEqual([
      [`/finances/bills/${b.B1}`, 'RU → DE', '2026-08-28', null, 'reports:vat0Statuses.expired'],
      [`/finances/bills/${b.B8}`, 'CN → RU', '2026-09-01', null, 'reports:vat0Statuses.expired'],
      [`/finances/bills/${b.B3}`, 'RU → KZ', '2026-09-06', null, 'reports:vat0Statuses.confirmed'],
      [`/finances/bills/${b.B2}`, 'CN → RU', '2026-09-16', 1, 'reports:vat0Statuses.pending'],
      [`/finances/bills/${b.B7}`, 'RU → DE', '2026-09-16', null, 'reports:vat0Statuses.confirmed'],
      [`/finances/bills/${b.B9}`, 'RU → KZ', '2026-09-21', 6, 'reports:vat0Statuses.pending'],
      [`/finances/bills/${b.B6}`, 'RU → DE', '2026-09-27', 12, 'reports:vat0Statuses.pending'],
    ]);
    const cellsOf = (of: ReportAnswer, key: string) => of.rows.find((r) => r.key === String(b[key]))!.cells;
    expect(cellsOf(answer, 'B7')).toMatchObject({ dispatchDate: '2026-03-02', exportRelease: '2026-03-20' });
    expect(cellsOf(answer, 'B8')).toMatchObject({ dispatchDate: '2026-03-05', exportRelease: null });
    expect(cellsOf(answer, 'B9')).toMatchObject({ dispatchDate: '2026-03-25', exportRelease: null });
    expect(answer.totals.map((t) => [t.key, t.cells.amount, t.cells.amountBase])).toEqual([
      ['currency:RUB', '2500.00', '2500.00'],
      ['currency:USD', '100.00', '9025.00'],
      ['total', null, '11525.00'],
    ]);
    expect(answer.chart?.data.map((d) => d.amountBase)).toEqual([1150, 9475, 0, 0, 900]);
    const pending = await get<ReportAnswer>(`?${query}&status=pending`);
    expect(pending.rows.map((r) => r.href)).toEqual([b.B2, b.B9, b.B6].map((id) => `/finances/bills/${id}`));
    // Before the CMR was filed the sale was pending: 09-06 − 05-01 = 128 days left.
    const may = await get<ReportAnswer>('?from=2026-01-01&to=2026-03-31&asOf=2026-05-01');
    expect(cellsOf(may, 'B3')).toMatchObject({ daysLeft: 128 });
    // The evening before the release (Moscow) the mark is not yet: pending from the dispatch, 08-29.
    const eve = await get<ReportAnswer>('?from=2026-01-01&to=2026-03-31&asOf=2026-03-19');
    expect(cellsOf(eve, 'B7')).toMatchObject({
      exportRelease: null,
      deadline: '2026-08-29',
      daysLeft: 163,
      status: 'reports:vat0Statuses.pending',
    });
  });

  it('drills a total down to its bills, summing to it', async () => {
    const usd = await get<ReportDrill>(`/drill?${query}&row=currency:USD&column=amount`);
    expect(usd.rows.map((r) => r.href)).toEqual([`/finances/bills/${b.B2}`]);
    expect(usd.totals[0]!.cells.amount).toBe('100.00');
    const all = await get<ReportDrill>(`/drill?${query}&row=total&column=amountBase`);
    expect(all.rows).toHaveLength(7);
    expect(all.totals.at(-1)!.cells.amountBase).toBe('11525.00');
  });

  it('lets the preview role see it and the export role export it, each alone', async () => {
    const body = { query: { from: '2026-01-01', to: '2026-03-31', asOf: '2026-09-15' }, lang: 'en' };
    expect((await w.call('POST', '/api/reports/vat0/export', preview, body)).statusCode).toBe(403);
    expect((await w.call('GET', `/api/reports/vat0?${query}`, exporter)).statusCode).toBe(403);
    const queued = await w.call('POST', '/api/reports/vat0/export', exporter, body);
    expect(queued.statusCode, queued.body).toBe(201);
    expect(await ctx.app.queue.drain()).toBe(1);
    const job = (await w.call('GET', `/api/background-jobs/${queued.json().data.id}`, exporter)).json().data;
    expect(job.state).toBe('done');
    const file = await ctx.app.inject({
      method: 'GET',
      url: job.result.downloadLink,
      headers: exporter.headers,
    });
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]).toEqual([
      'Bill',
      'Recognition date',
      'Client',
      'Route',
      'Shipped',
      'Export released',
      'Documents due',
      'Days left',
      'Status',
      'Currency',
      'Amount',
      'Amount, RUB',
    ]);
    expect(rows.slice(1, 8).map((r) => [r[3], r[8], r[11]])).toEqual([
      ['RU → DE', 'Expired', 1000],
      ['CN → RU', 'Expired', 150],
      ['RU → KZ', 'Confirmed', 500],
      ['CN → RU', 'Pending', 9025],
      ['RU → DE', 'Confirmed', 400],
      ['RU → KZ', 'Pending', 250],
      ['RU → DE', 'Pending', 200],
    ]);
    expect(rows[5]![5]).toBe('2026-03-20');
    expect(rows.slice(8).map((r) => [r[0], r[9], r[10], r[11]])).toEqual([
      ['Total', 'RUB', 2500, 2500],
      ['Total', 'USD', 100, 9025],
      ['Total', null, null, 11525],
    ]);
  });
});

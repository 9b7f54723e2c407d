import { OFFER_MESSAGES, SHIPMENT_DOCUMENT_MESSAGES } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../platform/files/tables';
import { cabinetUser } from '../../test/cabinets';
import { createTestApp, type TestContext } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { daysFromToday, errorsOf } from '../../test/operations-world';
import { type OpsWorld, opsWorld } from '../../test/ops-world';
import { signIn } from '../../test/users';
import { stages } from '../operations';
import { requestOffers } from '../requests';

let ctx: TestContext;
let w: OpsWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await opsWorld(ctx);
}, 300_000);
afterAll(() => ctx?.close());

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers, payload });

describe('the contractor portal (OPS)', () => {
  it("shows the offer asked of him with what to price, and takes his price through the offers' write", async () => {
    const list = await call('GET', '/api/ops/offers', w.c.user.headers);
    expect(list.statusCode).toBe(200);
    const [offer] = list.json().data.collection;
    expect(offer).toMatchObject({
      id: w.c.offerId,
      status: 'REQUESTED',
      offerTypeName: 'Автоперевозка',
      selected: false,
    });
    expect(offer.requestNumber).toBeGreaterThan(0);

    const past = await call('POST', `/api/ops/offers/${w.c.offerId}/answer`, w.c.user.headers, {
      amounts: [{ amount: '1500.00', currency: 'RUB' }],
      validUntil: daysFromToday(-1),
      version: offer.version,
    });
    expect(past.statusCode).toBe(400);
    expect(errorsOf(past)).toEqual({ validUntil: [OFFER_MESSAGES.validityPast] });
    const [unchanged] = await ctx.database.db
      .select()
      .from(requestOffers)
      .where(eq(requestOffers.id, w.c.offerId));
    expect(unchanged!.amounts).toEqual([]);

    const answered = await call('POST', `/api/ops/offers/${w.c.offerId}/answer`, w.c.user.headers, {
      amounts: [{ amount: '1500.00', currency: 'RUB' }],
      validUntil: daysFromToday(10),
      comment: 'Тент 20 т',
      version: offer.version,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({
      status: 'RECEIVED',
      amounts: [{ amount: '1500.00', currency: 'RUB' }],
      comment: 'Тент 20 т',
    });
    const stale = await call('POST', `/api/ops/offers/${w.c.offerId}/answer`, w.c.user.headers, {
      amounts: [{ amount: '1.00', currency: 'RUB' }],
      version: offer.version,
    });
    expect(stale.statusCode).toBe(409);
  });

  it("shows his job's OPS-visible stages under their OPS names and lets him close one with its date", async () => {
    const list = await call(`GET`, '/api/ops/jobs', w.c.user.headers);
    expect(list.json().data.collection.map((j: { id: number }) => j.id)).toEqual([w.c.jobId]);
    // The cargo of the job's order (the order is client A's: read through the wall's contractor policy).
    expect(list.json().data.collection[0].cargoDescription).toBe('Станки A');
    const shown = await call('GET', `/api/ops/jobs/${w.c.jobId}/stages`, w.c.user.headers);
    expect(shown.json().data.map((s: { name: string }) => s.name)).toEqual(w.c.visibleStages);
    const [first] = shown.json().data;

    const future = await call(
      'POST',
      `/api/ops/jobs/${w.c.jobId}/stages/${first.id}/close`,
      w.c.user.headers,
      {
        actualDate: daysFromToday(3),
        version: first.version,
      },
    );
    expect(future.statusCode).toBe(400);
    const hidden = await call(
      'POST',
      `/api/ops/jobs/${w.c.jobId}/stages/${w.c.hiddenStageId}/close`,
      w.c.user.headers,
      { version: 1 },
    );
    expect(hidden.statusCode).toBe(404);

    const closed = await call(
      'POST',
      `/api/ops/jobs/${w.c.jobId}/stages/${first.id}/close`,
      w.c.user.headers,
      {
        actualDate: daysFromToday(-1),
        version: first.version,
      },
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ closed: true, actualDate: daysFromToday(-1) });
    const [row] = await ctx.database.db.select().from(stages).where(eq(stages.id, first.id));
    expect(row).toMatchObject({ closed: true, closedById: null });
  });

  it('takes documents of his job into its files, shows him those, and nothing of a job not his', async () => {
    const upload = (name: string, who = w.c.user, jobId = w.c.jobId) => {
      const body = multipart(name, `content of ${name}`, 'application/pdf');
      return ctx.app.inject({
        method: 'POST',
        url: `/api/ops/jobs/${jobId}/files`,
        headers: { ...who.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const cmr = await upload('CMR.pdf');
    expect(cmr.statusCode, cmr.body).toBe(201);
    expect((await upload('Чужое.pdf', w.d.user)).statusCode).toBe(404);
    const empty = await call('POST', `/api/ops/jobs/${w.c.jobId}/files`, w.c.user.headers);
    expect(empty.statusCode).toBe(400);
    expect(
      (await ctx.database.db.select().from(files).where(eq(files.description, 'Чужое.pdf'))).length,
    ).toBe(0);

    const mine = await call('GET', `/api/ops/jobs/${w.c.jobId}/files`, w.c.user.headers);
    expect(mine.json().data.map((f: { name: string }) => f.name)).toEqual(['CMR C.pdf', 'CMR.pdf']);
    const fileId = cmr.json().data.id;
    const content = await call('GET', `/api/ops/jobs/${w.c.jobId}/files/${fileId}`, w.c.user.headers);
    expect(content.body).toBe('content of CMR.pdf');
    expect((await call('GET', `/api/ops/jobs/${w.c.jobId}/files`, w.d.user.headers)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/ops/jobs/${w.c.jobId}/files/${fileId}`, w.d.user.headers)).statusCode,
    ).toBe(404);
    // The back office sees it among the job's files.
    const staff = await signIn(ctx, ['ROLE_JOB_VIEW_ALL']);
    const jobFiles = await call('GET', `/api/tms/jobs/${w.c.jobId}/files`, staff.headers);
    expect(jobFiles.json().data.collection.map((f: { description: string }) => f.description)).toContain(
      'CMR.pdf',
    );
  });

  it('shows him the transport order mailed to him for his job and records his acceptance, once', async () => {
    const url = `/api/ops/jobs/${w.c.jobId}/transport-orders`;
    const [order] = (await call('GET', url, w.c.user.headers)).json().data;
    expect(order).toMatchObject({
      id: w.c.transportOrderId,
      acceptedAt: null,
      details: { vehicle: 'А00CАА77' },
    });
    const accept = (version: number, who = w.c.user, jobId = w.c.jobId) =>
      call('POST', `/api/ops/jobs/${jobId}/transport-orders/${w.c.transportOrderId}/accept`, who.headers, {
        version,
      });
    // Through another contractor's job, or as him: not found, and nothing recorded.
    expect((await accept(order.version, w.d.user, w.d.jobId)).statusCode).toBe(404);
    expect((await accept(order.version, w.d.user)).statusCode).toBe(404);
    expect((await accept(order.version + 1)).statusCode).toBe(409);
    const accepted = await accept(order.version);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.acceptedAt).not.toBeNull();
    const again = await accept(accepted.json().data.version);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.errors).toEqual([SHIPMENT_DOCUMENT_MESSAGES.alreadyAccepted]);
    // The back office sees it accepted.
    const staff = await signIn(ctx, ['ROLE_JOB_VIEW_ALL']);
    const seen = await call('GET', `/api/transport-orders/${w.c.transportOrderId}`, staff.headers);
    expect(seen.json().data.acceptedAt).toBe(accepted.json().data.acceptedAt);
  });

  it('shows our payments to him, and each section wants its role', async () => {
    expect((await call('GET', '/api/ops/bills', w.c.user.headers)).statusCode).toBe(200);
    const payments = await call('GET', '/api/ops/payments', w.c.user.headers);
    expect(payments.json().data.collection).toEqual([
      expect.objectContaining({ id: w.c.paymentId, amount: '200.00', purpose: 'Оплата C' }),
    ]);
    const offersOnly = await cabinetUser(ctx, w.c.id, ['CABINET_OFFERS'], 'contractor');
    expect((await call('GET', '/api/ops/offers', offersOnly.headers)).statusCode).toBe(200);
    for (const path of ['/api/ops/jobs', '/api/ops/bills', '/api/ops/payments']) {
      expect((await call('GET', path, offersOnly.headers)).statusCode, path).toBe(403);
    }
    // A client's cabinet user reaches none of it.
    expect((await call('GET', '/api/ops/jobs', w.pcc.a.user.headers)).statusCode).toBe(403);
  });
});

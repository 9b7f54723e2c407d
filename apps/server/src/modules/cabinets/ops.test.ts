import { OFFER_MESSAGES } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cabinetUser } from '../../test/cabinets';
import { createTestApp, type TestContext } from '../../test/harness';
import { daysFromToday, errorsOf } from '../../test/operations-world';
import { type OpsWorld, opsWorld } from '../../test/ops-world';
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
    expect(offer).toMatchObject({ id: w.c.offerId, status: 'REQUESTED', offerTypeName: 'Автоперевозка' });
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

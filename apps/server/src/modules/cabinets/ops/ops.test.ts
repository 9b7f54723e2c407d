import {
  moneyTexts,
  OFFER_MESSAGES,
  type PccNotificationPage,
  SHIPMENT_DOCUMENT_MESSAGES,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../../platform/files/tables';
import { cabinetUser } from '../../../test/cabinets';
import { createTestApp, deliverEvents, type TestContext } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { daysFromToday, errorsOf } from '../../../test/operations-world';
import { type OpsWorld, opsWorld } from '../../../test/ops-world';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { signIn } from '../../../test/users';
import { paymentForms } from '../../finance';
import { stages } from '../../operations';
import { requestOffers, requestOfferTypes } from '../../requests';
import { shipmentDocuments } from '../../shipment-documents';
import { cabinetMails, cabinetUsers } from '../tables';

let ctx: TestContext;
let w: OpsWorld;
let smtp: TestSmtp;

beforeAll(async () => {
  // A mail server: a transport order is sent to the contractor through it.
  smtp = await startTestSmtp();
  ctx = await createTestApp({ smtp: smtp.config });
  w = await opsWorld(ctx);
}, 300_000);
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

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

describe("the contractor portal's notifications", () => {
  it('tells his users, in the portal and by mail, of a price asked, a transport order sent and a payment made; never another contractor', async () => {
    const db = ctx.database.db;
    const staff = await signIn(ctx, [
      'ROLE_REQUEST_VIEW_ALL',
      'ROLE_REQUEST_SEND_TO_CONTRACTOR',
      'ROLE_JOB_VIEW_ALL',
      'ROLE_JOB_EDIT_ALL',
      'ROLE_COUNTERPARTY_VIEW_ALL',
      'ROLE_PAYMENT_CREATE',
      'ROLE_PAYMENT_UNLINKED',
    ]);
    const offersOnly = await cabinetUser(ctx, w.c.id, ['CABINET_OFFERS'], 'contractor');
    const mailsBefore = (await db.select({ id: cabinetMails.id }).from(cabinetMails)).map((m) => m.id);
    const [offerType] = await db
      .select()
      .from(requestOfferTypes)
      .where(eq(requestOfferTypes.code, 'ops-road'));
    const asked = await call('POST', `/api/requests/${w.pcc.b.requestId}/offers/send`, staff.headers, {
      offerTypeId: offerType!.id,
      contractorIds: [w.c.id],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const [order] = await db
      .insert(shipmentDocuments)
      .values({
        kind: 'transport-order',
        operationType: 'job',
        operationId: w.c.jobId,
        legalEntityId: (await db.select().from(paymentForms))[0]!.legalEntityId,
        templateName: 'Заявка перевозчику',
        details: {},
      })
      .returning();
    const sent = await call('POST', `/api/transport-orders/${order!.id}/send`, staff.headers, {
      to: 'c@ops.test',
      version: order!.version,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await ctx.app.queue.drain()).toBe(1);
    const [form] = await db.select().from(paymentForms);
    const paid = await call('POST', '/api/finances/payments', staff.headers, {
      number: 'ПП-77',
      direction: 'OUTGOING',
      date: '2026-03-05',
      paymentFormId: form!.id,
      amount: '1500.50',
      counterpartyId: w.c.id,
      purpose: 'Оплата перевозки',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await deliverEvents(ctx.app);

    const bell = async (who: { headers: Record<string, string> }) => {
      const res = await call('GET', '/api/ops/notifications', who.headers);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as PccNotificationPage).collection.map((n) => [n.kind, n.params, n.link]);
    };
    const priceAsked = ['priceAsked', { request: expect.stringMatching(/^\d{6}$/) }, '/ops/offers'];
    expect(await bell(w.c.user)).toEqual([
      [
        'paymentMade',
        { number: 'ПП-77', date: '2026-03-05', amount: '1500.50', currency: 'RUB' },
        '/ops/payments',
      ],
      [
        'transportOrderSent',
        { job: expect.stringMatching(/^\d{6}$/), document: expect.stringMatching(/^\d{6}$/) },
        `/ops/jobs/${w.c.jobId}`,
      ],
      priceAsked,
    ]);
    // Each hears of what his roles within the portal show him; the other contractor, and the client cabinet
    // the request belongs to, hear nothing of it.
    expect(await bell(offersOnly)).toEqual([priceAsked]);
    expect(await bell(w.d.user)).toEqual([]);
    const client = (await call('GET', '/api/pcc/notifications', w.pcc.b.user.headers)).json().data;
    expect(client.collection.map((n: { link: string }) => n.link)).toEqual(['/pcc/bills']); // the world's own

    // By mail, in both languages, once even when delivered again.
    await deliverEvents(ctx.app);
    const mails = (await db.select().from(cabinetMails)).filter((m) => !mailsBefore.includes(m.id));
    const [own] = await db
      .select({ email: cabinetUsers.email })
      .from(cabinetUsers)
      .where(eq(cabinetUsers.id, w.c.user.cabinetUserId!));
    expect(mails.filter((m) => m.to === own!.email)).toHaveLength(3);
    const payment = mails.find((m) => m.to === own!.email && m.body.includes('ПП-77'));
    const amount = moneyTexts('1500.50', 'RUB');
    expect(payment?.subject).toBe(`Мы оплатили вам ${amount.ru} / We paid you ${amount.en}`);
    expect(payment?.body).toContain('05.03.2026');
    expect(payment?.body).toContain('{{publicUrl}}/ops/payments');
    expect(mails.every((m) => m.to !== 'c@ops.test' && !m.to.includes(`-${w.d.id}@`))).toBe(true);
  });
});

import {
  CURRENCY_RATE_MESSAGES,
  CUSTOMER_REQUEST_MESSAGES,
  flattenTree,
  OPERATION_MESSAGES as M,
  OFFER_MESSAGES as O,
} from '@tms/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLog } from '../../platform/changelog/tables';
import { notifications } from '../../platform/notifications/tables';
import type { SignedIn } from '../../test/users';
import { type Body, type Entity, offersWorld } from './offer-test-fixtures';
import { customerRequests, requestOffers } from './tables';
import { writeOffer } from './use-cases/offer-write';

/**
 * Offers on customer requests (docs/request-offers.md): the one write and its rules (contractor, validity
 * and its extension of at most a year, the request's lock), send to contractors, the disable role,
 * templates, the scope of `/request-offers` and the cabinet's principal.
 */

let w: Awaited<ReturnType<typeof offersWorld>>;
let worker: SignedIn;
/** Reading the counterparties a request and its offers name. */
const CP = 'ROLE_COUNTERPARTY_VIEW_ALL';

const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
  flattenTree(res.json().errors);

async function offer(who: SignedIn, requestId: number, body: Body = {}) {
  return w.call('POST', `/api/requests/${requestId}/offers`, who, {
    offerTypeId: w.road,
    contractorId: w.carrier,
    ...body,
  });
}

async function created(who: SignedIn, requestId: number, body: Body = {}): Promise<Entity> {
  const res = await offer(who, requestId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const update = (who: SignedIn, o: Entity, body: Body) =>
  w.call('PUT', `/api/requests/${o.requestId}/offers/${o.id}`, who, {
    offerTypeId: o.offerTypeId,
    contractorId: o.contractorId,
    validUntil: o.validUntil,
    amounts: o.amounts,
    version: o.version,
    ...body,
  });

beforeAll(async () => {
  w = await offersWorld();
  worker = await w.signIn(['ROLE_REQUEST_VIEW_ALL', 'ROLE_REQUEST_CREATE', CP]);
});
afterAll(() => w?.ctx.close());

describe('writing an offer', () => {
  it('asks a price of a contractor: REQUESTED, valid for the default days of the options', async () => {
    const request = await w.createRequest(worker);
    const o = await created(worker, request.id, { comment: 'Ждём ставку' });
    expect(o).toMatchObject({
      requestId: request.id,
      contractorId: w.carrier,
      contractorName: 'Перевозчик',
      status: 'REQUESTED',
      amounts: [],
      amountInBaseCurrency: null,
      validUntil: '2026-03-24',
      selected: false,
      comment: 'Ждём ставку',
    });
    const logged = await w.ctx.database.db
      .select({ action: changeLog.action, userId: changeLog.userId })
      .from(changeLog)
      .where(and(eq(changeLog.entityType, 'request_offer'), eq(changeLog.entityId, o.id)));
    expect(logged).toEqual([{ action: 'create', userId: worker.user.id }]);
  });

  it('takes offers of contractors only, of a known type', async () => {
    const request = await w.createRequest(worker);
    const res = await offer(worker, request.id, { contractorId: w.client, offerTypeId: 999999 });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({
      contractorId: [M.notContractor],
      offerTypeId: ['This value is not valid.'],
    });
    const count = await w.ctx.database.db
      .select()
      .from(requestOffers)
      .where(eq(requestOffers.requestId, request.id));
    expect(count).toEqual([]);
  });

  it('refuses a validity ending in the past or more than a year ahead', async () => {
    const request = await w.createRequest(worker);
    const past = await offer(worker, request.id, { validUntil: '2026-03-09' });
    expect(errorsOf(past)).toEqual({ validUntil: [O.validityPast] });
    const tooFar = await offer(worker, request.id, { validUntil: '2027-03-11' });
    expect(errorsOf(tooFar)).toEqual({ validUntil: [O.extension] });
    const yearAhead = await created(worker, request.id, { validUntil: '2027-03-10' });
    expect(yearAhead.validUntil).toBe('2027-03-10');
  });

  it('extends a validity by at most a year past its current end', async () => {
    const request = await w.createRequest(worker);
    const o = await created(worker, request.id, { validUntil: '2026-06-01' });
    const tooFar = await update(worker, o, { validUntil: '2027-06-02' });
    expect(tooFar.statusCode).toBe(400);
    expect(errorsOf(tooFar)).toEqual({ validUntil: [O.extension] });
    const extended = await update(worker, o, { validUntil: '2027-06-01' });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().data).toMatchObject({ validUntil: '2027-06-01', version: o.version + 1 });
  });

  it('keeps an expired validity as it is when other members change', async () => {
    const request = await w.createRequest(worker);
    const o = await created(worker, request.id, { validUntil: '2026-03-12' });
    w.clock.now = new Date('2026-04-01T09:00:00Z');
    try {
      const res = await update(worker, o, { comment: 'Просрочено, но выбрано', selected: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ validUntil: '2026-03-12', selected: true });
    } finally {
      w.clock.now = new Date('2026-03-10T09:00:00Z');
    }
  });

  it('refuses amounts in an unknown currency or one currency twice', async () => {
    const request = await w.createRequest(worker);
    const res = await offer(worker, request.id, {
      amounts: [
        { amount: '100', currency: 'XYZ' },
        { amount: '5', currency: 'EUR' },
        { amount: '6', currency: 'EUR' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ 'amounts.2.currency': [O.currencyTwice] });
    const unknown = await offer(worker, request.id, { amounts: [{ amount: '100', currency: 'XYZ' }] });
    expect(errorsOf(unknown)).toEqual({ 'amounts.0.currency': [O.unknownCurrency] });
  });

  it('is locked with its request in NO_SERVICE', async () => {
    const request = await w.createRequest(worker);
    const o = await created(worker, request.id);
    await w.ctx.database.db
      .update(customerRequests)
      .set({ status: 'NO_SERVICE' })
      .where(eq(customerRequests.id, request.id));
    const res = await update(worker, o, { comment: 'Поздно' });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ '': [CUSTOMER_REQUEST_MESSAGES.locked] });
    expect(errorsOf(await offer(worker, request.id))).toEqual({ '': [CUSTOMER_REQUEST_MESSAGES.locked] });
  });

  it('refuses a stale version', async () => {
    const request = await w.createRequest(worker);
    const o = await created(worker, request.id);
    expect((await update(worker, o, { comment: 'Первое' })).statusCode).toBe(200);
    expect((await update(worker, o, { comment: 'Второе' })).statusCode).toBe(409);
  });
});

describe("an offer's first price", () => {
  it("tells the request's people of it once: a changed price is no news", async () => {
    const colleague = await w.signIn(['ROLE_REQUEST_VIEW_ALL', 'ROLE_REQUEST_CREATE', CP]);
    const request = await w.createRequest(worker);
    const told = async () =>
      w.ctx.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, worker.user.id), eq(notifications.type, 'requestOfferPriced')));
    const asked = await created(colleague, request.id);
    expect(await told()).toHaveLength(0);
    const priced = await update(colleague, asked, { amounts: [{ amount: '1500.00', currency: 'RUB' }] });
    expect(priced.statusCode, priced.body).toBe(200);
    const [news] = await told();
    // The amount as the screens write it, in the reader's language ("1 500,00 ₽", never "1500.00 RUB").
    expect(news?.params).toMatchObject({
      contractor: 'Перевозчик',
      amount: { ru: '1\u00a0500,00\u00a0₽', en: '1,500.00\u00a0₽' },
    });
    const repriced = await update(colleague, priced.json().data, {
      amounts: [{ amount: '1600.00', currency: 'RUB' }],
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(await told()).toHaveLength(1);
  });
});

describe('the amount in base currency', () => {
  it('sums the amounts at the rates of the day the amounts were given, kept when other members change', async () => {
    await w.ratesOn('2026-03-10', '100.5', '18.25');
    const request = await w.createRequest(worker);
    const o = await created(worker, request.id, {
      amounts: [
        { amount: '1000', currency: 'EUR' },
        { amount: '50000', currency: 'KZT' },
        { amount: '1500.50', currency: 'RUB' },
      ],
    });
    // 1000 × 100.5 + 50000 × 18.25 / 100 + 1500.50
    expect(o).toMatchObject({
      status: 'RECEIVED',
      amountInBaseCurrency: '111125.50',
      baseCurrency: 'RUB',
      rateDate: '2026-03-10',
    });
    w.clock.now = new Date('2026-03-11T09:00:00Z');
    try {
      const commented = await update(worker, o, { comment: 'Без изменения сумм' });
      expect(commented.json().data).toMatchObject({
        amountInBaseCurrency: '111125.50',
        rateDate: '2026-03-10',
      });
    } finally {
      w.clock.now = new Date('2026-03-10T09:00:00Z');
    }
  });

  it('refuses amounts on a day without rates, and writes nothing', async () => {
    const request = await w.createRequest(worker);
    w.clock.now = new Date('2026-03-12T09:00:00Z');
    try {
      const res = await offer(worker, request.id, { amounts: [{ amount: '700', currency: 'EUR' }] });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toEqual({ amounts: [CURRENCY_RATE_MESSAGES.noRate] });
      const rub = await offer(worker, request.id, { amounts: [{ amount: '700', currency: 'RUB' }] });
      expect(rub.json().data).toMatchObject({ amountInBaseCurrency: '700.00', rateDate: '2026-03-12' });
    } finally {
      w.clock.now = new Date('2026-03-10T09:00:00Z');
    }
    const rows = await w.ctx.database.db
      .select()
      .from(requestOffers)
      .where(eq(requestOffers.requestId, request.id));
    expect(rows.map((row) => row.amounts)).toEqual([[{ amount: '700', currency: 'RUB' }]]);
  });
});

describe('a contractor cabinet writing through the same use case', () => {
  it('answers the offer asked of it, and reaches no other', async () => {
    const request = await w.createRequest(worker);
    const o = await created(worker, request.id);
    const db = w.ctx.database.db;
    const cabinetCtx = (counterpartyId: number) => ({
      tx: db,
      auth: {
        kind: 'cabinet' as const,
        cabinetKind: 'contractor' as const,
        counterpartyId,
        cabinetUserId: null,
        sessionId: null,
        roles: new Set<string>(),
      },
      registries: w.ctx.app.registries,
      clock: w.ctx.app.clock,
    });
    const answer = {
      id: o.id,
      version: o.version,
      requestId: request.id,
      offerTypeId: w.road,
      contractorId: w.carrier,
      comment: 'Ставка перевозчика',
    };
    await expect(
      db.transaction((tx) => writeOffer.execute({ ...cabinetCtx(w.broker), tx }, answer)),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      db.transaction((tx) =>
        writeOffer.execute({ ...cabinetCtx(w.carrier), tx }, { ...answer, contractorId: w.broker }),
      ),
    ).rejects.toMatchObject({ statusCode: 403 });
    const done = await db.transaction((tx) => writeOffer.execute({ ...cabinetCtx(w.carrier), tx }, answer));
    expect(done).toMatchObject({ id: o.id, comment: 'Ставка перевозчика', version: o.version + 1 });
  });
});

describe('sending a request to contractors', () => {
  it('asks each chosen contractor once: one REQUESTED offer each', async () => {
    const sender = await w.signIn(['ROLE_REQUEST_VIEW_ALL', 'ROLE_REQUEST_SEND_TO_CONTRACTOR']);
    const request = await w.createRequest(worker);
    const body = { offerTypeId: w.customs, contractorIds: [w.carrier, w.broker] };
    const refused = await w.call('POST', `/api/requests/${request.id}/offers/send`, worker, body);
    expect(refused.statusCode).toBe(403);
    const res = await w.call('POST', `/api/requests/${request.id}/offers/send`, sender, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.map((o: Entity) => [o.contractorName, o.status])).toEqual([
      ['Перевозчик', 'REQUESTED'],
      ['Брокер', 'REQUESTED'],
    ]);
    const again = await w.call('POST', `/api/requests/${request.id}/offers/send`, sender, {
      offerTypeId: w.customs,
      contractorIds: [w.broker, w.client],
    });
    expect(errorsOf(again)).toEqual({
      'contractorIds.0': [O.contractorTwice],
      'contractorIds.1': [M.notContractor],
    });
  });
});

describe('the contractors one may ask', () => {
  it('are every askable contractor, by name, for a sender who reaches no counterparty', async () => {
    const sender = await w.signIn(['ROLE_REQUEST_SEND_TO_CONTRACTOR']);
    const listed = await w.call('GET', '/api/request-offers/contractors?search=%D0%B1%D1%80%D0%BE', sender);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual({ collection: [{ id: w.broker, name: 'Брокер' }], total: 1 });
    const one = await w.call('GET', `/api/request-offers/contractors/${w.carrier}`, sender);
    expect(one.json().data).toEqual({ id: w.carrier, name: 'Перевозчик' });
    // A client is no contractor to ask; nobody without the offer roles reads the list.
    expect((await w.call('GET', `/api/request-offers/contractors/${w.client}`, sender)).statusCode).toBe(404);
    const outsider = await w.signIn([CP]);
    expect((await w.call('GET', '/api/request-offers/contractors', outsider)).statusCode).toBe(403);
  });
});

describe('disabling an offer', () => {
  it('needs its role, takes the offer out of the quote and stops its changes', async () => {
    const disabler = await w.signIn(['ROLE_REQUEST_VIEW_ALL', 'ROLE_REQUEST_OFFERS_DISABLE']);
    const request = await w.createRequest(worker);
    const o = await created(worker, request.id, { selected: true });
    const url = `/api/requests/${request.id}/offers/${o.id}/disabled`;
    expect((await w.call('PUT', url, worker, { disabled: true, version: o.version })).statusCode).toBe(403);
    const res = await w.call('PUT', url, disabler, { disabled: true, version: o.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'DISABLED', selected: false });
    const change = await update(worker, { ...o, version: res.json().data.version }, { comment: 'Нет' });
    expect(errorsOf(change)).toEqual({ '': [O.disabled] });
    const enabled = await w.call('PUT', url, disabler, { disabled: false, version: res.json().data.version });
    expect(enabled.json().data).toMatchObject({ status: 'REQUESTED' });
  });
});

describe('offer templates', () => {
  it('are edited by holders of their role and read by who works on requests', async () => {
    const keeper = await w.signIn(['ROLE_REQUEST_OFFER_TEMPLATES', CP]);
    const body = {
      name: 'Европа FTL',
      offerTypeId: w.road,
      contractorId: w.carrier,
      amounts: [{ amount: '2500', currency: 'EUR' }],
      validityDays: 30,
    };
    expect((await w.call('POST', '/api/request-offer-templates', worker, body)).statusCode).toBe(403);
    const res = await w.call('POST', '/api/request-offer-templates', keeper, body);
    expect(res.statusCode, res.body).toBe(201);
    const listed = await w.call('GET', '/api/request-offer-templates', worker);
    expect(listed.json().data.collection).toEqual([
      expect.objectContaining({ name: 'Европа FTL', validityDays: 30 }),
    ]);
  });
});

describe('the scope of /request-offers', () => {
  it('lists, finds and exports the offers of the requests the user reaches', async () => {
    const own = await w.signIn(['ROLE_REQUEST_CREATE', CP]);
    const office = await w.signIn(['ROLE_REQUEST_VIEW_OFFICE'], { serviceOfficeId: w.msq });
    const mine = await w.createRequest(own, w.msq);
    const theirs = await w.createRequest(worker, w.mow);
    const a = await created(own, mine.id, { contractorId: w.broker });
    const b = await created(worker, theirs.id);
    const ids = async (who: SignedIn) =>
      (await w.call('GET', `/api/request-offers?itemsPerPage=100`, who))
        .json()
        .data.collection.map((o: Entity) => o.id);
    expect(await ids(own)).toEqual([a.id]);
    expect(await ids(office)).toContain(a.id);
    expect(await ids(office)).not.toContain(b.id);
    expect(await ids(worker)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await w.call('GET', `/api/request-offers/${b.id}`, own)).statusCode).toBe(404);
    expect((await offer(own, theirs.id)).statusCode).toBe(404);
    const filtered = await w.call(
      'GET',
      `/api/request-offers?requestId=${mine.id}&contractorId=${w.broker}`,
      worker,
    );
    expect(filtered.json().data.collection.map((o: Entity) => o.id)).toEqual([a.id]);
    const noScope = await w.signIn(['ROLE_REQUEST_OFFERS_DISABLE']);
    expect((await w.call('GET', '/api/request-offers', noScope)).statusCode).toBe(403);
  });
});

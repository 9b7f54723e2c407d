import {
  CURRENCY_RATE_MESSAGES,
  flattenTree,
  OPERATION_MESSAGES as M,
  OFFER_MESSAGES as O,
  QUOTE_MESSAGES as Q,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../platform/files/tables';
import type { SignedIn } from '../../test/users';
import { type Body, type Entity, offersWorld } from './offer-test-fixtures';
import { customerRequests } from './tables';

/**
 * The quote of a request (docs/request-offers.md "Quote"): the selected rates, "mark quote complete" and
 * "send quote" with their roles, and the quote document among the request's files.
 */

let w: Awaited<ReturnType<typeof offersWorld>>;
let worker: SignedIn;
let quoter: SignedIn;

const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
  flattenTree(res.json().errors);

const saveQuote = (who: SignedIn, requestId: number, body: Body) =>
  w.call('PUT', `/api/requests/${requestId}/quote`, who, body);

async function quoted(requestId: number, rates: Body[] = [{ amount: '3100', currency: 'EUR' }]) {
  const res = await saveQuote(worker, requestId, { rates, comment: 'Срок доставки 7 дней' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Body & { version: number; margin: Body };
}

beforeAll(async () => {
  w = await offersWorld();
  const roles = ['ROLE_REQUEST_VIEW_ALL', 'ROLE_REQUEST_CREATE', 'ROLE_COUNTERPARTY_VIEW_ALL'];
  worker = await w.signIn(roles);
  quoter = await w.signIn([...roles, 'ROLE_REQUEST_MARK_QUOTE_COMPLETE', 'ROLE_REQUEST_SEND_QUOTE']);
});
afterAll(() => w?.ctx.close());

describe('the selected rates', () => {
  it('are saved on the request, each currency once and known, and versioned', async () => {
    const request = await w.createRequest(worker);
    const empty = await w.call('GET', `/api/requests/${request.id}/quote`, worker);
    expect(empty.json().data).toMatchObject({ rates: [], version: 0, sentAt: null, fileId: null });
    const quote = await quoted(request.id);
    expect(quote).toMatchObject({ rates: [{ amount: '3100', currency: 'EUR' }], version: 1 });
    const bad = await saveQuote(worker, request.id, {
      rates: [{ amount: '1', currency: 'XYZ' }],
      version: quote.version,
    });
    expect(errorsOf(bad)).toEqual({ 'rates.0.currency': [O.unknownCurrency] });
    const stale = await saveQuote(worker, request.id, { rates: [], version: 99 });
    expect(stale.statusCode).toBe(409);
    const read = await w.call('GET', `/api/requests/${request.id}/quote`, worker);
    expect(read.json().data.rates).toEqual([{ amount: '3100', currency: 'EUR' }]);
  });
});

describe('the margin', () => {
  it("is the selected rates at today's rate against the chosen offers at theirs, in base currency", async () => {
    await w.ratesOn('2026-03-09', '95', '18');
    await w.ratesOn('2026-03-10', '100', '20');
    const request = await w.createRequest(worker);
    const offer = (body: Body) =>
      w.call('POST', `/api/requests/${request.id}/offers`, worker, {
        offerTypeId: w.road,
        contractorId: w.carrier,
        ...body,
      });
    w.clock.now = new Date('2026-03-09T09:00:00Z');
    const chosen = await offer({ amounts: [{ amount: '2000', currency: 'EUR' }], selected: true });
    w.clock.now = new Date('2026-03-10T09:00:00Z');
    const second = await offer({ amounts: [{ amount: '10000', currency: 'RUB' }], selected: true });
    const other = await offer({ amounts: [{ amount: '900', currency: 'EUR' }], contractorId: w.broker });
    expect([chosen.statusCode, second.statusCode, other.statusCode]).toEqual([201, 201, 201]);
    expect(chosen.json().data.amountInBaseCurrency).toBe('190000.00');
    const quote = await quoted(request.id, [
      { amount: '2200', currency: 'EUR' },
      { amount: '5000', currency: 'RUB' },
    ]);
    // price 2200 × 100 + 5000 = 225000; cost 190000 + 10000 = 200000; margin 25000 = 11.1 % of the price.
    expect(quote.margin).toEqual({
      price: { amount: '225000.00', currency: 'RUB' },
      cost: { amount: '200000.00', currency: 'RUB' },
      margin: { amount: '25000.00', currency: 'RUB' },
      percent: '11.1',
      priceError: null,
    });
    w.clock.now = new Date('2026-03-15T09:00:00Z');
    try {
      const noRates = await w.call('GET', `/api/requests/${request.id}/quote`, worker);
      expect(noRates.json().data.margin).toMatchObject({
        price: null,
        cost: { amount: '200000.00', currency: 'RUB' },
        margin: null,
        priceError: CURRENCY_RATE_MESSAGES.noRate,
      });
    } finally {
      w.clock.now = new Date('2026-03-10T09:00:00Z');
    }
  });
});

describe('mark quote complete', () => {
  it('needs its role and selected rates, and moves the request to QUOTE_COMPLETED', async () => {
    const request = await w.createRequest(worker);
    const url = `/api/requests/${request.id}/quote/complete`;
    expect((await w.call('POST', url, worker, { version: request.version })).statusCode).toBe(403);
    const noRates = await w.call('POST', url, quoter, { version: request.version });
    expect(noRates.statusCode).toBe(400);
    expect(errorsOf(noRates)).toEqual({ rates: [Q.noRates] });
    await quoted(request.id);
    const res = await w.call('POST', url, quoter, { version: request.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: request.id, status: 'QUOTE_COMPLETED' });
  });

  it('moves only by the transitions of the requests: not from NEED_MORE_INFO', async () => {
    const request = await w.createRequest(worker);
    await quoted(request.id);
    await w.ctx.database.db
      .update(customerRequests)
      .set({ status: 'NEED_MORE_INFO' })
      .where(eq(customerRequests.id, request.id));
    const res = await w.call('POST', `/api/requests/${request.id}/quote/complete`, quoter, {
      version: request.version,
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ status: [M.statusManual] });
  });
});

describe('send quote', () => {
  it('needs its role and selected rates', async () => {
    const request = await w.createRequest(worker);
    const url = `/api/requests/${request.id}/quote/send`;
    const noRates = await w.call('POST', url, quoter, { version: 1 });
    expect(errorsOf(noRates)).toEqual({ rates: [Q.noRates] });
    const quote = await quoted(request.id);
    expect((await w.call('POST', url, worker, { version: quote.version })).statusCode).toBe(403);
  });

  it("renders the quote document and attaches it to the request's files", async () => {
    const request: Entity = await w.createRequest(worker);
    const quote = await quoted(request.id, [
      { amount: '3100', currency: 'EUR' },
      { amount: '250000', currency: 'RUB' },
    ]);
    const res = await w.call('POST', `/api/requests/${request.id}/quote/send`, quoter, {
      version: quote.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().data;
    expect(sent).toMatchObject({ sentAt: '2026-03-10T09:00:00.000Z', version: quote.version + 1 });
    const [file] = await w.ctx.database.db.select().from(files).where(eq(files.id, sent.fileId));
    expect(file).toMatchObject({
      ownerType: 'request',
      ownerId: request.id,
      temporary: false,
      description: `quote-${String(request.number).padStart(6, '0')}-2026-03-10.docx`,
    });
    const download = await w.call('GET', `/api/file-management/files/${sent.fileId}/download`, quoter);
    expect(download.statusCode).toBe(200);
    const text = new PizZip(download.rawPayload).file('word/document.xml')!.asText();
    expect(text).toContain('Клиент');
    // As people read them: DD.MM.YYYY, amounts grouped with their currency sign.
    expect(text).toContain('Дата / Date: 10.03.2026');
    expect(text).not.toContain('2026-03-10');
    expect(text).toContain('3\u00a0100,00\u00a0€');
    expect(text).toContain('250\u00a0000,00\u00a0₽');
    expect(text).toContain('Срок доставки 7 дней');
    const again = await w.call('POST', `/api/requests/${request.id}/quote/send`, quoter, {
      version: quote.version,
    });
    expect(again.statusCode).toBe(409);
  });
});

import { INSURANCE_MESSAGES as M } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { counterparties } from '../counterparties';
import { orders, products } from '../operations';
import { countries, currencies } from '../reference-data';
import { InsurerUnavailable } from './insurer/adapter';
import { HttpInsurer } from './insurer/http-insurer';
import { InsurerSandbox } from './insurer/sandbox';
import { INSURER_BACKOFF_MS, INSURER_MAX_ATTEMPTS } from './insurer/send';

type Body = Record<string, unknown>;
type Entity = Body & { id: number; version: number; status: string; orderId: number };

let ctx: TestContext;
let sandbox: InsurerSandbox;
let now = new Date('2026-03-10T09:00:00Z');
let forwarder: SignedIn;
let preparer: SignedIn;
let desk: SignedIn;
let client: number;
let productId: number;
let rub: number;
let ru: number;
let linked: Entity;
let manual: Entity;

const call = (method: 'GET' | 'POST', url: string, who: SignedIn, payload?: Body) =>
  ctx.app.inject({ method, url, headers: who.headers, payload });
const drain = () => ctx.app.queue.drain(['insurer-send']);
const later = async (ms: number) => {
  now = new Date(now.getTime() + ms);
  await signInAll();
};

async function signInAll() {
  forwarder = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL', 'ROLE_ORDER_EDIT_ALL', 'ROLE_COUNTERPARTY_VIEW_ALL']);
  preparer = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL', 'ROLE_INSURANCE_STATUS_READY']);
  desk = await signIn(ctx, ['ROLE_INSURANCE_BANK_INSURER']);
}

/** A certificate under `policy`, READY, then accepted by the insurance desk. */
async function accepted(policy: Entity = linked): Promise<Entity> {
  const order = await call('POST', '/api/tms/orders', forwarder, {
    clientId: client,
    productId,
    forwarderId: forwarder.user.id,
    route: [
      { kind: 'dispatch', address: 'Шанхай', countryId: ru, dateFrom: '2026-03-12' },
      { kind: 'delivery', address: 'Москва', countryId: ru, dateFrom: '2026-03-20' },
    ],
    cargo: { description: 'Станки', declaredValue: '1000000.00', declaredValueCurrencyId: rub },
  });
  expect(order.statusCode, order.body).toBe(201);
  const created = await call('POST', '/api/tms/cargo-insurance', preparer, {
    orderId: order.json().data.id,
    policyId: policy.id,
  });
  expect(created.statusCode, created.body).toBe(201);
  let cert = created.json().data as Entity;
  for (const [move, who] of [
    ['ready', preparer],
    ['accept', desk],
  ] as const) {
    const res = await call('POST', `/api/tms/cargo-insurance/${cert.id}/${move}`, who, {
      version: cert.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    cert = res.json().data;
  }
  return cert;
}

/** The certificate as its page reads it: always an answer, whatever the insurer did. */
async function read(cert: Entity): Promise<Entity> {
  const res = await call('GET', `/api/tms/cargo-insurance/${cert.id}`, desk);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  sandbox = await new InsurerSandbox().start();
  ctx = await createTestApp({}, [], () => now);
  const db = ctx.database.db;
  rub = (await db.select().from(currencies).where(eq(currencies.code, 'RUB')))[0]!.id;
  ru = (await db.select().from(countries).where(eq(countries.code, 'RU')))[0]!.id;
  productId = (await db.insert(products).values({ code: 'AUTO', name: 'Автоперевозка' }).returning())[0]!.id;
  const [cp, ins] = await db
    .insert(counterparties)
    .values([
      { name: 'ООО «Клиент»', client: true, countryId: ru, applicationRequired: false },
      { name: 'АО «Страховщик»', contractor: true, countryId: ru, applicationRequired: false },
    ])
    .returning();
  client = cp!.id;
  await signInAll();
  const settings = await signIn(ctx, ['ROLE_SETTINGS_CARGO_INSURANCE', 'ROLE_COUNTERPARTY_VIEW_ALL']);
  const policy = async (number: string, insurerUrl?: string) => {
    const res = await call('POST', '/api/settings/insurance-policies', settings, {
      number,
      insurerId: ins!.id,
      currencyId: rub,
      validFrom: '2026-01-01',
      validUntil: '2026-12-31',
      rate: '0.15',
      minRate: '0.05',
      maxRate: '0.7',
      minimumPremium: '1500.00',
      ...(insurerUrl ? { insurerUrl } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Entity;
  };
  const bad = await call('POST', '/api/settings/insurance-policies', settings, {
    number: 'ГД-X',
    insurerId: ins!.id,
    currencyId: rub,
    validFrom: '2026-01-01',
    validUntil: '2026-12-31',
    rate: '0.15',
    minRate: '0.05',
    maxRate: '0.7',
    minimumPremium: '1500.00',
    insurerUrl: 'not a url',
  });
  expect(bad.statusCode).toBe(400);
  linked = await policy('ГД-LINK', sandbox.url);
  manual = await policy('ГД-MANUAL');
});

afterAll(async () => {
  await ctx?.close();
  await sandbox?.stop();
});

beforeEach(() => {
  Object.assign(sandbox.knobs, { failNext: 0, garbageNext: 0, rejectWith: null, pendingAsks: 0 });
});

describe('the insurer adapter (HTTP client against the sandbox)', () => {
  it('quotes, applies, gets the certificate, cancels it and files a claim', async () => {
    const insurer = new HttpInsurer(sandbox.url);
    const application = {
      reference: 'ADAPTER-1',
      policyNumber: 'ГД-LINK',
      insuredName: 'ООО «Клиент»',
      cargoDescription: 'Станки',
      insuredAmount: '1000000.00',
      currency: 'RUB',
      premium: '1500.00',
      periodFrom: '2026-03-12',
      periodTo: '2026-03-20',
      dispatchAddress: 'Шанхай',
      deliveryAddress: 'Москва',
    };
    expect(await insurer.quote(application)).toEqual({ premium: '1500.00', currency: 'RUB' });
    const applied = await insurer.apply(application);
    expect(applied.status).toBe('accepted');
    // Idempotent on our reference: the same application again.
    expect((await insurer.apply(application)).applicationId).toBe(applied.applicationId);
    const issued = await insurer.certificate(applied.applicationId);
    expect(issued.status).toBe('issued');
    const number = (issued as { number: string }).number;
    expect(await insurer.cancel(number)).toEqual({ cancelled: true });
    expect(
      await insurer.claim(number, { lossDate: '2026-03-15', description: 'Бой', amount: '5000.00' }),
    ).toEqual({
      claimId: expect.stringMatching(/^CL-/),
    });
  });

  it('turns an error status, an unreadable answer and no answer into InsurerUnavailable', async () => {
    const insurer = new HttpInsurer(sandbox.url);
    sandbox.knobs.failNext = 1;
    await expect(insurer.certificate('x')).rejects.toMatchObject({ message: M.insurerFailed });
    sandbox.knobs.garbageNext = 1;
    await expect(insurer.cancel('x')).rejects.toMatchObject({ message: M.insurerGarbage });
    const gone = await new InsurerSandbox().start();
    const url = gone.url;
    await gone.stop();
    await expect(new HttpInsurer(url).cancel('x')).rejects.toBeInstanceOf(InsurerUnavailable);
  });
});

describe('a certificate under a linked insurer', () => {
  it('is issued by the insurer through the job queue once accepted; the desk types no number', async () => {
    const cert = await accepted();
    expect(cert).toMatchObject({ status: 'ACCEPTED', insurerState: 'sending' });
    const typed = await call('POST', `/api/tms/cargo-insurance/${cert.id}/issue`, desk, {
      version: cert.version,
      number: 'BY-HAND-1',
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().errors.children.status.errors).toEqual([M.issuedByInsurer]);
    expect(await drain()).toBe(1);
    const after = await read(cert);
    expect(after).toMatchObject({ status: 'INSURED', insurerState: 'done', issuedAt: now.toISOString() });
    expect(after.number).toMatch(/^SB-\d{6}$/);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, cert.orderId));
    expect(order!.cargoInsuranceStatus).toBe('INSURED');
  });

  it('is rejected with the insurer’s reason', async () => {
    sandbox.knobs.rejectWith = 'Груз не принимается на страхование';
    const cert = await accepted();
    await drain();
    expect(await read(cert)).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'Груз не принимается на страхование',
      insurerState: 'done',
    });
  });

  it('retries a failing and a garbage answer with backoff, visible on the certificate, then is issued', async () => {
    const cert = await accepted();
    sandbox.knobs.failNext = 1;
    expect(await drain()).toBe(1);
    expect(await read(cert)).toMatchObject({
      status: 'ACCEPTED',
      insurerState: 'retrying',
      insurerAttempts: 1,
      insurerError: M.insurerFailed,
      insurerNextAttemptAt: new Date(now.getTime() + INSURER_BACKOFF_MS).toISOString(),
    });
    // Not before its backoff.
    expect(await drain()).toBe(0);
    await later(INSURER_BACKOFF_MS);
    sandbox.knobs.garbageNext = 1;
    expect(await drain()).toBe(1);
    expect(await read(cert)).toMatchObject({
      status: 'ACCEPTED',
      insurerState: 'retrying',
      insurerAttempts: 2,
      insurerError: M.insurerGarbage,
      insurerNextAttemptAt: new Date(now.getTime() + 2 * INSURER_BACKOFF_MS).toISOString(),
    });
    await later(INSURER_BACKOFF_MS);
    expect(await drain()).toBe(0);
    await later(INSURER_BACKOFF_MS);
    expect(await drain()).toBe(1);
    expect(await read(cert)).toMatchObject({ status: 'INSURED', insurerState: 'done', insurerError: null });
  });

  it('asks again while the insurer has not decided, without a second application', async () => {
    sandbox.knobs.pendingAsks = 1;
    const cert = await accepted();
    const before = sandbox.calls.filter((c) => c === 'POST /applications').length;
    await drain();
    expect(await read(cert)).toMatchObject({ insurerState: 'retrying', insurerError: M.insurerPending });
    await later(INSURER_BACKOFF_MS);
    await drain();
    expect(await read(cert)).toMatchObject({ status: 'INSURED' });
    expect(sandbox.calls.filter((c) => c === 'POST /applications').length).toBe(before + 1);
  });

  it('shows a failure once every attempt failed, and the desk sends it again', async () => {
    const cert = await accepted();
    sandbox.knobs.failNext = INSURER_MAX_ATTEMPTS;
    for (let attempt = 1; attempt <= INSURER_MAX_ATTEMPTS; attempt++) {
      expect(await drain()).toBe(1);
      await later(INSURER_BACKOFF_MS * 2 ** (attempt - 1));
    }
    expect(await drain()).toBe(0);
    const failed = await read(cert);
    expect(failed).toMatchObject({
      status: 'ACCEPTED',
      insurerState: 'failed',
      insurerAttempts: INSURER_MAX_ATTEMPTS,
      insurerError: M.insurerFailed,
      insurerNextAttemptAt: null,
    });
    const stale = await call('POST', `/api/tms/cargo-insurance/${cert.id}/send-to-insurer`, desk, {
      version: failed.version + 1,
    });
    expect(stale.statusCode).toBe(409);
    const again = await call('POST', `/api/tms/cargo-insurance/${cert.id}/send-to-insurer`, desk, {
      version: failed.version,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ insurerState: 'sending', insurerError: null });
    const twice = await call('POST', `/api/tms/cargo-insurance/${cert.id}/send-to-insurer`, desk, {
      version: again.json().data.version,
    });
    expect(twice.json().errors.children.status.errors).toEqual([M.insurerBusy]);
    await drain();
    expect(await read(cert)).toMatchObject({ status: 'INSURED', insurerState: 'done' });
  });
});

describe('after the insurer issued it', () => {
  async function insured(): Promise<Entity> {
    const cert = await accepted();
    await drain();
    return read(cert);
  }

  it('a cancellation is sent to the insurer through the queue, retried while it fails', async () => {
    const cert = await insured();
    const remover = await signIn(ctx, ['ROLE_INSURANCE_STATUS_READY', 'ROLE_INSURANCE_CASE_REMOVE']);
    sandbox.knobs.failNext = 1;
    const res = await call('POST', `/api/tms/cargo-insurance/${cert.id}/cancel`, remover, {
      version: cert.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'CANCELLED', insurerState: 'sending' });
    expect(await ctx.app.queue.drain(['insurer-cancel'])).toBe(1);
    expect(await read(cert)).toMatchObject({ insurerState: 'retrying', insurerError: M.insurerFailed });
    await later(INSURER_BACKOFF_MS);
    expect(await ctx.app.queue.drain(['insurer-cancel'])).toBe(1);
    expect(await read(cert)).toMatchObject({ status: 'CANCELLED', insurerState: 'done', insurerError: null });
    expect(sandbox.calls).toContain(`POST /certificates/${encodeURIComponent(String(cert.number))}/cancel`);
  });

  it('a claim is filed with the insurer, which numbers it; a garbage answer is tried again', async () => {
    const cert = await insured();
    sandbox.knobs.garbageNext = 1;
    const res = await call('POST', '/api/tms/cargo-insurance-claims', preparer, {
      certificateId: cert.id,
      lossDate: '2026-03-15',
      description: 'Бой стекла при выгрузке',
      claimedAmount: '5000.00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const claim = res.json().data as Entity;
    expect(claim).toMatchObject({ insurerState: 'sending', insurerClaimId: null });
    const readClaim = async () =>
      (await call('GET', `/api/tms/cargo-insurance-claims/${claim.id}`, preparer)).json().data;
    expect(await ctx.app.queue.drain(['insurer-claim'])).toBe(1);
    expect(await readClaim()).toMatchObject({ insurerState: 'retrying', insurerError: M.insurerGarbage });
    await later(INSURER_BACKOFF_MS);
    expect(await ctx.app.queue.drain(['insurer-claim'])).toBe(1);
    expect(await readClaim()).toMatchObject({
      insurerState: 'done',
      insurerClaimId: expect.stringMatching(/^CL-/),
    });
    expect(sandbox.claims.at(-1)).toMatchObject({
      number: cert.number,
      body: { lossDate: '2026-03-15', description: 'Бой стекла при выгрузке', amount: '5000.00' },
    });
  });
});

describe('a certificate under a policy without an insurer link', () => {
  it('keeps the manual path: nothing is queued, the desk issues it by number', async () => {
    const cert = await accepted(manual);
    expect(cert.insurerState).toBeNull();
    expect(await drain()).toBe(0);
    const issued = await call('POST', `/api/tms/cargo-insurance/${cert.id}/issue`, desk, {
      version: cert.version,
      number: 'MAN-1',
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().data).toMatchObject({ status: 'INSURED', number: 'MAN-1' });
    const resend = await call('POST', `/api/tms/cargo-insurance/${cert.id}/send-to-insurer`, desk, {
      version: issued.json().data.version,
    });
    expect(resend.json().errors.children.status.errors).toEqual([M.notLinked]);
    // Its claims stay with the desk: nothing goes to an insurer.
    const claim = await call('POST', '/api/tms/cargo-insurance-claims', preparer, {
      certificateId: cert.id,
      lossDate: '2026-03-15',
      description: 'Подмочка',
    });
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json().data.insurerState).toBeNull();
    expect(await ctx.app.queue.drain(['insurer-claim'])).toBe(0);
  });
});

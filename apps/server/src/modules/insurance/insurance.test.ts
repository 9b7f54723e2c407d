import { flattenTree, INSURANCE_MESSAGES as M, OPERATION_MESSAGES } from '@tms/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { insertBank, insertLegalEntity, SBER } from '../../test/reference-rows';
import { type SignedIn, signIn } from '../../test/users';
import { counterparties } from '../counterparties';
import { bills as billsTable, currencyRates, ledgerEntries, paymentForms } from '../finance';
import { orders, products } from '../operations';
import { countries, currencies } from '../reference-data';
import { insuranceCertificates } from './tables';

type Body = Record<string, unknown>;
type Entity = Body & { id: number; version: number; status: string };

let ctx: TestContext;
let now = new Date('2026-03-10T09:00:00Z');
let forwarder: SignedIn;
let preparer: SignedIn;
let insurer: SignedIn;
let remover: SignedIn;
let settings: SignedIn;
let outsider: SignedIn;
let billing: SignedIn;
let form: number;
let client: number;
let insurerId: number;
let productId: number;
let rub: number;
let usd: number;
let eur: number;
let ru: number;
let policy: Entity;
let serial = 0;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: Body) =>
  ctx.app.inject({ method, url, headers: who.headers, payload });
const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
  flattenTree(res.json().errors);

async function createOrder(cargo: Body = {}): Promise<Entity> {
  const res = await call('POST', '/api/tms/orders', forwarder, {
    clientId: client,
    productId,
    forwarderId: forwarder.user.id,
    route: [
      { kind: 'dispatch', address: 'Шанхай, порт Яншань', countryId: ru, dateFrom: '2026-03-12' },
      { kind: 'delivery', address: 'Москва, ул. Складская, 5', countryId: ru, dateFrom: '2026-03-20' },
    ],
    cargo: {
      description: 'Станки токарные',
      declaredValue: '1000000.00',
      declaredValueCurrencyId: rub,
      ...cargo,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function createCertificate(body: Body = {}, order?: Entity): Promise<Entity> {
  const res = await call('POST', '/api/tms/cargo-insurance', preparer, {
    orderId: (order ?? (await createOrder())).id,
    policyId: policy.id,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const move = (cert: Entity, name: string, who: SignedIn, body: Body = {}) =>
  call('POST', `/api/tms/cargo-insurance/${cert.id}/${name}`, who, { version: cert.version, ...body });

async function moved(cert: Entity, name: string, who: SignedIn, body: Body = {}): Promise<Entity> {
  const res = await move(cert, name, who, body);
  expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
  return res.json().data;
}

const orderStatus = async (orderId: unknown) =>
  (
    await ctx.database.db
      .select({ status: orders.cargoInsuranceStatus })
      .from(orders)
      .where(eq(orders.id, orderId as number))
  )[0]!.status;

async function signInAll() {
  forwarder = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL', 'ROLE_ORDER_EDIT_ALL', 'ROLE_COUNTERPARTY_VIEW_ALL']);
  preparer = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL', 'ROLE_INSURANCE_STATUS_READY']);
  insurer = await signIn(ctx, ['ROLE_INSURANCE_BANK_INSURER']);
  remover = await signIn(ctx, ['ROLE_INSURANCE_STATUS_READY', 'ROLE_INSURANCE_CASE_REMOVE']);
  billing = await signIn(ctx, [
    'ROLE_INSURANCE_BANK_INSURER',
    'ROLE_COUNTERPARTY_VIEW_ALL',
    'ROLE_ORDER_VIEW_ALL',
    'ROLE_BILL_CREATE',
    'ROLE_BILL_VIEW_ALL',
  ]);
}

beforeAll(async () => {
  ctx = await createTestApp({}, [], () => now);
  const db = ctx.database.db;
  const currency = async (code: string) =>
    (await db.select().from(currencies).where(eq(currencies.code, code)))[0]!.id;
  rub = await currency('RUB');
  usd = await currency('USD');
  eur = await currency('EUR');
  ru = (await db.select().from(countries).where(eq(countries.code, 'RU')))[0]!.id;
  await db.insert(currencyRates).values([
    { date: '2026-03-10', currencyId: usd, rate: '90.5', nominal: 1 },
    { date: '2026-03-10', currencyId: eur, rate: '98', nominal: 1 },
  ]);
  const [product] = await db.insert(products).values({ code: 'SEA', name: 'Морская перевозка' }).returning();
  productId = product!.id;
  const [cp] = await db
    .insert(counterparties)
    .values([
      { name: 'ООО «Станкоимпорт»', client: true, countryId: ru, applicationRequired: false },
      { name: 'АО «Страховой банк»', contractor: true, countryId: ru, applicationRequired: false },
    ])
    .returning();
  client = cp!.id;
  insurerId = (
    await db.select().from(counterparties).where(eq(counterparties.name, 'АО «Страховой банк»'))
  )[0]!.id;
  await signInAll();
  settings = await signIn(ctx, ['ROLE_SETTINGS_CARGO_INSURANCE', 'ROLE_COUNTERPARTY_VIEW_ALL']);
  outsider = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL']);
  const company = await insertLegalEntity(ctx.database);
  const bank = await insertBank(ctx.database, 'RU', SBER);
  const [paymentForm] = await db
    .insert(paymentForms)
    .values({
      name: 'Безнал',
      legalEntityId: company.id,
      bankId: bank.id,
      accountNumber: '40702810938000000001',
      currencyId: rub,
    })
    .returning();
  form = paymentForm!.id;
  const res = await call('POST', '/api/settings/insurance-policies', settings, {
    number: 'ГД-2026/001',
    insurerId,
    currencyId: rub,
    validFrom: '2026-01-01',
    validUntil: '2026-12-31',
    rate: '0.15',
    minRate: '0.05',
    maxRate: '0.7',
    minimumPremium: '1500.00',
    deductible: '10000.00',
    cancelWindowHours: 12,
  });
  expect(res.statusCode, res.body).toBe(201);
  policy = res.json().data;
});

afterAll(() => ctx?.close());

describe('insurance policies', () => {
  it('refuse a rate outside their own range and a term ending before it starts, writing nothing', async () => {
    const res = await call('POST', '/api/settings/insurance-policies', settings, {
      number: `ГД-bad-${++serial}`,
      insurerId,
      currencyId: rub,
      validFrom: '2026-06-01',
      validUntil: '2026-01-01',
      rate: '0.9',
      minRate: '0.05',
      maxRate: '0.7',
      minimumPremium: '1500.00',
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ rate: [M.rateOutOfRange], validUntil: [M.policyPeriod] });
    const list = await call('GET', '/api/settings/insurance-policies', settings);
    expect(list.json().data.total).toBe(1);
  });

  it('are the settings role’s to keep', async () => {
    const res = await call('POST', '/api/settings/insurance-policies', preparer, { number: 'x' });
    expect(res.statusCode).toBe(403);
  });
});

describe('certificates', () => {
  it('start from the order: client, cargo, value, period, route; premium = amount × rate', async () => {
    const cert = await createCertificate();
    expect(cert).toMatchObject({
      status: 'NOT_READY',
      clientName: 'ООО «Станкоимпорт»',
      insuredName: 'ООО «Станкоимпорт»',
      cargoDescription: 'Станки токарные',
      insuredValue: '1000000.00',
      valueCurrencyId: rub,
      periodFrom: '2026-03-12',
      periodTo: '2026-03-20',
      dispatchAddress: 'Шанхай, порт Яншань',
      deliveryAddress: 'Москва, ул. Складская, 5',
      issueDate: '2026-03-10',
      rate: '0.15',
      deductible: '10000.00',
      insuredAmount: '1000000.00',
      premium: '1500.00',
      currencyId: rub,
      exchangeRate: '1',
    });
  });

  it('take CIF + 10 % and the minimum premium, converted into the policy currency at the issue date rate', async () => {
    const order = await createOrder({ declaredValue: '12345.67', declaredValueCurrencyId: usd });
    const cert = await createCertificate({ amountBasis: 'cif110', rate: '0.1' }, order);
    // 12345.67 USD × 90.5 = 1 117 283.14 RUB; × 1.1 = 1 229 011.45; × 0.1 % = 1229.01 < 1500 minimum.
    expect(cert).toMatchObject({ insuredAmount: '1229011.45', premium: '1500.00', exchangeRate: '90.5' });
    const res = await call('PUT', `/api/tms/cargo-insurance/${cert.id}`, preparer, {
      version: cert.version,
      rate: '0.35',
    });
    expect(res.statusCode, res.body).toBe(200);
    // 1 229 011.45 × 0.35 % = 4301.540075 → 4301.54.
    expect(res.json().data).toMatchObject({ premium: '4301.54', rate: '0.35' });
  });

  it('convert between two foreign currencies through their rates to the base', async () => {
    const order = await createOrder({ declaredValue: '10000.00', declaredValueCurrencyId: usd });
    const res = await call('POST', '/api/settings/insurance-policies', settings, {
      number: `ГД-EUR-${++serial}`,
      insurerId,
      currencyId: eur,
      validFrom: '2026-01-01',
      validUntil: '2026-12-31',
      rate: '0.2',
      minRate: '0.1',
      maxRate: '0.5',
      minimumPremium: '50.00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const cert = await createCertificate({ policyId: res.json().data.id }, order);
    // 10000 USD × 90.5 / 98 = 9234.69 EUR; × 0.2 % = 18.47 < 50.
    expect(cert).toMatchObject({ insuredAmount: '9234.69', premium: '50.00', currencyId: eur });
  });

  it('refuse a rate out of the policy range, a period backwards and a day without rates, writing nothing', async () => {
    const order = await createOrder({ declaredValue: '5000.00', declaredValueCurrencyId: usd });
    const res = await call('POST', '/api/tms/cargo-insurance', preparer, {
      orderId: order.id,
      policyId: policy.id,
      rate: '0.9',
      periodFrom: '2026-03-20',
      periodTo: '2026-03-01',
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ rate: [M.rateOutOfRange], periodTo: [M.periodOrder] });
    const noRate = await call('POST', '/api/tms/cargo-insurance', preparer, {
      orderId: order.id,
      policyId: policy.id,
      issueDate: '2026-03-11',
    });
    expect(noRate.statusCode).toBe(400);
    expect(Object.keys(errorsOf(noRate))).toEqual(['issueDate']);
    const bad = await call('POST', '/api/tms/cargo-insurance', preparer, {
      orderId: order.id,
      policyId: policy.id,
      rate: 'abc',
    });
    expect(errorsOf(bad)).toEqual({ rate: [M.rateFormat] });
    const stored = await ctx.database.db
      .select()
      .from(insuranceCertificates)
      .where(eq(insuranceCertificates.orderId, order.id as number));
    expect(stored).toEqual([]);
  });

  it('are one per order', async () => {
    const cert = await createCertificate();
    const res = await call('POST', '/api/tms/cargo-insurance', preparer, {
      orderId: cert.orderId,
      policyId: policy.id,
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ orderId: [M.orderInsured] });
  });

  it('go READY → ACCEPTED → INSURED, the order’s status moving with them', async () => {
    let cert = await createCertificate();
    cert = await moved(cert, 'ready', preparer);
    expect(cert.status).toBe('READY');
    expect(await orderStatus(cert.orderId)).toBe('READY');
    // The insurer has no say before READY and the preparer none on the insurer's moves.
    expect((await move(cert, 'accept', preparer)).statusCode).toBe(403);
    cert = await moved(cert, 'accept', insurer);
    expect(cert.status).toBe('ACCEPTED');
    const edit = await call('PUT', `/api/tms/cargo-insurance/${cert.id}`, preparer, {
      version: cert.version,
      rate: '0.2',
    });
    expect(edit.statusCode).toBe(400);
    expect(errorsOf(edit)).toEqual({ '': [M.locked] });
    cert = await moved(cert, 'issue', insurer, { number: `INS-${++serial}` });
    expect(cert).toMatchObject({ status: 'INSURED', issuedAt: now.toISOString() });
    expect(await orderStatus(cert.orderId)).toBe('INSURED');
    const history = await call('GET', `/api/tms/cargo-insurance/${cert.id}/history`, insurer);
    expect(history.statusCode, history.body).toBe(200);
  });

  it('are refused READY without the details, under status', async () => {
    const order = await createOrder({ declaredValue: null, declaredValueCurrencyId: null });
    const cert = await createCertificate({}, order);
    expect(cert.insuredAmount).toBeNull();
    const res = await move(cert, 'ready', preparer);
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ status: [OPERATION_MESSAGES.insuranceDetailsIncomplete] });
    expect(await orderStatus(cert.orderId)).toBe('NOT_READY');
  });

  it('are rejected with a reason, mended and offered again', async () => {
    let cert = await moved(await createCertificate(), 'ready', preparer);
    const noReason = await move(cert, 'reject', insurer);
    expect(noReason.statusCode).toBe(400);
    cert = await moved(cert, 'reject', insurer, { reason: 'Нет упаковочного листа' });
    expect(cert).toMatchObject({ status: 'REJECTED', rejectionReason: 'Нет упаковочного листа' });
    const res = await call('PUT', `/api/tms/cargo-insurance/${cert.id}`, preparer, {
      version: cert.version,
      additionalInfo: 'Упаковочный лист приложен',
    });
    expect(res.statusCode, res.body).toBe(200);
    cert = await moved(res.json().data, 'ready', preparer);
    expect(cert.status).toBe('READY');
  });

  it('refuse a stale version with 409', async () => {
    const cert = await createCertificate();
    const res = await move({ ...cert, version: cert.version + 5 }, 'ready', preparer);
    expect(res.statusCode).toBe(409);
  });

  it('list by status from the URL, paged; only the insurance roles read them', async () => {
    const res = await call('GET', '/api/tms/cargo-insurance?status=INSURED&itemsPerPage=1', insurer);
    expect(res.statusCode, res.body).toBe(200);
    const { collection, total } = res.json().data;
    expect(collection).toHaveLength(1);
    expect(total).toBeGreaterThanOrEqual(1);
    expect(collection.every((c: Entity) => c.status === 'INSURED')).toBe(true);
    expect((await call('GET', '/api/tms/cargo-insurance', outsider)).statusCode).toBe(403);
  });

  it('bill the premium once through finance: income to the client, expense of the insurer, posted', async () => {
    let cert = await moved(await createCertificate(), 'ready', preparer);
    cert = await moved(cert, 'accept', insurer);
    const notYet = await call('POST', `/api/tms/cargo-insurance/${cert.id}/bill-premium`, billing, {
      version: cert.version,
      paymentFormId: form,
    });
    expect(notYet.statusCode).toBe(400);
    expect(errorsOf(notYet)).toEqual({ status: [M.notInsured] });
    cert = await moved(cert, 'issue', insurer, { number: `INS-${++serial}` });
    expect((await move(cert, 'bill-premium', preparer, { paymentFormId: form })).statusCode).toBe(403);
    const billed = await moved(cert, 'bill-premium', billing, { paymentFormId: form });
    const bills = await ctx.database.db
      .select()
      .from(billsTable)
      .where(inArray(billsTable.id, [billed.incomeBillId as number, billed.expenseBillId as number]));
    expect(
      bills.map((b) => [b.direction, b.counterpartyId, b.amount, b.currencyId, b.orderIds]).sort(),
    ).toEqual([
      ['EXPENSE', insurerId, '1500.00', rub, [cert.orderId]],
      ['INCOME', client, '1500.00', rub, [cert.orderId]],
    ]);
    const posted = await ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.billId, billed.incomeBillId as number));
    expect(posted.length).toBeGreaterThan(0);
    const again = await move(billed, 'bill-premium', billing, { paymentFormId: form });
    expect(again.statusCode).toBe(400);
    expect(errorsOf(again)).toEqual({ '': [M.alreadyBilled] });
  });

  it('print as a PDF in the worker pool, in either language, for the insurance roles', async () => {
    let cert = await moved(await createCertificate(), 'ready', preparer);
    cert = await moved(cert, 'accept', insurer);
    cert = await moved(cert, 'issue', insurer, { number: `INS-PDF-${++serial}` });
    for (const language of ['ru', 'en']) {
      const res = await call('GET', `/api/tms/cargo-insurance/${cert.id}/pdf?language=${language}`, insurer);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await call('GET', `/api/tms/cargo-insurance/${cert.id}/pdf`, outsider)).statusCode).toBe(403);
  });

  it('keep claims with their deadlines from the policy, overdue once a step is late', async () => {
    let cert = await moved(await createCertificate(), 'ready', preparer);
    const early = await call('POST', '/api/tms/cargo-insurance-claims', preparer, {
      certificateId: cert.id,
      lossDate: '2026-03-05',
      description: 'Убыток до выдачи сертификата',
    });
    expect(early.statusCode).toBe(400);
    expect(errorsOf(early)).toEqual({ certificateId: [M.claimNotInsured] });
    cert = await moved(cert, 'accept', insurer);
    cert = await moved(cert, 'issue', insurer, { number: `INS-CLAIM-${++serial}` });
    const res = await call('POST', '/api/tms/cargo-insurance-claims', preparer, {
      certificateId: cert.id,
      lossDate: '2026-03-05',
      description: 'Повреждение двух ящиков при перегрузке',
      claimedAmount: '120000.00',
    });
    expect(res.statusCode, res.body).toBe(201);
    let claim = res.json().data;
    // The policy's defaults: notice 3 days after the loss; today (10 March) it is late and not given.
    expect(claim).toMatchObject({
      noticeDue: '2026-03-08',
      decisionDue: null,
      paymentDue: null,
      overdue: 'notice',
    });
    const update = async (body: Body, who = preparer) => {
      const r = await call('PUT', `/api/tms/cargo-insurance-claims/${claim.id}`, who, {
        version: claim.version,
        ...body,
      });
      expect(r.statusCode, r.body).toBe(200);
      claim = r.json().data;
    };
    await update({ noticeDate: '2026-03-07', documentsCompleteDate: '2026-03-09', surveyDate: '2026-03-08' });
    expect(claim).toMatchObject({ decisionDue: '2026-04-08', overdue: 'no' });
    await update({ decision: 'partial', decisionDate: '2026-03-10', approvedAmount: '90000.00' }, insurer);
    expect(claim).toMatchObject({ paymentDue: '2026-03-25', overdue: 'no' });
    const list = await call('GET', `/api/tms/cargo-insurance-claims?certificateId=${cert.id}`, insurer);
    expect(list.json().data.collection).toHaveLength(1);
    expect((await call('DELETE', `/api/tms/cargo-insurance-claims/${claim.id}`, preparer)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/tms/cargo-insurance-claims/${claim.id}`, remover)).statusCode).toBe(
      200,
    );
  });

  it('are deleted only while NOT_READY', async () => {
    const cert = await moved(await createCertificate(), 'ready', preparer);
    const res = await call('DELETE', `/api/tms/cargo-insurance/${cert.id}`, preparer);
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ '': [M.locked] });
  });
  it('are cancelled when insured only with case removal and within the insurer’s window', async () => {
    const issue = async () => {
      let cert = await moved(await createCertificate(), 'ready', preparer);
      cert = await moved(cert, 'accept', insurer);
      return moved(cert, 'issue', insurer, { number: `INS-${++serial}` });
    };
    const first = await issue();
    expect((await move(first, 'cancel', preparer)).statusCode).toBe(400);
    // Sessions idle out with the clock: each hop signs in again.
    now = new Date(now.getTime() + 11 * 3_600_000);
    await signInAll();
    const cancelled = await moved(first, 'cancel', remover);
    expect(cancelled.status).toBe('CANCELLED');
    expect(await orderStatus(first.orderId)).toBe('CANCELLED');
    const second = await issue();
    now = new Date(now.getTime() + 13 * 3_600_000);
    await signInAll();
    const late = await move(second, 'cancel', remover);
    expect(late.statusCode).toBe(400);
    expect(errorsOf(late)).toEqual({ status: [M.cancelWindowClosed] });
    expect(await orderStatus(second.orderId)).toBe('INSURED');
  });

  it('move only on the certificate: the order’s generic status change is refused once one exists', async () => {
    const change = async (order: Entity, status: string, who: SignedIn) => {
      const fresh = (await call('GET', `/api/tms/orders/${order.id}`, forwarder)).json().data as Entity;
      return call('PUT', `/api/tms/orders/${order.id}/statuses/cargoInsurance`, who, {
        status,
        version: fresh.version,
      });
    };
    // Without a certificate the order's own transitions rule.
    const bare = await createOrder();
    const ready = await change(bare, 'READY', forwarder);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(await orderStatus(bare.id)).toBe('READY');
    // With one, no way round its rules: not the insurer's window, not the issue's number.
    let cert = await moved(await createCertificate(), 'ready', preparer);
    cert = await moved(cert, 'accept', insurer);
    cert = await moved(cert, 'issue', insurer, { number: `INS-${++serial}` });
    // Whoever holds every role the order's transitions ask for.
    const everyone = await signIn(ctx, [
      'ROLE_ORDER_VIEW_ALL',
      'ROLE_ORDER_EDIT_ALL',
      'ROLE_INSURANCE_CASE_REMOVE',
      'ROLE_INSURANCE_BANK_INSURER',
    ]);
    const cancel = await change({ id: cert.orderId } as Entity, 'CANCELLED', everyone);
    expect(cancel.statusCode, cancel.body).toBe(400);
    expect(errorsOf(cancel)).toEqual({ status: [M.statusOnCertificate] });
    const early = await moved(await createCertificate(), 'ready', preparer);
    const skip = await change({ id: early.orderId } as Entity, 'ACCEPTED', everyone);
    expect(skip.statusCode).toBe(400);
    expect(errorsOf(skip)).toEqual({ status: [M.statusOnCertificate] });
    expect(await orderStatus(cert.orderId)).toBe('INSURED');
    expect(await orderStatus(early.orderId)).toBe('READY');
    // The order page's menu offers no move the change would refuse; without a certificate it does.
    const targets = async (orderId: number) =>
      (await call('GET', `/api/tms/orders/${orderId}/statuses`, everyone)).json().data.cargoInsurance;
    expect(await targets(early.orderId as number)).toEqual([]);
    expect((await targets(bare.id)).length).toBeGreaterThan(0);
  });
});

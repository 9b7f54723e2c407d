import {
  completeDefinition,
  flattenTree,
  CUSTOMER_REQUEST_MESSAGES as R,
  type RequestStatus,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { counterparties } from '../counterparties';
import { customerRequestCustomFields, operationCustomFieldGroups } from '../custom-fields';
import { services } from '../operations';
import { customerRequests } from './tables';
import { requestsWorld } from './test-fixtures';

/**
 * An order made from a customer request (docs/requests.md "An order from a request"): the statuses it is
 * made from, the scope of the request, what the starting body copies and the link both ways.
 */

type Body = Record<string, unknown>;
type Entity = Body & { id: number; version: number };

let ctx: TestContext;
let worker: SignedIn;
let client: number;
let ru: number;
let de: number;
let mow: number;
let msq: number;
let serviceId: number;
let productId: number;

const EDIT_ALL = ['ROLE_ORDER_VIEW_ALL', 'ROLE_ORDER_EDIT_ALL', 'ROLE_COUNTERPARTY_VIEW_ALL'];
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedIn, payload?: Body) =>
  ctx.app.inject({ method, url, headers: who.headers, payload });
const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
  flattenTree(res.json().errors);

const route = (dates: { from?: string; to?: string } = {}) => [
  { kind: 'dispatch', address: 'Москва, Тверская 1', countryId: ru, dateFrom: dates.from ?? null },
  { kind: 'delivery', address: 'Berlin, Unter den Linden 1', countryId: de, dateFrom: dates.to ?? null },
];

async function createRequest(who: SignedIn, status: RequestStatus, body: Body = {}) {
  const res = await call('POST', '/api/requests', who, {
    clientId: client,
    route: route({ from: '2026-12-01', to: '2026-12-08' }),
    cargo: { description: 'Станки', weight: '1200', tnvedCodes: ['8458110000'] },
    transportTypes: ['rail', 'auto'],
    serviceIds: [serviceId],
    serviceOfficeId: mow,
    sellerId: who.user.id,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json().data as Entity;
  await ctx.database.db.update(customerRequests).set({ status }).where(eq(customerRequests.id, created.id));
  return created;
}

async function createOrder(who: SignedIn, body: Body): Promise<Entity> {
  const res = await call('POST', '/api/tms/orders', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** The starting body of an order made from `requestId` (200 expected). */
async function startingBody(requestId: number): Promise<Body> {
  const res = await call('GET', `/api/requests/${requestId}/order`, worker);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  ({ ru, de, mow, msq } = await requestsWorld(ctx));
  const [service] = await db
    .insert(services)
    .values({ code: 'FTL', name: 'Перевозка FTL', transportType: 'auto' })
    .returning();
  serviceId = service!.id;
  const admin = await signIn(ctx, ['ROLE_SETTINGS_PRODUCTS']);
  const product = await call('POST', '/api/tms/products', admin, {
    code: 'ROAD',
    name: 'Автоперевозка',
    serviceIds: [serviceId],
  });
  expect(product.statusCode, product.body).toBe(201);
  productId = product.json().data.id;
  const [row] = await db
    .insert(counterparties)
    .values({ name: 'Клиент', client: true, countryId: ru, applicationRequired: false })
    .returning();
  client = row!.id;
  worker = await signIn(ctx, [...EDIT_ALL, 'ROLE_REQUEST_VIEW_ALL', 'ROLE_REQUEST_CREATE']);
});
afterAll(() => ctx?.close());

describe('an order from a request', () => {
  it('starts from the request: client, route, cargo, office, people, transport type, service, link', async () => {
    const request = await createRequest(worker, 'QUOTE_COMPLETED');
    const body = await startingBody(request.id);
    expect(body).toMatchObject({
      requestId: request.id,
      clientId: client,
      serviceOfficeId: mow,
      sellerId: worker.user.id,
      transportType: 'rail',
      serviceId: serviceId,
    });
    expect(
      (body.route as { address: string; dateFrom: string }[]).map((p) => [p.address, p.dateFrom]),
    ).toEqual([
      ['Москва, Тверская 1', '2026-12-01'],
      ['Berlin, Unter den Linden 1', '2026-12-08'],
    ]);
    expect(body.cargo).toMatchObject({ description: 'Станки', weight: '1200', tnvedCodes: ['8458110000'] });
  });

  it('is saved with the link, and the request lists its orders', async () => {
    const request = await createRequest(worker, 'INFO_PROVIDED');
    const body = await startingBody(request.id);
    const order = await createOrder(worker, { ...body, productId });
    expect(order).toMatchObject({ requestId: request.id, clientId: client, transportType: 'rail' });
    expect((order.cargo as { description: string }).description).toBe('Станки');
    const listed = await call('GET', `/api/tms/orders?requestId=${request.id}`, worker);
    expect(listed.json().data.collection.map((o: Entity) => o.id)).toEqual([order.id]);
  });

  it('is refused from the other statuses, at the start and at the save, and nothing is written', async () => {
    for (const status of ['QUOTE_NOT_COMPLETED', 'NEED_MORE_INFO', 'NO_SERVICE'] as const) {
      const request = await createRequest(worker, status);
      const start = await call('GET', `/api/requests/${request.id}/order`, worker);
      expect(start.statusCode).toBe(400);
      expect(errorsOf(start)).toEqual({ '': [R.orderStatus] });
      const save = await call('POST', '/api/tms/orders', worker, {
        requestId: request.id,
        clientId: client,
        productId: productId,
        route: route(),
        cargo: { description: 'Станки' },
      });
      expect(save.statusCode).toBe(400);
      expect(errorsOf(save)).toEqual({ '': [R.orderStatus] });
      const listed = await call('GET', `/api/tms/orders?requestId=${request.id}`, worker);
      expect(listed.json().data.total).toBe(0);
    }
  });

  it('is not found for a request outside the user’s scope, at the start and at the save', async () => {
    const request = await createRequest(worker, 'QUOTE_COMPLETED', { serviceOfficeId: msq });
    const other = await signIn(ctx, [...EDIT_ALL, 'ROLE_REQUEST_VIEW_OFFICE'], {
      serviceOfficeId: mow,
    });
    expect((await call('GET', `/api/requests/${request.id}/order`, other)).statusCode).toBe(404);
    const save = await call('POST', '/api/tms/orders', other, {
      requestId: request.id,
      clientId: client,
      productId: productId,
      route: route(),
      cargo: { description: 'Станки' },
    });
    expect(save.statusCode).toBe(404);
    // One who makes orders but reads no requests at all finds none either.
    const noRequests = await signIn(ctx, EDIT_ALL);
    expect((await call('GET', `/api/requests/${request.id}/order`, noRequests)).statusCode).toBe(404);
  });

  it('needs the right to create orders', async () => {
    const request = await createRequest(worker, 'QUOTE_COMPLETED');
    const seller = await signIn(ctx, ['ROLE_REQUEST_VIEW_ALL', 'ROLE_REQUEST_CREATE']);
    expect((await call('GET', `/api/requests/${request.id}/order`, seller)).statusCode).toBe(403);
  });

  it('keeps its request: an update cannot change the link', async () => {
    const request = await createRequest(worker, 'QUOTE_COMPLETED');
    const other = await createRequest(worker, 'QUOTE_COMPLETED');
    const body = await startingBody(request.id);
    const order = await createOrder(worker, { ...body, productId });
    const res = await call('PUT', `/api/tms/orders/${order.id}`, worker, {
      requestId: other.id,
      version: order.version,
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ requestId: [expect.any(String)] });
  });
});

describe('the custom fields of an order from a request', () => {
  let groupId: number;
  beforeAll(async () => {
    const db = ctx.database.db;
    await db.insert(customerRequestCustomFields).values([
      { code: 'contract', description: 'Договор', type: 'text', position: 1 },
      { code: 'urgent', description: 'Срочно', type: 'checkbox', position: 2 },
      { code: 'tender', description: 'Тендер', type: 'text', position: 3 },
    ]);
    const definitions = [
      { code: 'contract', description: 'Договор', type: 'text' },
      // Same code, another type: the request's value is not the order's.
      { code: 'urgent', description: 'Срочность', type: 'number' },
      { code: 'po', description: 'Заказ клиента', type: 'text' },
    ].map((definition) => completeDefinition(definition as never));
    const [group] = await db
      .insert(operationCustomFieldGroups)
      .values({ name: 'Из запроса', definitions })
      .returning();
    groupId = group!.id;
  });

  it('copies the values whose code the chosen group defines, and the order saves them', async () => {
    const request = await createRequest(worker, 'QUOTE_COMPLETED', {
      customFields: { contract: 'Д-17', urgent: true, tender: 'T-9' },
    });
    // Without a group the order has no custom fields yet.
    expect((await startingBody(request.id)).customFields).toBeUndefined();
    const res = await call('GET', `/api/requests/${request.id}/order?customFieldGroupId=${groupId}`, worker);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data as Body;
    expect(body).toMatchObject({ customFieldGroupId: groupId, customFields: { contract: 'Д-17' } });
    expect(Object.keys(body.customFields as Body)).toEqual(['contract']);
    const order = await createOrder(worker, { ...body, productId });
    expect(order.customFields).toMatchObject({ contract: 'Д-17' });
  });

  it('refuses a group that does not exist', async () => {
    const request = await createRequest(worker, 'QUOTE_COMPLETED');
    const res = await call('GET', `/api/requests/${request.id}/order?customFieldGroupId=999999`, worker);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorsOf(res))).toEqual(['customFieldGroupId']);
  });
});

import { MESSAGES, VALIDATION_FAILED } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/modules/operations/tables';
import { changeLog } from '../../src/platform/changelog/tables';
import { createTestApp, type TestContext } from '../../src/test/harness';
import {
  createOrder,
  EDIT_ALL,
  type Entity,
  type OperationsWorld,
  operationsWorld,
  route,
} from '../../src/test/operations-world';
import { type SignedIn, signIn } from '../../src/test/users';

/** Spellings of record 1 (or of page 1) that a lenient number parser reads as 1. */
const SPELLINGS = ['0x1', '1e0', '+1', ' 1', '01', '1.0', '0b1'];

/**
 * Query parameters are as strict as path ids: a number is decimal digits, whatever route reads it, and a
 * parameter the route does not declare is a 400 naming it, on every route, before anything runs.
 */
describe('query parameters as strict as path ids', () => {
  let ctx: TestContext;
  let world: OperationsWorld;
  let admin: SignedIn;
  let forwarder: SignedIn;
  let order: Entity;

  beforeAll(async () => {
    ctx = await createTestApp();
    world = await operationsWorld(ctx);
    admin = await signIn(ctx, ['ROLE_ADMIN']);
    forwarder = await signIn(ctx, EDIT_ALL, { serviceOfficeId: world.mow });
    order = await createOrder(ctx, world, forwarder, await world.counterparty());
  });
  afterAll(() => ctx.close());

  /** What a refused request must leave as it was. */
  async function snapshot() {
    const db = ctx.database.db;
    const count = async (table: typeof orders | typeof changeLog) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    return { orders: await count(orders), changes: await count(changeLog) };
  }

  const refusedAt = (parameter: string, message: string) => ({
    code: 400,
    message: VALIDATION_FAILED,
    errors: { errors: [], children: { [parameter]: { errors: [message], children: {} } } },
  });

  const get = (url: string, who: SignedIn = admin) =>
    ctx.app.inject({ method: 'GET', url, headers: who.headers });

  it('refuses entityId=0x1 on the change log with a 400 on the parameter, as a path id would be', async () => {
    const plain = await get(`/api/settings/entity-changelog?entityType=order&entityId=${order.id}`);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data.total).toBeGreaterThan(0);
    for (const parameter of ['entityId', 'userId']) {
      for (const spelling of [`0x${order.id.toString(16)}`, ...SPELLINGS]) {
        const url = `/api/settings/entity-changelog?${parameter}=${encodeURIComponent(spelling)}`;
        expect((await get(url)).json(), url).toEqual(refusedAt(parameter, MESSAGES.invalid));
      }
    }
  });

  it('reads every number of a query from its digits only: pages, sizes, limits, ids', async () => {
    for (const [path, parameter] of [
      ['/api/settings/currencies', 'page'],
      ['/api/settings/currencies', 'itemsPerPage'],
      ['/api/tms/orders/1/history', 'page'],
      ['/api/notifications/internal/unread', 'max-items'],
      ['/api/finances/automatic-transfers/runs', 'limit'],
      [`/api/counterparties/${order.clientId}/merge`, 'survivorId'],
      ['/api/lazy-select/country/all', 'itemsPerPage'],
    ] as const) {
      for (const spelling of SPELLINGS) {
        const url = `${path}?${parameter}=${encodeURIComponent(spelling)}`;
        expect((await get(url)).json(), url).toEqual(refusedAt(parameter, MESSAGES.invalid));
      }
    }
    // The filters that name records take the same spelling as a path id.
    for (const [parameter, spelling] of [
      ['id', '01'],
      ['id', `${order.id},0x1`],
      ['clientId', '-1'],
      ['clientId', '01'],
    ]) {
      const url = `/api/tms/orders?${parameter}=${encodeURIComponent(spelling!)}`;
      expect((await get(url, forwarder)).json(), url).toEqual(refusedAt(parameter!, MESSAGES.type));
    }
    const control = await get(`/api/tms/orders?id=${order.id}&clientId=${order.clientId}&page=1`, forwarder);
    expect(control.json().data.collection.map((o: Entity) => o.id)).toEqual([order.id]);
  });

  it('refuses an unknown query parameter on every API route, for every method, naming it, and changes nothing', async () => {
    const before = await snapshot();
    const routes = ctx.app.routeTable.filter((r) => !r.cabinet && !r.websocket);
    expect(routes.length).toBeGreaterThan(300);
    const wrong: string[] = [];
    for (const r of routes) {
      // A cache buster, a UI-only flag and a misspelt filter: none is declared anywhere.
      const url = `${r.url.replace(/:(\w+)/g, String(order.id))}?_=1&uiOnly=true&clientID=${order.clientId}`;
      const res = await ctx.app.inject({
        method: r.method as 'GET',
        url,
        headers: admin.headers,
        ...(['POST', 'PUT', 'PATCH'].includes(r.method) ? { payload: {} } : {}),
      });
      const expected = {
        code: 400,
        message: VALIDATION_FAILED,
        errors: {
          errors: [],
          children: Object.fromEntries(
            ['_', 'uiOnly', 'clientID'].map((name) => [
              name,
              { errors: [MESSAGES.extraField], children: {} },
            ]),
          ),
        },
      };
      if (JSON.stringify(res.json()) !== JSON.stringify(expected)) {
        wrong.push(`${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a create with a smuggled query flag though its body is valid, and creates nothing', async () => {
    const before = await snapshot();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tms/orders?skipCreditCheck=true',
      headers: forwarder.headers,
      payload: {
        clientId: order.clientId,
        productId: world.productId,
        route: route(world),
        cargo: { description: 'Станки' },
      },
    });
    expect(res.json()).toEqual(refusedAt('skipCreditCheck', MESSAGES.extraField));
    expect(await snapshot()).toEqual(before);
  });

  it('takes the URL credentials only where the route takes a URL credential', async () => {
    // An export opened by navigation carries its signed link's signature (or, by the contract, ?bearer=).
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/settings/currencies/export?lang=en&bearer=${admin.token}`,
    });
    expect(exported.statusCode).toBe(200);
    // A route that takes no URL credential does not take ?signature= beside its header either.
    const res = await get('/api/users/me?signature=abc');
    expect(res.json()).toEqual(refusedAt('signature', MESSAGES.extraField));
  });
});

import { MESSAGES, REQUEST_MESSAGES, VALIDATION_FAILED } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/modules/operations/tables';
import {
  createOrder,
  EDIT_ALL,
  type Entity,
  type OperationsWorld,
  operationsWorld,
} from '../../src/modules/operations/test-fixtures';
import { changeLog } from '../../src/platform/changelog/tables';
import { MAX_JSON_DEPTH } from '../../src/platform/http/json';
import { createTestApp, type TestContext } from '../../src/test/harness';
import { type SignedIn, signIn } from '../../src/test/users';

/**
 * Input that cannot hurt: a body nested past any form, ids in other spellings than decimal digits, and a
 * version that disagrees with If-Match are refused with the contract's 400 tree before anything is written.
 */
describe('input that cannot hurt', () => {
  let ctx: TestContext;
  let world: OperationsWorld;
  let forwarder: SignedIn;
  let admin: SignedIn;
  let order: Entity;

  beforeAll(async () => {
    ctx = await createTestApp();
    world = await operationsWorld(ctx);
    forwarder = await signIn(ctx, EDIT_ALL, { serviceOfficeId: world.mow });
    admin = await signIn(ctx, ['ROLE_ADMIN']);
    order = await createOrder(ctx, world, forwarder, await world.counterparty());
  });
  afterAll(() => ctx.close());

  /** What a refused request must leave as it was: the orders and the change log. */
  async function snapshot() {
    const db = ctx.database.db;
    const [{ orderCount }] = (await db.select({ orderCount: sql<number>`count(*)::int` }).from(orders)) as [
      { orderCount: number },
    ];
    const [{ changes }] = (await db.select({ changes: sql<number>`count(*)::int` }).from(changeLog)) as [
      { changes: number },
    ];
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    return { orderCount, changes, version: stored!.version };
  }

  const rootError = (message: string) => ({
    code: 400,
    message: VALIDATION_FAILED,
    errors: { errors: [message], children: {} },
  });
  const fieldError = (field: string, message: string) => ({
    code: 400,
    message: VALIDATION_FAILED,
    errors: { errors: [], children: { [field]: { errors: [message], children: {} } } },
  });

  describe('JSON nested deeper than the limit', () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

    it('refuses 5,000 levels of custom fields in an order create with a 400, and creates nothing', async () => {
      const before = await snapshot();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/tms/orders',
        headers: { ...forwarder.headers, 'content-type': 'application/json' },
        payload: `{"clientId":1,"customFields":${nested(5000)}}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(rootError(REQUEST_MESSAGES.tooDeep));
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a deep body on a public route too (sign-in), and a deep array inside a string-free body', async () => {
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: `{"username":"admin","password":${nested(MAX_JSON_DEPTH + 1)}}`,
      });
      expect(login.json()).toEqual(rootError(REQUEST_MESSAGES.tooDeep));
      const arrays = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/tms/orders/${order.id}`,
        headers: { ...forwarder.headers, 'content-type': 'application/json' },
        payload: `{"version":${order.version},"cargo":${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}}`,
      });
      expect(arrays.json()).toEqual(rootError(REQUEST_MESSAGES.tooDeep));
    });

    it('reads brackets inside strings as text: a shallow body full of them is judged by its schema', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: `${'{['.repeat(MAX_JSON_DEPTH)}\\"`, password: 'x' }),
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('ids are decimal digits only', () => {
    const spellings = (id: number) => [
      `0x${id.toString(16)}`,
      `${id}e0`,
      `%20${id}`,
      `+${id}`,
      `0${id}`,
      `${id}.0`,
    ];

    it('answers order N to its id and refuses every other spelling of it with a 400 on the id', async () => {
      const plain = await ctx.app.inject({
        method: 'GET',
        url: `/api/tms/orders/${order.id}`,
        headers: forwarder.headers,
      });
      expect(plain.json().data.id).toBe(order.id);
      for (const spelling of spellings(order.id)) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/tms/orders/${spelling}`,
          headers: forwarder.headers,
        });
        expect(res.json(), spelling).toEqual(fieldError('id', MESSAGES.invalid));
      }
    });

    it('refuses them on every route with an id in its path, for every method, and changes nothing', async () => {
      const before = await snapshot();
      const routes = ctx.app.routeTable.filter((route) => route.idParams.length > 0 && !route.cabinet);
      expect(routes.length).toBeGreaterThan(100);
      // One spelling is enough here: the route's schema is what is under test, the spellings are above.
      const spelling = `0x${order.id.toString(16)}`;
      for (const route of routes) {
        for (const param of route.idParams) {
          const url = route.url.replace(/:(\w+)/g, (_, name: string) => (name === param ? spelling : '1'));
          const res = await ctx.app.inject({ method: route.method as 'GET', url, headers: admin.headers });
          expect(res.statusCode, `${route.method} ${url}`).toBe(400);
          expect(res.json().errors.children[param].errors, `${route.method} ${url}`).toEqual([
            MESSAGES.invalid,
          ]);
        }
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('a body version and an If-Match that disagree', () => {
    const patch = (headers: Record<string, string>, body: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/tms/orders/${order.id}`,
        headers: { ...forwarder.headers, ...headers },
        payload: { cargo: { description: 'Подменённый груз' }, ...body },
      });

    it('refuses an update whose If-Match names another version than its body, and writes nothing', async () => {
      const before = await snapshot();
      const res = await patch({ 'if-match': `"${before.version + 1}"` }, { version: before.version });
      expect(res.json()).toEqual(fieldError('version', REQUEST_MESSAGES.versionMismatch));
      const stale = await patch({ 'if-match': `"${before.version}"` }, { version: before.version - 1 || 99 });
      expect(stale.json()).toEqual(fieldError('version', REQUEST_MESSAGES.versionMismatch));
      expect(await snapshot()).toEqual(before);
    });

    it('refuses an If-Match that names no version rather than digging a number out of it', async () => {
      const before = await snapshot();
      for (const header of [`abc${before.version}`, `"${before.version}`, '*', `${before.version}, 7`]) {
        const res = await patch({ 'if-match': header }, {});
        expect(res.json(), header).toEqual(fieldError('version', REQUEST_MESSAGES.ifMatchInvalid));
      }
      expect(await snapshot()).toEqual(before);
    });

    it('takes an update whose If-Match and body agree (the control case)', async () => {
      const before = await snapshot();
      const res = await patch({ 'if-match': `W/"${before.version}"` }, { version: before.version });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.version).toBe(before.version + 1);
    });
  });
});

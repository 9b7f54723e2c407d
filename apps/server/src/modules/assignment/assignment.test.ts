import { ASSIGNMENT_MESSAGES as A, flattenTree } from '@tms/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { serviceOffices, users } from '../../platform/identity/tables';
import { notifications } from '../../platform/notifications/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { createUser, type SignedIn, signIn } from '../../test/users';
import { counterparties } from '../counterparties';
import { products } from '../operations';
import { countries } from '../reference-data';
import { assignByRules } from './use-cases/assign-by-rules';

/**
 * Auto-assignment (docs/assignment.md): rules in their order, first match wins, round robin (also two
 * creations at once), least loaded, a disabled user refused, the preview that assigns nothing, and the
 * rules applied by the creates of orders, requests and customs requests with the rule recorded.
 */

type Body = Record<string, unknown>;
type Entity = Body & { id: number; version: number };

let ctx: TestContext;
let admin: SignedIn;
let ru: number;
let de: number;
let office: number;
let productId: number;
let seq = 0;

const FORWARDER = '/api/forwarder-auto-assignment/rules';
const CUSTOMS = '/api/cto-auto-assignment/rules';

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Body, who = admin) =>
  ctx.app.inject({ method, url, headers: who.headers, payload });
const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
  flattenTree(res.json().errors);

async function client(): Promise<number> {
  const [row] = await ctx.database.db
    .insert(counterparties)
    .values({ name: `Клиент ${++seq}`, client: true, countryId: ru, applicationRequired: false })
    .returning();
  return row!.id;
}
const person = async (active = true) =>
  (await createUser(ctx.database, { active, serviceOfficeId: office, contactName: `Человек ${++seq}` })).id;

async function rule(path: string, body: Body): Promise<Entity> {
  const res = await call('POST', path, { name: `Правило ${++seq}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const route = () => [
  { kind: 'dispatch', address: 'Москва, Тверская 1', countryId: ru },
  { kind: 'delivery', address: 'Berlin, Unter den Linden 1', countryId: de },
];
async function order(clientId: number, extra: Body = {}): Promise<Entity> {
  const res = await call('POST', '/api/tms/orders', {
    clientId,
    productId,
    serviceOfficeId: office,
    route: route(),
    cargo: { description: 'Станки' },
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
async function request(clientId: number, extra: Body = {}): Promise<Entity> {
  const res = await call('POST', '/api/requests', {
    clientId,
    serviceOfficeId: office,
    route: route(),
    cargo: { description: 'Электроника' },
    transportTypes: ['auto'],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const preview = async (path: string, facts: Body) => {
  const res = await call('POST', `${path}/preview`, facts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { ruleId: number | null; userId: number | null };
};
/** Each test starts with no rules of either kind. */
async function clearRules() {
  for (const path of [FORWARDER, CUSTOMS]) {
    const list = (await call('GET', `${path}?itemsPerPage=100`)).json().data.collection as Entity[];
    for (const row of list) expect((await call('DELETE', `${path}/${row.id}`)).statusCode).toBe(200);
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const code = async (c: string) => (await db.select().from(countries).where(eq(countries.code, c)))[0]!.id;
  ru = await code('RU');
  de = await code('DE');
  const [mow] = await db.insert(serviceOffices).values({ name: 'Москва', code: 'MOW' }).returning();
  office = mow!.id;
  const [product] = await db.insert(products).values({ code: 'ROAD', name: 'Автоперевозка' }).returning();
  productId = product!.id;
  admin = await signIn(ctx, [
    'ROLE_FORWARDER_AUTO_ASSIGNMENT',
    'ROLE_CTO_AUTO_ASSIGNMENT',
    'ROLE_ORDER_VIEW_ALL',
    'ROLE_ORDER_EDIT_ALL',
    'ROLE_REQUEST_VIEW_ALL',
    'ROLE_REQUEST_CREATE',
    'ROLE_COUNTERPARTY_VIEW_ALL',
  ]);
});
afterAll(() => ctx?.close());

describe('the rules', () => {
  it('are asked in their order, the first match wins, and the reorder action changes who wins', async () => {
    await clearRules();
    const [a, b] = [await person(), await person()];
    const special = await client();
    const other = await client();
    const narrow = await rule(FORWARDER, { clientIds: [special], strategy: 'user', userId: a });
    const catchAll = await rule(FORWARDER, { strategy: 'user', userId: b });
    expect([narrow.position, catchAll.position]).toEqual([1, 2]);

    expect(await order(special)).toMatchObject({ forwarderId: a, assignmentRuleId: narrow.id });
    expect(await order(other)).toMatchObject({ forwarderId: b, assignmentRuleId: catchAll.id });

    const moved = await call('POST', `${FORWARDER}/${catchAll.id}/move`, { direction: 'up' });
    expect(moved.json().data).toEqual({ moved: true });
    const list = (await call('GET', FORWARDER)).json().data.collection as Entity[];
    expect(list.map((r) => r.id)).toEqual([catchAll.id, narrow.id]);
    expect(await order(special)).toMatchObject({ forwarderId: b, assignmentRuleId: catchAll.id });
    // At the top it stays.
    expect((await call('POST', `${FORWARDER}/${catchAll.id}/move`, { direction: 'up' })).json().data).toEqual(
      {
        moved: false,
      },
    );
    const history = (await call('GET', `${FORWARDER}/${catchAll.id}/history`)).json().data.collection;
    expect(history.map((e: { action: string }) => e.action)).toContain('reorder');
  });

  it('match on every condition: office, route countries, transport type, product', async () => {
    await clearRules();
    const [a, b] = [await person(), await person()];
    const fromRu = await rule(FORWARDER, {
      serviceOfficeIds: [office],
      dispatchCountryIds: [ru],
      deliveryCountryIds: [de],
      transportTypes: ['air'],
      productIds: [productId],
      strategy: 'user',
      userId: a,
    });
    await rule(FORWARDER, { deliveryCountryIds: [ru], strategy: 'user', userId: b });
    const c = await client();
    expect(await order(c, { transportType: 'air' })).toMatchObject({
      forwarderId: a,
      assignmentRuleId: fromRu.id,
    });
    // Road instead of air: the first rule fails, the second (delivery to Russia) does not hold either.
    expect(await order(c, { transportType: 'auto' })).toMatchObject({
      forwarderId: null,
      assignmentRuleId: null,
    });
  });

  it('naming a disabled user are refused with the field named, and nothing is written', async () => {
    await clearRules();
    const [on, off] = [await person(), await person(false)];
    const single = await call('POST', FORWARDER, { name: 'Отключённый', strategy: 'user', userId: off });
    expect(single.statusCode).toBe(400);
    expect(errorsOf(single)).toEqual({ userId: [A.userDisabled] });
    const group = await call('POST', CUSTOMS, { name: 'Группа', strategy: 'roundRobin', userIds: [on, off] });
    expect(errorsOf(group)).toEqual({ 'userIds.1': [A.userDisabled] });
    const empty = await call('POST', FORWARDER, { name: 'Пустая', strategy: 'leastLoaded' });
    expect(errorsOf(empty)).toEqual({ userIds: [A.groupRequired] });
    for (const path of [FORWARDER, CUSTOMS]) expect((await call('GET', path)).json().data.total).toBe(0);
  });
});

describe('round robin', () => {
  it('gives the group their turns in order, skipping who is disabled since', async () => {
    await clearRules();
    const group = [await person(), await person(), await person()];
    await rule(FORWARDER, { strategy: 'roundRobin', userIds: group });
    const c = await client();
    const got = [];
    for (let i = 0; i < 4; i++) got.push((await order(c)).forwarderId);
    expect(got).toEqual([group[0], group[1], group[2], group[0]]);
    await ctx.database.db.update(users).set({ active: false }).where(eq(users.id, group[1]!));
    expect((await order(c)).forwarderId).toBe(group[2]);
  });

  // PGlite has one connection, so nothing runs at once there.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'never gives two records created at once the same turn (PostgreSQL)',
    async () => {
      await clearRules();
      const group = [await person(), await person()];
      await rule(FORWARDER, { strategy: 'roundRobin', userIds: group });
      const db = ctx.database.db;
      const facts = { clientId: await client() };
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let taken!: () => void;
      const tookTurn = new Promise<void>((resolve) => {
        taken = resolve;
      });
      // The first creation takes its turn and stays open; the second starts meanwhile.
      const first = db.transaction(async (tx) => {
        const got = await assignByRules({ tx, registries: ctx.app.registries }, 'forwarder', facts);
        taken();
        await held;
        return got;
      });
      await tookTurn;
      let secondDone = false;
      const second = db
        .transaction((tx) => assignByRules({ tx, registries: ctx.app.registries }, 'forwarder', facts))
        .finally(() => {
          secondDone = true;
        });
      // Until the second waits on the rule's lock (or, without one, has already answered).
      while (!secondDone) {
        const [row] = await rowsOf<{ waiting: number }>(
          db,
          sql`SELECT count(*)::int AS waiting FROM pg_locks WHERE NOT granted`,
        );
        if (row!.waiting > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      release();
      const turns = [(await first)!.userId, (await second)!.userId];
      expect(turns).toEqual(group);
    },
  );

  it('is not moved by the preview', async () => {
    await clearRules();
    const group = [await person(), await person()];
    const rr = await rule(FORWARDER, { strategy: 'roundRobin', userIds: group });
    const c = await client();
    const facts = { clientId: c, serviceOfficeId: office };
    expect(await preview(FORWARDER, facts)).toMatchObject({ ruleId: rr.id, userId: group[0] });
    expect(await preview(FORWARDER, facts)).toMatchObject({ ruleId: rr.id, userId: group[0] });
    expect((await order(c)).forwarderId).toBe(group[0]);
    expect(await preview(FORWARDER, facts)).toMatchObject({ userId: group[1] });
    expect(await preview(CUSTOMS, facts)).toMatchObject({ ruleId: null, userId: null });
  });
});

describe('least loaded', () => {
  it('gives the record to the member with the fewest open orders and requests, ties to the first listed', async () => {
    await clearRules();
    const [a, b] = [await person(), await person()];
    const c = await client();
    await order(c, { forwarderId: a });
    await request(c, { forwarderId: a });
    await order(c, { forwarderId: b });
    await rule(FORWARDER, { strategy: 'leastLoaded', userIds: [a, b] });
    expect((await order(c)).forwarderId).toBe(b); // a 2, b 1
    expect((await order(c)).forwarderId).toBe(a); // a 2, b 2: the first listed
  });
});

describe('on create', () => {
  it('keeps a forwarder sent with the order, and records the rule in the change log otherwise', async () => {
    await clearRules();
    const [a, b] = [await person(), await person()];
    const byRule = await rule(FORWARDER, { strategy: 'user', userId: a });
    const c = await client();
    expect(await order(c, { forwarderId: b })).toMatchObject({ forwarderId: b, assignmentRuleId: null });
    const assigned = await order(c);
    expect(assigned).toMatchObject({ forwarderId: a, assignmentRuleName: byRule.name });
    const history = (await call('GET', `/api/tms/orders/${assigned.id}/history`)).json().data.collection;
    expect(JSON.stringify(history[0])).toContain(byRule.name as string);
  });

  it("gives a request its forwarder and a customs request its customs specialist, else tells the office's customs group", async () => {
    await clearRules();
    const [forwarder, specialist] = [await person(), await person()];
    const customsGroup = await signIn(ctx, ['ROLE_REQUEST_CUSTOMS_SPECIALIST'], { serviceOfficeId: office });
    const c = await client();
    const forwarders = await rule(FORWARDER, { strategy: 'user', userId: forwarder });

    const unassigned = await request(c, { customs: true });
    expect(unassigned).toMatchObject({ forwarderId: forwarder, assignmentRuleId: forwarders.id });
    expect(unassigned).toMatchObject({ customsSpecialistId: null, customsAssignmentRuleId: null });
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, customsGroup.user.id), eq(notifications.type, 'customsUnassigned')),
      );
    expect(told).toHaveLength(1);

    const customs = await rule(CUSTOMS, { clientIds: [c], strategy: 'user', userId: specialist });
    const assigned = await request(c, { customs: true });
    expect(assigned).toMatchObject({
      customsSpecialistId: specialist,
      customsAssignmentRuleId: customs.id,
      customsAssignmentRuleName: customs.name,
    });
    // A request that is no customs request gets no customs specialist.
    expect(await request(c)).toMatchObject({ customsSpecialistId: null, forwarderId: forwarder });
  });
});

import { COUNTERPARTY_FIELD_ROLES, ERROR_MESSAGES } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/app';
import { countries, vehicleTypes } from '../../src/modules/reference-data/tables';
import { serviceOffices } from '../../src/platform/identity/tables';
import { createTestApp, type TestContext } from '../../src/test/harness';
import { type SignedIn, signIn } from '../../src/test/users';

/**
 * Object-level scopes (issue 7): for every resource with scopes, a fixture just outside the caller's scope
 * is never returned by list, search, export, similar search or id, and never changed, by any registered
 * route of the resource. The routes are taken from the route table, so a route added later is covered.
 */

type Body = Record<string, unknown>;

/** Every counterparty role that is not a scope: the caller lacks nothing but the reach. */
const UNSCOPED_COUNTERPARTY_ROLES = [
  ...new Set(Object.values(COUNTERPARTY_FIELD_ROLES)),
  'ROLE_COUNTERPARTY_MERGE',
  'ROLE_COUNTERPARTY_API_KEYS',
  'ROLE_COUNTERPARTY_SIMILAR_SEARCH',
];

/** The kept-under-a-counterparty resources and a body that creates one under `counterpartyId`. */
const PARTS: Record<string, (counterpartyId: number, ctx: TestContext) => Promise<Body>> = {
  '/api/counterparty-contacts': async (counterpartyId) => ({ counterpartyId, name: 'Скрытый Контакт' }),
  '/api/counterparty-bank-accounts': async (counterpartyId) => ({
    counterpartyId,
    bankName: 'Скрытый банк',
    iban: 'DE89370400440532013000',
  }),
  '/api/counterparty-drivers': async (counterpartyId) => ({ counterpartyId, name: 'Скрытый Водитель' }),
  '/api/counterparty-vehicles': async (counterpartyId, ctx) => ({
    counterpartyId,
    vehicleTypeId: (await ctx.database.db.select().from(vehicleTypes).limit(1))[0]!.id,
    plate: 'А001АА 77',
  }),
};

describe('object-level scopes of counterparties', () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let ru: number;
  let mow: number;
  let msq: number;
  const routes = () => ctx.app.routeTable.filter((r) => !r.public && !r.websocket && !r.cabinet);

  const call = (method: string, url: string, who: SignedIn, payload?: Body) =>
    ctx.app.inject({ method: method as 'GET', url, headers: who.headers, payload });

  async function counterparty(body: Body): Promise<Body & { id: number; version: number }> {
    const res = await call('POST', '/api/counterparties', admin, {
      client: true,
      contractor: true,
      countryId: ru,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx, [
      'ROLE_COUNTERPARTY_VIEW_ALL',
      'ROLE_COUNTERPARTY_EDIT_ALL',
      ...UNSCOPED_COUNTERPARTY_ROLES,
    ]);
    ru = (await ctx.database.db.select().from(countries).where(eq(countries.code, 'RU')))[0]!.id;
    const offices = await ctx.database.db
      .insert(serviceOffices)
      .values([{ name: 'Москва' }, { name: 'Минск' }])
      .returning();
    mow = offices[0]!.id;
    msq = offices[1]!.id;
  });
  afterAll(() => ctx?.close());

  /**
   * `caller` reaches `inside` and not `outside` (just outside: same office, another curator; or another
   * office). Each route of the resources is called on the outside record; nothing is answered or changed.
   */
  async function expectOutOfReach(caller: SignedIn, inside: { id: number }, outside: Body & { id: number }) {
    const marker = String(outside.name);
    const wrong: string[] = [];
    const before = (await call('GET', `/api/counterparties/${outside.id}`, admin)).json().data;

    const list = await call('GET', '/api/counterparties?itemsPerPage=10000', caller);
    const listed = list.json().data.collection.map((r: Body) => r.id);
    if (!listed.includes(inside.id)) wrong.push('list misses the inside record');
    if (listed.includes(outside.id)) wrong.push('list');
    for (const query of [
      `search=${encodeURIComponent(marker)}`,
      `id=${outside.id}`,
      `merged=true,false&search=${encodeURIComponent(marker)}`,
    ]) {
      if ((await call('GET', `/api/counterparties?${query}`, caller)).json().data.total !== 0)
        wrong.push(query);
    }
    const exported = await call(
      'GET',
      `/api/counterparties/export?search=${encodeURIComponent(marker)}`,
      caller,
    );
    if (exported.statusCode !== 200 || exported.rawPayload.includes(Buffer.from(marker)))
      wrong.push('export');
    const similar = await call(
      'GET',
      `/api/counterparties/similar?name=${encodeURIComponent(marker)}`,
      caller,
    );
    if (
      similar.json().data.collection.some((m: { counterparty: Body }) => m.counterparty.id === outside.id)
    ) {
      wrong.push('similar');
    }

    // Bodies the cabinet users' routes accept, so that only the reach can refuse them.
    const cabinetUserBody = (route: RegisteredRoute): Body | undefined => {
      if (!route.url.includes('/cabinet-users')) return undefined;
      if (route.url.endsWith('/reset')) return {};
      if (route.method === 'PUT') return { version: 1, name: 'Чужой' };
      return { email: 'stranger@example.test', name: 'Чужой', roles: [] };
    };
    // Every route of the resource that takes an id, on the outside record.
    const bodies: Record<string, Body> = {
      PUT: { version: before.version, phone: '+7 000' },
      PATCH: { version: before.version, phone: '+7 000' },
      POST: { survivorId: inside.id, fields: {}, survivorVersion: 1, sourceVersion: before.version },
    };
    // The routes the caller's roles open: one that needs a role he lacks (a cabinet's users) is the matrix's.
    for (const route of routes().filter(
      (r: RegisteredRoute) =>
        r.url.startsWith('/api/counterparties/:id') &&
        (r.roles.length === 0 || r.roles.some((role) => caller.user.roles.includes(role))),
    )) {
      const url = `${route.url.replace(':id', String(outside.id)).replace(':userId', '1')}${route.url.endsWith('/merge') && route.method === 'GET' ? `?survivorId=${inside.id}` : ''}`;
      const res = await call(route.method, url, caller, cabinetUserBody(route) ?? bodies[route.method]);
      if (res.statusCode !== 404) wrong.push(`${route.method} ${route.url} → ${res.statusCode}`);
    }
    // As a merge survivor it is refused too.
    const inward = await call('POST', `/api/counterparties/${inside.id}/merge`, caller, {
      survivorId: outside.id,
      fields: {},
      survivorVersion: before.version,
      sourceVersion: 1,
    });
    if (inward.statusCode < 400) wrong.push(`merge into the outside record → ${inward.statusCode}`);

    // Its parts: by list, search, counterpartyId, id; no part is created under it.
    for (const [path, body] of Object.entries(PARTS)) {
      const created = await call('POST', path, admin, await body(outside.id, ctx));
      expect(created.statusCode, created.body).toBe(201);
      const part = created.json().data;
      const seen = await call('GET', `${path}?counterpartyId=${outside.id}&itemsPerPage=1000`, caller);
      if (seen.json().data.total !== 0) wrong.push(`${path}?counterpartyId`);
      const all = await call('GET', `${path}?itemsPerPage=10000`, caller);
      if (all.json().data.collection.some((r: Body) => r.id === part.id)) wrong.push(`${path} list`);
      // The part's routes the caller's roles open (a driver's verification is the security check's).
      const partRoutes = routes().filter(
        (r) =>
          r.url.startsWith(`${path}/:id`) &&
          (r.roles.length === 0 || r.roles.some((role) => caller.user.roles.includes(role))),
      );
      for (const route of partRoutes) {
        const res = await call(route.method, route.url.replace(':id', String(part.id)), caller, {
          version: part.version,
        });
        if (res.statusCode !== 404) wrong.push(`${route.method} ${route.url} → ${res.statusCode}`);
      }
      // Named in a write, a record out of sight is "not found" on its field, like a missing one.
      const under = await call('POST', path, caller, await body(outside.id, ctx));
      if (
        under.statusCode !== 400 ||
        under.json().errors.children.counterpartyId?.errors[0] !== ERROR_MESSAGES.notFound
      )
        wrong.push(`POST ${path} under it → ${under.statusCode}`);
      const after = (await call('GET', `${path}/${part.id}`, admin)).json().data;
      if (after.version !== part.version) wrong.push(`${path} changed`);
    }

    const after = (await call('GET', `/api/counterparties/${outside.id}`, admin)).json().data;
    expect(after).toEqual(before);
    expect(wrong).toEqual([]);
  }

  it('own: a record curated by a colleague of the same office', async () => {
    const caller = await signIn(
      ctx,
      ['ROLE_COUNTERPARTY_VIEW_OWN', 'ROLE_COUNTERPARTY_EDIT_OWN', ...UNSCOPED_COUNTERPARTY_ROLES],
      {
        serviceOfficeId: mow,
      },
    );
    const colleague = await signIn(ctx, [], { serviceOfficeId: mow });
    const inside = await counterparty({
      name: 'Свой клиент',
      curatorIds: [caller.user.id],
      serviceOfficeId: mow,
    });
    const outside = await counterparty({
      name: 'Клиент коллеги Зета',
      curatorIds: [colleague.user.id],
      managerIds: [colleague.user.id],
      serviceOfficeId: mow,
      phone: '+7 495 999-99-99',
    });
    await expectOutOfReach(caller, inside, outside);
  });

  it('office: a record of another office', async () => {
    const caller = await signIn(
      ctx,
      ['ROLE_COUNTERPARTY_VIEW_OFFICE', 'ROLE_COUNTERPARTY_EDIT_OFFICE', ...UNSCOPED_COUNTERPARTY_ROLES],
      { serviceOfficeId: mow },
    );
    const inside = await counterparty({ name: 'Московский клиент', serviceOfficeId: mow });
    const outside = await counterparty({
      name: 'Минский клиент Омега',
      serviceOfficeId: msq,
      curatorIds: [admin.user.id],
    });
    await expectOutOfReach(caller, inside, outside);
  });
});

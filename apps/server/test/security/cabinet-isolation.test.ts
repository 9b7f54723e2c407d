import { CABINET_KEY_ROLES, CABINET_KIND_ROLES } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPS_PREDICATES } from '../../src/modules/cabinets/ops';
import { PCC_PREDICATES } from '../../src/modules/cabinets/pcc';
import { cabinetNotifications } from '../../src/modules/cabinets/tables';
import { CARRIER_PREDICATES } from '../../src/modules/carriers';
import { counterpartyDrivers } from '../../src/modules/carriers/tables';
import { orders as ordersTable } from '../../src/modules/operations/tables';
import { customerRequests } from '../../src/modules/requests/tables';
import { CABINET_WALL } from '../../src/platform/auth/cabinet-wall';
import { type CabinetCaller, cabinetUserKey } from '../../src/test/cabinets';
import { type Carrier, type CarrierWorld, carrierWorld } from '../../src/test/carrier-world';
import { createTestApp, type TestContext } from '../../src/test/harness';
import { caller, exportedIds } from '../../src/test/operations-world';
import { type OpsContractor, type OpsWorld, opsWorld } from '../../src/test/ops-world';
import type { PccClient, PccWorld } from '../../src/test/pcc-world';
import type { SignedIn } from '../../src/test/users';

/**
 * The client cabinet's isolation (issue 37): two clients, each with a cabinet user and an API key, against
 * every `/api/pcc` route of the route table. A foreign id is a 404 that reads as a missing one (no
 * existence oracle); lists, searches, counts and exports hold no foreign row; a write naming a foreign id
 * changes nothing. Breaking a counterparty predicate on purpose (the mutation check) turns it red with the
 * database's wall down; on PostgreSQL the wall alone (every predicate broken) still keeps them apart.
 */

let ctx: TestContext;
let w: PccWorld;
let ops: OpsWorld;
let carriers: CarrierWorld;
const MISSING = 2_000_000_000;

beforeAll(async () => {
  ctx = await createTestApp();
  ops = await opsWorld(ctx);
  w = ops.pcc;
  for (const c of [ops.c, ops.d]) opsKeys.set(c.id, (await cabinetUserKey(ctx, c.user)).keyId);
  carriers = await carrierWorld(ctx, ops);
  for (const c of [carriers.e, carriers.f]) carrierKeys.set(c.id, (await cabinetUserKey(ctx, c.user)).keyId);
}, 300_000);
afterAll(() => ctx?.close());

const inject = (method: string, url: string, who: CabinetCaller, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: method as 'GET', url, headers: who.headers, payload });

/** The ids of `own`, and those of `other`, that each routed id parameter stands for. */
const idsOf = (c: PccClient) => ({
  '/api/pcc/requests/:id': c.requestId,
  '/api/pcc/requests/:id/answer': c.requestId,
  '/api/pcc/requests/:id/quote/accept': c.requestId,
  '/api/pcc/orders/:id': c.orderId,
  '/api/pcc/orders/:id/stages': c.orderId,
  '/api/pcc/orders/:id/files': c.orderId,
  '/api/pcc/bills/:id': c.billId,
  '/api/pcc/bills/:id/pdf': c.billId,
  '/api/pcc/users/:id': c.user.cabinetUserId!,
  '/api/pcc/users/:id/reset': c.user.cabinetUserId!,
  '/api/pcc/users/:id/api-keys': c.user.cabinetUserId!,
  '/api/pcc/me/api-keys/:id': c.userKey.keyId,
});

/**
 * The routes that manage cabinet users' keys, which only a signed-in session reaches: a key (his own or the
 * counterparty's) is refused whatever the id (403).
 */
const SESSION_ONLY = new Set([
  '/api/pcc/me/api-keys/:id',
  '/api/pcc/users/:id/api-keys',
  '/api/ops/me/api-keys/:id',
  '/api/ops/users/:id/api-keys',
  '/api/carrier/me/api-keys/:id',
  '/api/carrier/users/:id/api-keys',
]);
const hasSession = (who: CabinetCaller) => 'authorization' in who.headers;

/** The lists of the cabinet with what each answers of a client, to look for foreign rows. */
const LISTS = [
  {
    path: '/api/pcc/requests',
    own: (c: PccClient) => c.requestId,
    text: (c: PccClient) => `Груз ${c.name.at(-1)}`,
  },
  {
    path: '/api/pcc/orders',
    own: (c: PccClient) => c.orderId,
    text: (c: PccClient) => `Станки ${c.name.at(-1)}`,
  },
  { path: '/api/pcc/bills', own: (c: PccClient) => c.billId, text: (c: PccClient) => `СЧ-${c.name.at(-1)}` },
] as const;

/**
 * Every way `who` of `own` could reach `other`'s records; empty when isolated. Each finding names the
 * route and what came back.
 */
async function leaks(who: CabinetCaller, own: PccClient, other: PccClient): Promise<string[]> {
  const found: string[] = [];
  const cabinetRoutes = ctx.app.routeTable.filter((r) => r.url.startsWith('/api/pcc/') && !r.public);
  const foreignIds = idsOf(other) as Record<string, number>;
  const payloads: Record<string, Record<string, unknown>> = {
    'POST /api/pcc/requests/:id/answer': { answer: 'Ответ', version: 1 },
    'PUT /api/pcc/users/:id': { name: 'Чужой', version: 1 },
    'POST /api/pcc/requests/:id/quote/accept': { currency: 'RUB', version: 1 },
    'POST /api/pcc/users/:id/api-keys': { name: 'Чужой', roles: ['CABINET_REQUESTS'] },
  };
  // A route wanting a role within the cabinet the caller lacks (the key administers no users) is a 403
  // whatever the id; any other answers a foreign id as a missing one.
  const roles: readonly string[] =
    who.cabinetUserId === null ? CABINET_KEY_ROLES.client : CABINET_KIND_ROLES.client;
  const refusal = (route: { url: string; cabinetRoles: readonly string[] }) =>
    (route.cabinetRoles.length === 0 || route.cabinetRoles.some((role) => roles.includes(role))) &&
    (hasSession(who) || !SESSION_ONLY.has(route.url))
      ? 404
      : 403;

  for (const route of cabinetRoutes.filter((r) => r.idParams.length > 0)) {
    const key = `${route.method} ${route.url}`;
    if (route.url === '/api/pcc/users/:id/api-keys/:keyId') {
      // Another's key through one's own colleague, and through his user; nothing is revoked.
      const expected = hasSession(who) && roles.includes('CABINET_ADMIN') ? 404 : 403;
      for (const [userId, keyId] of [
        [own.user.cabinetUserId, other.userKey.keyId],
        [other.user.cabinetUserId, other.userKey.keyId],
      ]) {
        const res = await inject(route.method, `/api/pcc/users/${userId}/api-keys/${keyId}`, who);
        if (res.statusCode !== expected) found.push(`${key} ${userId}/${keyId} → ${res.statusCode}`);
      }
      continue;
    }
    if (route.url === '/api/pcc/orders/:id/files/:fileId') {
      // Another's document through one's own order, and one's own document id through another's order.
      for (const [orderId, fileId] of [
        [own.orderId, other.fileId],
        [other.orderId, other.fileId],
        [other.orderId, own.fileId],
      ]) {
        const res = await inject('GET', `/api/pcc/orders/${orderId}/files/${fileId}`, who);
        if (res.statusCode !== 404) found.push(`${key} ${orderId}/${fileId} → ${res.statusCode}`);
      }
      continue;
    }
    const foreign = foreignIds[route.url];
    if (foreign === undefined) {
      found.push(`${key}: the suite knows no id for it`);
      continue;
    }
    const res = await inject(route.method, route.url.replace(':id', String(foreign)), who, payloads[key]);
    const missing = await inject(route.method, route.url.replace(':id', String(MISSING)), who, payloads[key]);
    if (res.statusCode !== refusal(route)) found.push(`${key} foreign → ${res.statusCode}`);
    else if (res.body !== missing.body) found.push(`${key}: a foreign id reads unlike a missing one`);
  }

  for (const list of LISTS) {
    const page = await inject('GET', `${list.path}?itemsPerPage=100`, who);
    if (page.statusCode !== 200) {
      found.push(`${list.path} → ${page.statusCode}`);
      continue;
    }
    const { collection, total } = page.json().data as { collection: { id: number }[]; total: number };
    const ids = collection.map((row) => row.id);
    if (ids.includes(list.own(other))) found.push(`${list.path} lists a foreign row`);
    if (!ids.includes(list.own(own))) found.push(`${list.path} misses an own row`);
    if (total !== ids.length) found.push(`${list.path} counts ${total} for ${ids.length} rows`);
    const search = await inject('GET', `${list.path}?search=${encodeURIComponent(list.text(other))}`, who);
    if (search.json().data.total !== 0) found.push(`${list.path} finds a foreign row by search`);
    const exported = await exportedIds(
      caller(ctx),
      list.path,
      { headers: who.headers } as unknown as SignedIn,
      'lang=ru',
    );
    const otherNumber = list.path === '/api/pcc/bills' ? undefined : list.own(other);
    if (otherNumber !== undefined && exported.includes(otherNumber))
      found.push(`${list.path} exports a foreign row`);
    if (exported.length !== ids.length)
      found.push(`${list.path} exports ${exported.length} for ${ids.length} rows`);
  }

  // His own keys are his alone, and the other's key still works (nothing above revoked it).
  if (hasSession(who)) {
    const keys = await inject('GET', '/api/pcc/me/api-keys', who);
    const listed = (keys.json().data ?? []).map((k: { id: number }) => k.id);
    if (listed.includes(other.userKey.keyId)) found.push('/api/pcc/me/api-keys lists a foreign key');
  }
  if ((await inject('GET', '/api/pcc/me', other.userKey)).statusCode !== 200) {
    found.push("the other client's key was revoked");
  }

  // The quotes sent to him are of his own requests only.
  const quotes = await inject('GET', '/api/pcc/quotes?itemsPerPage=100', who);
  const quoted = (quotes.json().data?.collection ?? []).map((q: { requestId: number }) => q.requestId);
  if (quoted.includes(other.requestId)) found.push('/api/pcc/quotes lists a foreign quote');
  if (!quoted.includes(own.requestId)) found.push('/api/pcc/quotes misses an own quote');

  // Our legal entities offered for his акт сверки are those that billed him.
  const entities = await inject('GET', '/api/pcc/legal-entities', who);
  if (entities.statusCode !== 200) found.push(`/api/pcc/legal-entities → ${entities.statusCode}`);

  // A cabinet user's notifications are his own; another's ids marked read change nothing of the other's.
  if (who.cabinetUserId !== null) {
    const bell = await inject('GET', '/api/pcc/notifications', who);
    const seen = (bell.json().data?.collection ?? []).map((n: { id: number }) => n.id);
    if (seen.includes(other.notificationId)) found.push('/api/pcc/notifications lists a foreign one');
    await inject('POST', '/api/pcc/notifications/read', who, { ids: [other.notificationId] });
    const [theirs] = await ctx.database.db
      .select({ readAt: cabinetNotifications.readAt })
      .from(cabinetNotifications)
      .where(eq(cabinetNotifications.id, other.notificationId));
    if (theirs?.readAt) {
      found.push('/api/pcc/notifications/read marks a foreign one read');
      await ctx.database.db
        .update(cabinetNotifications)
        .set({ readAt: null })
        .where(eq(cabinetNotifications.id, other.notificationId));
    }
  }

  // The back office's file door, open to cabinets, reaches no document of the other client either.
  const staffDoor = await inject('GET', `/api/file-management/files/${other.fileId}/download`, who);
  if (![403, 404].includes(staffDoor.statusCode)) found.push(`file download → ${staffDoor.statusCode}`);

  // A create naming another client is refused (strict body), nothing written.
  const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(customerRequests);
  const named = await inject('POST', '/api/pcc/requests', who, {
    clientId: other.id,
    route: [
      { kind: 'dispatch', address: 'Москва', countryId: w.world.ru },
      { kind: 'delivery', address: 'Berlin', countryId: w.world.de },
    ],
    cargo: { description: 'Чужой' },
    transportTypes: ['auto'],
  });
  const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(customerRequests);
  if (named.statusCode !== 400 || after[0]!.n !== before[0]!.n) {
    found.push(`POST /api/pcc/requests naming another client → ${named.statusCode}`);
  }
  return found;
}

describe('the client cabinet keeps each client to his own records', () => {
  it('knows every /api/pcc route it walks', () => {
    const known = Object.keys(idsOf(w.a));
    const withIds = ctx.app.routeTable
      .filter((r) => r.url.startsWith('/api/pcc/') && r.idParams.length > 0)
      .map((r) => r.url)
      .filter(
        (url) => url !== '/api/pcc/orders/:id/files/:fileId' && url !== '/api/pcc/users/:id/api-keys/:keyId',
      );
    expect(known).toEqual(expect.arrayContaining(withIds));
  });

  for (const [label, pick] of [
    ['a cabinet user', (c: PccClient) => c.user],
    ["a cabinet user's own API key", (c: PccClient) => c.userKey],
    ['an API key', (c: PccClient) => c.key],
  ] as const) {
    it(`as ${label} of either client`, async () => {
      expect(await leaks(pick(w.a), w.a, w.b)).toEqual([]);
      expect(await leaks(pick(w.b), w.b, w.a)).toEqual([]);
    }, 300_000);
  }

  it('turns red when a counterparty predicate is broken on purpose', async () => {
    // The database's wall down, so that the kernel's predicates stand alone.
    const wallDown = vi.spyOn(CABINET_WALL, 'role').mockReturnValue(null);
    try {
      for (const name of ['request', 'order', 'bill'] as const) {
        const broken = vi.spyOn(PCC_PREDICATES, name).mockReturnValue(sql`true`);
        try {
          expect(await leaks(w.a.user, w.a, w.b), name).not.toEqual([]);
        } finally {
          broken.mockRestore();
        }
      }
    } finally {
      wallDown.mockRestore();
    }
    expect(await leaks(w.a.user, w.a, w.b)).toEqual([]);
  }, 300_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL keeps each client to his own records with every one of the kernel's predicates broken",
    async () => {
      const broken = (['request', 'order', 'bill'] as const).map((name) =>
        vi.spyOn(PCC_PREDICATES, name).mockReturnValue(sql`true`),
      );
      try {
        expect(await leaks(w.a.user, w.a, w.b)).toEqual([]);
        expect(await leaks(w.b.key, w.b, w.a)).toEqual([]);
      } finally {
        for (const spy of broken) spy.mockRestore();
      }
    },
    300_000,
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL the wall's role sees no row of any counterparty when none is set (fails closed)",
    async () => {
      const seen = await ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw('SET LOCAL ROLE tms_cabinet'));
        const count = async (table: string) =>
          (
            (await tx.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as {
              rows: { n: number }[];
            }
          ).rows[0]!.n;
        return {
          requests: await count('customer_requests'),
          orders: await count('orders'),
          bills: await count('printable_bills'),
          stages: await count('stages'),
          users: await count('cabinet_users'),
        };
      });
      expect(seen).toEqual({ requests: 0, orders: 0, bills: 0, stages: 0, users: 0 });
      // The same tables as the staff's connection: the world's rows are there.
      const [orders] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(ordersTable);
      expect(orders!.n).toBeGreaterThan(0);
    },
  );
});

/** The ids of a contractor that each routed id parameter of the portal stands for. */
const opsIdsOf = (c: OpsContractor) => ({
  '/api/ops/offers/:id': c.offerId,
  '/api/ops/offers/:id/answer': c.offerId,
  '/api/ops/jobs/:id': c.jobId,
  '/api/ops/jobs/:id/stages': c.jobId,
  '/api/ops/jobs/:id/files': c.jobId,
  '/api/ops/jobs/:id/transport-orders': c.jobId,
  '/api/ops/payments/:id': c.paymentId,
  '/api/ops/users/:id': c.user.cabinetUserId!,
  '/api/ops/users/:id/reset': c.user.cabinetUserId!,
  '/api/ops/users/:id/api-keys': c.user.cabinetUserId!,
  '/api/ops/me/api-keys/:id': opsKeys.get(c.id)!,
});
/** A key of each contractor's portal user, by contractor. */
const opsKeys = new Map<number, number>();

const OPS_LISTS = [
  { path: '/api/ops/offers', own: (c: OpsContractor) => c.offerId },
  { path: '/api/ops/jobs', own: (c: OpsContractor) => c.jobId },
  { path: '/api/ops/payments', own: (c: OpsContractor) => c.paymentId },
] as const;

/** The portal's routes of a job's record (a stage, a document, a transport order): the second id, a body. */
const OPS_JOB_RECORDS: Record<string, { id: (c: OpsContractor) => number; body?: Record<string, unknown> }> =
  {
    '/api/ops/jobs/:id/stages/:stageId/close': { id: (c) => c.openStageIds[1]!, body: { version: 1 } },
    '/api/ops/jobs/:id/files/:fileId': { id: (c) => c.fileId },
    '/api/ops/jobs/:id/transport-orders/:orderId/file': { id: (c) => c.transportOrderId },
    '/api/ops/jobs/:id/transport-orders/:orderId/accept': {
      id: (c) => c.transportOrderId,
      body: { version: 1 },
    },
  };

/** Every way `who` of contractor `own` could reach `other`'s records in the portal; empty when isolated. */
async function opsLeaks(who: CabinetCaller, own: OpsContractor, other: OpsContractor): Promise<string[]> {
  const found: string[] = [];
  const foreignIds = opsIdsOf(other) as Record<string, number>;
  const payloads: Record<string, Record<string, unknown>> = {
    'POST /api/ops/offers/:id/answer': { amounts: [{ amount: '1.00', currency: 'RUB' }], version: 1 },
    'PUT /api/ops/users/:id': { name: 'Чужой', version: 1 },
    'POST /api/ops/users/:id/api-keys': { name: 'Чужой', roles: ['CABINET_OFFERS'] },
  };
  const roles: readonly string[] =
    who.cabinetUserId === null ? CABINET_KEY_ROLES.contractor : CABINET_KIND_ROLES.contractor;
  const refusal = (route: { url: string; cabinetRoles: readonly string[] }) =>
    (route.cabinetRoles.length === 0 || route.cabinetRoles.some((role) => roles.includes(role))) &&
    (hasSession(who) || !SESSION_ONLY.has(route.url))
      ? 404
      : 403;
  // Bills: none in the world (a bill needs its ledger postings), so no foreign id to try.
  const routes = ctx.app.routeTable.filter(
    (r) => r.url.startsWith('/api/ops/') && r.idParams.length > 0 && r.url !== '/api/ops/bills/:id',
  );
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    if (route.url === '/api/ops/users/:id/api-keys/:keyId') {
      const expected = hasSession(who) ? 404 : 403;
      for (const userId of [own.user.cabinetUserId, other.user.cabinetUserId]) {
        const res = await inject(
          route.method,
          `/api/ops/users/${userId}/api-keys/${opsKeys.get(other.id)}`,
          who,
        );
        if (res.statusCode !== expected) found.push(`${key} ${userId} → ${res.statusCode}`);
      }
      continue;
    }
    const record = OPS_JOB_RECORDS[route.url];
    if (record) {
      // Another's record through one's own job, and through his job: not found; nothing changes.
      for (const jobId of [own.jobId, other.jobId]) {
        const url = route.url.replace(':id', String(jobId)).replace(/:\w+/, String(record.id(other)));
        const res = await inject(route.method, url, who, record.body);
        if (res.statusCode !== 404) found.push(`${key} ${url} → ${res.statusCode}`);
      }
      continue;
    }
    const foreign = foreignIds[route.url];
    if (foreign === undefined) {
      found.push(`${key}: the suite knows no id for it`);
      continue;
    }
    const res = await inject(route.method, route.url.replace(':id', String(foreign)), who, payloads[key]);
    const missing = await inject(route.method, route.url.replace(':id', String(MISSING)), who, payloads[key]);
    if (res.statusCode !== refusal(route)) found.push(`${key} foreign → ${res.statusCode}`);
    else if (res.body !== missing.body) found.push(`${key}: a foreign id reads unlike a missing one`);
  }
  for (const list of OPS_LISTS) {
    const page = await inject('GET', `${list.path}?itemsPerPage=100`, who);
    if (page.statusCode !== 200) {
      found.push(`${list.path} → ${page.statusCode}`);
      continue;
    }
    const { collection, total } = page.json().data as { collection: { id: number }[]; total: number };
    const ids = collection.map((row) => row.id);
    if (ids.includes(list.own(other))) found.push(`${list.path} lists a foreign row`);
    if (!ids.includes(list.own(own))) found.push(`${list.path} misses an own row`);
    if (total !== ids.length) found.push(`${list.path} counts ${total} for ${ids.length} rows`);
  }
  return found;
}

describe('the contractor portal keeps each contractor to his own records', () => {
  it('knows every /api/ops route with an id it walks', () => {
    const known = [
      ...Object.keys(opsIdsOf(ops.c)),
      ...Object.keys(OPS_JOB_RECORDS),
      '/api/ops/users/:id/api-keys/:keyId',
    ];
    const withIds = ctx.app.routeTable
      .filter((r) => r.url.startsWith('/api/ops/') && r.idParams.length > 0)
      .map((r) => r.url)
      // Bills: none in the world (a bill needs its ledger postings); their predicate is read like the others'.
      .filter((url) => url !== '/api/ops/bills/:id');
    expect(known).toEqual(expect.arrayContaining(withIds));
  });

  for (const [label, pick] of [
    ['a portal user', (c: OpsContractor) => c.user],
    ['an API key', (c: OpsContractor) => c.key],
  ] as const) {
    it(`as ${label} of either contractor`, async () => {
      expect(await opsLeaks(pick(ops.c), ops.c, ops.d)).toEqual([]);
      expect(await opsLeaks(pick(ops.d), ops.d, ops.c)).toEqual([]);
    }, 300_000);
  }

  it('turns red when a counterparty predicate is broken on purpose', async () => {
    for (const name of ['offer', 'job', 'payment'] as const) {
      const broken = vi.spyOn(OPS_PREDICATES, name).mockReturnValue(sql`true`);
      try {
        expect(await opsLeaks(ops.c.user, ops.c, ops.d), name).not.toEqual([]);
      } finally {
        broken.mockRestore();
      }
    }
    expect(await opsLeaks(ops.c.user, ops.c, ops.d)).toEqual([]);
  }, 300_000);
});

/** The ids of a carrier that each routed id parameter of his cabinet stands for. */
const carrierIdsOf = (c: Carrier) => ({
  '/api/carrier/drivers/:id': c.driverId,
  '/api/carrier/drivers/:id/submit': c.driverId,
  '/api/carrier/drivers/:id/verifications': c.driverId,
  '/api/carrier/vehicles/:id': c.vehicleId,
  '/api/carrier/trips/:id': c.tripId,
  '/api/carrier/trips/:id/stages': c.tripId,
  '/api/carrier/trips/:id/assignment': c.tripId,
  '/api/carrier/users/:id': c.user.cabinetUserId!,
  '/api/carrier/users/:id/reset': c.user.cabinetUserId!,
  '/api/carrier/users/:id/api-keys': c.user.cabinetUserId!,
  '/api/carrier/me/api-keys/:id': carrierKeys.get(c.id)!,
});
/** A key of each carrier's cabinet user, by carrier. */
const carrierKeys = new Map<number, number>();

const CARRIER_LISTS = [
  {
    path: '/api/carrier/drivers',
    own: (c: Carrier) => c.driverId,
    text: (c: Carrier) => `Водитель ${c.name.at(-1)}`,
  },
  {
    path: '/api/carrier/vehicles',
    own: (c: Carrier) => c.vehicleId,
    text: (c: Carrier) => (c.name.at(-1) === 'E' ? 'А111АА' : 'В222ВВ'),
  },
  { path: '/api/carrier/trips', own: (c: Carrier) => c.tripId, text: undefined },
] as const;

/** Every way `who` of carrier `own` could reach `other`'s records in his cabinet; empty when isolated. */
async function carrierLeaks(who: CabinetCaller, own: Carrier, other: Carrier): Promise<string[]> {
  const found: string[] = [];
  const foreignIds = carrierIdsOf(other) as Record<string, number>;
  const payloads: Record<string, Record<string, unknown>> = {
    'PUT /api/carrier/drivers/:id': { name: 'Чужой', version: 1 },
    'PATCH /api/carrier/drivers/:id': { name: 'Чужой', version: 1 },
    'POST /api/carrier/drivers/:id/submit': { version: 1 },
    'PUT /api/carrier/vehicles/:id': { plate: 'Е777КХ 77', version: 1 },
    'PATCH /api/carrier/vehicles/:id': { plate: 'Е777КХ 77', version: 1 },
    'PUT /api/carrier/users/:id': { name: 'Чужой', version: 1 },
    'POST /api/carrier/users/:id/api-keys': { name: 'Чужой', roles: ['CABINET_TRIPS'] },
    'PUT /api/carrier/trips/:id/assignment': { driverId: own.driverId, vehicleId: own.vehicleId },
  };
  const roles: readonly string[] =
    who.cabinetUserId === null ? CABINET_KEY_ROLES.carrier : CABINET_KIND_ROLES.carrier;
  const refusal = (route: { url: string; cabinetRoles: readonly string[] }) =>
    (route.cabinetRoles.length === 0 || route.cabinetRoles.some((role) => roles.includes(role))) &&
    (hasSession(who) || !SESSION_ONLY.has(route.url))
      ? 404
      : 403;
  const routes = ctx.app.routeTable.filter((r) => r.url.startsWith('/api/carrier/') && r.idParams.length > 0);
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    if (route.url === '/api/carrier/users/:id/api-keys/:keyId') {
      const expected = hasSession(who) ? 404 : 403;
      for (const userId of [own.user.cabinetUserId, other.user.cabinetUserId]) {
        const res = await inject(
          route.method,
          `/api/carrier/users/${userId}/api-keys/${carrierKeys.get(other.id)}`,
          who,
        );
        if (res.statusCode !== expected) found.push(`${key} ${userId} → ${res.statusCode}`);
      }
      continue;
    }
    if (route.url === '/api/carrier/trips/:id/stages/:stageId/close') {
      // Another's stage through one's own trip, and through his trip; nothing closes.
      for (const [tripId, stageId] of [
        [own.tripId, other.openStageIds[1]!],
        [other.tripId, other.openStageIds[1]!],
      ]) {
        const res = await inject('POST', `/api/carrier/trips/${tripId}/stages/${stageId}/close`, who, {
          version: 1,
        });
        if (res.statusCode !== 404) found.push(`${key} ${tripId}/${stageId} → ${res.statusCode}`);
      }
      continue;
    }
    const foreign = foreignIds[route.url];
    if (foreign === undefined) {
      found.push(`${key}: the suite knows no id for it`);
      continue;
    }
    const res = await inject(route.method, route.url.replace(':id', String(foreign)), who, payloads[key]);
    const missing = await inject(route.method, route.url.replace(':id', String(MISSING)), who, payloads[key]);
    if (res.statusCode !== refusal(route)) found.push(`${key} foreign → ${res.statusCode}`);
    else if (res.body !== missing.body) found.push(`${key}: a foreign id reads unlike a missing one`);
  }
  for (const list of CARRIER_LISTS) {
    const page = await inject('GET', `${list.path}?itemsPerPage=100`, who);
    if (page.statusCode !== 200) {
      found.push(`${list.path} → ${page.statusCode}`);
      continue;
    }
    const { collection, total } = page.json().data as { collection: { id: number }[]; total: number };
    const ids = collection.map((row) => row.id);
    if (ids.includes(list.own(other))) found.push(`${list.path} lists a foreign row`);
    if (!ids.includes(list.own(own))) found.push(`${list.path} misses an own row`);
    if (total !== ids.length) found.push(`${list.path} counts ${total} for ${ids.length} rows`);
    if (list.text) {
      const search = await inject('GET', `${list.path}?search=${encodeURIComponent(list.text(other))}`, who);
      if (search.json().data.total !== 0) found.push(`${list.path} finds a foreign row by search`);
    }
  }
  // A create naming another carrier is refused (strict body), nothing written.
  const count = async () =>
    (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(counterpartyDrivers))[0]!.n;
  const before = await count();
  const named = await inject('POST', '/api/carrier/drivers', who, {
    name: 'Чужой',
    counterpartyId: other.id,
  });
  if (named.statusCode !== 400 || (await count()) !== before) {
    found.push(`POST /api/carrier/drivers naming another carrier → ${named.statusCode}`);
  }
  return found;
}

describe("the carrier's cabinet keeps each carrier to his own records", () => {
  it('knows every /api/carrier route with an id it walks', () => {
    const known = [
      ...Object.keys(carrierIdsOf(carriers.e)),
      '/api/carrier/trips/:id/stages/:stageId/close',
      '/api/carrier/users/:id/api-keys/:keyId',
    ];
    const withIds = ctx.app.routeTable
      .filter((r) => r.url.startsWith('/api/carrier/') && r.idParams.length > 0)
      .map((r) => r.url);
    expect(known).toEqual(expect.arrayContaining(withIds));
  });

  for (const [label, pick] of [
    ['a cabinet user', (c: Carrier) => c.user],
    ['an API key', (c: Carrier) => c.key],
  ] as const) {
    it(`as ${label} of either carrier`, async () => {
      expect(await carrierLeaks(pick(carriers.e), carriers.e, carriers.f)).toEqual([]);
      expect(await carrierLeaks(pick(carriers.f), carriers.f, carriers.e)).toEqual([]);
    }, 300_000);
  }

  it('turns red when a counterparty predicate is broken on purpose', async () => {
    // The database's wall down (it guards drivers and vehicles too), so that the kernel's predicates stand alone.
    const wallDown = vi.spyOn(CABINET_WALL, 'role').mockReturnValue(null);
    try {
      for (const name of ['driver', 'vehicle', 'trip'] as const) {
        const broken = vi.spyOn(CARRIER_PREDICATES, name).mockReturnValue(sql`true`);
        try {
          expect(await carrierLeaks(carriers.e.user, carriers.e, carriers.f), name).not.toEqual([]);
        } finally {
          broken.mockRestore();
        }
      }
    } finally {
      wallDown.mockRestore();
    }
    expect(await carrierLeaks(carriers.e.user, carriers.e, carriers.f)).toEqual([]);
  }, 300_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL keeps each carrier's drivers and vehicles to him with the kernel's predicates broken",
    async () => {
      const broken = (['driver', 'vehicle'] as const).map((name) =>
        vi.spyOn(CARRIER_PREDICATES, name).mockReturnValue(sql`true`),
      );
      try {
        for (const path of ['/api/carrier/drivers', '/api/carrier/vehicles']) {
          const page = await inject('GET', `${path}?itemsPerPage=100`, carriers.e.user);
          const ids = (page.json().data.collection as { id: number }[]).map((row) => row.id);
          const foreign = path.endsWith('drivers') ? carriers.f.driverId : carriers.f.vehicleId;
          expect(ids, path).not.toContain(foreign);
        }
      } finally {
        for (const spy of broken) spy.mockRestore();
      }
    },
  );
});

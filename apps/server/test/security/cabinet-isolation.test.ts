import { CABINET_KEY_ROLES, CABINET_KIND_ROLES, type CabinetKind } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPS_PREDICATES } from '../../src/modules/cabinets/ops';
import { PCC_PREDICATES } from '../../src/modules/cabinets/pcc';
import { cabinetNotifications, cabinetSessions } from '../../src/modules/cabinets/tables';
import { CARRIER_PREDICATES } from '../../src/modules/carriers';
import { counterpartyDrivers } from '../../src/modules/carriers/tables';
import { billsComplete } from '../../src/modules/operations/bills-complete';
import { jobs as jobsTable, orders as ordersTable } from '../../src/modules/operations/tables';
import { customerRequests } from '../../src/modules/requests/tables';
import { CABINET_WALL } from '../../src/platform/auth/cabinet-wall';
import type { CabinetPrincipal } from '../../src/platform/auth/context';
import { maySubscribe } from '../../src/platform/realtime/hub';
import { type CabinetCaller, cabinetUser, cabinetUserKey } from '../../src/test/cabinets';
import { type Carrier, type CarrierWorld, carrierWorld } from '../../src/test/carrier-world';
import { createTestApp, type TestContext } from '../../src/test/harness';
import { caller, exportedIds } from '../../src/test/operations-world';
import { type OpsContractor, type OpsWorld, opsWorld } from '../../src/test/ops-world';
import type { PccClient, PccWorld } from '../../src/test/pcc-world';
import type { SignedIn } from '../../src/test/users';

/**
 * The cabinets' isolation (issue 37): two clients, two contractors and two carriers, each with a cabinet
 * user and API keys, against every route of their cabinet in the route table, walked by one walker (`leaks`)
 * over each kind's description (`CabinetSide`). A foreign id is a 404 that reads as a missing one (no
 * existence oracle); lists, searches, counts and exports hold no foreign row; a write naming a foreign id
 * changes nothing. Breaking a counterparty predicate on purpose (the mutation check) turns it red with the
 * database's wall down; on PostgreSQL the wall alone (the walled predicates broken) still keeps them apart.
 * Real-time topics and download links are checked for every cabinet caller at the end.
 */

let ctx: TestContext;
let w: PccWorld;
let ops: OpsWorld;
let carriers: CarrierWorld;
const MISSING = 2_000_000_000;
/** A key of each contractor's and carrier's cabinet user, by counterparty (a client's is in his world). */
const userKeys = new Map<number, number>();

beforeAll(async () => {
  ctx = await createTestApp();
  ops = await opsWorld(ctx);
  w = ops.pcc;
  carriers = await carrierWorld(ctx, ops);
  for (const c of [ops.c, ops.d, carriers.e, carriers.f])
    userKeys.set(c.id, (await cabinetUserKey(ctx, c.user)).keyId);
}, 300_000);
afterAll(() => ctx?.close());

const inject = (method: string, url: string, who: CabinetCaller, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: method as 'GET', url, headers: who.headers, payload });

/**
 * The routes that manage cabinet users' keys, which only a signed-in session reaches: a key (his own or the
 * counterparty's) is refused whatever the id (403).
 */
const SESSION_ONLY = new Set(
  ['pcc', 'ops', 'carrier'].flatMap((p) => [`/api/${p}/me/api-keys/:id`, `/api/${p}/users/:id/api-keys`]),
);
const hasSession = (who: CabinetCaller) => 'authorization' in who.headers;

/** A list of a cabinet, with the row each counterparty owns there, to look for foreign rows. */
interface CabinetList<C> {
  path: string;
  own: (c: C) => number;
  /** A text that finds the counterparty's row by search; unset, the list is not searched. */
  text?: (c: C) => string;
  /** Exported too; `foreign`: the exported number that would give the other's row away. */
  exported?: { foreign?: (c: C) => number };
}

/**
 * One cabinet as the walker sees it: its routes (by their prefix), what each routed id stands for in a
 * counterparty's world, its lists, and what else it checks. Every cabinet is walked by the same `leaks`.
 */
interface CabinetSide<C extends { id: number; user: CabinetCaller }> {
  kind: CabinetKind;
  prefix: string;
  /** The two counterparties of the kind, and how each calls (a user, keys). */
  pair: () => [C, C];
  callers: readonly (readonly [string, (c: C) => CabinetCaller])[];
  /** The id each single-id route stands for. */
  ids: (c: C) => Record<string, number>;
  /** Routes of a record under a parent (a stage, a document): the parent's id and the record's, a body. */
  records: Record<string, { parent: (c: C) => number; id: (c: C) => number; body?: Record<string, unknown> }>;
  /** A key of the counterparty's cabinet user, for `/users/:id/api-keys/:keyId`. */
  userKeyId: (c: C) => number;
  /** The body of a write, or made from one's own records (a trip's driver and vehicle). */
  payloads: Record<string, Record<string, unknown> | ((own: C) => Record<string, unknown>)>;
  lists: readonly CabinetList<C>[];
  /** Routes with an id the world has no row for (ops bills need their ledger postings). */
  unwalked?: readonly string[];
  /** The kind's own further checks (its bell, keys, a create naming another counterparty). */
  more?: (who: CabinetCaller, own: C, other: C) => Promise<string[]>;
  /** The predicates the mutation check breaks, one at a time; `walled`: those the database's wall covers. */
  predicates: { of: Record<string, unknown>; names: readonly string[]; walled: readonly string[] };
}

/** Every way `who` of `own` could reach `other`'s records in his cabinet; empty when isolated. */
async function leaks<C extends { id: number; user: CabinetCaller }>(
  side: CabinetSide<C>,
  who: CabinetCaller,
  own: C,
  other: C,
): Promise<string[]> {
  const found: string[] = [];
  const foreignIds = side.ids(other);
  // A route wanting a role within the cabinet the caller lacks (a key administers no users) is a 403
  // whatever the id; any other answers a foreign id as a missing one.
  const roles: readonly string[] =
    who.cabinetUserId === null ? CABINET_KEY_ROLES[side.kind] : CABINET_KIND_ROLES[side.kind];
  const refusal = (route: { url: string; cabinetRoles: readonly string[] }) =>
    (route.cabinetRoles.length === 0 || route.cabinetRoles.some((role) => roles.includes(role))) &&
    (hasSession(who) || !SESSION_ONLY.has(route.url))
      ? 404
      : 403;
  const routes = ctx.app.routeTable.filter(
    (r) => r.url.startsWith(side.prefix) && r.idParams.length > 0 && !side.unwalked?.includes(r.url),
  );
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    if (route.url === `${side.prefix}users/:id/api-keys/:keyId`) {
      // Another's key through one's own colleague, and through his user; nothing is revoked.
      const expected = hasSession(who) && roles.includes('CABINET_ADMIN') ? 404 : 403;
      for (const userId of [own.user.cabinetUserId, other.user.cabinetUserId]) {
        const url = `${side.prefix}users/${userId}/api-keys/${side.userKeyId(other)}`;
        const res = await inject(route.method, url, who);
        if (res.statusCode !== expected) found.push(`${key} ${url} → ${res.statusCode}`);
      }
      continue;
    }
    const record = side.records[route.url];
    if (record) {
      // Another's record through one's own parent and through his, one's own through his: not found.
      for (const [parent, id] of [
        [record.parent(own), record.id(other)],
        [record.parent(other), record.id(other)],
        [record.parent(other), record.id(own)],
      ]) {
        const url = route.url.replace(':id', String(parent)).replace(/:\w+/, String(id));
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
    const given = side.payloads[key];
    const payload = typeof given === 'function' ? given(own) : given;
    const res = await inject(route.method, route.url.replace(':id', String(foreign)), who, payload);
    const missing = await inject(route.method, route.url.replace(':id', String(MISSING)), who, payload);
    if (res.statusCode !== refusal(route)) found.push(`${key} foreign → ${res.statusCode}`);
    else if (res.body !== missing.body) found.push(`${key}: a foreign id reads unlike a missing one`);
  }

  for (const list of side.lists) {
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
    if (list.exported) {
      const exported = await exportedIds(
        caller(ctx),
        list.path,
        { headers: who.headers } as unknown as SignedIn,
        'lang=ru',
      );
      const foreign = list.exported.foreign?.(other);
      if (foreign !== undefined && exported.includes(foreign))
        found.push(`${list.path} exports a foreign row`);
      if (exported.length !== ids.length)
        found.push(`${list.path} exports ${exported.length} for ${ids.length} rows`);
    }
  }
  if (side.more) found.push(...(await side.more(who, own, other)));
  return found;
}

/** The client cabinet's further checks: his keys, quotes, legal entities, bell, the file door, a create. */
async function pccMore(who: CabinetCaller, own: PccClient, other: PccClient): Promise<string[]> {
  const found: string[] = [];
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

/** A create naming another carrier is refused (strict body), nothing written. */
async function carrierMore(who: CabinetCaller, _own: Carrier, other: Carrier): Promise<string[]> {
  const count = async () =>
    (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(counterpartyDrivers))[0]!.n;
  const before = await count();
  const named = await inject('POST', '/api/carrier/drivers', who, {
    name: 'Чужой',
    counterpartyId: other.id,
  });
  return named.statusCode !== 400 || (await count()) !== before
    ? [`POST /api/carrier/drivers naming another carrier → ${named.statusCode}`]
    : [];
}

const PCC: CabinetSide<PccClient> = {
  kind: 'client',
  prefix: '/api/pcc/',
  pair: () => [w.a, w.b],
  callers: [
    ['a cabinet user', (c) => c.user],
    ["a cabinet user's own API key", (c) => c.userKey],
    ['an API key', (c) => c.key],
  ],
  ids: (c) => ({
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
  }),
  records: { '/api/pcc/orders/:id/files/:fileId': { parent: (c) => c.orderId, id: (c) => c.fileId } },
  userKeyId: (c) => c.userKey.keyId,
  payloads: {
    'POST /api/pcc/requests/:id/answer': { answer: 'Ответ', version: 1 },
    'PUT /api/pcc/users/:id': { name: 'Чужой', version: 1 },
    'POST /api/pcc/requests/:id/quote/accept': { currency: 'RUB', version: 1 },
    'POST /api/pcc/users/:id/api-keys': { name: 'Чужой', roles: ['CABINET_REQUESTS'] },
  },
  lists: [
    {
      path: '/api/pcc/requests',
      own: (c) => c.requestId,
      text: (c) => `Груз ${c.name.at(-1)}`,
      exported: { foreign: (c) => c.requestId },
    },
    {
      path: '/api/pcc/orders',
      own: (c) => c.orderId,
      text: (c) => `Станки ${c.name.at(-1)}`,
      exported: { foreign: (c) => c.orderId },
    },
    { path: '/api/pcc/bills', own: (c) => c.billId, text: (c) => `СЧ-${c.name.at(-1)}`, exported: {} },
  ],
  more: pccMore,
  predicates: {
    of: PCC_PREDICATES,
    names: ['request', 'order', 'bill'],
    walled: ['request', 'order', 'bill'],
  },
};

const OPS: CabinetSide<OpsContractor> = {
  kind: 'contractor',
  prefix: '/api/ops/',
  pair: () => [ops.c, ops.d],
  callers: [
    ['a portal user', (c) => c.user],
    ['an API key', (c) => c.key],
  ],
  ids: (c) => ({
    '/api/ops/offers/:id': c.offerId,
    '/api/ops/offers/:id/answer': c.offerId,
    '/api/ops/jobs/:id': c.jobId,
    '/api/ops/jobs/:id/stages': c.jobId,
    '/api/ops/jobs/:id/files': c.jobId,
    '/api/ops/jobs/:id/transport-orders': c.jobId,
    '/api/ops/jobs/:id/bills': c.jobId,
    '/api/ops/payments/:id': c.paymentId,
    '/api/ops/users/:id': c.user.cabinetUserId!,
    '/api/ops/users/:id/reset': c.user.cabinetUserId!,
    '/api/ops/users/:id/api-keys': c.user.cabinetUserId!,
    '/api/ops/me/api-keys/:id': userKeys.get(c.id)!,
  }),
  records: {
    '/api/ops/jobs/:id/stages/:stageId/close': {
      parent: (c) => c.jobId,
      id: (c) => c.openStageIds[1]!,
      body: { version: 1 },
    },
    '/api/ops/jobs/:id/files/:fileId': { parent: (c) => c.jobId, id: (c) => c.fileId },
    '/api/ops/jobs/:id/transport-orders/:orderId/file': {
      parent: (c) => c.jobId,
      id: (c) => c.transportOrderId,
    },
    '/api/ops/jobs/:id/transport-orders/:orderId/accept': {
      parent: (c) => c.jobId,
      id: (c) => c.transportOrderId,
      body: { version: 1 },
    },
  },
  userKeyId: (c) => userKeys.get(c.id)!,
  payloads: {
    'POST /api/ops/offers/:id/answer': { amounts: [{ amount: '1.00', currency: 'RUB' }], version: 1 },
    // His own uploaded file on another's job: the job is a 404 before anything is read of the bill.
    'POST /api/ops/jobs/:id/bills': (own) => ({
      number: 'Чужой',
      date: '2026-03-01',
      amount: '1.00',
      currency: 'RUB',
      fileId: own.fileId,
    }),
    'PUT /api/ops/users/:id': { name: 'Чужой', version: 1 },
    'POST /api/ops/users/:id/api-keys': { name: 'Чужой', roles: ['CABINET_OFFERS'] },
  },
  lists: [
    { path: '/api/ops/offers', own: (c) => c.offerId },
    { path: '/api/ops/jobs', own: (c) => c.jobId },
    { path: '/api/ops/payments', own: (c) => c.paymentId },
  ],
  // Bills: none in the world (a bill needs its ledger postings); their predicate is read like the others'.
  unwalked: ['/api/ops/bills/:id'],
  predicates: { of: OPS_PREDICATES, names: ['offer', 'job', 'payment'], walled: ['offer', 'job'] },
};

const CARRIER: CabinetSide<Carrier> = {
  kind: 'carrier',
  prefix: '/api/carrier/',
  pair: () => [carriers.e, carriers.f],
  callers: [
    ['a cabinet user', (c) => c.user],
    ['an API key', (c) => c.key],
  ],
  ids: (c) => ({
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
    '/api/carrier/me/api-keys/:id': userKeys.get(c.id)!,
  }),
  records: {
    '/api/carrier/trips/:id/stages/:stageId/close': {
      parent: (c) => c.tripId,
      id: (c) => c.openStageIds[1]!,
      body: { version: 1 },
    },
  },
  userKeyId: (c) => userKeys.get(c.id)!,
  payloads: {
    'PUT /api/carrier/drivers/:id': { name: 'Чужой', version: 1 },
    'PATCH /api/carrier/drivers/:id': { name: 'Чужой', version: 1 },
    'POST /api/carrier/drivers/:id/submit': { version: 1 },
    'PUT /api/carrier/vehicles/:id': { plate: 'Е777КХ 77', version: 1 },
    'PATCH /api/carrier/vehicles/:id': { plate: 'Е777КХ 77', version: 1 },
    'PUT /api/carrier/users/:id': { name: 'Чужой', version: 1 },
    'POST /api/carrier/users/:id/api-keys': { name: 'Чужой', roles: ['CABINET_TRIPS'] },
    'PUT /api/carrier/trips/:id/assignment': (own) => ({ driverId: own.driverId, vehicleId: own.vehicleId }),
  },
  lists: [
    { path: '/api/carrier/drivers', own: (c) => c.driverId, text: (c) => `Водитель ${c.name.at(-1)}` },
    {
      path: '/api/carrier/vehicles',
      own: (c) => c.vehicleId,
      text: (c) => (c.name.at(-1) === 'E' ? 'А111АА' : 'В222ВВ'),
    },
    { path: '/api/carrier/trips', own: (c) => c.tripId },
  ],
  more: carrierMore,
  predicates: {
    of: CARRIER_PREDICATES,
    names: ['driver', 'vehicle', 'trip'],
    walled: ['driver', 'vehicle', 'trip'],
  },
};

/** The isolation of one cabinet kind: its routes known, each caller of either counterparty, the mutation check. */
function walk<C extends { id: number; user: CabinetCaller }>(side: CabinetSide<C>) {
  it(`knows every ${side.prefix} route with an id it walks`, () => {
    const [a] = side.pair();
    const known = [
      ...Object.keys(side.ids(a)),
      ...Object.keys(side.records),
      `${side.prefix}users/:id/api-keys/:keyId`,
      ...(side.unwalked ?? []),
    ];
    const withIds = ctx.app.routeTable
      .filter((r) => r.url.startsWith(side.prefix) && r.idParams.length > 0)
      .map((r) => r.url);
    expect(known).toEqual(expect.arrayContaining(withIds));
  });

  for (const [label, pick] of side.callers) {
    it(`as ${label} of either counterparty`, async () => {
      const [a, b] = side.pair();
      expect(await leaks(side, pick(a), a, b)).toEqual([]);
      expect(await leaks(side, pick(b), b, a)).toEqual([]);
    }, 300_000);
  }

  it('turns red when a counterparty predicate is broken on purpose', async () => {
    const [a, b] = side.pair();
    // The database's wall down, so that the kernel's predicates stand alone.
    const wallDown = vi.spyOn(CABINET_WALL, 'role').mockReturnValue(null);
    try {
      for (const name of side.predicates.names) {
        const broken = vi
          .spyOn(side.predicates.of as Record<string, () => unknown>, name)
          .mockReturnValue(sql`true`);
        try {
          expect(await leaks(side, a.user, a, b), name).not.toEqual([]);
        } finally {
          broken.mockRestore();
        }
      }
    } finally {
      wallDown.mockRestore();
    }
    expect(await leaks(side, a.user, a, b)).toEqual([]);
  }, 300_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL the wall alone keeps them apart with the kernel's walled predicates broken",
    async () => {
      const [a, b] = side.pair();
      const broken = side.predicates.walled.map((name) =>
        vi.spyOn(side.predicates.of as Record<string, () => unknown>, name).mockReturnValue(sql`true`),
      );
      try {
        expect(await leaks(side, a.user, a, b)).toEqual([]);
        const [, pickLast] = side.callers.at(-1)!;
        expect(await leaks(side, pickLast(b), b, a)).toEqual([]);
      } finally {
        for (const spy of broken) spy.mockRestore();
      }
    },
    300_000,
  );
}

describe('the client cabinet keeps each client to his own records', () => walk(PCC));
describe('the contractor portal keeps each contractor to his own records', () => walk(OPS));
describe("the carrier's cabinet keeps each carrier to his own records", () => walk(CARRIER));

describe('the wall', () => {
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
          jobs: await count('jobs'),
          offers: await count('request_offers'),
        };
      });
      expect(seen).toEqual({ requests: 0, orders: 0, bills: 0, stages: 0, users: 0, jobs: 0, offers: 0 });
      // The same tables as the staff's connection: the world's rows are there.
      const [orders] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(ordersTable);
      expect(orders!.n).toBeGreaterThan(0);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL a stage's effects behind the wall still count the other contractors' jobs of the order",
    async () => {
      // Contractor D's job of client A's order has a cost and no expense bill: A's order is not complete.
      const [before] = await ctx.database.db
        .select({ costAmount: jobsTable.costAmount, tracking: jobsTable.tracking })
        .from(jobsTable)
        .where(eq(jobsTable.id, ops.d.jobId));
      await ctx.database.db
        .update(jobsTable)
        .set({ costAmount: '100.00', tracking: false })
        .where(eq(jobsTable.id, ops.d.jobId));
      try {
        const seen = await ctx.database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT set_config('tms.cabinet_counterparty', ${String(ops.c.id)}, true)`);
          await tx.execute(sql.raw('SET LOCAL ROLE tms_cabinet'));
          const rows = async (query: ReturnType<typeof sql>) =>
            ((await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
          const orderA = ops.pcc.a.orderId;
          return {
            jobs: (await rows(sql`SELECT id FROM jobs WHERE order_ids @> ARRAY[${orderA}]::integer[]`)).map(
              (r) => r.id,
            ),
            unbilled: (await rows(sql`SELECT tms_unbilled_costly_job(${orderA}::integer, NULL) AS u`))[0]!.u,
            complete: await billsComplete(tx, 'order', orderA),
          };
        });
        expect(seen).toEqual({ jobs: [ops.c.jobId], unbilled: true, complete: false });
      } finally {
        await ctx.database.db.update(jobsTable).set(before!).where(eq(jobsTable.id, ops.d.jobId));
      }
    },
  );
});

/** Each cabinet's callers, with the ids that are not his counterparty's: the other's of his kind, and every other cabinet's. */
function cabinetCallers() {
  const [a, b] = [w.a, w.b];
  const [c, d] = [ops.c, ops.d];
  const [e, f] = [carriers.e, carriers.f];
  const records = (x: PccClient | OpsContractor | Carrier) =>
    'orderId' in x
      ? [x.orderId, x.requestId, x.billId, x.fileId]
      : 'offerId' in x
        ? [x.jobId, x.offerId, x.paymentId, x.fileId, x.transportOrderId]
        : [x.tripId, x.driverId, x.vehicleId];
  const files = [a.fileId, b.fileId, c.fileId, d.fileId];
  const of = (kind: CabinetKind, own: PccClient | OpsContractor | Carrier, callers: CabinetCaller[]) => {
    const foreign = [a, b, c, d, e, f].filter((x) => x !== own).flatMap(records);
    return callers.map((who) => ({
      kind,
      who,
      // Ids of rows he cannot reach (one of a kind may equal an own id of another kind: those are dropped).
      foreign: foreign.filter((id) => !records(own).includes(id)),
      foreignFiles: files.filter((id) => !('fileId' in own) || id !== own.fileId),
    }));
  };
  return [
    ...of('client', a, [a.user, a.userKey, a.key]),
    ...of('client', b, [b.user, b.key]),
    ...of('contractor', c, [c.user, c.key]),
    ...of('contractor', d, [d.user]),
    ...of('carrier', e, [e.user, e.key]),
    ...of('carrier', f, [f.user]),
  ];
}

describe('real-time topics and download links keep a cabinet to his counterparty', () => {
  it('refuses a cabinet the socket ticket and the socket itself, whatever credential it calls with', async () => {
    for (const { kind, who } of cabinetCallers()) {
      const ticket = await inject('POST', '/api/realtime/ticket', who);
      expect(ticket.statusCode, `${kind} ticket`).toBe(403);
      // The handshake with the cabinet's own header: the guard refuses it before any upgrade.
      const handshake = await inject('GET', '/api/realtime', who);
      expect(handshake.statusCode, `${kind} handshake`).toBe(403);
      await expect(ctx.app.injectWS('/api/realtime', { headers: who.headers })).rejects.toThrow();
    }
  });

  it("lets no topic rule follow another counterparty's order, job, request, trip or file for a cabinet", async () => {
    const topics = ctx.app.registries.topics;
    const refused: string[] = [];
    for (const { kind, who, foreign } of cabinetCallers()) {
      const principal: CabinetPrincipal = {
        kind: 'cabinet',
        cabinetKind: kind,
        counterpartyId: who.counterpartyId,
        cabinetUserId: who.cabinetUserId,
        sessionId: who.cabinetUserId === null ? null : 'cabinet-session',
        roles: new Set(CABINET_KIND_ROLES[kind]),
      };
      for (const name of topics.keys()) {
        for (const topic of [name, ...foreign.map((id) => `${name}/${id}`)]) {
          for (const moment of ['subscribe', 'deliver'] as const) {
            if (await maySubscribe(topics, principal, topic, ctx.database.db, moment))
              refused.push(`${kind} ${who.counterpartyId} ${moment} ${topic}`);
          }
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it('loses a document with its record and with the session: after the order left him, or past its end', async () => {
    const url = `/api/pcc/orders/${w.a.orderId}/files/${w.a.fileId}`;
    const fresh = await cabinetUser(ctx, w.a.id);
    expect((await inject('GET', url, fresh)).statusCode).toBe(200);
    // Scope loss: the order now another client's, his user and key read it, and its document, as missing.
    await ctx.database.db
      .update(ordersTable)
      .set({ clientId: w.b.id })
      .where(eq(ordersTable.id, w.a.orderId));
    try {
      for (const who of [fresh, w.a.key]) {
        const res = await inject('GET', url, who);
        const missing = await inject('GET', `/api/pcc/orders/${MISSING}/files/${w.a.fileId}`, who);
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe(missing.body);
      }
    } finally {
      await ctx.database.db
        .update(ordersTable)
        .set({ clientId: w.a.id })
        .where(eq(ordersTable.id, w.a.orderId));
    }
    // Expiry: a session past its end opens nothing, his own document included.
    await ctx.database.db
      .update(cabinetSessions)
      .set({ expiresAt: new Date(ctx.app.clock().getTime() - 1000) })
      .where(eq(cabinetSessions.cabinetUserId, fresh.cabinetUserId!));
    expect((await inject('GET', url, fresh)).statusCode).toBe(401);
  });

  it('makes no download link for a cabinet and answers a foreign file as a missing one', async () => {
    const found: string[] = [];
    for (const { kind, who, foreignFiles } of cabinetCallers()) {
      for (const fileId of foreignFiles) {
        const link = await inject('POST', '/api/auth/download-link', who, {
          url: `/api/file-management/files/${fileId}/download`,
        });
        if (link.statusCode !== 403) found.push(`${kind} link to ${fileId} → ${link.statusCode}`);
        for (const path of ['', '/download']) {
          const res = await inject('GET', `/api/file-management/files/${fileId}${path}`, who);
          const missing = await inject('GET', `/api/file-management/files/${MISSING}${path}`, who);
          if (res.statusCode !== 404) found.push(`${kind} file ${fileId}${path} → ${res.statusCode}`);
          else if (res.body !== missing.body)
            found.push(`${kind} file ${fileId}${path} reads unlike a missing one`);
        }
      }
      // A cabinet's token is no URL credential: in the link's place it opens nothing.
      const token = who.headers.authorization?.replace('Bearer ', '');
      if (token) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/file-management/files/${foreignFiles[0]}/download?bearer=${token}`,
        });
        if (res.statusCode !== 401) found.push(`${kind} ?bearer= → ${res.statusCode}`);
      }
    }
    expect(found).toEqual([]);
  });
});

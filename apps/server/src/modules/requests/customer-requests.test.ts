import {
  COUNTERPARTY_MESSAGES,
  flattenTree,
  OPERATION_MESSAGES as M,
  padId,
  QUOTE_MESSAGES,
  CUSTOMER_REQUEST_MESSAGES as R,
} from '@tms/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn as signInAs } from '../../test/users';
import { counterparties } from '../counterparties';
import { requestsWorld } from './test-fixtures';

/**
 * Customer requests (issue 16, first slice): the create and update rules, every rule of the operational
 * status of docs/requests.md, the NO_SERVICE lock and the own / office / all scopes.
 */

type Body = Record<string, unknown>;
type Entity = Body & { id: number; version: number; status: string };

let ctx: TestContext;
let ru: number;
let de: number;
let mow: number;
let msq: number;
let client: number;
let seq = 0;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedIn, payload?: Body) =>
  ctx.app.inject({ method, url, headers: who.headers, payload });
const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
  flattenTree(res.json().errors);

async function counterparty(values: Partial<typeof counterparties.$inferInsert> = {}): Promise<number> {
  const [row] = await ctx.database.db
    .insert(counterparties)
    .values({ name: `Клиент ${++seq}`, client: true, countryId: ru, applicationRequired: false, ...values })
    .returning();
  return row!.id;
}

const route = () => [
  { kind: 'dispatch', address: 'Москва, Тверская 1', countryId: ru, dateFrom: '2026-12-01' },
  { kind: 'delivery', address: 'Berlin, Unter den Linden 1', countryId: de, dateFrom: '2026-12-08' },
];

async function createRequest(who: SignedIn, body: Body = {}): Promise<Entity> {
  const res = await call('POST', '/api/requests', who, {
    clientId: client,
    route: route(),
    cargo: { description: 'Станки', weight: '1200' },
    transportTypes: ['auto'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const WORKER = ['ROLE_REQUEST_VIEW_ALL', 'ROLE_REQUEST_CREATE'];

/** A user holding `roles`; every one sees the clients (a request's client is chosen among them). */
const signIn = (c: TestContext, roles: string[], options: Parameters<typeof signInAs>[2] = {}) =>
  signInAs(c, [...roles, 'ROLE_COUNTERPARTY_VIEW_ALL'], options);

beforeAll(async () => {
  ctx = await createTestApp();
  ({ ru, de, mow, msq } = await requestsWorld(ctx));
  client = await counterparty();
});
afterAll(() => ctx?.close());

describe('a request', () => {
  let worker: SignedIn;
  beforeAll(async () => {
    worker = await signIn(ctx, WORKER);
  });

  it('is created with its route, cargo and transport types, numbered, in QUOTE_NOT_COMPLETED', async () => {
    const created = await createRequest(worker, { transportTypes: ['auto', 'rail'], serviceOfficeId: mow });
    expect(created).toMatchObject({
      number: created.id,
      clientId: client,
      transportTypes: ['auto', 'rail'],
      status: 'QUOTE_NOT_COMPLETED',
      statusReason: null,
      complexMark: false,
      dispatchDate: '2026-12-01',
      deliveryDate: '2026-12-08',
      createdById: worker.user.id,
    });
    expect((created.cargo as Body).description).toBe('Станки');
    expect((created.route as Body[]).map((p) => p.kind)).toEqual(['dispatch', 'delivery']);
    const read = await call('GET', `/api/requests/${created.id}`, worker);
    expect(read.json().data.transportTypes).toEqual(['auto', 'rail']);
  });

  it("takes its creator's office when the body names none, and keeps the one named or none", async () => {
    const minsker = await signIn(ctx, WORKER, { serviceOfficeId: msq });
    expect((await createRequest(minsker)).serviceOfficeId).toBe(msq);
    expect((await createRequest(minsker, { serviceOfficeId: mow })).serviceOfficeId).toBe(mow);
    expect((await createRequest(minsker, { serviceOfficeId: null })).serviceOfficeId).toBeNull();
    // A user of no office: no office.
    expect((await createRequest(worker)).serviceOfficeId).toBeNull();
  });

  it('needs at least one transport type, a dispatch and a delivery point and a client', async () => {
    const notClient = await counterparty({ client: false, contractor: true });
    const res = await call('POST', '/api/requests', worker, {
      clientId: notClient,
      route: route().slice(0, 1),
      cargo: { description: 'Станки' },
      transportTypes: [],
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ transportTypes: [R.transportTypeRequired] });
    const rules = await call('POST', '/api/requests', worker, {
      clientId: notClient,
      route: route().slice(0, 1),
      cargo: { description: 'Станки' },
      transportTypes: ['sea'],
    });
    expect(errorsOf(rules)).toEqual({ route: [M.routePointsRequired], clientId: [M.notClient] });
    const blackListed = await counterparty({ blackList: true });
    const refused = await call('POST', '/api/requests', worker, {
      clientId: blackListed,
      route: route(),
      cargo: { description: 'Станки' },
      transportTypes: ['sea'],
    });
    expect(errorsOf(refused)).toEqual({ clientId: [COUNTERPARTY_MESSAGES.blackListed] });
  });

  it('takes the complex mark and the comments only from holders of their roles', async () => {
    const marked = await call('POST', '/api/requests', worker, {
      clientId: client,
      route: route(),
      cargo: { description: 'Станки' },
      transportTypes: ['air'],
      complexMark: true,
    });
    expect(marked.statusCode).toBe(403);
    const marker = await signIn(ctx, [...WORKER, 'ROLE_REQUEST_COMPLEX_MARK', 'ROLE_REQUEST_TNVED_COMMENT']);
    const created = await createRequest(marker, { complexMark: true, tnvedComment: 'Проверить 8458' });
    expect(created).toMatchObject({ complexMark: true, tnvedComment: 'Проверить 8458' });
    const comment = await call('PUT', `/api/requests/${created.id}`, worker, {
      executionComment: 'Срочно',
      version: created.version,
    });
    expect(comment.statusCode).toBe(403);
  });
});

describe("a request's client", () => {
  it('follows a rename of the client, and moves with a merge to the survivor', async () => {
    const worker = await signIn(ctx, [
      ...WORKER,
      'ROLE_COUNTERPARTY_EDIT_ALL',
      'ROLE_COUNTERPARTY_NAME_EDIT',
      'ROLE_COUNTERPARTY_MERGE',
    ]);
    const renamed = await counterparty({ name: 'Клиент до' });
    const request = await createRequest(worker, { clientId: renamed });
    const current = (await call('GET', `/api/counterparties/${renamed}`, worker)).json().data;
    const rename = await call('PUT', `/api/counterparties/${renamed}`, worker, {
      name: 'Клиент после',
      version: current.version,
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const read = async () => (await call('GET', `/api/requests/${request.id}`, worker)).json().data;
    expect(await read()).toMatchObject({ clientId: renamed, clientName: 'Клиент после' });

    const survivor = await counterparty({ name: 'Клиент-оригинал' });
    const merge = await call('POST', `/api/counterparties/${renamed}/merge`, worker, {
      survivorId: survivor,
      survivorVersion: 1,
      sourceVersion: current.version + 1,
    });
    expect(merge.statusCode, merge.body).toBe(200);
    expect(await read()).toMatchObject({ clientId: survivor, clientName: 'Клиент-оригинал' });
  });
});

describe('the operational status', () => {
  let worker: SignedIn;
  let quoter: SignedIn;
  let viewer: SignedIn;
  let stranger: SignedIn;
  beforeAll(async () => {
    worker = await signIn(ctx, WORKER);
    quoter = await signIn(ctx, [...WORKER, 'ROLE_REQUEST_MARK_QUOTE_COMPLETE']);
    viewer = await signIn(ctx, ['ROLE_REQUEST_VIEW_ALL']);
    stranger = await signIn(ctx, ['ROLE_REQUEST_VIEW_OWN', 'ROLE_REQUEST_CREATE']);
  });

  const move = (who: SignedIn, request: Entity, status: string, reason?: string) =>
    call('PUT', `/api/requests/${request.id}/status`, who, {
      status,
      version: request.version,
      ...(reason === undefined ? {} : { reason }),
    });
  const moved = async (who: SignedIn, request: Entity, status: string, reason?: string) => {
    const res = await move(who, request, status, reason);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Entity;
  };

  it('asks the client for more and gets it: NEED_MORE_INFO, INFO_PROVIDED, back to NEED_MORE_INFO', async () => {
    const request = await createRequest(worker);
    const asked = await moved(worker, request, 'NEED_MORE_INFO');
    expect(asked.status).toBe('NEED_MORE_INFO');
    const answered = await moved(worker, asked, 'INFO_PROVIDED');
    expect(answered.status).toBe('INFO_PROVIDED');
    expect((await moved(worker, answered, 'NEED_MORE_INFO')).status).toBe('NEED_MORE_INFO');
  });

  it('refuses moves the transitions do not have, and unknown statuses', async () => {
    const request = await createRequest(worker);
    expect(errorsOf(await move(worker, request, 'INFO_PROVIDED'))).toEqual({ status: [M.statusManual] });
    const asked = await moved(worker, request, 'NEED_MORE_INFO');
    expect(errorsOf(await move(worker, asked, 'QUOTE_NOT_COMPLETED'))).toEqual({ status: [M.statusManual] });
    expect(errorsOf(await move(worker, asked, 'QUOTE_COMPLETED'))).toEqual({ status: [M.statusManual] });
    const unknown = await move(worker, asked, 'DONE');
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(errorsOf(unknown))).toEqual(['status']);
    const stale = await move(worker, { ...asked, version: asked.version - 1 }, 'INFO_PROVIDED');
    expect(stale.statusCode).toBe(409);
  });

  it('marks the quote complete, and reopens it, only with the role', async () => {
    const request = await createRequest(worker);
    expect(errorsOf(await move(worker, request, 'QUOTE_COMPLETED'))).toEqual({ status: [M.statusManual] });
    // No door completes a quote without its selected rates ("Mark quote complete" neither).
    expect(errorsOf(await move(quoter, request, 'QUOTE_COMPLETED'))).toEqual({
      rates: [QUOTE_MESSAGES.noRates],
    });
    const rates = { rates: [{ amount: '3100', currency: 'EUR' }] };
    const saved = await call('PUT', `/api/requests/${request.id}/quote`, worker, rates);
    expect(saved.statusCode, saved.body).toBe(200);
    const done = await moved(quoter, request, 'QUOTE_COMPLETED');
    expect(done.status).toBe('QUOTE_COMPLETED');
    expect(errorsOf(await move(worker, done, 'QUOTE_NOT_COMPLETED'))).toEqual({ status: [M.statusManual] });
    expect(errorsOf(await move(quoter, done, 'NEED_MORE_INFO'))).toEqual({ status: [M.statusManual] });
    expect((await moved(quoter, done, 'QUOTE_NOT_COMPLETED')).status).toBe('QUOTE_NOT_COMPLETED');
  });

  it('needs a reason for NO_SERVICE, keeps it, then locks the request and its status', async () => {
    const request = await createRequest(worker);
    expect(errorsOf(await move(worker, request, 'NO_SERVICE'))).toEqual({ reason: [M.reasonRequired] });
    expect(errorsOf(await move(worker, request, 'NO_SERVICE', '   '))).toEqual({
      reason: [M.reasonRequired],
    });
    const refused = await moved(worker, request, 'NO_SERVICE', 'Не возим опасные грузы');
    expect(refused).toMatchObject({ status: 'NO_SERVICE', statusReason: 'Не возим опасные грузы' });

    const edit = await call('PUT', `/api/requests/${request.id}`, worker, {
      cargo: { description: 'Другое' },
      version: refused.version,
    });
    expect(edit.statusCode).toBe(400);
    expect(errorsOf(edit)).toEqual({ '': [R.locked] });
    // Only the status it left comes back, within the restore timeout (request-rules.test.ts).
    for (const status of ['NEED_MORE_INFO', 'INFO_PROVIDED', 'QUOTE_COMPLETED']) {
      expect(errorsOf(await move(quoter, refused, status)), status).toEqual({ status: [M.statusManual] });
    }
    const targets = await call('GET', `/api/requests/${request.id}/statuses`, quoter);
    expect(targets.json().data).toEqual([{ status: 'QUOTE_NOT_COMPLETED', needsReason: false }]);

    const history = await call('GET', `/api/requests/${request.id}/history`, worker);
    const entries = history.json().data.collection.filter((e: { action: string }) => e.action === 'status');
    expect(entries.length).toBe(1);
    expect(JSON.stringify(entries[0])).toContain('Не возим опасные грузы');
  });

  it("keeps the same status as no change, and the forwarder's question as NEED_MORE_INFO's reason", async () => {
    const request = await createRequest(worker);
    const same = await moved(worker, request, 'QUOTE_NOT_COMPLETED');
    expect(same.version).toBe(request.version);
    const asked = await moved(worker, request, 'NEED_MORE_INFO', 'Нужны габариты');
    expect(asked.statusReason).toBe('Нужны габариты');
  });

  it('lists the moves the user may make, and lets only editors reaching the request make them', async () => {
    const request = await createRequest(worker);
    const targets = async (who: SignedIn) =>
      (await call('GET', `/api/requests/${request.id}/statuses`, who)).json().data;
    expect(await targets(worker)).toEqual([
      { status: 'NEED_MORE_INFO', needsReason: false },
      { status: 'NO_SERVICE', needsReason: true },
    ]);
    expect(await targets(quoter)).toEqual([
      { status: 'NEED_MORE_INFO', needsReason: false },
      { status: 'QUOTE_COMPLETED', needsReason: false },
      { status: 'NO_SERVICE', needsReason: true },
    ]);
    expect(await targets(viewer)).toEqual([]);
    expect(errorsOf(await move(viewer, request, 'NEED_MORE_INFO'))).toEqual({ status: [M.statusManual] });
    expect((await move(stranger, request, 'NEED_MORE_INFO')).statusCode).toBe(404);
    const creator = await signIn(ctx, ['ROLE_REQUEST_CREATE']);
    expect((await move(creator, request, 'NEED_MORE_INFO')).statusCode).toBe(404);
    const nobody = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL']);
    expect((await move(nobody, request, 'NEED_MORE_INFO')).statusCode).toBe(403);
  });
});

describe('the scopes of requests', () => {
  let mine: Entity;
  let sold: Entity;
  let forwarded: Entity;
  let ofMyOffice: Entity;
  let elsewhere: Entity;
  let own: SignedIn;
  let office: SignedIn;
  let all: SignedIn;
  let none: SignedIn;

  beforeAll(async () => {
    own = await signIn(ctx, ['ROLE_REQUEST_VIEW_OWN', 'ROLE_REQUEST_CREATE'], { serviceOfficeId: mow });
    office = await signIn(ctx, ['ROLE_REQUEST_VIEW_OFFICE'], { serviceOfficeId: mow });
    all = await signIn(ctx, ['ROLE_REQUEST_VIEW_ALL']);
    none = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL']);
    const admin = await signIn(ctx, ['ROLE_ADMIN']);
    mine = await createRequest(own, { serviceOfficeId: msq });
    sold = await createRequest(admin, { sellerId: own.user.id, serviceOfficeId: msq });
    forwarded = await createRequest(admin, { forwarderId: own.user.id });
    ofMyOffice = await createRequest(admin, { serviceOfficeId: mow });
    elsewhere = await createRequest(admin, { serviceOfficeId: msq });
  });

  async function listed(who: SignedIn, query = ''): Promise<number[]> {
    const res = await call('GET', `/api/requests?itemsPerPage=10000&${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.collection.map((r: Entity) => r.id);
  }

  async function exported(who: SignedIn): Promise<number[]> {
    const res = await call('GET', '/api/requests/export?columns=number', who);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ids: number[] = [];
    book.worksheets[0]!.eachRow((row, index) => {
      if (index > 1) ids.push(Number(row.getCell(1).value));
    });
    return ids;
  }

  /** Of the five requests, those `who` reaches by list, search by number, export and id alike. */
  async function reached(who: SignedIn): Promise<Entity[]> {
    const list = await listed(who);
    const sheet = await exported(who);
    const out: Entity[] = [];
    for (const request of [mine, sold, forwarded, ofMyOffice, elsewhere]) {
      const found = (await listed(who, `search=${padId(request.id)}`)).includes(request.id);
      const byId = (await call('GET', `/api/requests/${request.id}`, who)).statusCode;
      expect([list.includes(request.id), sheet.includes(request.id), byId]).toEqual(
        found ? [true, true, 200] : [false, false, 404],
      );
      if (found) out.push(request);
    }
    return out;
  }

  it('own: the requests I created, sell or forward', async () => {
    expect(await reached(own)).toEqual([mine, sold, forwarded]);
  });

  it('office: the requests my office serves', async () => {
    expect(await reached(office)).toEqual([ofMyOffice]);
  });

  it('all: every request', async () => {
    expect(await reached(all)).toEqual([mine, sold, forwarded, ofMyOffice, elsewhere]);
  });

  it('create without a view scope: the requests I created, sell or forward', async () => {
    const creator = await signIn(ctx, ['ROLE_REQUEST_CREATE']);
    const made = await createRequest(creator, { serviceOfficeId: msq });
    const list = await listed(creator);
    expect(list).toEqual([made.id]);
    expect((await call('GET', `/api/requests/${mine.id}`, creator)).statusCode).toBe(404);
  });

  it('none: 403 on the list and by id', async () => {
    expect((await call('GET', '/api/requests', none)).statusCode).toBe(403);
    expect((await call('GET', `/api/requests/${mine.id}`, none)).statusCode).toBe(403);
  });

  it('filters the list by status, client, office and creation date', async () => {
    const other = await counterparty();
    const admin = await signIn(ctx, ['ROLE_ADMIN']);
    const theirs = await createRequest(admin, { clientId: other, serviceOfficeId: mow });
    const asked = await call('PUT', `/api/requests/${theirs.id}/status`, admin, {
      status: 'NEED_MORE_INFO',
      version: theirs.version,
    });
    expect(asked.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(await listed(all, `clientId=${other}`)).toEqual([theirs.id]);
    expect(await listed(all, `clientId=${other}&status=NEED_MORE_INFO`)).toEqual([theirs.id]);
    expect(await listed(all, `clientId=${other}&status=NO_SERVICE`)).toEqual([]);
    expect(await listed(all, `clientId=${other}&serviceOfficeId=${msq}`)).toEqual([]);
    expect(await listed(all, `clientId=${other}&createdAtFrom=${today}&createdAtTo=${today}`)).toEqual([
      theirs.id,
    ]);
  });

  it('edits within the view scope, and only with the create role', async () => {
    const edit = (who: SignedIn, request: Entity) =>
      call('PUT', `/api/requests/${request.id}`, who, { tnvedComment: null, version: request.version });
    expect((await edit(own, elsewhere)).statusCode).toBe(404);
    expect((await edit(office, ofMyOffice)).statusCode).toBe(403);
    const changed = await call('PUT', `/api/requests/${mine.id}`, own, {
      transportTypes: ['sea'],
      version: mine.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.transportTypes).toEqual(['sea']);
    mine = changed.json().data;
  });
});

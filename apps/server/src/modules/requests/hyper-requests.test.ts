import {
  COUNTERPARTY_MESSAGES,
  ERROR_MESSAGES,
  flattenTree,
  HYPER_REQUEST_MESSAGES as H,
  OPERATION_MESSAGES as M,
  CUSTOMER_REQUEST_MESSAGES as R,
} from '@tms/domain';
import { count } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn as signInAs } from '../../test/users';
import { counterparties } from '../counterparties';
import { customerRequests } from './tables';
import { requestsWorld } from './test-fixtures';

/**
 * Hyper customer requests (docs/requests.md "Hyper requests"): lots become requests through the requests'
 * service, what an edit does to the lots, the refusals and the scopes.
 */

type Body = Record<string, unknown>;
interface Lot {
  requestId: number;
  name: string;
  number: number;
  status: string;
  transportTypes: string[];
  cargoDescription: string | null;
}
type Hyper = Body & { id: number; version: number; lots: Lot[]; lotStatusCounts: Record<string, number> };

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
    .values({
      name: `Тендерный клиент ${++seq}`,
      client: true,
      countryId: ru,
      applicationRequired: false,
      ...values,
    })
    .returning();
  return row!.id;
}

const route = (to = 'Berlin, Unter den Linden 1') => [
  { kind: 'dispatch', address: 'Москва, Тверская 1', countryId: ru, dateFrom: '2027-02-01' },
  { kind: 'delivery', address: to, countryId: de, dateFrom: '2027-02-08' },
];
const lot = (name: string, body: Body = {}) => ({
  name,
  transportTypes: ['auto'],
  route: route(),
  cargo: { description: `Груз ${name}`, weight: '1000' },
  ...body,
});

const requestCount = async () => (await ctx.database.db.select({ n: count() }).from(customerRequests))[0]!.n;

async function createHyper(who: SignedIn, body: Body = {}): Promise<Hyper> {
  const res = await call('POST', '/api/hyper-customer-requests', who, {
    name: 'Тендер 2027',
    clientId: client,
    serviceOfficeId: mow,
    lots: [lot('Лот 1'), lot('Лот 2', { transportTypes: ['rail'], route: route('Hamburg, Hafen 5') })],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const keep = (hyper: Hyper) => hyper.lots.map(({ requestId, name }) => ({ requestId, name }));
const update = (who: SignedIn, hyper: Hyper, body: Body) =>
  call('PUT', `/api/hyper-customer-requests/${hyper.id}`, who, { version: hyper.version, ...body });
const requestOf = async (who: SignedIn, id: number) =>
  (await call('GET', `/api/requests/${id}`, who)).json().data;

/** Hyper requests and the requests of their lots, everywhere. */
const WORKER = [
  'ROLE_HYPER_REQUEST_EDIT',
  'ROLE_REQUEST_VIEW_ALL',
  'ROLE_REQUEST_CREATE',
  'ROLE_COUNTERPARTY_VIEW_ALL',
];
const signIn = (roles: string[], options: Parameters<typeof signInAs>[2] = {}) =>
  signInAs(ctx, roles, options);

let worker: SignedIn;
/** The app's clock: a withdrawn lot's refusal is dated by it. */
const clock = { now: new Date() };

beforeAll(async () => {
  ctx = await createTestApp({}, [], () => clock.now);
  ({ ru, de, mow, msq } = await requestsWorld(ctx));
  client = await counterparty();
  worker = await signIn(WORKER);
});
afterAll(() => ctx?.close());

describe('a hyper request', () => {
  it('turns every lot into a request of the client, the office and the people, created by the user', async () => {
    const before = await requestCount();
    const hyper = await createHyper(worker, { sellerId: worker.user.id, tenderNumber: 'T-2027/14' });
    expect(await requestCount()).toBe(before + 2);
    expect(hyper).toMatchObject({ number: hyper.id, clientId: client, tenderNumber: 'T-2027/14' });
    expect(hyper.lots.map((l) => [l.name, l.status, l.transportTypes])).toEqual([
      ['Лот 1', 'QUOTE_NOT_COMPLETED', ['auto']],
      ['Лот 2', 'QUOTE_NOT_COMPLETED', ['rail']],
    ]);
    expect(hyper.lotStatusCounts).toMatchObject({ QUOTE_NOT_COMPLETED: 2, QUOTE_COMPLETED: 0 });
    const request = await requestOf(worker, hyper.lots[1]!.requestId);
    expect(request).toMatchObject({
      clientId: client,
      serviceOfficeId: mow,
      sellerId: worker.user.id,
      createdById: worker.user.id,
      transportTypes: ['rail'],
      status: 'QUOTE_NOT_COMPLETED',
    });
    expect(request.cargo.description).toBe('Груз Лот 2');
    const history = await call('GET', `/api/requests/${request.id}/history`, worker);
    expect(history.json().data.collection.map((e: { action: string }) => e.action)).toEqual(['create']);
    const read = await call('GET', `/api/hyper-customer-requests/${hyper.id}`, worker);
    expect(read.json().data.lots).toEqual(hyper.lots);
  });

  it("takes its creator's office, for itself and its lots, when the body names none", async () => {
    const minsker = await signIn(WORKER, { serviceOfficeId: msq });
    const hyper = await createHyper(minsker, { serviceOfficeId: undefined });
    expect(hyper.serviceOfficeId).toBe(msq);
    expect((await requestOf(minsker, hyper.lots[0]!.requestId)).serviceOfficeId).toBe(msq);
  });

  it("refuses each lot's faults under the lot and the client's once, and creates nothing", async () => {
    const before = await requestCount();
    const res = await call('POST', '/api/hyper-customer-requests', worker, {
      name: 'Тендер с ошибками',
      clientId: client,
      lots: [
        lot('Лот 1', { route: route().slice(0, 1) }),
        lot('Лот 2'),
        lot('Лот 3', { transportTypes: [] }),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({
      'lots.0.route': [M.routePointsRequired],
      'lots.2.transportTypes': [R.transportTypeRequired],
    });
    const blackListed = await counterparty({ blackList: true });
    const refused = await call('POST', '/api/hyper-customer-requests', worker, {
      name: 'Тендер',
      clientId: blackListed,
      lots: [lot('Лот 1'), lot('Лот 2')],
    });
    expect(errorsOf(refused)).toEqual({ clientId: [COUNTERPARTY_MESSAGES.blackListed] });
    const empty = await call('POST', '/api/hyper-customer-requests', worker, {
      name: 'Тендер',
      clientId: client,
      lots: [],
    });
    expect(errorsOf(empty)).toEqual({ lots: [H.lotsRequired] });
    expect(await requestCount()).toBe(before);
  });
});

describe("a hyper request's client", () => {
  it('follows a rename of the client, and moves with a merge to the survivor', async () => {
    const admin = await signIn([
      ...WORKER,
      'ROLE_COUNTERPARTY_EDIT_ALL',
      'ROLE_COUNTERPARTY_NAME_EDIT',
      'ROLE_COUNTERPARTY_MERGE',
    ]);
    const renamed = await counterparty({ name: 'Тендерный клиент до' });
    const hyper = await createHyper(admin, { clientId: renamed });
    const current = (await call('GET', `/api/counterparties/${renamed}`, admin)).json().data;
    const rename = await call('PUT', `/api/counterparties/${renamed}`, admin, {
      name: 'Тендерный клиент после',
      version: current.version,
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const read = async () =>
      (await call('GET', `/api/hyper-customer-requests/${hyper.id}`, admin)).json().data;
    expect(await read()).toMatchObject({ clientId: renamed, clientName: 'Тендерный клиент после' });
    const survivor = await counterparty({ name: 'Тендерный клиент-оригинал' });
    const merge = await call('POST', `/api/counterparties/${renamed}/merge`, admin, {
      survivorId: survivor,
      survivorVersion: 1,
      sourceVersion: current.version + 1,
    });
    expect(merge.statusCode, merge.body).toBe(200);
    expect(await read()).toMatchObject({ clientId: survivor, clientName: 'Тендерный клиент-оригинал' });
    expect(await requestOf(admin, hyper.lots[0]!.requestId)).toMatchObject({ clientId: survivor });
  });
});

describe('an edit of a hyper request', () => {
  it('creates the request of an added lot and renames a kept one', async () => {
    const hyper = await createHyper(worker);
    const res = await update(worker, hyper, {
      lots: [{ ...keep(hyper)[0]!, name: 'Лот 1: Москва — Берлин' }, keep(hyper)[1]!, lot('Лот 3')],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after: Hyper = res.json().data;
    expect(after.lots.map((l) => l.name)).toEqual(['Лот 1: Москва — Берлин', 'Лот 2', 'Лот 3']);
    expect(after.lots[0]!.requestId).toBe(hyper.lots[0]!.requestId);
    expect(await requestOf(worker, after.lots[2]!.requestId)).toMatchObject({
      clientId: client,
      serviceOfficeId: mow,
      status: 'QUOTE_NOT_COMPLETED',
    });
  });

  it('refuses to take out a lot whose request moved on, and changes nothing', async () => {
    const hyper = await createHyper(worker);
    const moved = hyper.lots[0]!;
    const status = await call('PUT', `/api/requests/${moved.requestId}/status`, worker, {
      status: 'NEED_MORE_INFO',
      version: 1,
    });
    expect(status.statusCode, status.body).toBe(200);
    const res = await update(worker, hyper, { lots: [keep(hyper)[1]!], withdrawalReason: 'Клиент снял лот' });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ lots: [H.lotInProgress] });
    const read: Hyper = (await call('GET', `/api/hyper-customer-requests/${hyper.id}`, worker)).json().data;
    expect(read.lots).toHaveLength(2);
    expect(read.version).toBe(hyper.version);
    expect(read.lotStatusCounts).toMatchObject({ QUOTE_NOT_COMPLETED: 1, NEED_MORE_INFO: 1 });
  });

  it('takes out an open lot with a reason: its request is refused (NO_SERVICE) with that reason', async () => {
    const hyper = await createHyper(worker);
    const taken = hyper.lots[1]!;
    const silent = await update(worker, hyper, { lots: [keep(hyper)[0]!] });
    expect(errorsOf(silent)).toEqual({ withdrawalReason: [M.reasonRequired] });
    expect((await requestOf(worker, taken.requestId)).status).toBe('QUOTE_NOT_COMPLETED');
    const before = clock.now;
    clock.now = new Date(before.getTime() - 3 * 60 * 60 * 1000);
    const res = await update(worker, hyper, { lots: [keep(hyper)[0]!], withdrawalReason: 'Клиент снял лот' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as Hyper).lots.map((l) => l.requestId)).toEqual([hyper.lots[0]!.requestId]);
    const refused = await requestOf(worker, taken.requestId);
    expect(refused).toMatchObject({ status: 'NO_SERVICE', statusReason: 'Клиент снял лот' });
    // Dated by the app's clock: three hours on, the restore timeout (30 minutes) has run out.
    clock.now = before;
    const restore = await call('PUT', `/api/requests/${taken.requestId}/status`, worker, {
      status: 'QUOTE_NOT_COMPLETED',
      version: refused.version,
    });
    expect(restore.statusCode).toBe(400);
  });

  it("refuses a lot that is not this hyper request's, a lot listed twice, no lot left and another client", async () => {
    const hyper = await createHyper(worker);
    const other = await createHyper(worker);
    const [first, second] = keep(hyper);
    const foreign = await update(worker, hyper, {
      lots: [first!, second!, { requestId: other.lots[0]!.requestId, name: 'Чужой' }],
    });
    expect(errorsOf(foreign)).toEqual({ 'lots.2.requestId': [ERROR_MESSAGES.notFound] });
    const twice = await update(worker, hyper, { lots: [first!, second!, { ...first!, name: 'Снова' }] });
    expect(errorsOf(twice)).toEqual({ 'lots.2.requestId': [H.duplicateLot] });
    const none = await update(worker, hyper, { lots: [], withdrawalReason: 'Отмена' });
    expect(errorsOf(none)).toEqual({ lots: [H.lotsRequired] });
    const moved = await update(worker, hyper, { clientId: await counterparty() });
    expect(errorsOf(moved)).toEqual({ clientId: [H.clientFixed] });
  });
});

describe('who reaches a hyper request', () => {
  let mine: Hyper;
  let minsk: Hyper;
  beforeAll(async () => {
    mine = await createHyper(worker, { sellerId: worker.user.id });
    minsk = await createHyper(worker, { serviceOfficeId: msq, name: 'Минский тендер' });
  });
  const ids = async (who: SignedIn) => {
    const res = await call('GET', '/api/hyper-customer-requests?itemsPerPage=100', who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.collection.map((h: Hyper) => h.id) as number[];
  };

  it('by the requests view scope: all, an office, and without one their own only', async () => {
    const everyone = await signIn(['ROLE_HYPER_REQUEST_VIEW', 'ROLE_REQUEST_VIEW_ALL']);
    expect(await ids(everyone)).toEqual(expect.arrayContaining([mine.id, minsk.id]));
    const office = await signIn(['ROLE_HYPER_REQUEST_VIEW', 'ROLE_REQUEST_VIEW_OFFICE'], {
      serviceOfficeId: msq,
    });
    expect(await ids(office)).toContain(minsk.id);
    expect(await ids(office)).not.toContain(mine.id);
    expect((await call('GET', `/api/hyper-customer-requests/${mine.id}`, office)).statusCode).toBe(404);
    const seller = await signIn(['ROLE_HYPER_REQUEST_VIEW']);
    expect(await ids(seller)).toEqual([]);
    const sold = await createHyper(worker, { sellerId: seller.user.id });
    expect(await ids(seller)).toEqual([sold.id]);
    const requestsOnly = await signIn(['ROLE_REQUEST_VIEW_ALL']);
    expect((await call('GET', '/api/hyper-customer-requests', requestsOnly)).statusCode).toBe(403);
  });

  it('edits with the edit role only, and adds lots only with the right to create requests', async () => {
    const viewer = await signIn(['ROLE_HYPER_REQUEST_VIEW', 'ROLE_REQUEST_VIEW_ALL']);
    expect((await update(viewer, mine, { name: 'Другое имя' })).statusCode).toBe(403);
    const editor = await signIn([
      'ROLE_HYPER_REQUEST_EDIT',
      'ROLE_REQUEST_VIEW_ALL',
      'ROLE_COUNTERPARTY_VIEW_ALL',
    ]);
    const renamed = await update(editor, mine, { name: 'Тендер, уточнено' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const before = await requestCount();
    const added = await update(editor, renamed.json().data, { lots: [...keep(mine), lot('Лот 3')] });
    expect(added.statusCode).toBe(403);
    expect(added.json().message).toBe(H.lotsNeedRequestCreate);
    const created = await call('POST', '/api/hyper-customer-requests', editor, {
      name: 'Тендер',
      clientId: client,
      lots: [lot('Лот 1')],
    });
    expect(created.statusCode).toBe(403);
    expect(await requestCount()).toBe(before);
  });

  it('lists by the status of a lot, with the lots counted per status', async () => {
    const quoted = await createHyper(worker, { name: 'Тендер с котировкой' });
    const quoter = await signIn([...WORKER, 'ROLE_REQUEST_MARK_QUOTE_COMPLETE']);
    const rates = { rates: [{ amount: '3100', currency: 'EUR' }] };
    const saved = await call('PUT', `/api/requests/${quoted.lots[0]!.requestId}/quote`, quoter, rates);
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await call('PUT', `/api/requests/${quoted.lots[0]!.requestId}/status`, quoter, {
      status: 'QUOTE_COMPLETED',
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = await call('GET', '/api/hyper-customer-requests?lotStatus=QUOTE_COMPLETED', worker);
    const found = list.json().data.collection as Hyper[];
    expect(found.map((h) => h.id)).toContain(quoted.id);
    expect(found.map((h) => h.id)).not.toContain(mine.id);
    expect(found.find((h) => h.id === quoted.id)!.lotStatusCounts).toMatchObject({
      QUOTE_COMPLETED: 1,
      QUOTE_NOT_COMPLETED: 1,
    });
    const wrong = await call('GET', '/api/hyper-customer-requests?lotStatus=DONE', worker);
    expect(wrong.statusCode).toBe(400);
    // The progress in the export's language.
    const exportedRows = async (lang: 'ru' | 'en') => {
      const exported = await call(
        'GET',
        `/api/hyper-customer-requests/export?lotStatus=QUOTE_COMPLETED&columns=number,lotStatusCounts&lang=${lang}`,
        worker,
      );
      expect(exported.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      book.worksheets[0]!.eachRow((row, index) => {
        if (index > 1) rows.push([Number(row.getCell(1).value), row.getCell(2).value]);
      });
      return rows;
    };
    expect(await exportedRows('ru')).toContainEqual([
      quoted.id,
      'Котировка не готова: 1, Котировка готова: 1',
    ]);
    expect(await exportedRows('en')).toContainEqual([
      quoted.id,
      'Quote not completed: 1, Quote completed: 1',
    ]);
  });
});

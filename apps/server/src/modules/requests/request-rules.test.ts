import { flattenTree, OPERATION_MESSAGES as M, CUSTOMER_REQUEST_MESSAGES as R } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '../../platform/files/service';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn as signInAs } from '../../test/users';
import { counterparties } from '../counterparties';
import { customerRequestCustomFields } from '../custom-fields';
import { systemOptions } from '../options';
import { requestsWorld } from './test-fixtures';

/**
 * The rules of a request added with issue 16's second slice (docs/requests.md): the seller must manage
 * the client, custom fields, files, the substitute, and the restore of NO_SERVICE within the timeout.
 */

type Body = Record<string, unknown>;
type Entity = Body & { id: number; version: number; status: string };

let ctx: TestContext;
let ru: number;
let de: number;
let seq = 0;
/** The app's clock: the tests move it instead of waiting. */
let now = new Date();

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: Body) =>
  ctx.app.inject({ method, url, headers: who.headers, payload });
const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
  flattenTree(res.json().errors);
const minutes = (n: number) => n * 60_000;

async function counterparty(values: Partial<typeof counterparties.$inferInsert> = {}): Promise<number> {
  const [row] = await ctx.database.db
    .insert(counterparties)
    .values({ name: `Клиент ${++seq}`, client: true, countryId: ru, applicationRequired: false, ...values })
    .returning();
  return row!.id;
}

const body = (clientId: number, extra: Body = {}) => ({
  clientId,
  route: [
    { kind: 'dispatch', address: 'Москва, Тверская 1', countryId: ru },
    { kind: 'delivery', address: 'Berlin, Unter den Linden 1', countryId: de },
  ],
  cargo: { description: 'Станки' },
  transportTypes: ['auto'],
  ...extra,
});

async function createRequest(who: SignedIn, clientId: number, extra: Body = {}): Promise<Entity> {
  const res = await call('POST', '/api/requests', who, body(clientId, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const WORKER = ['ROLE_REQUEST_VIEW_ALL', 'ROLE_REQUEST_CREATE', 'ROLE_COUNTERPARTY_VIEW_ALL'];
const signIn = (roles: string[], options: Parameters<typeof signInAs>[2] = {}) =>
  signInAs(ctx, roles, options);

let worker: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp({}, [], () => now);
  ({ ru, de } = await requestsWorld(ctx));
  worker = await signIn(WORKER);
});
afterAll(() => ctx?.close());

describe('"must be the manager of the client"', () => {
  it('takes as seller of a managed client one of its managers only, on create and on update', async () => {
    const manager = await signIn(['ROLE_REQUEST_CREATE']);
    const other = await signIn(['ROLE_REQUEST_CREATE']);
    const managed = await counterparty({ managerIds: [manager.user.id] });
    const refused = await call('POST', '/api/requests', worker, body(managed, { sellerId: other.user.id }));
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)).toEqual({ sellerId: [R.notClientManager] });

    const request = await createRequest(worker, managed, { sellerId: manager.user.id });
    expect(request.sellerId).toBe(manager.user.id);
    const change = await call('PUT', `/api/requests/${request.id}`, worker, {
      sellerId: other.user.id,
      version: request.version,
    });
    expect(errorsOf(change)).toEqual({ sellerId: [R.notClientManager] });
  });

  it('leaves the seller free for a client nobody manages, and checks again when the client changes', async () => {
    const seller = await signIn(['ROLE_REQUEST_CREATE']);
    const request = await createRequest(worker, await counterparty(), { sellerId: seller.user.id });
    const managedByOthers = await counterparty({ managerIds: [worker.user.id] });
    const moved = await call('PUT', `/api/requests/${request.id}`, worker, {
      clientId: managedByOthers,
      version: request.version,
    });
    expect(errorsOf(moved)).toEqual({ sellerId: [R.notClientManager] });
  });
});

describe('custom fields of requests', () => {
  beforeAll(async () => {
    await ctx.database.db.insert(customerRequestCustomFields).values([
      { code: 'contract', description: 'Договор', type: 'text', required: true, position: 1 },
      { code: 'urgent', description: 'Срочно', type: 'checkbox', position: 2 },
    ]);
  });

  it('answers the definitions of /custom-fields/customer-request to whoever works on requests', async () => {
    const res = await call('GET', '/api/requests/custom-fields', worker);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((d: { code: string }) => d.code)).toEqual(['contract', 'urgent']);
    const outsider = await signIn(['ROLE_ORDER_VIEW_ALL']);
    expect((await call('GET', '/api/requests/custom-fields', outsider)).statusCode).toBe(403);
  });

  it('checks the values against the definitions, stores them and changes them', async () => {
    const client = await counterparty();
    const missing = await call('POST', '/api/requests', worker, body(client, { customFields: {} }));
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(errorsOf(missing))).toEqual(['customFields.contract']);
    const wrong = await call(
      'POST',
      '/api/requests',
      worker,
      body(client, { customFields: { contract: 'Д-1', urgent: 'yes' } }),
    );
    expect(Object.keys(errorsOf(wrong))).toEqual(['customFields.urgent']);

    const request = await createRequest(worker, client, { customFields: { contract: 'Д-1', urgent: true } });
    expect(request.customFields).toEqual({ contract: 'Д-1', urgent: true });
    const changed = await call('PUT', `/api/requests/${request.id}`, worker, {
      customFields: { contract: 'Д-2', urgent: false },
      version: request.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.customFields).toEqual({ contract: 'Д-2', urgent: false });
  });
});

function multipart(name: string, content: string) {
  const boundary = '----tms-request-files';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(who: SignedIn, name: string, content: string): Promise<number> {
  const form = multipart(name, content);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/file-management/files/temporary',
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

describe('files of a request', () => {
  const customFieldsFree = { customFields: { contract: 'Д-0' } };

  it('attaches uploads, lists, renames and removes them; readers of the request download them', async () => {
    const request = await createRequest(worker, await counterparty(), customFieldsFree);
    const path = `/api/requests/${request.id}/files`;
    const file = await upload(worker, 'Инвойс.pdf', 'invoice');
    const attached = await call('POST', path, worker, { fileIds: [file], tagTypeIds: [] });
    expect(attached.statusCode, attached.body).toBe(201);
    expect(attached.json().data.collection.map((f: { description: string }) => f.description)).toEqual([
      'Инвойс.pdf',
    ]);
    const again = await call('POST', path, worker, {
      fileIds: [await upload(worker, 'Инвойс.pdf', 'invoice')],
      tagTypeIds: [],
    });
    expect(errorsOf(again)).toEqual({ fileIds: [FILE_MESSAGES.alreadyAttached] });

    const reader = await signIn(['ROLE_REQUEST_VIEW_ALL']);
    expect((await call('GET', path, reader)).json().data.total).toBe(1);
    const download = await call('GET', `/api/file-management/files/${file}/download`, reader);
    expect(download.statusCode).toBe(200);
    const outsider = await signIn(['ROLE_REQUEST_VIEW_OWN', 'ROLE_REQUEST_CREATE']);
    expect((await call('GET', path, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/file-management/files/${file}/download`, outsider)).statusCode).toBe(404);
    expect((await call('POST', path, reader, { fileIds: [file], tagTypeIds: [] })).statusCode).toBe(403);

    const renamed = await call('PUT', `${path}/${file}`, worker, {
      description: 'Invoice.pdf',
      tagTypeIds: [],
    });
    expect(renamed.json().data.description).toBe('Invoice.pdf');
    expect((await call('DELETE', `${path}/${file}`, worker)).statusCode).toBe(200);
    expect((await call('GET', path, worker)).json().data.total).toBe(0);
    const history = await call('GET', `/api/requests/${request.id}/history`, worker);
    expect(JSON.stringify(history.json().data.collection)).toContain('Invoice.pdf');
  });

  it('takes no file changes while the request is locked by its status', async () => {
    const request = await createRequest(worker, await counterparty(), customFieldsFree);
    const refused = await call('PUT', `/api/requests/${request.id}/status`, worker, {
      status: 'NO_SERVICE',
      reason: 'Не возим',
      version: request.version,
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const res = await call('POST', `/api/requests/${request.id}/files`, worker, {
      fileIds: [await upload(worker, 'CMR.pdf', 'cmr')],
      tagTypeIds: [],
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ '': [R.locked] });
  });
});

describe("the seller's substitute", () => {
  it('is set only by holders of the substitute role, and reaches the request as its seller does', async () => {
    const substitute = await signIn(['ROLE_REQUEST_VIEW_OWN', 'ROLE_REQUEST_CREATE']);
    const client = await counterparty();
    const denied = await call(
      'POST',
      '/api/requests',
      worker,
      body(client, { substituteId: substitute.user.id, customFields: { contract: 'Д-0' } }),
    );
    expect(denied.statusCode).toBe(403);
    const planner = await signIn([...WORKER, 'ROLE_REQUEST_SUBSTITUTE']);
    const request = await createRequest(planner, client, {
      substituteId: substitute.user.id,
      customFields: { contract: 'Д-0' },
    });
    expect(request.substituteId).toBe(substitute.user.id);
    expect((await call('GET', `/api/requests/${request.id}`, substitute)).statusCode).toBe(200);
    const list = await call('GET', '/api/requests?itemsPerPage=100', substitute);
    expect(list.json().data.collection.map((r: Entity) => r.id)).toEqual([request.id]);
    const stranger = await signIn(['ROLE_REQUEST_VIEW_OWN', 'ROLE_REQUEST_CREATE']);
    expect((await call('GET', `/api/requests/${request.id}`, stranger)).statusCode).toBe(404);
    const cleared = await call('PUT', `/api/requests/${request.id}`, worker, {
      substituteId: null,
      version: request.version,
    });
    expect(cleared.statusCode).toBe(403);
  });
});

describe('the restore of NO_SERVICE within the configured timeout', () => {
  const move = (request: Entity, status: string, reason?: string) =>
    call('PUT', `/api/requests/${request.id}/status`, worker, { status, reason, version: request.version });
  const targets = async (request: Entity) =>
    (await call('GET', `/api/requests/${request.id}/statuses`, worker)).json().data;

  async function refusedAt(start: Date): Promise<Entity> {
    now = start;
    const request = await createRequest(worker, await counterparty(), { customFields: { contract: 'Д-0' } });
    const asked = (await move(request, 'NEED_MORE_INFO')).json().data as Entity;
    const res = await move(asked, 'NO_SERVICE', 'Нет машин');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  it('brings back the status the request left, reason cleared, until the timeout runs out', async () => {
    const start = new Date();
    const refused = await refusedAt(start);
    now = new Date(start.getTime() + minutes(30));
    expect(await targets(refused)).toEqual([{ status: 'NEED_MORE_INFO', needsReason: false }]);
    expect(errorsOf(await move(refused, 'QUOTE_NOT_COMPLETED'))).toEqual({ status: [M.statusManual] });
    const restored = await move(refused, 'NEED_MORE_INFO');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ status: 'NEED_MORE_INFO', statusReason: null });
  });

  it('refuses the restore once the timeout has run out, and follows the option', async () => {
    const start = new Date();
    const late = await refusedAt(start);
    now = new Date(start.getTime() + minutes(30) + 1000);
    expect(await targets(late)).toEqual([]);
    expect(errorsOf(await move(late, 'NEED_MORE_INFO'))).toEqual({ status: [M.statusManual] });

    await ctx.database.db.update(systemOptions).set({ customerRequestRestoreStatusTimeout: 60 });
    expect(await targets(late)).toEqual([{ status: 'NEED_MORE_INFO', needsReason: false }]);
    await ctx.database.db.update(systemOptions).set({ customerRequestRestoreStatusTimeout: 30 });
  });
});

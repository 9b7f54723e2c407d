import {
  COUNTERPARTY_MESSAGES,
  flattenTree,
  OPERATION_MESSAGES as M,
  MESSAGES,
  CUSTOMER_REQUEST_MESSAGES as R,
} from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { counterparties } from '../counterparties';
import { requestsWorld } from './test-fixtures';

/**
 * Customs requests (docs/requests.md "Customs requests"): the customs processing status, every transition
 * and who may make it, the declarant's and the customs specialist's acceptance and change roles, the
 * customs team's reach and the list filter.
 */

type Body = Record<string, unknown>;
type Entity = Body & { id: number; version: number; customsStatus: string | null };

let ctx: TestContext;
let ru: number;
let de: number;
let client: number;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedIn, payload?: Body) =>
  ctx.app.inject({ method, url, headers: who.headers, payload });
const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
  flattenTree(res.json().errors);

const body = (extra: Body = {}) => ({
  clientId: client,
  route: [
    { kind: 'dispatch', address: 'Shanghai, Yangshan', countryId: de },
    { kind: 'delivery', address: 'Москва, Тверская 1', countryId: ru },
  ],
  cargo: { description: 'Электроника', tnvedCodes: ['8471300000'] },
  transportTypes: ['sea'],
  ...extra,
});

async function create(who: SignedIn, extra: Body = {}): Promise<Entity> {
  const res = await call('POST', '/api/requests', who, body({ customs: true, ...extra }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const move = (who: SignedIn, request: Entity, customsStatus: string, reason?: string) =>
  call('PUT', `/api/requests/${request.id}/customs-status`, who, {
    customsStatus,
    version: request.version,
    ...(reason === undefined ? {} : { reason }),
  });
async function moved(who: SignedIn, request: Entity, customsStatus: string, reason?: string) {
  const res = await move(who, request, customsStatus, reason);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Entity;
}
const targets = async (who: SignedIn, request: Entity) =>
  (await call('GET', `/api/requests/${request.id}/customs-statuses`, who)).json().data as {
    status: string;
  }[];
const statuses = async (who: SignedIn, request: Entity) => (await targets(who, request)).map((t) => t.status);

let editor: SignedIn;
let declarant: SignedIn;
let otherDeclarant: SignedIn;
let specialist: SignedIn;
let otherSpecialist: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ ru, de } = await requestsWorld(ctx));
  const [row] = await ctx.database.db
    .insert(counterparties)
    .values({ name: 'Импортёр', client: true, countryId: ru, applicationRequired: false })
    .returning();
  client = row!.id;
  editor = await signIn(ctx, ['ROLE_REQUEST_VIEW_ALL', 'ROLE_REQUEST_CREATE', 'ROLE_COUNTERPARTY_VIEW_ALL']);
  declarant = await signIn(ctx, ['ROLE_REQUEST_CUSTOMS_PROCESSING']);
  otherDeclarant = await signIn(ctx, ['ROLE_REQUEST_CUSTOMS_PROCESSING']);
  specialist = await signIn(ctx, ['ROLE_REQUEST_CUSTOMS_SPECIALIST']);
  otherSpecialist = await signIn(ctx, ['ROLE_REQUEST_CUSTOMS_SPECIALIST']);
});
afterAll(() => ctx?.close());

describe('a customs request', () => {
  it('starts in TO_REQUIRED; a request that is not one has no customs status', async () => {
    const customs = await create(editor);
    expect(customs).toMatchObject({ customs: true, customsStatus: 'TO_REQUIRED', declarantId: null });
    const plain = await call('POST', '/api/requests', editor, body());
    expect(plain.json().data).toMatchObject({ customs: false, customsStatus: null });
  });

  it('stays what it was created as, and only a customs request has a declarant or specialist', async () => {
    const customs = await create(editor);
    const change = await call('PUT', `/api/requests/${customs.id}`, editor, {
      customs: false,
      version: customs.version,
    });
    expect(errorsOf(change)).toEqual({ customs: [R.customsFixed] });
    const assigner = await signIn(ctx, [
      'ROLE_REQUEST_VIEW_ALL',
      'ROLE_REQUEST_CREATE',
      'ROLE_REQUEST_CUSTOMS_PROCESSING',
      'ROLE_COUNTERPARTY_VIEW_ALL',
    ]);
    const plain = await call('POST', '/api/requests', assigner, body({ declarantId: declarant.user.id }));
    expect(errorsOf(plain)).toEqual({ declarantId: [MESSAGES.invalid] });
    const notCustoms = (await call('POST', '/api/requests', editor, body())).json().data as Entity;
    expect(errorsOf(await move(editor, notCustoms, 'TO_NOT_REQUIRED'))).toEqual({
      customsStatus: [MESSAGES.invalid],
    });
  });

  it('takes a declarant and a customs specialist only from holders of their roles (the change roles)', async () => {
    const denied = await call(
      'POST',
      '/api/requests',
      editor,
      body({ customs: true, declarantId: declarant.user.id }),
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(COUNTERPARTY_MESSAGES.fieldEditDenied);
    const lead = await signIn(ctx, [
      'ROLE_REQUEST_VIEW_ALL',
      'ROLE_REQUEST_CREATE',
      'ROLE_REQUEST_CUSTOMS_PROCESSING',
      'ROLE_REQUEST_CUSTOMS_SPECIALIST',
      'ROLE_COUNTERPARTY_VIEW_ALL',
    ]);
    const assigned = await create(lead, {
      declarantId: declarant.user.id,
      customsSpecialistId: specialist.user.id,
    });
    expect(assigned).toMatchObject({
      declarantId: declarant.user.id,
      customsSpecialistId: specialist.user.id,
    });
    const reassign = await call('PUT', `/api/requests/${assigned.id}`, editor, {
      customsSpecialistId: otherSpecialist.user.id,
      version: assigned.version,
    });
    expect(reassign.statusCode).toBe(403);
    // The one assigned accepts; another declarant may not take it over.
    expect(errorsOf(await move(otherDeclarant, assigned, 'TO_IN_PROCESSING'))).toEqual({
      customsStatus: [M.statusManual],
    });
    expect((await moved(declarant, assigned, 'TO_IN_PROCESSING')).declarantId).toBe(declarant.user.id);
  });
});

describe('the customs processing status', () => {
  it('walks the declarant’s part: accepted, processed, reopened and completed', async () => {
    const request = await create(editor);
    expect(await statuses(declarant, request)).toEqual(['TO_IN_PROCESSING', 'TO_NOT_REQUIRED']);
    expect(await statuses(specialist, request)).toEqual([]);
    expect(errorsOf(await move(specialist, request, 'TO_IN_PROCESSING'))).toEqual({
      customsStatus: [M.statusManual],
    });
    const accepted = await moved(declarant, request, 'TO_IN_PROCESSING');
    expect(accepted).toMatchObject({ customsStatus: 'TO_IN_PROCESSING', declarantId: declarant.user.id });
    expect(errorsOf(await move(otherDeclarant, accepted, 'TO_PROCESSING_COMPLETE'))).toEqual({
      customsStatus: [M.statusManual],
    });
    expect(errorsOf(await move(editor, accepted, 'TO_PROCESSING_COMPLETE'))).toEqual({
      customsStatus: [M.statusManual],
    });
    const complete = await moved(declarant, accepted, 'TO_PROCESSING_COMPLETE');
    const reopened = await moved(declarant, complete, 'TO_IN_PROCESSING');
    expect((await moved(declarant, reopened, 'TO_PROCESSING_COMPLETE')).customsStatus).toBe(
      'TO_PROCESSING_COMPLETE',
    );
  });

  it('lets the editor or the declarant say no clearance is needed, and take it back', async () => {
    const request = await create(editor);
    expect(await statuses(editor, request)).toEqual(['TO_NOT_REQUIRED']);
    const notNeeded = await moved(editor, request, 'TO_NOT_REQUIRED');
    expect(await statuses(declarant, notNeeded)).toEqual(['TO_REQUIRED']);
    const again = await moved(declarant, notNeeded, 'TO_REQUIRED');
    const processing = await moved(declarant, again, 'TO_IN_PROCESSING');
    expect(errorsOf(await move(editor, processing, 'TO_NOT_REQUIRED'))).toEqual({
      customsStatus: [M.statusManual],
    });
    expect((await moved(declarant, processing, 'TO_NOT_REQUIRED')).customsStatus).toBe('TO_NOT_REQUIRED');
  });

  it('walks the specialist’s part: ordered by the editor, accepted, waiting with a reason, finished', async () => {
    const request = await create(editor);
    const done = await moved(
      declarant,
      await moved(declarant, request, 'TO_IN_PROCESSING'),
      'TO_PROCESSING_COMPLETE',
    );
    expect(errorsOf(await move(declarant, done, 'TO_AWAITING'))).toEqual({ customsStatus: [M.statusManual] });
    const awaiting = await moved(editor, done, 'TO_AWAITING');
    expect(await statuses(specialist, awaiting)).toEqual(['TO_IN_PROGRESS']);
    const accepted = await moved(specialist, awaiting, 'TO_IN_PROGRESS');
    expect(accepted.customsSpecialistId).toBe(specialist.user.id);
    expect(errorsOf(await move(otherSpecialist, accepted, 'TO_FINISHED'))).toEqual({
      customsStatus: [M.statusManual],
    });
    expect(errorsOf(await move(specialist, accepted, 'TO_WAIT_ADDITIONAL_INFO'))).toEqual({
      reason: [M.reasonRequired],
    });
    const waiting = await moved(specialist, accepted, 'TO_WAIT_ADDITIONAL_INFO', 'Нужен инвойс');
    expect(waiting.customsStatusReason).toBe('Нужен инвойс');
    const back = await moved(specialist, waiting, 'TO_IN_PROGRESS');
    expect(back.customsStatusReason).toBeNull();
    const finished = await moved(specialist, back, 'TO_FINISHED');
    expect(await statuses(specialist, finished)).toEqual([]);
    expect(errorsOf(await move(specialist, finished, 'TO_IN_PROGRESS'))).toEqual({
      customsStatus: [M.statusManual],
    });
    const history = await call('GET', `/api/requests/${request.id}/history`, editor);
    const moves = history
      .json()
      .data.collection.filter((e: { action: string }) => e.action === 'customsStatus');
    expect(moves.length).toBe(7);
    expect(JSON.stringify(moves)).toContain('Нужен инвойс');
  });

  it('is locked with the request by its operational status', async () => {
    const request = await create(editor);
    const refused = await call('PUT', `/api/requests/${request.id}/status`, editor, {
      status: 'NO_SERVICE',
      reason: 'Не оформляем',
      version: request.version,
    });
    const locked = refused.json().data as Entity;
    expect(await statuses(declarant, locked)).toEqual([]);
    expect(errorsOf(await move(declarant, locked, 'TO_IN_PROCESSING'))).toEqual({ '': [R.locked] });
  });
});

describe("the customs team's reach", () => {
  it('reads and filters customs requests only, whatever office serves them', async () => {
    const customs = await create(editor);
    const plain = (await call('POST', '/api/requests', editor, body())).json().data as Entity;
    const listed = async (who: SignedIn, query = '') =>
      (await call('GET', `/api/requests?itemsPerPage=10000${query}`, who))
        .json()
        .data.collection.map((r: Entity) => r.id);
    expect(await listed(specialist)).toContain(customs.id);
    expect(await listed(specialist)).not.toContain(plain.id);
    expect((await call('GET', `/api/requests/${plain.id}`, declarant)).statusCode).toBe(404);
    const accepted = await moved(declarant, customs, 'TO_IN_PROCESSING');
    expect(await listed(editor, '&customsStatus=TO_IN_PROCESSING')).toContain(accepted.id);
    expect(await listed(editor, '&customsStatus=TO_REQUIRED')).not.toContain(accepted.id);
    expect(await listed(editor, `&declarantId=${declarant.user.id}`)).toContain(accepted.id);
    expect(await listed(editor, `&declarantId=${otherDeclarant.user.id}`)).not.toContain(accepted.id);
  });

  it('edits the TNVED codes of a customs request, never creates a request', async () => {
    const request = await create(editor);
    const codes = await call('PUT', `/api/requests/${request.id}`, declarant, {
      cargo: { tnvedCodes: ['8471300000', '8473302000'] },
      version: request.version,
    });
    expect(codes.statusCode, codes.body).toBe(200);
    expect((codes.json().data.cargo as Body).tnvedCodes).toEqual(['8471300000', '8473302000']);
    expect((await call('POST', '/api/requests', declarant, body({ customs: true }))).statusCode).toBe(403);
  });
});

import { MARKING_CODE_MESSAGES as C, GS, MARKING_MESSAGES as M, OPERATION_MESSAGES } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundJobs } from '../../platform/jobs/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import {
  caller,
  createOrder,
  EDIT_ALL,
  type Entity,
  errorsOf,
  type OperationsWorld,
  operationsWorld,
} from '../../test/operations-world';
import { type SignedIn, signIn } from '../../test/users';
import { customsPoints } from '../customs';
import { orders } from '../operations';
import { type MarkingSandbox, startMarkingSandbox } from './sandbox';
import { markingCodes, markingRequests } from './tables';

const TNVED = '6403990000'; // footwear
const OTHER_TNVED = '6109100000'; // T-shirts
const GTIN = '04606203084623';
const CRYPTO = `${'k'.repeat(43)}=`;
/** A valid short-form code of the test GTIN with serial `serial`, as scanned. */
const code = (serial: string, gtin = GTIN) =>
  `01${gtin}21${serial}${GS}93ab${serial.slice(-2).padStart(2, '0')}`;

let sandbox: MarkingSandbox;
let ctx: TestContext;
let world: OperationsWorld;
let manager: SignedIn;
let viewer: SignedIn;
let marker: SignedIn;
let stranger: SignedIn;
let declarant: SignedIn;
let client: number;
let now = new Date();
const clock = () => now;
/** Moves the app's clock past a retry's backoff (30 s doubling: 4 min before the fifth attempt). */
const pastBackoff = () => {
  now = new Date(now.getTime() + 5 * 60 * 1000);
};

const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(ctx)(...args);
const marking = async (orderId: number, who = manager) => {
  const res = await call('GET', `/api/tms/orders/${orderId}/marking`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const codesOn = async (orderId: number) =>
  ctx.database.db.select().from(markingCodes).where(eq(markingCodes.orderId, orderId));
const drain = () => ctx.app.queue.drain();

/** An order whose cargo has the two lines and whose marking is required. */
async function markedOrder(): Promise<Entity> {
  const order = await createOrder(ctx, world, manager, client, {
    cargo: { description: 'Обувь и футболки', tnvedCodes: [TNVED, OTHER_TNVED] },
  });
  const res = await call('PUT', `/api/tms/orders/${order.id}/statuses/marking`, manager, {
    status: 'required',
    version: order.version,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  sandbox = await startMarkingSandbox();
  // Sessions outlive the hours the clock is moved on.
  ctx = await createTestApp({ markingApiUrl: sandbox.url, tokenTtl: 7 * 24 * 3600 }, [], clock);
  world = await operationsWorld(ctx);
  manager = await signIn(ctx, [...EDIT_ALL, 'ROLE_STAGE_MANAGE_ALL']);
  viewer = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL']);
  marker = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL', 'ROLE_MARKING_STATUS']);
  stranger = await signIn(ctx, ['ROLE_ORDER_VIEW_OWN']);
  declarant = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL', 'ROLE_CUSTOMS_DECLARATION_EDIT']);
  client = await world.counterparty();
});
afterAll(async () => {
  await ctx?.close();
  await sandbox?.close();
});

describe('marking codes of an order', () => {
  it('adds the codes of a cargo line, and refuses a batch with a bad code per code, writing nothing', async () => {
    const order = await markedOrder();
    const path = `/api/tms/orders/${order.id}/marking/codes`;
    const bad = await call('POST', path, manager, {
      tnvedCode: TNVED,
      codes: [
        code('AAA0001'),
        'not a code',
        `01046062030846242100001${GS}93abcd`,
        code('AAA0001'),
        '(01)04606203084623(21)X',
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual({
      'codes.1': [C.unreadable],
      'codes.2': [C.gtinCheckDigit],
      'codes.3': [M.duplicate],
      'codes.4': [C.cryptoMissing],
    });
    expect(await codesOn(order.id)).toEqual([]);

    const printed = `(01)${GTIN}(21)AAA0002(91)EE06(92)${CRYPTO}`;
    const added = await call('POST', path, manager, {
      tnvedCode: '6403 99 000 0',
      codes: [code('AAA0001'), printed],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toEqual({ added: 2 });
    const read = await marking(order.id);
    expect(read).toMatchObject({ markingStatus: 'required', editable: true, adapterConfigured: true });
    expect(
      read.lines.map((line: { tnvedCode: string; codes: unknown[] }) => [line.tnvedCode, line.codes.length]),
    ).toEqual([
      [TNVED, 2],
      [OTHER_TNVED, 0],
    ]);
    expect(read.lines[0].codes[1]).toMatchObject({
      gtin: GTIN,
      serial: 'AAA0002',
      cis: `01${GTIN}21AAA0002`,
      code: `01${GTIN}21AAA0002${GS}91EE06${GS}92${CRYPTO}`,
      printed,
      status: 'NEW',
      source: 'entered',
    });

    // The same code again: on this order, and on another one.
    const again = await call('POST', path, manager, { tnvedCode: OTHER_TNVED, codes: [printed] });
    expect(errorsOf(again)).toEqual({ 'codes.0': [M.onOrder] });
    const other = await markedOrder();
    const elsewhere = await call('POST', `/api/tms/orders/${other.id}/marking/codes`, manager, {
      tnvedCode: TNVED,
      codes: [code('AAA0001')],
    });
    expect(errorsOf(elsewhere)).toEqual({ 'codes.0': [M.elsewhere] });
    // A line the cargo does not have.
    const noLine = await call('POST', path, manager, { tnvedCode: '8517130000', codes: [code('AAA0009')] });
    expect(errorsOf(noLine)).toEqual({ tnvedCode: [M.noLine] });
    expect(await codesOn(order.id)).toHaveLength(2);
  });

  it('takes codes only while marking is required and not yet marked, from editors and the marking role', async () => {
    const order = await createOrder(ctx, world, manager, client, { cargo: { tnvedCodes: [TNVED] } });
    const path = `/api/tms/orders/${order.id}/marking/codes`;
    const body = { tnvedCode: TNVED, codes: [code('BBB0001')] };
    expect(errorsOf(await call('POST', path, manager, body))).toEqual({ '': [M.notRequired] });
    // Whoever holds the marking status permission sets it, without editing the order.
    const required = await call('PUT', `/api/tms/orders/${order.id}/statuses/marking`, marker, {
      status: 'required',
      version: order.version,
    });
    expect(required.statusCode, required.body).toBe(200);
    expect((await call('POST', path, viewer, body)).statusCode).toBe(403);
    expect((await marking(order.id, viewer)).editable).toBe(false);
    expect((await call('POST', path, marker, body)).statusCode).toBe(200);
    // Outside the reader's scope the order does not exist; without any order scope, access is denied.
    expect((await call('GET', `/api/tms/orders/${order.id}/marking`, stranger)).statusCode).toBe(404);
    const nobody = await signIn(ctx, []);
    expect((await call('GET', `/api/tms/orders/${order.id}/marking`, nobody)).statusCode).toBe(403);
  });

  it('removes an entered code, never one Честный ЗНАК knows', async () => {
    const order = await markedOrder();
    await call('POST', `/api/tms/orders/${order.id}/marking/codes`, manager, {
      tnvedCode: TNVED,
      codes: [code('CCC0001'), code('CCC0002')],
    });
    const [first, second] = await codesOn(order.id);
    await ctx.database.db
      .update(markingCodes)
      .set({ status: 'EMITTED' })
      .where(eq(markingCodes.id, second!.id));
    const base = `/api/tms/orders/${order.id}/marking/codes`;
    expect((await call('DELETE', `${base}/${first!.id}`, manager)).statusCode).toBe(200);
    expect(errorsOf(await call('DELETE', `${base}/${second!.id}`, manager))).toEqual({ '': [M.codeLocked] });
    expect((await call('DELETE', `${base}/${second!.id}`, viewer)).statusCode).toBe(403);
    expect((await codesOn(order.id)).map((row) => row.id)).toEqual([second!.id]);
  });
});

describe('Честный ЗНАК through the job queue', () => {
  it('orders codes: waits while СУЗ issues them, then stores them as emitted', async () => {
    const order = await markedOrder();
    sandbox.faults.pendingPolls = 1;
    const asked = await call('POST', `/api/tms/orders/${order.id}/marking/emission`, manager, {
      tnvedCode: TNVED,
      gtin: GTIN,
      quantity: 3,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ kind: 'emission', state: 'queued', quantity: 3, attempts: 0 });
    expect(await drain()).toBe(1);
    let [request] = (await marking(order.id)).requests;
    expect(request).toMatchObject({ state: 'queued', error: M.codesPending, attempts: 1 });
    expect(request.externalId).toMatch(/^sandbox-/);
    expect(await drain()).toBe(0); // waiting for its backoff
    pastBackoff();
    expect(await drain()).toBe(1);
    [request] = (await marking(order.id)).requests;
    expect(request).toMatchObject({ state: 'done', error: null, codeCount: 3, attempts: 2 });
    // Ordered once: the retry fetched the same order's codes.
    expect(sandbox.calls.filter((c) => c === 'POST /api/v3/order')).toHaveLength(1);
    const codes = await codesOn(order.id);
    expect(codes).toHaveLength(3);
    expect(
      codes.every((row) => row.status === 'EMITTED' && row.source === 'ordered' && row.gtin === GTIN),
    ).toBe(true);
  });

  it('refuses a bad emission before queueing anything', async () => {
    const order = await markedOrder();
    const jobs = (await ctx.database.db.select().from(backgroundJobs)).length;
    const res = await call('POST', `/api/tms/orders/${order.id}/marking/emission`, manager, {
      tnvedCode: TNVED,
      gtin: '04606203084624',
      quantity: 0,
    });
    expect(errorsOf(res)).toEqual({ gtin: [M.gtin], quantity: [expect.any(String)] });
    expect((await ctx.database.db.select().from(backgroundJobs)).length).toBe(jobs);
    expect(
      await ctx.database.db.select().from(markingRequests).where(eq(markingRequests.orderId, order.id)),
    ).toEqual([]);
  });

  it('retries an unreachable service and a garbage answer, and fails a refusal for good, visibly', async () => {
    const order = await markedOrder();
    await call('POST', `/api/tms/orders/${order.id}/marking/codes`, manager, {
      tnvedCode: TNVED,
      codes: [code('DDD0001'), code('DDD0002')],
    });
    const statuses = `/api/tms/orders/${order.id}/marking/statuses`;

    sandbox.faults.down = 1;
    expect((await call('POST', statuses, manager, {})).statusCode).toBe(200);
    await drain();
    expect((await marking(order.id)).requests[0]).toMatchObject({
      state: 'queued',
      error: M.unreachable,
      attempts: 1,
    });
    pastBackoff();
    await drain();
    expect((await marking(order.id)).requests[0]).toMatchObject({ state: 'done', error: null, attempts: 2 });

    sandbox.faults.garbage = 1;
    await call('POST', statuses, manager, {});
    await drain();
    expect((await marking(order.id)).requests[0]).toMatchObject({
      state: 'queued',
      error: M.garbage,
      errorDetail: '<html>502 Bad Gateway</html>',
    });
    pastBackoff();
    await drain();
    expect((await marking(order.id)).requests[0]).toMatchObject({ state: 'done' });

    sandbox.faults.refuse = 'ИНН участника не зарегистрирован';
    await call('POST', statuses, manager, {});
    await drain();
    expect((await marking(order.id)).requests[0]).toMatchObject({
      state: 'failed',
      error: M.refused,
      errorDetail: 'ИНН участника не зарегистрирован',
    });
    pastBackoff();
    expect(await drain()).toBe(0);
    const [job] = await ctx.database.db
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.kind, 'marking-call'))
      .orderBy(backgroundJobs.id)
      .then((rows) => rows.slice(-1));
    expect(job).toMatchObject({ state: 'failed', error: M.refused });
  });

  it('gives up after the last attempt and says so', async () => {
    const order = await markedOrder();
    await call('POST', `/api/tms/orders/${order.id}/marking/codes`, manager, {
      tnvedCode: TNVED,
      codes: [code('EEE0001')],
    });
    sandbox.faults.down = 100;
    await call('POST', `/api/tms/orders/${order.id}/marking/statuses`, manager, {});
    for (let attempt = 0; attempt < 5; attempt++) {
      await drain();
      pastBackoff();
    }
    sandbox.faults.down = 0;
    expect((await marking(order.id)).requests[0]).toMatchObject({
      state: 'failed',
      error: M.unreachable,
      attempts: 5,
    });
  });

  it('completes marking once the application report made every code applied', async () => {
    const order = await markedOrder();
    const path = `/api/tms/orders/${order.id}`;
    expect(errorsOf(await call('POST', `${path}/marking/report`, manager, {}))).toEqual({
      '': [M.nothingToReport],
    });
    await call('POST', `${path}/marking/codes`, manager, {
      tnvedCode: TNVED,
      codes: [code('FFF0001'), code('FFF0002')],
    });
    const started = await addStage(path, 'CZ_MARKING_STARTED', 1);
    const completed = await addStage(path, 'CZ_MARKING_COMPLETED', 2);
    expect((await closeStage(path, started)).statusCode).toBe(200);
    expect((await marking(order.id)).markingStatus).toBe('marking');
    // Not applied yet: the stage stays open, nothing changes.
    expect(errorsOf(await closeStage(path, completed))).toEqual({ '': [M.notMarked] });
    expect((await marking(order.id)).markingStatus).toBe('marking');

    expect((await call('POST', `${path}/marking/report`, manager, {})).json().data).toMatchObject({
      kind: 'report',
      codeCount: 2,
    });
    await drain();
    const read = await marking(order.id);
    expect(read.requests[0]).toMatchObject({ state: 'done', externalId: expect.stringMatching(/^report-/) });
    expect(read.lines[0].codes.map((c: { status: string }) => c.status)).toEqual(['APPLIED', 'APPLIED']);
    expect((await closeStage(path, completed)).statusCode).toBe(200);
    expect((await marking(order.id)).markingStatus).toBe('marked');
    // Marked: the codes no longer change.
    const late = await call('POST', `${path}/marking/codes`, manager, {
      tnvedCode: TNVED,
      codes: [code('FFF0003')],
    });
    expect(errorsOf(late)).toEqual({ '': [M.marked] });
  });
});

describe('the customs declaration', () => {
  it("gives each item the codes of its order's cargo line", async () => {
    const order = await markedOrder();
    await call('POST', `/api/tms/orders/${order.id}/marking/codes`, manager, {
      tnvedCode: TNVED,
      codes: [code('GGG0001'), code('GGG0002')],
    });
    const [point] = await ctx.database.db
      .insert(customsPoints)
      .values({ code: '10702030', name: 'т/п Морской порт Владивосток', countryId: world.ru })
      .returning();
    const created = await call('POST', '/api/tms/customs', declarant, {
      orderId: order.id,
      direction: 'IM',
      procedureCode: '40',
      customsPointId: point!.id,
      declarantId: declarant.user.id,
      items: [
        { tnvedCode: '6403 99 000 0', description: 'Обувь', markingCodes: ['forged'] },
        { tnvedCode: OTHER_TNVED, description: 'Футболки' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const dt = created.json().data;
    expect(dt.items[0].markingCodes).toEqual([`01${GTIN}21GGG0001`, `01${GTIN}21GGG0002`]);
    expect(dt.items[1].markingCodes).toBeUndefined();
    // Codes added later reach the items when the DT is filed.
    await call('POST', `/api/tms/orders/${order.id}/marking/codes`, manager, {
      tnvedCode: OTHER_TNVED,
      codes: [code('GGG0003')],
    });
    const submitted = await call('POST', `/api/tms/customs/${dt.id}/submit`, declarant, {
      version: dt.version,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.items[1].markingCodes).toEqual([`01${GTIN}21GGG0003`]);
  });
});

async function addStage(path: string, behaviour: string, sortOrder: number): Promise<Entity> {
  const stageTypeId = await world.stageType(behaviour, [behaviour], sortOrder);
  const res = await call('POST', `${path}/stages`, manager, { stageTypeId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const closeStage = (path: string, stage: Entity) =>
  call('POST', `${path}/stages/${stage.id}/close`, manager, { version: stage.version });

it('answers the order marking as the order reads it (archived orders are locked)', async () => {
  const order = await markedOrder();
  await ctx.database.db.update(orders).set({ archived: true }).where(eq(orders.id, order.id));
  const res = await call('POST', `/api/tms/orders/${order.id}/marking/codes`, manager, {
    tnvedCode: TNVED,
    codes: [code('HHH0001')],
  });
  expect(errorsOf(res)).toEqual({ '': [OPERATION_MESSAGES.locked] });
  expect((await marking(order.id)).editable).toBe(false);
});

import { WMS_MESSAGES as M, OPERATION_MESSAGES } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDIT_ALL, type Entity, errorsOf, setUpOperations } from '../../test/operations-world';
import { type SignedIn, signIn } from '../../test/users';
import { warehouseEvents, warehouseMovements, wmsAdvices } from './tables';
import { WMS_SIGNATURE_HEADER, wmsSignature } from './wms-adapter';
import { WMS_CALLBACK_BODY_LIMIT } from './wms-routes';
import { WmsSandbox } from './wms-sandbox';

let now = new Date('2026-03-02T09:00:00Z');
const ops = setUpOperations([], { config: { publicUrl: 'http://tms.test' }, clock: () => now });

/** What our callback route answered to each callback the sandbox sent. */
const answers: { status: number; applied?: boolean }[] = [];
const sandbox = new WmsSandbox(async (url, body, signature) => {
  const res = await ops.ctx.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    payload: body,
    headers: { 'content-type': 'application/json', [WMS_SIGNATURE_HEADER]: signature },
  });
  answers.push({ status: res.statusCode, applied: res.json().data?.applied });
});

let forwarder: SignedIn;
let forcer: SignedIn;
let client: number;
let warehouseId: number;

beforeAll(async () => {
  const url = await sandbox.start();
  // Closure checks skipped: the wait for the WMS holds all the same.
  forwarder = await signIn(ops.ctx, [
    ...EDIT_ALL,
    'ROLE_STAGE_MANAGE_ALL',
    'ROLE_IGNORE_STAGE_CLOSURE_CHECKS',
    'ROLE_WAREHOUSE_ACCOUNTING_EDIT',
  ]);
  forcer = await signIn(ops.ctx, [...EDIT_ALL, 'ROLE_STAGE_MANAGE_ALL', 'ROLE_WMS_FORCED_MANAGEMENT']);
  client = await ops.world.counterparty();
  const res = await ops.call('POST', '/api/warehouse/warehouses', forwarder, {
    code: 'WMS-1',
    name: 'Склад с WMS',
    ownership: 'own',
    address: 'Подольск, Складская 5',
    wmsSystem: 'Sandbox WMS',
    wmsUrl: url,
  });
  expect(res.statusCode, res.body).toBe(201);
  warehouseId = res.json().data.id;
});

afterAll(() => sandbox.stop());

function resetFaults() {
  Object.assign(sandbox.faults, {
    down: false,
    delayMs: 0,
    drop: false,
    duplicate: false,
    outOfOrder: false,
  });
}

/** An order with one stage of `behaviour`. */
async function orderWithStage(behaviour: string) {
  const order = await ops.createOrder(forwarder, client);
  const path = `/api/tms/orders/${order.id}`;
  const stage = await ops.addStage(forwarder, path, [behaviour]);
  return { order, path, stage: stage as Entity };
}

async function stageOf(path: string, id: number): Promise<Entity> {
  const res = await ops.call('GET', `${path}/stages`, forwarder);
  return res.json().data.collection.find((s: Entity) => s.id === id);
}

async function adviceOf(path: string, stageId: number) {
  const res = await ops.call('GET', `${path}/stages/${stageId}/wms-advice`, forwarder);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function advise(path: string, stageId: number, body: Record<string, unknown> = {}) {
  const res = await ops.call('POST', `${path}/stages/${stageId}/wms-advice`, forwarder, {
    warehouseId,
    places: 5,
    weight: 500,
    marks: 'ABC 1-5',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const movementsOf = (orderId: number) =>
  ops.db.select().from(warehouseMovements).where(eq(warehouseMovements.orderId, orderId));

/** An order holding `places` received through a confirmed acceptance advice. */
async function receivedOrder(places: number) {
  const { order, path, stage } = await orderWithStage('WMS_AA');
  await advise(path, stage.id, { places });
  await ops.ctx.app.queue.drain();
  await sandbox.move(stage.id, 'confirmed');
  return { order, path };
}

describe('WMS advices', () => {
  it('sends an acceptance through the job queue; the stage awaits the WMS until it confirms the places', async () => {
    resetFaults();
    const { order, path, stage } = await orderWithStage('WMS_AA');
    const queued = await advise(path, stage.id);
    expect(queued).toMatchObject({ state: 'queued', kind: 'acceptance', places: 5, stageId: stage.id });
    expect(sandbox.byStage(stage.id)).toBeUndefined();

    const closing = await ops.closeStage(forwarder, path, stage);
    expect(closing.statusCode).toBe(400);
    expect(errorsOf(closing)['']).toEqual([M.awaiting]);

    expect(await ops.ctx.app.queue.drain()).toBe(1);
    expect(await adviceOf(path, stage.id)).toMatchObject({ state: 'received', attempts: 1, lastError: null });
    expect(sandbox.byStage(stage.id)!.message).toMatchObject({
      externalId: String(stage.id),
      kind: 'acceptance',
      places: 5,
      callbackUrl: 'http://tms.test/api/warehouse/wms/callback',
    });
    // A second advice for the stage is refused; the WMS keeps the one.
    const again = await ops.call('POST', `${path}/stages/${stage.id}/wms-advice`, forwarder, {
      warehouseId,
      places: 5,
    });
    expect(errorsOf(again)['']).toEqual([M.alreadyAdvised]);
    expect(await stageOf(path, stage.id)).toMatchObject({ closed: false });

    answers.length = 0;
    await sandbox.move(stage.id, 'confirmed');
    expect(answers).toEqual([{ status: 200, applied: true }]);
    const advice = await adviceOf(path, stage.id);
    expect(advice).toMatchObject({ state: 'confirmed', actualPlaces: 5 });
    expect(await stageOf(path, stage.id)).toMatchObject({ closed: true, actualDate: '2026-03-02' });
    const moves = await movementsOf(order.id);
    expect(moves).toMatchObject([{ kind: 'receipt', places: 5, warehouseId, movedOn: '2026-03-02' }]);
    expect(advice.movementId).toBe(moves[0]!.id);
  });

  it('records the places a partial confirmation counted; a duplicate callback changes nothing', async () => {
    resetFaults();
    const { order } = await receivedOrder(5);
    const path = `/api/tms/orders/${order.id}`;
    const release = (await ops.addStage(forwarder, path, ['WMS_AR'], {}, 10)) as Entity;
    await advise(path, release.id, { places: 5 });
    await ops.ctx.app.queue.drain();
    sandbox.faults.duplicate = true;
    answers.length = 0;
    await sandbox.move(release.id, 'partial', { actualPlaces: 3, reason: 'two places damaged' });
    expect(answers).toEqual([
      { status: 200, applied: true },
      { status: 200, applied: false },
    ]);
    expect(await adviceOf(path, release.id)).toMatchObject({
      state: 'partial',
      actualPlaces: 3,
      reason: 'two places damaged',
    });
    const moves = await movementsOf(order.id);
    expect(moves.map((m) => [m.kind, m.places])).toEqual([
      ['receipt', 5],
      ['release', 3],
    ]);
    expect(await stageOf(path, release.id)).toMatchObject({ closed: true });
  });

  it('refuses a callback with a bad or missing signature, changing nothing', async () => {
    resetFaults();
    const { order, path, stage } = await orderWithStage('WMS_AA');
    await advise(path, stage.id);
    await ops.ctx.app.queue.drain();
    const wmsId = sandbox.byStage(stage.id)!.report.id;
    const body = JSON.stringify({ id: wmsId, externalId: String(stage.id), state: 'confirmed', version: 1 });
    for (const signature of [wmsSignature('not our secret', body), undefined]) {
      const res = await ops.ctx.app.inject({
        method: 'POST',
        url: '/api/warehouse/wms/callback',
        payload: body,
        headers: {
          'content-type': 'application/json',
          ...(signature ? { [WMS_SIGNATURE_HEADER]: signature } : {}),
        },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(M.badSignature);
    }
    // A body past the limit is refused before it is read.
    const huge = await ops.ctx.app.inject({
      method: 'POST',
      url: '/api/warehouse/wms/callback',
      payload: JSON.stringify({ id: wmsId, padding: 'x'.repeat(WMS_CALLBACK_BODY_LIMIT) }),
      headers: { 'content-type': 'application/json', [WMS_SIGNATURE_HEADER]: wmsSignature('x', body) },
    });
    expect(huge.statusCode).toBe(413);
    expect(await adviceOf(path, stage.id)).toMatchObject({ state: 'received' });
    expect(await movementsOf(order.id)).toEqual([]);
  });

  it('retries an unreachable WMS with backoff, showing why on the advice, and never loses the advice', async () => {
    resetFaults();
    const { path, stage } = await orderWithStage('WMS_AA');
    await advise(path, stage.id);
    sandbox.faults.down = true;
    expect(await ops.ctx.app.queue.drain()).toBe(1);
    expect(await adviceOf(path, stage.id)).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: 'HTTP 503',
    });
    // Not due again before its backoff.
    expect(await ops.ctx.app.queue.drain()).toBe(0);
    now = new Date(now.getTime() + 31_000);
    expect(await ops.ctx.app.queue.drain()).toBe(1);
    expect(await adviceOf(path, stage.id)).toMatchObject({ state: 'queued', attempts: 2 });
    sandbox.faults.down = false;
    now = new Date(now.getTime() + 61_000);
    expect(await ops.ctx.app.queue.drain()).toBe(1);
    expect(await adviceOf(path, stage.id)).toMatchObject({ state: 'received', attempts: 3, lastError: null });
    expect(sandbox.advices.size).toBeGreaterThan(0);
    expect(await stageOf(path, stage.id)).toMatchObject({ closed: false });
  });

  it('finds by polling what a dropped callback did not say', async () => {
    resetFaults();
    const { order, path, stage } = await orderWithStage('WMS_AA');
    await advise(path, stage.id, { places: 2 });
    await ops.ctx.app.queue.drain();
    sandbox.faults.drop = true;
    answers.length = 0;
    await sandbox.move(stage.id, 'confirmed');
    expect(answers).toEqual([]);
    expect(await adviceOf(path, stage.id)).toMatchObject({ state: 'received' });
    const polled = await ops.ctx.app.queue.runNow('wms-poll', null);
    expect(polled.ran).toBe(true);
    expect(await adviceOf(path, stage.id)).toMatchObject({ state: 'confirmed', actualPlaces: 2 });
    expect((await movementsOf(order.id)).map((m) => m.places)).toEqual([2]);
    expect(await stageOf(path, stage.id)).toMatchObject({ closed: true });
  });

  it('waits for a delayed callback', async () => {
    resetFaults();
    const { path, stage } = await orderWithStage('WMS_AA');
    await advise(path, stage.id);
    await ops.ctx.app.queue.drain();
    sandbox.faults.delayMs = 60_000;
    await sandbox.move(stage.id, 'confirmed');
    expect(await adviceOf(path, stage.id)).toMatchObject({ state: 'received' });
    await sandbox.advance(59_999);
    expect(await adviceOf(path, stage.id)).toMatchObject({ state: 'received' });
    await sandbox.advance(1);
    expect(await adviceOf(path, stage.id)).toMatchObject({ state: 'confirmed' });
  });

  it('keeps the newest state when callbacks come out of order', async () => {
    resetFaults();
    const { order, path, stage } = await orderWithStage('WMS_AA');
    await advise(path, stage.id, { places: 4 });
    await ops.ctx.app.queue.drain();
    Object.assign(sandbox.faults, { delayMs: 1000, outOfOrder: true });
    await sandbox.move(stage.id, 'received');
    await sandbox.move(stage.id, 'partial', { actualPlaces: 3 });
    answers.length = 0;
    await sandbox.advance(1000);
    expect(answers).toEqual([
      { status: 200, applied: true },
      { status: 200, applied: false },
    ]);
    expect(await adviceOf(path, stage.id)).toMatchObject({ state: 'partial', actualPlaces: 3 });
    expect((await movementsOf(order.id)).map((m) => m.places)).toEqual([3]);
  });

  it('leaves a rejected advice waiting with the reason on it', async () => {
    resetFaults();
    const { order, path, stage } = await orderWithStage('WMS_AA');
    await advise(path, stage.id);
    await ops.ctx.app.queue.drain();
    await sandbox.move(stage.id, 'rejected', { reason: 'no space' });
    expect(await adviceOf(path, stage.id)).toMatchObject({ state: 'rejected', reason: 'no space' });
    expect(await stageOf(path, stage.id)).toMatchObject({ closed: false });
    expect(await movementsOf(order.id)).toEqual([]);
  });

  it('keeps a stage whose advice went to the WMS: its delete is refused, not a 500', async () => {
    resetFaults();
    const { path, stage } = await orderWithStage('WMS_AA');
    await advise(path, stage.id);
    const res = await ops.call('DELETE', `${path}/stages/${stage.id}`, forwarder);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(OPERATION_MESSAGES.stageInUse);
    expect(await stageOf(path, stage.id)).toMatchObject({ closed: false });
  });

  it('lets forced WMS management close the stage by hand with a reason', async () => {
    resetFaults();
    const { order, path, stage } = await orderWithStage('WMS_AA');
    await advise(path, stage.id);
    const url = `${path}/stages/${stage.id}/wms-force-close`;
    expect((await ops.call('POST', url, forwarder, { reason: 'WMS down' })).statusCode).toBe(403);
    const noReason = await ops.call('POST', url, forcer, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(errorsOf(noReason).reason).toEqual([M.reasonRequired]);
    expect(await stageOf(path, stage.id)).toMatchObject({ closed: false });

    const forced = await ops.call('POST', url, forcer, { reason: 'WMS down for the week' });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().data).toMatchObject({ state: 'forced', reason: 'WMS down for the week' });
    expect(await stageOf(path, stage.id)).toMatchObject({ closed: true });
    const [event] = await ops.db.select().from(warehouseEvents).where(eq(warehouseEvents.orderId, order.id));
    expect(event).toMatchObject({
      kind: 'wmsForced',
      details: 'WMS down for the week',
      userId: forcer.user.id,
    });
    // The WMS confirming later changes nothing: the advice was finished by hand.
    await ops.ctx.app.queue.drain();
    const [row] = await ops.db.select().from(wmsAdvices).where(eq(wmsAdvices.stageId, stage.id));
    expect(row).toMatchObject({ state: 'forced', attempts: 0 });
  });

  it('refuses an advice from a stage without a WMS behaviour or to a warehouse without a WMS', async () => {
    resetFaults();
    const { path, stage } = await orderWithStage('PLAIN');
    const plain = await ops.call('POST', `${path}/stages/${stage.id}/wms-advice`, forwarder, {
      warehouseId,
      places: 1,
    });
    expect(errorsOf(plain)['']).toEqual([M.notWmsStage]);
    const wms = await orderWithStage('WMS_AR');
    const bad = await ops.call('POST', `${wms.path}/stages/${wms.stage.id}/wms-advice`, forwarder, {
      warehouseId,
      places: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorsOf(bad))).toEqual(['places']);
    expect(await ops.db.select().from(wmsAdvices).where(eq(wmsAdvices.stageId, wms.stage.id))).toEqual([]);
  });
});

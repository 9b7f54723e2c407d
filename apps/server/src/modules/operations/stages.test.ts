import {
  DASHBOARD_LINKS,
  OPERATION_MESSAGES as M,
  ROLE_FORWARDER_STAGES,
  ROLE_IGNORE_STAGE_CLOSURE_CHECKS,
  ROLE_JOB_EDIT_ALL,
  ROLE_JOB_VIEW_ALL,
  ROLE_ORDER_CONSOLIDATION,
  ROLE_ORDER_EDIT_ALL,
  ROLE_ORDER_VIEW_ALL,
  ROLE_ORDER_VIEW_OWN,
  ROLE_STAGE_MANAGE_ALL,
  ROLE_STAGE_REOPEN,
} from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { today } from './stages';
import {
  caller,
  createJob,
  createOrder,
  type Entity,
  errorsOf,
  type OperationsWorld,
  operationsWorld,
} from './test-fixtures';

let ctx: TestContext;
let world: OperationsWorld;
let manager: SignedIn;
let client: number;
let call: ReturnType<typeof caller>;

const shift = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return today(d);
};

async function addStage(
  who: SignedIn,
  path: string,
  behaviours: string[] = [],
  body: Record<string, unknown> = {},
  sortOrder = 0,
): Promise<Entity> {
  const stageTypeId = await world.stageType(behaviours[0] ?? 'PLAIN', behaviours, sortOrder);
  const res = await call('POST', `${path}/stages`, who, { stageTypeId, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const close = (who: SignedIn, path: string, stage: Entity, actualDate?: string) =>
  call('POST', `${path}/stages/${stage.id}/close`, who, { version: stage.version, actualDate });
const order = async (id: number) => (await call('GET', `/api/tms/orders/${id}`, manager)).json().data;

beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  world = await operationsWorld(ctx);
  manager = await signIn(ctx, [
    ROLE_ORDER_VIEW_ALL,
    ROLE_ORDER_EDIT_ALL,
    ROLE_JOB_VIEW_ALL,
    ROLE_JOB_EDIT_ALL,
    ROLE_STAGE_MANAGE_ALL,
    ROLE_STAGE_REOPEN,
    ROLE_ORDER_CONSOLIDATION,
  ]);
  client = await world.counterparty();
});
afterAll(() => ctx?.close());

describe('stages', () => {
  it('takes names and behaviours from the stage type and keeps the expected date after the last closed stage', async () => {
    const o = await createOrder(ctx, world, manager, client);
    const path = `/api/tms/orders/${o.id}`;
    const first = await addStage(manager, path, [], { expectedDate: shift(-3), comment: 'Погрузка' });
    expect(first).toMatchObject({
      operationType: 'order',
      operationId: o.id,
      pccName: first.name,
      opsName: first.name,
      closed: false,
      comment: 'Погрузка',
    });
    expect((await close(manager, path, first, shift(-2))).statusCode).toBe(200);
    const stageTypeId = await world.stageType('NEXT');
    const early = await call('POST', `${path}/stages`, manager, { stageTypeId, expectedDate: shift(-2) });
    expect(errorsOf(early)).toEqual({ expectedDate: [M.expectedDate] });
    const later = await call('POST', `${path}/stages`, manager, { stageTypeId, expectedDate: shift(1) });
    expect(later.statusCode).toBe(201);
    const moved = await call('PUT', `${path}/stages/${later.json().data.id}`, manager, {
      version: later.json().data.version,
      expectedDate: shift(-5),
    });
    expect(errorsOf(moved)).toEqual({ expectedDate: [M.expectedDate] });
    const list = await call('GET', `${path}/stages`, manager);
    expect(list.json().data.total).toBe(2);
  });

  it('closes by the closure checks unless the user may ignore them, never in the future or twice', async () => {
    const o = await createOrder(ctx, world, manager, client);
    const path = `/api/tms/orders/${o.id}`;
    const early = await addStage(manager, path, [], {}, 1);
    const late = await addStage(manager, path, [], {}, 2);
    expect(errorsOf(await close(manager, path, late))).toEqual({ '': [M.openStages] });
    expect(errorsOf(await close(manager, path, early, shift(1)))).toEqual({ actualDate: [M.futureDate] });
    const ignoring = await signIn(ctx, [
      ROLE_ORDER_VIEW_ALL,
      ROLE_STAGE_MANAGE_ALL,
      ROLE_IGNORE_STAGE_CLOSURE_CHECKS,
    ]);
    const closed = await close(ignoring, path, late);
    expect(closed.json().data).toMatchObject({ closed: true, actualDate: today() });
    expect(errorsOf(await close(manager, path, closed.json().data))).toEqual({ '': [M.stageClosed] });
    const del = await call('DELETE', `${path}/stages/${late.id}`, manager);
    expect(errorsOf(del)).toEqual({ '': [M.stageClosed] });
    const delOpen = await call('DELETE', `${path}/stages/${early.id}`, manager);
    expect(delOpen.statusCode).toBe(200);
  });

  it('applies the behaviours on close and takes them back on re-open', async () => {
    const o = await createOrder(ctx, world, manager, client);
    const path = `/api/tms/orders/${o.id}`;
    const ready = await addStage(manager, path, ['MARK_ORDER_READY']);
    const done = await addStage(manager, path, ['AUTO_SET_ORDER_COMPLETION_DATE']);
    const failure = await addStage(manager, path, ['FAILURE']);
    const into = await addStage(manager, path, ['WAREHOUSE_IN']);
    const out = await addStage(manager, path, ['WAREHOUSE_OUT']);
    const expenses = await addStage(manager, path, ['EXPENSES_FILED']);

    await close(manager, path, ready);
    expect((await order(o.id)).financeControlStatus).toBe('READY');
    const closedDone = (await close(manager, path, done, shift(-1))).json().data;
    expect((await order(o.id)).completionDate).toBe(shift(-1));
    await close(manager, path, failure);
    expect((await order(o.id)).failure).toBe(true);
    await close(manager, path, into);
    expect((await order(o.id)).inWarehouse).toBe(true);
    const closedOut = (await close(manager, path, out)).json().data;
    expect((await order(o.id)).inWarehouse).toBe(false);
    await close(manager, path, expenses);
    expect((await order(o.id)).expensesFiled).toBe(true);

    const noRole = await signIn(ctx, [ROLE_ORDER_VIEW_ALL, ROLE_STAGE_MANAGE_ALL]);
    const denied = await call('POST', `${path}/stages/${done.id}/reopen`, noRole, {
      version: closedDone.version,
    });
    expect(denied.statusCode).toBe(403);
    const reopened = await call('POST', `${path}/stages/${done.id}/reopen`, manager, {
      version: closedDone.version,
    });
    expect(reopened.json().data).toMatchObject({ closed: false, actualDate: null });
    expect((await order(o.id)).completionDate).toBeNull();
    await call('POST', `${path}/stages/${out.id}/reopen`, manager, { version: closedOut.version });
    expect((await order(o.id)).inWarehouse).toBe(true);
    const again = await call('POST', `${path}/stages/${out.id}/reopen`, manager, {
      version: closedOut.version + 1,
    });
    expect(errorsOf(again)).toEqual({ '': [M.stageOpen] });
    const history = (await call('GET', `/api/tms/orders/${o.id}/history`, manager)).json().data.collection;
    expect(history.some((e: { action: string }) => e.action === 'stage-close')).toBe(true);
  });

  it('moves the marking status with the marking stages and stops hand changes after them', async () => {
    const o = await createOrder(ctx, world, manager, client);
    const path = `/api/tms/orders/${o.id}`;
    const required = await call('PUT', `${path}/statuses/marking`, manager, {
      status: 'required',
      version: o.version,
    });
    expect(required.statusCode).toBe(200);
    const started = await addStage(manager, path, ['CZ_MARKING_STARTED'], {}, 1);
    const completed = await addStage(manager, path, ['CZ_MARKING_COMPLETED'], {}, 2);
    await close(manager, path, started);
    expect((await order(o.id)).markingStatus).toBe('marking');
    await close(manager, path, completed);
    const marked = await order(o.id);
    expect(marked.markingStatus).toBe('marked');
    const byHand = await call('PUT', `${path}/statuses/marking`, manager, {
      status: 'required',
      version: marked.version,
    });
    expect(errorsOf(byHand)).toEqual({ status: [M.statusManual] });
  });

  it("takes a job's stage effects to each order of the job", async () => {
    const o = await createOrder(ctx, world, manager, client);
    const job = await createJob(ctx, world, manager, [o.id]);
    const path = `/api/tms/jobs/${job.id}`;
    const stage = await addStage(manager, path, ['FAILURE']);
    expect(stage.operationType).toBe('job');
    await close(manager, path, stage);
    expect((await order(o.id)).failure).toBe(true);
  });

  it('lets a forwarder with the stages permission work on the orders they forward only', async () => {
    const forwarder = await signIn(ctx, [ROLE_ORDER_VIEW_OWN, ROLE_FORWARDER_STAGES]);
    const theirs = await createOrder(ctx, world, manager, client, { forwarderId: forwarder.user.id });
    const others = await createOrder(ctx, world, manager, client);
    await addStage(forwarder, `/api/tms/orders/${theirs.id}`);
    const stageTypeId = await world.stageType('X');
    const res = await call('POST', `/api/tms/orders/${others.id}/stages`, forwarder, { stageTypeId });
    expect(res.statusCode).toBe(404);
    expect((await call('GET', `/api/tms/orders/${others.id}/stages`, forwarder)).statusCode).toBe(404);
    const viewer = await signIn(ctx, [ROLE_ORDER_VIEW_ALL]);
    expect(
      (await call('POST', `/api/tms/orders/${theirs.id}/stages`, viewer, { stageTypeId })).statusCode,
    ).toBe(403);
  });

  it('filters orders by stages due today or overdue, and counts them on the dashboard', async () => {
    const forwarder = await signIn(ctx, [ROLE_ORDER_VIEW_ALL, ROLE_ORDER_EDIT_ALL, ROLE_STAGE_MANAGE_ALL]);
    const dueToday = await createOrder(ctx, world, forwarder, client, { forwarderId: forwarder.user.id });
    const overdue = await createOrder(ctx, world, forwarder, client, { forwarderId: forwarder.user.id });
    await addStage(forwarder, `/api/tms/orders/${dueToday.id}`, [], { expectedDate: today() });
    const job = await createJob(ctx, world, manager, [overdue.id]);
    await addStage(manager, `/api/tms/jobs/${job.id}`, [], { expectedDate: shift(-2) });

    const ids = async (query: string) =>
      (await call('GET', `/api/tms/orders?${query}&itemsPerPage=1000`, forwarder))
        .json()
        .data.collection.map((e: Entity) => e.id);
    expect(await ids('stageDue=today')).toContain(dueToday.id);
    expect(await ids('stageDue=today')).not.toContain(overdue.id);
    expect(await ids('stageDue=overdue')).toContain(overdue.id);
    expect(await ids('stageDue=today,overdue')).toEqual(expect.arrayContaining([dueToday.id, overdue.id]));
    expect((await call('GET', '/api/tms/orders?stageDue=soon', forwarder)).statusCode).toBe(400);

    const dashboard = await call('GET', '/api/tms/dashboard', forwarder);
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const data = dashboard.json().data;
    expect(data.stagesDueToday.count).toBeGreaterThanOrEqual(1);
    expect(data.stagesOverdue.count).toBeGreaterThanOrEqual(1);
    expect(data.stagesDueToday.link).toEqual(DASHBOARD_LINKS.stagesDueToday());
    expect(data.myOpenOrdersByStatus).toContainEqual({
      status: 'NOT_READY',
      count: 2,
      link: DASHBOARD_LINKS.myOpenOrders(forwarder.user.id, 'NOT_READY'),
    });
    expect(data.recentlyChangedOrders.items[0].id).toBeGreaterThanOrEqual(overdue.id);
  });

  it('keeps the due filters true as stages change and jobs take on or drop orders', async () => {
    const a = await createOrder(ctx, world, manager, client);
    const b = await createOrder(ctx, world, manager, client);
    const due = async (filter: string) => {
      const res = await call('GET', `/api/tms/orders?stageDue=${filter}&itemsPerPage=1000`, manager);
      const found = new Set(res.json().data.collection.map((e: Entity) => e.id));
      return [a.id, b.id].filter((id) => found.has(id));
    };
    const job = await createJob(ctx, world, manager, [a.id]);
    const jobPath = `/api/tms/jobs/${job.id}`;
    let stage = await addStage(manager, jobPath, [], { expectedDate: shift(-2) });
    expect(await due('overdue')).toEqual([a.id]);

    const linked = await call('PATCH', jobPath, manager, { version: job.version, orderIds: [a.id, b.id] });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await due('overdue')).toEqual([a.id, b.id]);

    const moved = await call('PUT', `${jobPath}/stages/${stage.id}`, manager, {
      version: stage.version,
      expectedDate: today(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    stage = moved.json().data;
    expect(await due('overdue')).toEqual([]);
    expect(await due('today')).toEqual([a.id, b.id]);

    const closed = await close(manager, jobPath, stage, today());
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await due('today')).toEqual([]);
    const reopened = await call('POST', `${jobPath}/stages/${stage.id}/reopen`, manager, {
      version: closed.json().data.version,
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await due('today')).toEqual([a.id, b.id]);

    const dropped = await call('PATCH', jobPath, manager, {
      version: linked.json().data.version,
      orderIds: [a.id],
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(await due('today')).toEqual([a.id]);

    // The order's own stage counts beside its job's: overdue and due today at once.
    const own = await addStage(manager, `/api/tms/orders/${b.id}`, [], { expectedDate: shift(-1) });
    expect(await due('overdue')).toEqual([b.id]);
    const removed = await call('DELETE', `${jobPath}/stages/${stage.id}`, manager);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await due('today')).toEqual([]);
    expect((await call('DELETE', `/api/tms/orders/${b.id}/stages/${own.id}`, manager)).statusCode).toBe(200);
    expect(await due('overdue')).toEqual([]);
  });
});

import { DASHBOARD_LINKS, OPERATION_MESSAGES as M } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { daysFromToday, EDIT_ALL, type Entity, errorsOf, setUpOperations } from '../../test/operations-world';
import { type SignedIn, signIn } from '../../test/users';
import { today } from './stages';
import { orders } from './tables';

const ops = setUpOperations();
let manager: SignedIn;
let client: number;

const order = async (id: number) => (await ops.call('GET', `/api/tms/orders/${id}`, manager)).json().data;

beforeAll(async () => {
  manager = await signIn(ops.ctx, [
    ...EDIT_ALL,
    'ROLE_STAGE_MANAGE_ALL',
    'ROLE_STAGE_REOPEN',
    'ROLE_ORDER_CONSOLIDATION',
  ]);
  client = await ops.world.counterparty();
});

describe('stages', () => {
  it('takes names and behaviours from the stage type and keeps the expected date after the last closed stage', async () => {
    const o = await ops.createOrder(manager, client);
    const path = `/api/tms/orders/${o.id}`;
    const first = await ops.addStage(manager, path, [], {
      expectedDate: daysFromToday(-3),
      comment: 'Погрузка',
    });
    expect(first).toMatchObject({
      operationType: 'order',
      operationId: o.id,
      pccName: first.name,
      opsName: first.name,
      closed: false,
      comment: 'Погрузка',
    });
    expect((await ops.closeStage(manager, path, first, daysFromToday(-2))).statusCode).toBe(200);
    const stageTypeId = await ops.world.stageType('NEXT');
    const early = await ops.call('POST', `${path}/stages`, manager, {
      stageTypeId,
      expectedDate: daysFromToday(-2),
    });
    expect(errorsOf(early)).toEqual({ expectedDate: [M.expectedDate] });
    const later = await ops.call('POST', `${path}/stages`, manager, {
      stageTypeId,
      expectedDate: daysFromToday(1),
    });
    expect(later.statusCode).toBe(201);
    const moved = await ops.call('PUT', `${path}/stages/${later.json().data.id}`, manager, {
      version: later.json().data.version,
      expectedDate: daysFromToday(-5),
    });
    expect(errorsOf(moved)).toEqual({ expectedDate: [M.expectedDate] });
    const list = await ops.call('GET', `${path}/stages`, manager);
    expect(list.json().data.total).toBe(2);
  });

  it("counts the order's own stages and the closed ones for the list, as stages come, close, reopen and go", async () => {
    const o = await ops.createOrder(manager, client);
    const path = `/api/tms/orders/${o.id}`;
    const progress = async () => {
      const listed = await ops.call('GET', `/api/tms/orders?id=${o.id}`, manager);
      const [row] = listed.json().data.collection;
      return [row.stagesClosed, row.stagesTotal];
    };
    expect(await progress()).toEqual([0, 0]);
    const first = await ops.addStage(manager, path, []);
    const second = await ops.addStage(manager, path, []);
    expect(await progress()).toEqual([0, 2]);
    const closed = (await ops.closeStage(manager, path, first)).json().data;
    expect(await progress()).toEqual([1, 2]);
    await ops.call('POST', `${path}/stages/${first.id}/reopen`, manager, { version: closed.version });
    expect(await progress()).toEqual([0, 2]);
    expect((await ops.call('DELETE', `${path}/stages/${second.id}`, manager)).statusCode).toBe(200);
    expect(await progress()).toEqual([0, 1]);
  });

  it('closes by the closure checks unless the user may ignore them, never in the future or twice', async () => {
    const o = await ops.createOrder(manager, client);
    const path = `/api/tms/orders/${o.id}`;
    const early = await ops.addStage(manager, path, [], {}, 1);
    const late = await ops.addStage(manager, path, [], {}, 2);
    expect(errorsOf(await ops.closeStage(manager, path, late))).toEqual({ '': [M.openStages] });
    expect(errorsOf(await ops.closeStage(manager, path, early, daysFromToday(1)))).toEqual({
      actualDate: [M.futureDate],
    });
    const ignoring = await signIn(ops.ctx, [
      'ROLE_ORDER_VIEW_ALL',
      'ROLE_STAGE_MANAGE_ALL',
      'ROLE_IGNORE_STAGE_CLOSURE_CHECKS',
    ]);
    const closed = await ops.closeStage(ignoring, path, late);
    expect(closed.json().data).toMatchObject({ closed: true, actualDate: today() });
    expect(errorsOf(await ops.closeStage(manager, path, closed.json().data))).toEqual({
      '': [M.stageClosed],
    });
    const del = await ops.call('DELETE', `${path}/stages/${late.id}`, manager);
    expect(errorsOf(del)).toEqual({ '': [M.stageClosed] });
    const delOpen = await ops.call('DELETE', `${path}/stages/${early.id}`, manager);
    expect(delOpen.statusCode).toBe(200);
  });

  it('applies the behaviours on close and takes them back on re-open', async () => {
    const o = await ops.createOrder(manager, client);
    const path = `/api/tms/orders/${o.id}`;
    await ops.bill('INCOME', client, { orderIds: [o.id] });
    const ready = await ops.addStage(manager, path, ['MARK_ORDER_READY']);
    const done = await ops.addStage(manager, path, ['AUTO_SET_ORDER_COMPLETION_DATE']);
    const failure = await ops.addStage(manager, path, ['FAILURE']);
    const into = await ops.addStage(manager, path, ['WAREHOUSE_IN']);
    const out = await ops.addStage(manager, path, ['WAREHOUSE_OUT']);
    const expenses = await ops.addStage(manager, path, ['EXPENSES_FILED']);

    await ops.closeStage(manager, path, ready);
    expect((await order(o.id)).financeControlStatus).toBe('READY');
    const closedDone = (await ops.closeStage(manager, path, done, daysFromToday(-1))).json().data;
    expect((await order(o.id)).completionDate).toBe(daysFromToday(-1));
    await ops.closeStage(manager, path, failure);
    expect((await order(o.id)).failure).toBe(true);
    await ops.closeStage(manager, path, into);
    expect((await order(o.id)).inWarehouse).toBe(true);
    const closedOut = (await ops.closeStage(manager, path, out)).json().data;
    expect((await order(o.id)).inWarehouse).toBe(false);
    await ops.closeStage(manager, path, expenses);
    expect((await order(o.id)).expensesFiled).toBe(true);

    const noRole = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_ALL', 'ROLE_STAGE_MANAGE_ALL']);
    const denied = await ops.call('POST', `${path}/stages/${done.id}/reopen`, noRole, {
      version: closedDone.version,
    });
    expect(denied.statusCode).toBe(403);
    const reopened = await ops.call('POST', `${path}/stages/${done.id}/reopen`, manager, {
      version: closedDone.version,
    });
    expect(reopened.json().data).toMatchObject({ closed: false, actualDate: null });
    expect((await order(o.id)).completionDate).toBeNull();
    await ops.call('POST', `${path}/stages/${out.id}/reopen`, manager, { version: closedOut.version });
    expect((await order(o.id)).inWarehouse).toBe(true);
    const again = await ops.call('POST', `${path}/stages/${out.id}/reopen`, manager, {
      version: closedOut.version + 1,
    });
    expect(errorsOf(again)).toEqual({ '': [M.stageOpen] });
    const history = (await ops.call('GET', `/api/tms/orders/${o.id}/history`, manager)).json().data
      .collection;
    expect(history.some((e: { action: string }) => e.action === 'stage-close')).toBe(true);
  });

  it('moves the marking status with the marking stages and stops hand changes after them', async () => {
    const o = await ops.createOrder(manager, client);
    const path = `/api/tms/orders/${o.id}`;
    const required = await ops.call('PUT', `${path}/statuses/marking`, manager, {
      status: 'required',
      version: o.version,
    });
    expect(required.statusCode).toBe(200);
    const started = await ops.addStage(manager, path, ['CZ_MARKING_STARTED'], {}, 1);
    const completed = await ops.addStage(manager, path, ['CZ_MARKING_COMPLETED'], {}, 2);
    await ops.closeStage(manager, path, started);
    expect((await order(o.id)).markingStatus).toBe('marking');
    await ops.closeStage(manager, path, completed);
    const marked = await order(o.id);
    expect(marked.markingStatus).toBe('marked');
    const byHand = await ops.call('PUT', `${path}/statuses/marking`, manager, {
      status: 'required',
      version: marked.version,
    });
    expect(errorsOf(byHand)).toEqual({ status: [M.statusManual] });
  });

  it("takes a job's stage effects to each order of the job", async () => {
    const o = await ops.createOrder(manager, client);
    const job = await ops.createJob(manager, [o.id]);
    const path = `/api/tms/jobs/${job.id}`;
    const stage = await ops.addStage(manager, path, ['FAILURE']);
    expect(stage.operationType).toBe('job');
    await ops.closeStage(manager, path, stage);
    expect((await order(o.id)).failure).toBe(true);
  });

  it('lets a forwarder with the stages permission work on the orders they forward only', async () => {
    const forwarder = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_OWN', 'ROLE_FORWARDER_STAGES']);
    const theirs = await ops.createOrder(manager, client, { forwarderId: forwarder.user.id });
    const others = await ops.createOrder(manager, client);
    await ops.addStage(forwarder, `/api/tms/orders/${theirs.id}`);
    const stageTypeId = await ops.world.stageType('X');
    const res = await ops.call('POST', `/api/tms/orders/${others.id}/stages`, forwarder, { stageTypeId });
    expect(res.statusCode).toBe(404);
    expect((await ops.call('GET', `/api/tms/orders/${others.id}/stages`, forwarder)).statusCode).toBe(404);
    const viewer = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_ALL']);
    expect(
      (await ops.call('POST', `/api/tms/orders/${theirs.id}/stages`, viewer, { stageTypeId })).statusCode,
    ).toBe(403);
  });

  it('filters orders by stages due today or overdue, and counts them on the dashboard', async () => {
    const forwarder = await signIn(ops.ctx, [
      'ROLE_ORDER_VIEW_ALL',
      'ROLE_ORDER_EDIT_ALL',
      'ROLE_COUNTERPARTY_VIEW_ALL',
      'ROLE_STAGE_MANAGE_ALL',
    ]);
    const dueToday = await ops.createOrder(forwarder, client, { forwarderId: forwarder.user.id });
    const overdue = await ops.createOrder(forwarder, client, { forwarderId: forwarder.user.id });
    await ops.addStage(forwarder, `/api/tms/orders/${dueToday.id}`, [], { expectedDate: today() });
    const job = await ops.createJob(manager, [overdue.id]);
    await ops.addStage(manager, `/api/tms/jobs/${job.id}`, [], { expectedDate: daysFromToday(-2) });

    const ids = async (query: string) =>
      (await ops.call('GET', `/api/tms/orders?${query}&itemsPerPage=1000`, forwarder))
        .json()
        .data.collection.map((e: Entity) => e.id);
    expect(await ids('stageDue=today')).toContain(dueToday.id);
    expect(await ids('stageDue=today')).not.toContain(overdue.id);
    expect(await ids('stageDue=overdue')).toContain(overdue.id);
    expect(await ids('stageDue=today,overdue')).toEqual(expect.arrayContaining([dueToday.id, overdue.id]));
    expect((await ops.call('GET', '/api/tms/orders?stageDue=soon', forwarder)).statusCode).toBe(400);

    const dashboard = await ops.call('GET', '/api/tms/dashboard', forwarder);
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
    const a = await ops.createOrder(manager, client);
    const b = await ops.createOrder(manager, client);
    const due = async (filter: string) => {
      const res = await ops.call('GET', `/api/tms/orders?stageDue=${filter}&itemsPerPage=1000`, manager);
      const found = new Set(res.json().data.collection.map((e: Entity) => e.id));
      return [a.id, b.id].filter((id) => found.has(id));
    };
    const job = await ops.createJob(manager, [a.id]);
    const jobPath = `/api/tms/jobs/${job.id}`;
    let stage = await ops.addStage(manager, jobPath, [], { expectedDate: daysFromToday(-2) });
    expect(await due('overdue')).toEqual([a.id]);

    const linked = await ops.call('PATCH', jobPath, manager, {
      version: job.version,
      orderIds: [a.id, b.id],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await due('overdue')).toEqual([a.id, b.id]);

    const moved = await ops.call('PUT', `${jobPath}/stages/${stage.id}`, manager, {
      version: stage.version,
      expectedDate: today(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    stage = moved.json().data;
    expect(await due('overdue')).toEqual([]);
    expect(await due('today')).toEqual([a.id, b.id]);

    const closed = await ops.closeStage(manager, jobPath, stage, today());
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await due('today')).toEqual([]);
    const reopened = await ops.call('POST', `${jobPath}/stages/${stage.id}/reopen`, manager, {
      version: closed.json().data.version,
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await due('today')).toEqual([a.id, b.id]);

    const dropped = await ops.call('PATCH', jobPath, manager, {
      version: linked.json().data.version,
      orderIds: [a.id],
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(await due('today')).toEqual([a.id]);

    // The order's own stage counts beside its job's: overdue and due today at once.
    const own = await ops.addStage(manager, `/api/tms/orders/${b.id}`, [], {
      expectedDate: daysFromToday(-1),
    });
    expect(await due('overdue')).toEqual([b.id]);
    const removed = await ops.call('DELETE', `${jobPath}/stages/${stage.id}`, manager);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await due('today')).toEqual([]);
    expect((await ops.call('DELETE', `/api/tms/orders/${b.id}/stages/${own.id}`, manager)).statusCode).toBe(
      200,
    );
    expect(await due('overdue')).toEqual([]);

    // An archived order's stages can no longer be managed: they are not due.
    await ops.addStage(manager, `/api/tms/orders/${b.id}`, [], { expectedDate: daysFromToday(-1) });
    expect(await due('overdue')).toEqual([b.id]);
    await ops.db.update(orders).set({ archived: true }).where(eq(orders.id, b.id));
    expect(await due('overdue')).toEqual([]);
  });
});

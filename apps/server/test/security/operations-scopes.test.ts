import { padId } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterparties } from '../../src/modules/counterparties/tables';
import { workflowDescriptions, workflowInstances } from '../../src/modules/workflows/tables';
import { files } from '../../src/platform/files/tables';
import { createTestApp, type TestContext } from '../../src/test/harness';
import {
  caller as callerOf,
  createJob,
  createOrder,
  type Entity,
  exportedIds,
  type OperationsWorld,
  operationsWorld,
} from '../../src/test/operations-world';
import { type SignedIn, signIn } from '../../src/test/users';

/**
 * Object-level scopes of orders and jobs (issue 6): an order or job just outside the caller's scope is
 * never returned by list, search, export, the dashboard or id, and never changed by any registered route
 * of orders, jobs or their stages, nor are the workflows running on it. The routes come from the route table,
 * so a route added later is covered.
 */

type Body = Record<string, unknown>;

/** Every operations role that is not a scope: the caller lacks nothing but the reach. */
const UNSCOPED = [
  'ROLE_ORDER_ARCHIVE',
  'ROLE_ORDER_FINANCE_CONTROL',
  'ROLE_ORDER_CONSOLIDATION',
  'ROLE_STAGE_REOPEN',
  'ROLE_IGNORE_STAGE_CLOSURE_CHECKS',
  'ROLE_WAREHOUSE_ACCOUNTING_VIEW',
  'ROLE_WMS_FORCED_MANAGEMENT',
  'ROLE_BILL_CREATE',
  // Lists every workflow instance, of the records the caller reaches only.
  'ROLE_SETTINGS_WORKFLOW_ACCESS',
];

describe('object-level scopes of orders and jobs', () => {
  let ctx: TestContext;
  let world: OperationsWorld;
  let admin: SignedIn;
  let client: number;
  let stageTypeId: number;
  let call: ReturnType<typeof callerOf>;
  let workflowId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    call = callerOf(ctx);
    world = await operationsWorld(ctx);
    admin = await signIn(ctx, [
      'ROLE_COUNTERPARTY_VIEW_ALL',
      'ROLE_ORDER_VIEW_ALL',
      'ROLE_ORDER_EDIT_ALL',
      'ROLE_JOB_VIEW_ALL',
      'ROLE_JOB_EDIT_ALL',
      'ROLE_STAGE_MANAGE_ALL',
      ...UNSCOPED,
    ]);
    client = await world.counterparty({ name: 'Клиент Скрытный' });
    stageTypeId = await world.stageType('SCOPE');
    const [description] = await ctx.database.db
      .insert(workflowDescriptions)
      .values({
        name: 'Проверка',
        initiatorType: 'order',
        initialState: 'a',
        states: [{ id: 'a', name: 'А' }],
      })
      .returning();
    workflowId = description!.id;
  });

  /** The workflows running on a record (a description's instance per record; the kind need not match here). */
  async function workflowOn(initiatorType: 'order' | 'job', initiatorId: number) {
    const [row] = await ctx.database.db
      .insert(workflowInstances)
      .values({ descriptionId: workflowId, initiatorType, initiatorId, stateId: 'a' })
      .returning();
    return row!.id;
  }
  afterAll(() => ctx?.close());

  /** A body each route accepts, so that only the reach can refuse it. */
  function bodyFor(method: string, url: string, version: number): Body | undefined {
    if (method === 'GET' || method === 'DELETE') return undefined;
    if (url.endsWith('/statuses/financeControl')) return { status: 'READY', version };
    if (url.endsWith('/statuses/cargoInsurance')) return { status: 'CANCELLED', version };
    if (url.endsWith('/statuses/tnvedControl')) return { status: 'READY', version };
    if (url.endsWith('/statuses/transfers')) return { status: 'ready', version };
    if (url.endsWith('/statuses/marking')) return { status: 'required', version };
    if (url.endsWith('/stages')) return { stageTypeId };
    if (url.endsWith('/stages/:stageId')) return { version: 1, comment: 'чужой' };
    if (url.endsWith('/close') || url.endsWith('/reopen')) return { version: 1 };
    if (url.endsWith('/archive') || url.endsWith('/unarchive')) return { version };
    if (url.endsWith('/files')) return { fileIds: [1], tagTypeIds: [] };
    if (url.endsWith('/files/:fileId')) return { tagTypeIds: [] };
    if (url.endsWith('/marking/codes'))
      return { tnvedCode: '6403990000', codes: ['(01)04606203084623(21)A(93)abcd'] };
    if (url.endsWith('/marking/emission'))
      return { tnvedCode: '6403990000', gtin: '04606203084623', quantity: 1 };
    if (url.endsWith('/marking/report') || url.endsWith('/marking/statuses')) return {};
    if (url.endsWith('/wms-advice')) return { warehouseId: 1, places: 1 };
    if (url.endsWith('/wms-force-close')) return { reason: 'чужой' };
    if (url.endsWith('/decision')) return { status: 'ACCEPTED', version: 1 };
    if (url.endsWith('/shipment-documents')) return { kind: 'forwarding-receipt' };
    if (url.endsWith('/transport-orders')) return {};
    if (url.endsWith('/warehouse-services/bill'))
      return { number: 'Ч-1', paymentFormId: 1, date: '2026-01-15', lines: [{ serviceId: 1, quantity: 1 }] };
    return { version, completionDate: null };
  }

  /** `caller` reaches `inside` and not `outside` (an order, its job and a stage of each). */
  async function expectOutOfReach(
    caller: SignedIn,
    inside: { order: Entity },
    outside: { order: Entity; job: Entity },
  ) {
    const wrong: string[] = [];
    const routes = ctx.app.routeTable.filter((r) => !r.public && !r.websocket && !r.cabinet);
    const insideFlow = await workflowOn('order', inside.order.id);
    const outsideFlows = [
      await workflowOn('order', outside.order.id),
      await workflowOn('job', outside.job.id),
    ];
    const flows = (await call('GET', '/api/workflow-instances?itemsPerPage=10000', caller)).json().data;
    const listed = flows.collection.map((r: Entity) => r.id);
    if (!listed.includes(insideFlow)) wrong.push('workflow instances miss the inside record');
    if (flows.total !== listed.length) wrong.push('workflow instances count what they do not list');
    for (const id of outsideFlows) {
      if (listed.includes(id)) wrong.push(`workflow instance ${id} listed`);
      for (const url of [`/api/workflow-instances/${id}`, `/api/workflow-instances/${id}/view`]) {
        const res = await call('GET', url, caller);
        if (res.statusCode !== 404) wrong.push(`${url} → ${res.statusCode}`);
      }
    }
    for (const url of [
      `/api/workflow-instances/of/order/${outside.order.id}`,
      `/api/workflow-instances/of/job/${outside.job.id}`,
    ]) {
      const res = await call('GET', url, caller);
      if (res.statusCode !== 404) wrong.push(`${url} → ${res.statusCode}`);
    }
    for (const [path, inRecord, outRecord] of [
      ['/api/tms/orders', inside.order, outside.order],
      ['/api/tms/jobs', null, outside.job],
    ] as const) {
      // The stage the caller will try to reach, added first: it counts in the record's own stage facts.
      const stage = (await call('POST', `${path}/${outRecord.id}/stages`, admin, { stageTypeId })).json()
        .data as Entity;
      const before = (await call('GET', `${path}/${outRecord.id}`, admin)).json().data;
      const list = (await call('GET', `${path}?itemsPerPage=10000`, caller))
        .json()
        .data.collection.map((r: Entity) => r.id);
      if (inRecord && !list.includes(inRecord.id)) wrong.push(`${path} list misses the inside record`);
      if (list.includes(outRecord.id)) wrong.push(`${path} list`);
      for (const query of [`search=${padId(outRecord.id)}`, `id=${outRecord.id}`, 'search=скрытный']) {
        const res = await call('GET', `${path}?${query}`, caller);
        if (res.json().data.collection.some((r: Entity) => r.id === outRecord.id))
          wrong.push(`${path}?${query}`);
        if ((await exportedIds(call, path, caller, query)).includes(outRecord.id))
          wrong.push(`${path}/export?${query}`);
      }
      const [file] = await ctx.database.db
        .insert(files)
        .values({
          storageKey: `scopes${path}/${outRecord.id}`,
          description: 'чужой.pdf',
          mimeType: 'application/pdf',
          size: 1,
          sha256: 'x',
          temporary: false,
          ownerType: path === '/api/tms/orders' ? 'order' : 'job',
          ownerId: outRecord.id,
        })
        .returning();
      const reachable = routes.filter((r) => r.url.startsWith(`${path}/:id`));
      // Guards the guard: the stage and status routes are among those tried.
      expect(reachable.map((r) => r.url)).toEqual(
        expect.arrayContaining([`${path}/:id/stages/:stageId/close`, `${path}/:id/statuses/financeControl`]),
      );
      for (const route of reachable) {
        const url = route.url
          .replace(':id', String(outRecord.id))
          .replace(':stageId', String(stage.id))
          .replace(':fileId', String(file!.id))
          .replace(':billId', '1')
          .replace(':codeId', '1');
        const res = await call(
          route.method as 'GET',
          url,
          caller,
          bodyFor(route.method, route.url, before.version),
        );
        if (res.statusCode !== 404)
          wrong.push(`${route.method} ${route.url} → ${res.statusCode} ${res.body}`);
      }
      const after = (await call('GET', `${path}/${outRecord.id}`, admin)).json().data;
      expect(after).toEqual(before);
      const stages = (await call('GET', `${path}/${outRecord.id}/stages`, admin)).json().data.collection;
      expect(stages).toEqual([stage]);
    }
    for (const url of [
      `/api/tms/orders/copy/${outside.order.id}`,
      `/api/tms/orders/${outside.order.id}/job-defaults`,
    ]) {
      const res = await call('GET', url, caller);
      if (res.statusCode !== 404) wrong.push(`${url} → ${res.statusCode}`);
    }
    const jobOfOutside = await call('POST', '/api/tms/jobs', caller, {
      jobTypeId: world.jobTypeId,
      orderIds: [outside.order.id],
    });
    if (jobOfOutside.statusCode !== 400) wrong.push(`job on the outside order → ${jobOfOutside.statusCode}`);
    const dashboard = (await call('GET', '/api/tms/dashboard', caller)).json().data;
    if (dashboard.recentlyChangedOrders.items.some((o: Entity) => o.id === outside.order.id)) {
      wrong.push('dashboard');
    }
    expect(wrong).toEqual([]);
  }

  it('own: an order and job forwarded by a colleague of the same office', async () => {
    const caller = await signIn(
      ctx,
      [
        'ROLE_ORDER_VIEW_OWN',
        'ROLE_ORDER_EDIT_OWN',
        'ROLE_JOB_VIEW_OWN',
        'ROLE_JOB_EDIT_OWN',
        'ROLE_STAGE_MANAGE_OWN',
        ...UNSCOPED,
      ],
      { serviceOfficeId: world.mow },
    );
    const colleague = await signIn(ctx, [], { serviceOfficeId: world.mow });
    const common = { serviceOfficeId: world.mow };
    const inside = await createOrder(ctx, world, admin, client, { ...common, sellerId: caller.user.id });
    const outside = await createOrder(ctx, world, admin, client, {
      ...common,
      forwarderId: colleague.user.id,
      curatorIds: [colleague.user.id],
    });
    const job = await createJob(ctx, world, admin, [outside.id], {
      ...common,
      forwarderId: colleague.user.id,
    });
    await expectOutOfReach(caller, { order: inside }, { order: outside, job });
  });

  it('related: an order of a client curated by a colleague, whose jobs a colleague forwards', async () => {
    const caller = await signIn(
      ctx,
      [
        'ROLE_ORDER_VIEW_RELATED',
        'ROLE_ORDER_EDIT_RELATED',
        'ROLE_JOB_VIEW_RELATED',
        'ROLE_JOB_EDIT_RELATED',
        'ROLE_STAGE_MANAGE_RELATED',
        ...UNSCOPED,
      ],
      { serviceOfficeId: world.mow },
    );
    const colleague = await signIn(ctx, [], { serviceOfficeId: world.mow });
    const mine = await world.counterparty({ name: 'Клиент Свой', managerIds: [caller.user.id] });
    await ctx.database.db
      .update(counterparties)
      .set({ curatorIds: [colleague.user.id], managerIds: [colleague.user.id] })
      .where(eq(counterparties.id, client));
    const theirs = {
      serviceOfficeId: world.mow,
      forwarderId: colleague.user.id,
      sellerId: colleague.user.id,
      curatorIds: [colleague.user.id],
    };
    const inside = await createOrder(ctx, world, admin, mine, theirs);
    // The caller forwards a job of another order of the same client: that order is related, this one not.
    const neighbour = await createOrder(ctx, world, admin, client, theirs);
    await createJob(ctx, world, admin, [neighbour.id], { forwarderId: caller.user.id });
    const outside = await createOrder(ctx, world, admin, client, theirs);
    const job = await createJob(ctx, world, admin, [outside.id], { forwarderId: colleague.user.id });
    await expectOutOfReach(caller, { order: inside }, { order: outside, job });
  });

  it('office: an order and job of another office', async () => {
    const caller = await signIn(
      ctx,
      [
        'ROLE_ORDER_VIEW_OFFICE',
        'ROLE_ORDER_EDIT_OFFICE',
        'ROLE_JOB_VIEW_OFFICE',
        'ROLE_JOB_EDIT_OFFICE',
        'ROLE_STAGE_MANAGE_OFFICE',
        ...UNSCOPED,
      ],
      { serviceOfficeId: world.mow },
    );
    const inside = await createOrder(ctx, world, admin, client, { serviceOfficeId: world.mow });
    const outside = await createOrder(ctx, world, admin, client, {
      serviceOfficeId: world.msq,
      forwarderId: admin.user.id,
    });
    const job = await createJob(ctx, world, admin, [outside.id], { serviceOfficeId: world.msq });
    await expectOutOfReach(caller, { order: inside }, { order: outside, job });
  });

  it("subordinates: an order and job of a colleague outside the caller's team", async () => {
    const caller = await signIn(
      ctx,
      [
        'ROLE_ORDER_VIEW_SUBORDINATES',
        'ROLE_ORDER_EDIT_SUBORDINATES',
        'ROLE_JOB_VIEW_SUBORDINATES',
        'ROLE_JOB_EDIT_SUBORDINATES',
        'ROLE_STAGE_MANAGE_SUBORDINATES',
        ...UNSCOPED,
      ],
      { serviceOfficeId: world.mow },
    );
    const teammate = await signIn(ctx, [], { serviceOfficeId: world.mow });
    const colleague = await signIn(ctx, [], { serviceOfficeId: world.mow });
    const structure = await signIn(ctx, ['ROLE_COMPANY_STRUCTURE_EDIT']);
    const item = async (body: Body) => {
      const res = await call('POST', '/api/company-structure/tree-structure/items', structure, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const department = await item({ kind: 'department', name: 'Команда', userIds: [] });
    const lead = await item({
      kind: 'position',
      name: 'Старший',
      parentId: department,
      userIds: [caller.user.id],
    });
    await item({ kind: 'position', name: 'Экспедитор', parentId: lead, userIds: [teammate.user.id] });
    await item({ kind: 'position', name: 'Сосед', parentId: department, userIds: [colleague.user.id] });
    const common = { serviceOfficeId: world.mow };
    const inside = await createOrder(ctx, world, admin, client, { ...common, forwarderId: teammate.user.id });
    const outside = await createOrder(ctx, world, admin, client, {
      ...common,
      forwarderId: colleague.user.id,
      sellerId: colleague.user.id,
      curatorIds: [colleague.user.id],
    });
    const job = await createJob(ctx, world, admin, [outside.id], {
      ...common,
      forwarderId: colleague.user.id,
    });
    await expectOutOfReach(caller, { order: inside }, { order: outside, job });
  });

  it('a job of my own order is mine, whoever forwards it', async () => {
    const caller = await signIn(ctx, ['ROLE_ORDER_VIEW_OWN', 'ROLE_JOB_VIEW_OWN']);
    const order = await createOrder(ctx, world, admin, client, { forwarderId: caller.user.id });
    const job = await createJob(ctx, world, admin, [order.id], { forwarderId: admin.user.id });
    expect((await call('GET', `/api/tms/jobs/${job.id}`, caller)).statusCode).toBe(200);
    const edit = await call('PATCH', `/api/tms/jobs/${job.id}`, caller, {
      version: job.version,
      tracking: true,
    });
    expect(edit.statusCode).toBe(403);
  });
});

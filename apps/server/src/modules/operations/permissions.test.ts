import { COUNTERPARTY_MESSAGES, OPERATION_MESSAGES as M, padId } from '@tms/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDIT_ALL, type Entity, exportedIds, setUpOperations } from '../../test/operations-world';
import { type SignedIn, signIn } from '../../test/users';
import { jobs, orders } from './tables';

/**
 * Issue 6 permissions of orders and jobs: the related scope, the forwarder's view, the client's management
 * lock and the field roles of jobs (docs/operations.md "Who reaches an order or a job").
 */

const ops = setUpOperations();
let admin: SignedIn;
let stageTypeId: number;

async function listedIds(path: string, who: SignedIn, query = ''): Promise<number[]> {
  const res = await ops.call('GET', `${path}?itemsPerPage=10000&${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.collection.map((r: Entity) => r.id);
}

/** Of `ids`, those reached by list, search by number, export and get-by-id alike (each must agree). */
async function reached(path: string, who: SignedIn, ids: number[]): Promise<number[]> {
  const listed = await listedIds(path, who);
  const exported = await exportedIds(ops.call, path, who);
  const out: number[] = [];
  for (const id of ids) {
    const found = (await listedIds(path, who, `search=${padId(id)}`)).includes(id);
    const byId = (await ops.call('GET', `${path}/${id}`, who)).statusCode;
    expect([listed.includes(id), exported.includes(id), byId], `${path}/${id}`).toEqual(
      found ? [true, true, 200] : [false, false, 404],
    );
    if (found) out.push(id);
  }
  return out;
}

beforeAll(async () => {
  admin = await signIn(ops.ctx, ['ROLE_ADMIN']);
  stageTypeId = await ops.world.stageType('PERM');
});

describe('the related scope', () => {
  let me: SignedIn;
  let other: SignedIn;
  let related: Record<string, Entity>;
  let unrelated: Record<string, Entity>;

  beforeAll(async () => {
    me = await signIn(ops.ctx, [
      'ROLE_ORDER_VIEW_RELATED',
      'ROLE_ORDER_EDIT_RELATED',
      'ROLE_JOB_VIEW_RELATED',
      'ROLE_JOB_EDIT_RELATED',
      'ROLE_STAGE_MANAGE_RELATED',
    ]);
    other = await signIn(ops.ctx, []);
    const curated = await ops.world.counterparty({ curatorIds: [me.user.id] });
    const managed = await ops.world.counterparty({ managerIds: [me.user.id] });
    const foreign = await ops.world.counterparty({
      curatorIds: [other.user.id],
      managerIds: [other.user.id],
    });
    const theirs = { forwarderId: other.user.id, sellerId: other.user.id, curatorIds: [other.user.id] };
    const ofCurated = await ops.createOrder(admin, curated, theirs);
    const ofManaged = await ops.createOrder(admin, managed, theirs);
    const withMyJob = await ops.createOrder(admin, foreign, theirs);
    const sold = await ops.createOrder(admin, foreign, { ...theirs, sellerId: me.user.id });
    const outside = await ops.createOrder(admin, foreign, theirs);
    related = {
      ofCurated,
      ofManaged,
      withMyJob,
      sold,
      myJob: await ops.createJob(admin, [withMyJob.id], { forwarderId: me.user.id }),
      // Another forwarder's job of an order related to me through my job, or through its client.
      siblingJob: await ops.createJob(admin, [withMyJob.id], { forwarderId: other.user.id }),
      jobOfCurated: await ops.createJob(admin, [ofCurated.id], { forwarderId: other.user.id }),
    };
    unrelated = {
      outside,
      jobOfOutside: await ops.createJob(admin, [outside.id], { forwarderId: other.user.id }),
    };
  });

  it('reaches orders of clients I curate or manage, and orders of jobs I forward, nothing else', async () => {
    const { ofCurated, ofManaged, withMyJob, sold } = related;
    const all = [ofCurated!, ofManaged!, withMyJob!, sold!, unrelated.outside!].map((o) => o.id);
    expect(await reached('/api/tms/orders', me, all)).toEqual(all.slice(0, 4));
  });

  it('reaches jobs of related orders, nothing else', async () => {
    const { myJob, siblingJob, jobOfCurated } = related;
    const all = [myJob!, siblingJob!, jobOfCurated!, unrelated.jobOfOutside!].map((j) => j.id);
    expect(await reached('/api/tms/jobs', me, all)).toEqual(all.slice(0, 3));
  });

  it('is wider than own: an own-scoped user sees only the order they sold', async () => {
    const owner = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_OWN']);
    const curated = await ops.world.counterparty({ curatorIds: [owner.user.id] });
    const ofCurated = await ops.createOrder(admin, curated);
    const sold = await ops.createOrder(admin, curated, { sellerId: owner.user.id });
    expect(await reached('/api/tms/orders', owner, [ofCurated.id, sold.id])).toEqual([sold.id]);
  });

  it('edits and manages stages of related orders and jobs, and of nothing outside', async () => {
    for (const [path, record] of [
      ['/api/tms/orders', related.ofManaged!],
      ['/api/tms/jobs', related.siblingJob!],
    ] as const) {
      const edit = await ops.call('PATCH', `${path}/${record.id}`, me, {
        version: record.version,
        failure: true,
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const stage = await ops.call('POST', `${path}/${record.id}/stages`, me, { stageTypeId });
      expect(stage.statusCode, stage.body).toBe(201);
    }
    for (const [path, record] of [
      ['/api/tms/orders', unrelated.outside!],
      ['/api/tms/jobs', unrelated.jobOfOutside!],
    ] as const) {
      const edit = await ops.call('PATCH', `${path}/${record.id}`, me, {
        version: record.version,
        failure: true,
      });
      expect(edit.statusCode).toBe(404);
      expect((await ops.call('POST', `${path}/${record.id}/stages`, me, { stageTypeId })).statusCode).toBe(
        404,
      );
      expect((await ops.call('GET', `${path}/${record.id}`, admin)).json().data).toEqual(record);
      expect((await ops.call('GET', `${path}/${record.id}/stages`, admin)).json().data.total).toBe(0);
    }
  });

  it('follows the client: curating the client of the outside order brings it in', async () => {
    const outside = unrelated.outside!;
    const client = await ops.world.counterparty({ curatorIds: [me.user.id] });
    const moved = await ops.call('PATCH', `/api/tms/orders/${outside.id}`, admin, {
      version: outside.version,
      clientId: client,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await reached('/api/tms/orders', me, [outside.id])).toEqual([outside.id]);
    // Its job follows through the job's clients.
    expect(await reached('/api/tms/jobs', me, [unrelated.jobOfOutside!.id])).toEqual([
      unrelated.jobOfOutside!.id,
    ]);
  });

  it('follows the job: handing my job to a colleague takes its order out', async () => {
    const { myJob, withMyJob, siblingJob } = related;
    const handed = await ops.call('PATCH', `/api/tms/jobs/${myJob!.id}`, admin, {
      version: myJob!.version,
      forwarderId: other.user.id,
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(await reached('/api/tms/orders', me, [withMyJob!.id])).toEqual([]);
    expect(await reached('/api/tms/jobs', me, [myJob!.id, siblingJob!.id])).toEqual([]);
  });
});

describe('the forwarder view', () => {
  it('reads the orders and jobs the user forwards, and writes nothing', async () => {
    const forwarder = await signIn(ops.ctx, ['ROLE_FORWARDER_VIEW']);
    const client = await ops.world.counterparty();
    const mine = await ops.createOrder(admin, client, { forwarderId: forwarder.user.id });
    const theirs = await ops.createOrder(admin, client, { sellerId: forwarder.user.id });
    // A job forwarded by them on an order they do not forward, and a job of their order forwarded by another.
    const myJob = await ops.createJob(admin, [theirs.id], { forwarderId: forwarder.user.id });
    const otherJob = await ops.createJob(admin, [mine.id], { forwarderId: admin.user.id });

    expect(await reached('/api/tms/orders', forwarder, [mine.id, theirs.id])).toEqual([mine.id]);
    expect(await reached('/api/tms/jobs', forwarder, [myJob.id, otherJob.id])).toEqual([myJob.id]);
    for (const url of [
      `/api/tms/orders/${mine.id}/history`,
      `/api/tms/orders/${mine.id}/stages`,
      `/api/tms/orders/${mine.id}/statuses`,
      `/api/tms/jobs/${myJob.id}/history`,
      `/api/tms/jobs/${myJob.id}/stages`,
    ]) {
      expect((await ops.call('GET', url, forwarder)).statusCode, url).toBe(200);
    }

    const orderCount = await ops.count(orders);
    const writes = [
      await ops.call('POST', '/api/tms/orders', forwarder, {
        clientId: client,
        productId: ops.world.productId,
        forwarderId: forwarder.user.id,
      }),
      await ops.call('PATCH', `/api/tms/orders/${mine.id}`, forwarder, {
        version: mine.version,
        failure: true,
      }),
      await ops.call('DELETE', `/api/tms/orders/${mine.id}`, forwarder),
      await ops.call('PATCH', `/api/tms/jobs/${myJob.id}`, forwarder, {
        version: myJob.version,
        failure: true,
      }),
      await ops.call('POST', `/api/tms/jobs/${myJob.id}/stages`, forwarder, { stageTypeId }),
    ];
    expect(writes.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    const status = await ops.call('PUT', `/api/tms/orders/${mine.id}/statuses/financeControl`, forwarder, {
      status: 'READY',
      version: mine.version,
    });
    expect(status.statusCode).toBe(400);
    expect(status.json().errors.children.status.errors).toEqual([M.statusManual]);
    expect(await ops.count(orders)).toBe(orderCount);
    expect((await ops.call('GET', `/api/tms/orders/${mine.id}`, admin)).json().data).toEqual(mine);
    expect((await ops.call('GET', `/api/tms/jobs/${myJob.id}`, admin)).json().data).toEqual(myJob);
  });
});

describe("the client's management lock", () => {
  let editor: SignedIn;
  let curator: SignedIn;
  let manager: SignedIn;
  let ignorer: SignedIn;
  let locked: number;

  beforeAll(async () => {
    editor = await signIn(ops.ctx, [
      ...EDIT_ALL,
      'ROLE_ORDER_COUNTERPARTY_CHANGE',
      'ROLE_ORDER_FINANCE_CONTROL',
    ]);
    curator = await signIn(ops.ctx, EDIT_ALL);
    manager = await signIn(ops.ctx, EDIT_ALL);
    ignorer = await signIn(ops.ctx, [...EDIT_ALL, 'ROLE_IGNORE_MANAGEMENT_LOCK']);
    locked = await ops.world.counterparty({
      name: 'Клиент под блокировкой',
      managementLock: true,
      curatorIds: [curator.user.id],
      managerIds: [manager.user.id],
    });
  });

  const refused = (res: { statusCode: number; json(): { message: string } }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(M.clientManagementLock);
  };

  it('takes a new order only from its curators, managers and who may ignore the lock', async () => {
    const before = await ops.count(orders);
    refused(
      await ops.call('POST', '/api/tms/orders', editor, {
        clientId: locked,
        productId: ops.world.productId,
        route: [],
      }),
    );
    expect(await ops.count(orders)).toBe(before);
    for (const who of [curator, manager, ignorer]) await ops.createOrder(who, locked);
    expect(await ops.count(orders)).toBe(before + 3);
  });

  it('takes changes of its orders, and a move to it, only from the same people', async () => {
    const order = await ops.createOrder(curator, locked);
    refused(
      await ops.call('PATCH', `/api/tms/orders/${order.id}`, editor, {
        version: order.version,
        failure: true,
      }),
    );
    refused(await ops.call('DELETE', `/api/tms/orders/${order.id}`, editor));
    expect((await ops.call('GET', `/api/tms/orders/${order.id}`, admin)).json().data).toEqual(order);
    const byManager = await ops.call('PATCH', `/api/tms/orders/${order.id}`, manager, {
      version: order.version,
      failure: true,
    });
    expect(byManager.statusCode, byManager.body).toBe(200);
    const byIgnorer = await ops.call('PATCH', `/api/tms/orders/${order.id}`, ignorer, {
      version: order.version + 1,
      failure: false,
    });
    expect(byIgnorer.statusCode, byIgnorer.body).toBe(200);

    const free = await ops.createOrder(editor, await ops.world.counterparty());
    refused(
      await ops.call('PATCH', `/api/tms/orders/${free.id}`, editor, {
        version: free.version,
        clientId: locked,
      }),
    );
    expect((await ops.call('GET', `/api/tms/orders/${free.id}`, admin)).json().data.clientId).toBe(
      free.clientId,
    );
  });

  it('locks the jobs of its orders the same way', async () => {
    const order = await ops.createOrder(curator, locked);
    const before = await ops.count(jobs);
    refused(
      await ops.call('POST', '/api/tms/jobs', editor, {
        jobTypeId: ops.world.jobTypeId,
        orderIds: [order.id],
      }),
    );
    expect(await ops.count(jobs)).toBe(before);
    const job = await ops.createJob(curator, [order.id]);
    refused(
      await ops.call('PATCH', `/api/tms/jobs/${job.id}`, editor, { version: job.version, tracking: true }),
    );
    refused(await ops.call('DELETE', `/api/tms/jobs/${job.id}`, editor));
    expect((await ops.call('GET', `/api/tms/jobs/${job.id}`, admin)).json().data).toEqual(job);
    const byIgnorer = await ops.call('PATCH', `/api/tms/jobs/${job.id}`, ignorer, {
      version: job.version,
      tracking: true,
    });
    expect(byIgnorer.statusCode, byIgnorer.body).toBe(200);
  });

  it('leaves statuses to their own rules: finance control still moves', async () => {
    const order = await ops.createOrder(curator, locked);
    await ops.bill('INCOME', locked, { orderIds: [order.id] });
    const res = await ops.call('PUT', `/api/tms/orders/${order.id}/statuses/financeControl`, editor, {
      status: 'READY',
      version: order.version,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('field roles of jobs', () => {
  let editor: SignedIn;
  let changer: SignedIn;
  let order: Entity;
  let contractor: number;
  let otherContractor: number;

  beforeAll(async () => {
    editor = await signIn(ops.ctx, EDIT_ALL);
    changer = await signIn(ops.ctx, [
      ...EDIT_ALL,
      'ROLE_ORDER_COUNTERPARTY_CHANGE',
      'ROLE_ORDER_CARGO_DAMAGE',
      'ROLE_ORDER_COMPLETION_MARK',
    ]);
    order = await ops.createOrder(editor, await ops.world.counterparty());
    contractor = await ops.world.counterparty({ client: false });
    otherContractor = await ops.world.counterparty({ client: false });
  });

  const denied = (res: { statusCode: number; json(): { message: string } }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(COUNTERPARTY_MESSAGES.fieldEditDenied);
  };

  it('lets the forwarder choose a contractor, and only the counterparty change role replace it', async () => {
    const job = await ops.createJob(editor, [order.id]);
    const chosen = await ops.call('PATCH', `/api/tms/jobs/${job.id}`, editor, {
      version: job.version,
      contractorId: contractor,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const current = chosen.json().data as Entity;
    // Sending the contractor it already has is no change.
    const same = await ops.call('PATCH', `/api/tms/jobs/${job.id}`, editor, {
      version: current.version,
      contractorId: contractor,
      tracking: true,
    });
    expect(same.statusCode, same.body).toBe(200);
    const stored = same.json().data as Entity;
    for (const contractorId of [otherContractor, null]) {
      denied(
        await ops.call('PATCH', `/api/tms/jobs/${job.id}`, editor, { version: stored.version, contractorId }),
      );
    }
    expect((await ops.call('GET', `/api/tms/jobs/${job.id}`, admin)).json().data).toEqual(stored);
    const replaced = await ops.call('PATCH', `/api/tms/jobs/${job.id}`, changer, {
      version: stored.version,
      contractorId: otherContractor,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.contractorId).toBe(otherContractor);
  });

  it('needs the damage and completion roles for those fields, on create and on change', async () => {
    const before = await ops.count(jobs);
    denied(
      await ops.call('POST', '/api/tms/jobs', editor, {
        jobTypeId: ops.world.jobTypeId,
        orderIds: [order.id],
        damaged: true,
      }),
    );
    expect(await ops.count(jobs)).toBe(before);
    const job = await ops.createJob(editor, [order.id], { damaged: false });
    denied(
      await ops.call('PATCH', `/api/tms/jobs/${job.id}`, editor, { version: job.version, damaged: true }),
    );
    denied(
      await ops.call('PATCH', `/api/tms/jobs/${job.id}`, editor, {
        version: job.version,
        completionDate: '2025-03-01',
      }),
    );
    expect((await ops.call('GET', `/api/tms/jobs/${job.id}`, admin)).json().data).toEqual(job);
    const allowed = await ops.call('PATCH', `/api/tms/jobs/${job.id}`, changer, {
      version: job.version,
      damaged: true,
      completionDate: '2025-03-01',
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().data).toMatchObject({ damaged: true, completionDate: '2025-03-01' });
  });
});

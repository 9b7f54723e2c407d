import { COUNTERPARTY_MESSAGES, OPERATION_MESSAGES as M, MATERIAL_ASSET_MESSAGES, padId } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDIT_ALL, type Entity, errorsOf, setUpOperations } from '../../test/operations-world';
import { type SignedIn, signIn } from '../../test/users';
import { jobOrders, jobs } from './tables';

const ops = setUpOperations();
let editor: SignedIn;
let consolidator: SignedIn;
let client: number;
let contractor: number;

beforeAll(async () => {
  editor = await signIn(ops.ctx, [...EDIT_ALL, 'ROLE_ORDER_ARCHIVE']);
  consolidator = await signIn(ops.ctx, [...EDIT_ALL, 'ROLE_ORDER_CONSOLIDATION']);
  client = await ops.world.counterparty({ name: 'Клиент Альфа' });
  contractor = await ops.world.counterparty({ name: 'Перевозчик Бета', client: false });
});

describe('jobs', () => {
  it('creates a job of one order, linking it both ways, with the contractor on the order', async () => {
    const order = await ops.createOrder(editor, client);
    const job = await ops
      .createJob(editor, [order.id], {
        contractorId: contractor,
        costAmount: '1500.00',
        costCurrencyId: null,
      })
      .catch(() => null);
    expect(job).toBeNull();
    const currency = (
      (await ops.db.execute(sql`SELECT id FROM currencies LIMIT 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0]!.id;
    const created = await ops.createJob(editor, [order.id], {
      contractorId: contractor,
      costAmount: '1500.00',
      costCurrencyId: currency,
    });
    expect(created).toMatchObject({
      number: created.id,
      orderIds: [order.id],
      clientIds: [client],
      contractorName: 'Перевозчик Бета',
      costAmount: '1500.00',
    });
    const links = await ops.db.select().from(jobOrders).where(eq(jobOrders.jobId, created.id));
    expect(links).toEqual([{ jobId: created.id, orderId: order.id }]);
    const withContractor = await ops.call(
      'GET',
      `/api/tms/orders?contractorIds=${contractor}&id=${order.id}`,
      editor,
    );
    expect(withContractor.json().data.total).toBe(1);
    const ofOrder = await ops.call('GET', `/api/tms/orders/${order.id}/jobs`, editor);
    expect(ofOrder.json().data.collection.map((j: Entity) => j.id)).toEqual([created.id]);
    const found = await ops.call('GET', `/api/tms/jobs?search=${padId(created.id)}`, editor);
    expect(found.json().data.collection.map((j: Entity) => j.id)).toContain(created.id);
    const byClient = await ops.call('GET', `/api/tms/jobs?clientIds=${client}`, editor);
    expect(byClient.json().data.collection.map((j: Entity) => j.id)).toContain(created.id);
  });

  it('refuses a cost without its currency', async () => {
    const order = await ops.createOrder(editor, client);
    const res = await ops.call('POST', '/api/tms/jobs', editor, {
      jobTypeId: ops.world.jobTypeId,
      orderIds: [order.id],
      costAmount: '10.00',
    });
    expect(errorsOf(res)).toEqual({ costCurrencyId: [MATERIAL_ASSET_MESSAGES.currencyRequired] });
  });

  it('has exactly one order unless the user consolidates', async () => {
    const a = await ops.createOrder(editor, client);
    const b = await ops.createOrder(editor, client);
    const before = await ops.count(jobs);
    const two = await ops.call('POST', '/api/tms/jobs', editor, {
      jobTypeId: ops.world.jobTypeId,
      orderIds: [a.id, b.id],
    });
    expect(errorsOf(two)).toEqual({ orderIds: [M.jobMoreThanOneOrder] });
    const none = await ops.call('POST', '/api/tms/jobs', editor, {
      jobTypeId: ops.world.jobTypeId,
      orderIds: [],
    });
    expect(errorsOf(none)).toEqual({ orderIds: [M.jobNoOrders] });
    const missing = await ops.call('POST', '/api/tms/jobs', editor, {
      jobTypeId: ops.world.jobTypeId,
      orderIds: [999999],
    });
    expect(errorsOf(missing)).toEqual({ 'orderIds.0': ['This value is not valid.'] });
    expect(await ops.count(jobs)).toBe(before);
    const consolidated = await ops.createJob(consolidator, [a.id, b.id]);
    expect(consolidated.orderIds).toEqual([a.id, b.id]);
    const dropOne = await ops.call('PATCH', `/api/tms/jobs/${consolidated.id}`, editor, {
      version: consolidated.version,
      orderIds: [a.id],
    });
    expect(dropOne.statusCode, dropOne.body).toBe(200);
    const links = await ops.db.select().from(jobOrders).where(eq(jobOrders.jobId, consolidated.id));
    expect(links.map((l) => l.orderId)).toEqual([a.id]);
  });

  it('needs a job type of the order product', async () => {
    const order = await ops.createOrder(editor, client);
    const res = await ops.call('POST', '/api/tms/jobs', editor, {
      jobTypeId: ops.world.otherJobTypeId,
      orderIds: [order.id],
    });
    expect(errorsOf(res)).toEqual({ jobTypeId: [M.jobTypeIncompatible] });
  });

  it('refuses a black-listed contractor, a client-only counterparty, and liquid cargo without access', async () => {
    // Marking cargo liquid takes its own role (spec §6).
    const liquidOrders = await signIn(ops.ctx, [
      'ROLE_ORDER_VIEW_ALL',
      'ROLE_ORDER_EDIT_ALL',
      'ROLE_COUNTERPARTY_VIEW_ALL',
      'ROLE_ORDER_LIQUID',
    ]);
    const order = await ops.createOrder(liquidOrders, client, {
      cargo: { description: 'Спирт', liquid: true },
    });
    const blackListed = await ops.world.counterparty({
      client: false,
      blackList: true,
      blackListReason: 'Срыв',
    });
    const clientOnly = await ops.world.counterparty({ contractor: false });
    const body = (contractorId: number) => ({
      jobTypeId: ops.world.jobTypeId,
      orderIds: [order.id],
      contractorId,
    });
    expect(errorsOf(await ops.call('POST', '/api/tms/jobs', editor, body(blackListed)))).toEqual({
      contractorId: [COUNTERPARTY_MESSAGES.blackListed],
    });
    expect(errorsOf(await ops.call('POST', '/api/tms/jobs', editor, body(clientOnly)))).toEqual({
      contractorId: [M.notContractor],
    });
    expect(errorsOf(await ops.call('POST', '/api/tms/jobs', editor, body(contractor)))).toEqual({
      contractorId: [M.liquidAccess],
    });
    const liquid = await ops.world.counterparty({ client: false, liquidAccess: true });
    await ops.createJob(editor, [order.id], { contractorId: liquid });
  });

  it('answers every refused field of a save at once', async () => {
    const a = await ops.createOrder(editor, client);
    const b = await ops.createOrder(editor, client);
    const blackListed = await ops.world.counterparty({ client: false, blackList: true });
    const before = await ops.count(jobs);
    const res = await ops.call('POST', '/api/tms/jobs', editor, {
      jobTypeId: ops.world.otherJobTypeId,
      orderIds: [a.id, b.id],
      contractorId: blackListed,
      costAmount: '10.00',
      customFields: { memo: 'x' },
      customFieldGroupId: 999999,
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({
      orderIds: [M.jobMoreThanOneOrder],
      jobTypeId: [M.jobTypeIncompatible],
      contractorId: [COUNTERPARTY_MESSAGES.blackListed],
      costCurrencyId: [MATERIAL_ASSET_MESSAGES.currencyRequired],
      customFieldGroupId: ['This value is not valid.'],
    });
    expect(await ops.count(jobs)).toBe(before);
  });

  it('takes the custom fields flagged "inherit on job creation" from the order', async () => {
    const groupId = await ops.world.customFieldGroup('Жд', [
      { code: 'wagon', description: 'Вагон', type: 'text', inheritOnJobCreation: true },
      { code: 'memo', description: 'Памятка', type: 'text' },
    ]);
    const order = await ops.createOrder(editor, client, {
      customFieldGroupId: groupId,
      customFields: { wagon: '5521', memo: 'для заказа' },
    });
    const defaults = await ops.call('GET', `/api/tms/orders/${order.id}/job-defaults`, editor);
    expect(defaults.json().data).toMatchObject({ orderIds: [order.id], customFields: { wagon: '5521' } });
    const job = await ops.createJob(editor, [order.id]);
    expect(job).toMatchObject({ customFieldGroupId: groupId, customFields: { wagon: '5521' } });
    expect((job.customFields as Record<string, unknown>).memo ?? null).toBeNull();
    const own = await ops.createJob(editor, [order.id], { customFields: { wagon: '7000' } });
    expect(own.customFields).toMatchObject({ wagon: '7000' });
  });

  it('keeps an order with jobs, and locks the jobs of an ACCEPTED or archived order', async () => {
    const order = await ops.createOrder(editor, client);
    const job = await ops.createJob(editor, [order.id]);
    const del = await ops.call('DELETE', `/api/tms/orders/${order.id}`, editor);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(M.hasLinkedRecords);

    const archived = await ops.call('POST', `/api/tms/orders/${order.id}/archive`, editor, {
      version: order.version,
    });
    expect(archived.statusCode).toBe(200);
    const newJob = await ops.call('POST', '/api/tms/jobs', editor, {
      jobTypeId: ops.world.jobTypeId,
      orderIds: [order.id],
    });
    expect(errorsOf(newJob)).toEqual({ '': [M.locked] });
    const money = await ops.call('PATCH', `/api/tms/jobs/${job.id}`, editor, {
      version: job.version,
      costAmount: '1.00',
    });
    expect(errorsOf(money)).toEqual({ '': [M.locked] });

    const removed = await ops.call('DELETE', `/api/tms/jobs/${job.id}`, editor);
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await ops.call('GET', `/api/tms/orders/${order.id}`, editor);
    expect(after.json().data.contractorIds).toEqual([]);
  });

  it('finance control of a job moves by the same transitions', async () => {
    const order = await ops.createOrder(editor, client);
    const job = await ops.createJob(editor, [order.id]);
    const ready = await ops.call('PUT', `/api/tms/jobs/${job.id}/statuses/financeControl`, editor, {
      status: 'READY',
      version: job.version,
    });
    expect(ready.json().data.financeControlStatus).toBe('READY');
    const other = await ops.call('PUT', `/api/tms/jobs/${job.id}/statuses/marking`, editor, {
      status: 'required',
      version: ready.json().data.version,
    });
    expect(other.statusCode).toBe(404);
  });
});

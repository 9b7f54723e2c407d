import { DEFAULT_PROPERTY_VIEWS } from '@tms/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDIT_ALL, setUpOperations } from '../../test/operations-world';
import { type SignedIn, signIn } from '../../test/users';

const ops = setUpOperations();
let user: SignedIn;

beforeAll(async () => {
  user = await signIn(ops.ctx, [
    ...EDIT_ALL,
    'ROLE_COUNTERPARTY_VIEW_ALL',
    'ROLE_COUNTERPARTY_EDIT_ALL',
    'ROLE_COUNTERPARTY_MERGE',
    'ROLE_COUNTERPARTY_NAME_EDIT',
  ]);
});

describe('property views', () => {
  it('answers the defaults, keeps each user their own and saves one type at a time', async () => {
    const first = await ops.call('GET', '/api/tms/property-views', user);
    expect(first.json().data).toEqual(DEFAULT_PROPERTY_VIEWS);
    const saved = await ops.call('PUT', '/api/tms/property-views/order', user, {
      expanded: true,
      defaultTab: 'jobs',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.order).toEqual({
      ...DEFAULT_PROPERTY_VIEWS.order,
      expanded: true,
      defaultTab: 'jobs',
    });
    const job = await ops.call('PUT', '/api/tms/property-views/job', user, {
      expandedBlocks: ['orders', 'orders'],
    });
    expect(job.json().data).toEqual({
      order: saved.json().data.order,
      job: { ...DEFAULT_PROPERTY_VIEWS.job, expandedBlocks: ['orders'] },
    });
    const other = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_ALL']);
    expect((await ops.call('GET', '/api/tms/property-views', other)).json().data).toEqual(
      DEFAULT_PROPERTY_VIEWS,
    );
  });

  it('keeps both of two saves made at once', async () => {
    const both = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_ALL']);
    const answers = await Promise.all([
      ops.call('PUT', '/api/tms/property-views/order', both, { expanded: true }),
      ops.call('PUT', '/api/tms/property-views/order', both, { defaultTab: 'jobs' }),
      ops.call('PUT', '/api/tms/property-views/job', both, { expandedBlocks: ['orders'] }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await ops.call('GET', '/api/tms/property-views', both)).json().data).toEqual({
      order: { ...DEFAULT_PROPERTY_VIEWS.order, expanded: true, defaultTab: 'jobs' },
      job: { ...DEFAULT_PROPERTY_VIEWS.job, expandedBlocks: ['orders'] },
    });
  });

  it('refuses a block of another type or an unknown setting, keeping what was saved', async () => {
    const before = (await ops.call('GET', '/api/tms/property-views', user)).json().data;
    const wrongBlock = await ops.call('PUT', '/api/tms/property-views/order', user, { defaultTab: 'stages' });
    expect(wrongBlock.statusCode).toBe(400);
    expect(Object.keys(wrongBlock.json().errors.children)).toContain('defaultTab');
    const unknown = await ops.call('PUT', '/api/tms/property-views/job', user, { colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect((await ops.call('PUT', '/api/tms/property-views/bill', user, {})).statusCode).toBe(404);
    expect((await ops.call('GET', '/api/tms/property-views', user)).json().data).toEqual(before);
    const none = await signIn(ops.ctx, []);
    expect((await ops.call('GET', '/api/tms/property-views', none)).statusCode).toBe(403);
  });
});

describe('counterparty merge', () => {
  it("moves the merged counterparty's orders and jobs to the survivor", async () => {
    const merged = await ops.world.counterparty({ name: 'Дубль' });
    const survivor = await ops.world.counterparty({ name: 'Оригинал' });
    const order = await ops.createOrder(user, merged);
    const job = await ops.createJob(user, [order.id], { contractorId: merged });
    const res = await ops.call('POST', `/api/counterparties/${merged}/merge`, user, {
      survivorId: survivor,
      survivorVersion: 1,
      sourceVersion: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await ops.call('GET', `/api/tms/orders/${order.id}`, user)).json().data;
    expect(after).toMatchObject({ clientId: survivor, clientName: 'Оригинал', contractorIds: [survivor] });
    const movedJob = (await ops.call('GET', `/api/tms/jobs/${job.id}`, user)).json().data;
    expect(movedJob).toMatchObject({
      contractorId: survivor,
      contractorName: 'Оригинал',
      clientIds: [survivor],
    });
    const found = await ops.call(
      'GET',
      '/api/tms/orders?search=%D0%BE%D1%80%D0%B8%D0%B3%D0%B8%D0%BD%D0%B0%D0%BB',
      user,
    );
    expect(found.json().data.collection.map((o: { id: number }) => o.id)).toContain(order.id);
  });

  it("shows a renamed counterparty's new name on its orders and jobs, and finds them by it", async () => {
    const renamed = await ops.world.counterparty({ name: 'Старое имя' });
    const order = await ops.createOrder(user, renamed);
    const job = await ops.createJob(user, [order.id], { contractorId: renamed });
    const current = (await ops.call('GET', `/api/counterparties/${renamed}`, user)).json().data;
    const res = await ops.call('PUT', `/api/counterparties/${renamed}`, user, {
      name: 'Новое имя',
      version: current.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ops.call('GET', `/api/tms/orders/${order.id}`, user)).json().data.clientName).toBe(
      'Новое имя',
    );
    expect((await ops.call('GET', `/api/tms/jobs/${job.id}`, user)).json().data.contractorName).toBe(
      'Новое имя',
    );
    const found = await ops.call('GET', `/api/tms/orders?search=${encodeURIComponent('новое имя')}`, user);
    expect(found.json().data.collection.map((o: { id: number }) => o.id)).toContain(order.id);
  });
});

import { FINANCE_CONTROL_STATUS_LABELS } from '@tms/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliverEvents } from '../../test/harness';
import { EDIT_ALL, setUpOperations } from '../../test/operations-world';
import { type SignedIn, signIn } from '../../test/users';
import { financeControlStatusReasons } from '../finance';

/** Orders and jobs raise their notifications (the rules of who hears of what: platform/notifications). */
const ops = setUpOperations();
let editor: SignedIn;
let watcher: SignedIn;
let client: number;

const unread = async (who: SignedIn) =>
  (await ops.call('GET', '/api/notifications/internal/unread', who)).json().data.collection as Array<{
    type: string;
    content: string;
    links: Record<string, { link: string; text: string }>;
  }>;

beforeAll(async () => {
  editor = await signIn(ops.ctx, [...EDIT_ALL, 'ROLE_STAGE_MANAGE_ALL', 'ROLE_COMPANY_CHAPTERS']);
  watcher = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_ALL', 'ROLE_JOB_VIEW_ALL', 'ROLE_COMPANY_CHAPTERS']);
  // The watcher curates the client: every order of it is related to them.
  client = await ops.world.counterparty({ curatorIds: [watcher.user.id] });
  const res = await ops.call('PUT', '/api/user-settings/notification-settings', watcher, {
    settings: ['orderStatusChanged', 'orderFinanceControlChanged', 'orderStageClosed'].map((type) => ({
      type,
      scope: 'related',
    })),
  });
  expect(res.statusCode, res.body).toBe(200);
});

describe('order notifications', () => {
  it('tells of a new order, with a link to it, the people related to its client but not its author', async () => {
    const order = await ops.createOrder(editor, client);
    // Told once the creation committed, by a domain-event subscriber.
    expect(await unread(watcher)).toEqual([]);
    await deliverEvents(ops.ctx.app);
    const [latest] = await unread(watcher);
    expect(latest).toMatchObject({
      type: 'orderCreated',
      content: expect.stringContaining('%%operation%%'),
      links: { operation: { link: `/tms/orders/${order.id}`, text: String(order.number).padStart(6, '0') } },
    });
    expect(await unread(editor)).toEqual([]);
  });

  it('tells of a finance control move in the reader’s language with its reason, and of a closed stage', async () => {
    const order = await ops.createOrder(editor, client);
    await ops.bill('INCOME', client, { orderIds: [order.id] });
    const moved = await ops.call('PUT', `/api/tms/orders/${order.id}/statuses/financeControl`, editor, {
      status: 'READY',
      version: order.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [finance] = await unread(watcher);
    expect(finance!.type).toBe('orderFinanceControlChanged');
    expect(finance!.content).toContain(FINANCE_CONTROL_STATUS_LABELS.READY.ru);
    expect(finance!.content).not.toContain('причина');

    const controller = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_ALL', 'ROLE_ORDER_FINANCE_CONTROL']);
    const [reason] = await ops.db
      .insert(financeControlStatusReasons)
      .values({ name: 'Нет акта', nameEn: 'No act' })
      .returning();
    const rejected = await ops.call(
      'PUT',
      `/api/tms/orders/${order.id}/statuses/financeControl`,
      controller,
      {
        status: 'REJECTED',
        reasonId: reason!.id,
        version: moved.json().data.version,
      },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [rejection] = await unread(watcher);
    expect(rejection).toMatchObject({ type: 'orderFinanceControlChanged', links: finance!.links });
    expect(rejection!.content).toContain(`${FINANCE_CONTROL_STATUS_LABELS.REJECTED.ru}; причина: Нет акта`);

    const path = `/api/tms/orders/${order.id}`;
    const stage = await ops.addStage(editor, path, []);
    expect((await ops.closeStage(editor, path, stage)).statusCode).toBe(200);
    const [closed] = await unread(watcher);
    expect(closed).toMatchObject({
      type: 'orderStageClosed',
      content: expect.stringContaining(String(stage.name)),
    });
  });

  it('tells a subscriber, never one who turned the type off, of a failed or damaged order, a reopened stage and the archive', async () => {
    const types = ['orderFailed', 'orderDamaged', 'orderStageOpened', 'orderArchived'];
    const roles = ['ROLE_ORDER_VIEW_ALL', 'ROLE_COMPANY_CHAPTERS'];
    const subscriber = await signIn(ops.ctx, roles);
    const unsubscribed = await signIn(ops.ctx, roles);
    const actor = await signIn(ops.ctx, [
      ...EDIT_ALL,
      'ROLE_STAGE_MANAGE_ALL',
      'ROLE_STAGE_REOPEN',
      'ROLE_ORDER_CARGO_DAMAGE',
      'ROLE_ORDER_ARCHIVE',
    ]);
    for (const [who, scope] of [
      [subscriber, 'related'],
      [unsubscribed, 'off'],
    ] as const) {
      const res = await ops.call('PUT', '/api/user-settings/notification-settings', who, {
        settings: types.map((type) => ({ type, scope })),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const curated = await ops.world.counterparty({ curatorIds: [subscriber.user.id, unsubscribed.user.id] });
    const order = await ops.createOrder(actor, curated);
    const path = `/api/tms/orders/${order.id}`;
    const marked = await ops.call('PATCH', path, actor, {
      version: order.version,
      failure: true,
      damaged: true,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const stage = await ops.addStage(actor, path, []);
    const closed = (await ops.closeStage(actor, path, stage)).json().data;
    const reopened = await ops.call('POST', `${path}/stages/${stage.id}/reopen`, actor, {
      version: closed.version,
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const current = (await ops.call('GET', path, actor)).json().data;
    const archived = await ops.call('POST', `${path}/archive`, actor, { version: current.version });
    expect(archived.statusCode, archived.body).toBe(200);

    const received = (await unread(subscriber)).filter(
      (n) => types.includes(n.type) && n.links.operation?.link === `/tms/orders/${order.id}`,
    );
    expect(received.map((n) => n.type).sort()).toEqual([...types].sort());
    expect(received.find((n) => n.type === 'orderStageOpened')!.content).toContain(String(stage.name));
    expect((await unread(unsubscribed)).filter((n) => types.includes(n.type))).toEqual([]);
  });
});

import { ERROR_MESSAGES, flattenTree, OPERATION_MESSAGES } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { buildApp } from '../../src/app';
import { publish } from '../../src/platform/realtime/hub';
import { createTestApp, type TestContext } from '../../src/test/harness';
import {
  type Caller,
  caller as callerOf,
  createJob,
  createOrder,
  EDIT_ALL,
  type Entity,
  type OperationsWorld,
  operationsWorld,
  route,
} from '../../src/test/operations-world';
import { type SignedIn, signIn, socketUrl } from '../../src/test/users';

/**
 * Scopes reach every door (issue 13): the change log, the references a write names, the content of
 * user-defined lists and the real-time connection answer to the same read scopes and roles as the lists.
 * Each attack is the hostile request; each test asserts the refusal and that nothing changed.
 */

type Body = Record<string, unknown>;

describe('scopes reach every door', () => {
  let ctx: TestContext;
  let world: OperationsWorld;
  let call: Caller;
  let admin: SignedIn;
  /** Orders and jobs of his office (Moscow) only, and the counterparties of his office. */
  let forwarder: SignedIn;
  let ownClient: number;
  let otherClient: number;
  let otherContractor: number;
  let ownOrder: Entity;
  let otherOrder: Entity;

  const FORWARDER_ROLES = [
    'ROLE_ORDER_VIEW_OFFICE',
    'ROLE_ORDER_EDIT_OFFICE',
    'ROLE_JOB_VIEW_OFFICE',
    'ROLE_JOB_EDIT_OFFICE',
    'ROLE_COUNTERPARTY_VIEW_OFFICE',
    'ROLE_ORDER_COUNTERPARTY_CHANGE',
    'ROLE_CHANGELOG_VIEW',
  ];

  const total = async (path: string) =>
    (await call('GET', `${path}?itemsPerPage=1`, admin)).json().data.total as number;

  beforeAll(async () => {
    ctx = await createTestApp();
    call = callerOf(ctx);
    world = await operationsWorld(ctx);
    admin = await signIn(ctx, [
      ...EDIT_ALL,
      'ROLE_COUNTERPARTY_VIEW_ALL',
      'ROLE_ORDER_COUNTERPARTY_CHANGE',
      'ROLE_CHANGELOG_VIEW',
    ]);
    forwarder = await signIn(ctx, FORWARDER_ROLES, { serviceOfficeId: world.mow });
    ownClient = await world.counterparty({ name: 'Клиент Свой', serviceOfficeId: world.mow });
    otherClient = await world.counterparty({ name: 'Клиент Чужой', serviceOfficeId: world.msq });
    otherContractor = await world.counterparty({ name: 'Перевозчик Тайный', serviceOfficeId: world.msq });
    ownOrder = await createOrder(ctx, world, admin, ownClient, { serviceOfficeId: world.mow });
    otherOrder = await createOrder(ctx, world, admin, otherClient, { serviceOfficeId: world.msq });
  });
  afterAll(() => ctx?.close());

  describe('the change log', () => {
    const log = (who: SignedIn, query = '') =>
      call('GET', `/api/settings/entity-changelog?itemsPerPage=1000${query}`, who);
    const entries = async (who: SignedIn, query = '') => {
      const res = await log(who, query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.collection as { entityType: string; entityId: number; changes: Body }[];
    };

    it("shows a settings administrator with no order role no order's, job's or stage's changes", async () => {
      await call('PATCH', `/api/tms/orders/${otherOrder.id}`, admin, {
        version: otherOrder.version,
        paymentTermsDays: 45,
      });
      const stageTypeId = await world.stageType('LOG');
      await call('POST', `/api/tms/orders/${otherOrder.id}/stages`, admin, { stageTypeId });
      const everything = await entries(admin);
      const settingsAdmin = await signIn(ctx, ['ROLE_CHANGELOG_VIEW', 'ROLE_SETTINGS_CURRENCIES']);

      const seen = await entries(settingsAdmin);
      expect(seen.filter((e) => ['order', 'job', 'stage', 'counterparty'].includes(e.entityType))).toEqual(
        [],
      );
      expect((await log(settingsAdmin, '&entityType=order')).json().data.total).toBe(0);
      expect(
        (await log(settingsAdmin, `&entityType=order&entityId=${otherOrder.id}`)).json().data.total,
      ).toBe(0);
      expect(await entries(admin)).toEqual(everything);

      // A type the reader may see whole, asked for alone: every entry of it.
      const currency = await call('POST', '/api/settings/currencies', settingsAdmin, {
        code: 'QLG',
        numericCode: '993',
        minorUnits: 2,
        name: 'Журнальная',
      });
      expect(currency.statusCode, currency.body).toBe(201);
      const currencies = await entries(settingsAdmin, '&entityType=currency');
      expect(currencies.map((e) => e.entityId)).toContain(currency.json().data.id);
      expect(currencies.every((e) => e.entityType === 'currency')).toBe(true);
    });

    it("shows an office's forwarder the changes of his office's orders, live or deleted, not another office's", async () => {
      const doomed = await createOrder(ctx, world, admin, otherClient, { serviceOfficeId: world.msq });
      const doomedOwn = await createOrder(ctx, world, admin, ownClient, { serviceOfficeId: world.mow });
      for (const order of [doomed, doomedOwn]) {
        expect((await call('DELETE', `/api/tms/orders/${order.id}`, admin)).statusCode).toBe(200);
      }

      const seen = await entries(forwarder, '&entityType=order');
      const ids = new Set(seen.map((e) => e.entityId));
      expect(ids.has(ownOrder.id)).toBe(true);
      expect(ids.has(otherOrder.id)).toBe(false);
      // A deleted record's entries follow its scope as its last row was (the delete keeps it).
      expect(ids.has(doomedOwn.id)).toBe(true);
      expect(ids.has(doomed.id)).toBe(false);
      expect((await call('GET', `/api/tms/orders/${otherOrder.id}/history`, forwarder)).statusCode).toBe(404);
      const stageEntries = await entries(forwarder, '&entityType=stage');
      expect(stageEntries).toEqual([]);
    });
  });

  it('names in a list only the referenced records the reader may see', async () => {
    // An order of his office for a client of another office: the order he sees, its client he does not.
    const mixed = await createOrder(ctx, world, admin, otherClient, { serviceOfficeId: world.mow });
    const res = await call(
      'GET',
      `/api/tms/orders?itemsPerPage=1000&id=${ownOrder.id},${mixed.id}`,
      forwarder,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { collection, labels } = res.json().data;
    expect(collection.map((order: Entity) => order.id).sort()).toEqual([ownOrder.id, mixed.id].sort());
    expect(labels.clientId).toEqual({ [ownClient]: 'Клиент Свой' });
    expect(labels.serviceOfficeId[world.mow]).toEqual(expect.any(String));
  });

  describe('references of a write', () => {
    const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
      flattenTree(res.json().errors);
    const orderBody = (body: Body) => ({
      clientId: ownClient,
      productId: world.productId,
      serviceOfficeId: world.mow,
      route: route(world),
      cargo: { description: 'Станки' },
      ...body,
    });

    it('refuses an order for a client outside the forwarder’s scope as "not found", writing nothing', async () => {
      const before = await total('/api/tms/orders');
      const res = await call('POST', '/api/tms/orders', forwarder, orderBody({ clientId: otherClient }));
      expect(res.statusCode, res.body).toBe(400);
      expect(errorsOf(res)).toEqual({ clientId: [ERROR_MESSAGES.notFound] });
      expect(res.body).not.toContain('Клиент Чужой');
      expect(await total('/api/tms/orders')).toBe(before);
    });

    it('refuses an order for another office, or for none, that its author could not open', async () => {
      const before = await total('/api/tms/orders');
      const lastLogged = async () =>
        (await call('GET', '/api/settings/entity-changelog?entityType=order&itemsPerPage=1', admin)).json()
          .data.collection[0]?.id;
      const loggedBefore = await lastLogged();
      for (const serviceOfficeId of [world.msq, null]) {
        const res = await call('POST', '/api/tms/orders', forwarder, orderBody({ serviceOfficeId }));
        expect(res.statusCode, res.body).toBe(400);
        expect(errorsOf(res)).toEqual({ serviceOfficeId: [OPERATION_MESSAGES.officeOutOfScope] });
      }
      expect(await total('/api/tms/orders')).toBe(before);
      expect(await lastLogged()).toBe(loggedBefore);
    });

    it("refuses to move one's order to a hidden client or to another office, changing nothing", async () => {
      const before = (await call('GET', `/api/tms/orders/${ownOrder.id}`, admin)).json().data;
      for (const [change, field, message] of [
        [{ clientId: otherClient }, 'clientId', ERROR_MESSAGES.notFound],
        [{ serviceOfficeId: world.msq }, 'serviceOfficeId', OPERATION_MESSAGES.officeOutOfScope],
      ] as const) {
        const res = await call('PATCH', `/api/tms/orders/${ownOrder.id}`, forwarder, {
          version: before.version,
          ...change,
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(errorsOf(res)).toEqual({ [field]: [message] });
      }
      expect((await call('GET', `/api/tms/orders/${ownOrder.id}`, admin)).json().data).toEqual(before);
    });

    it("refuses a job with another office's contractor or order, without telling its name", async () => {
      const before = await total('/api/tms/jobs');
      const contractor = await call('POST', '/api/tms/jobs', forwarder, {
        jobTypeId: world.jobTypeId,
        orderIds: [ownOrder.id],
        serviceOfficeId: world.mow,
        contractorId: otherContractor,
      });
      expect(contractor.statusCode, contractor.body).toBe(400);
      expect(errorsOf(contractor)).toEqual({ contractorId: [ERROR_MESSAGES.notFound] });
      expect(contractor.body).not.toContain('Тайный');
      const order = await call('POST', '/api/tms/jobs', forwarder, {
        jobTypeId: world.jobTypeId,
        orderIds: [ownOrder.id, otherOrder.id],
        serviceOfficeId: world.mow,
      });
      expect(order.statusCode, order.body).toBe(400);
      expect(errorsOf(order)).toEqual({ 'orderIds.1': [ERROR_MESSAGES.notFound] });
      expect(await total('/api/tms/jobs')).toBe(before);
    });

    it('keeps what a record already refers to: only changed references are checked', async () => {
      const order = await createOrder(ctx, world, admin, otherClient, { serviceOfficeId: world.mow });
      const job = await createJob(ctx, world, admin, [order.id], {
        serviceOfficeId: world.mow,
        contractorId: otherContractor,
      });
      const res = await call('PATCH', `/api/tms/orders/${order.id}`, forwarder, {
        version: order.version,
        clientId: otherClient,
        paymentTermsDays: 30,
      });
      expect(res.statusCode, res.body).toBe(200);
      const kept = await call('PATCH', `/api/tms/jobs/${job.id}`, forwarder, {
        version: job.version,
        contractorId: otherContractor,
      });
      expect(kept.statusCode, kept.body).toBe(200);
    });
  });

  describe('user-defined list content', () => {
    let listId: number;
    let editor: SignedIn;
    const content = (who: SignedIn, rows: Body) =>
      call('POST', `/api/user-defined-lists/${listId}/content`, who, rows);
    const rowsOf = async () =>
      (await call('GET', `/api/user-defined-lists/${listId}/content/lazy-select`, admin)).json().data;
    const logOf = async () =>
      (
        await call(
          'GET',
          `/api/settings/entity-changelog?entityType=user_defined_list&entityId=${listId}`,
          admin,
        )
      ).json().data.collection as { action: string; user: { id: number }; changes: Body }[];

    beforeAll(async () => {
      editor = await signIn(ctx, ['ROLE_SETTINGS_USER_LISTS']);
      const list = await call('POST', '/api/user-defined-lists', editor, {
        name: 'Склады',
        fields: [
          { code: 'name', description: 'Склад', required: true },
          { code: 'note', description: 'Примечание' },
        ],
      });
      expect(list.statusCode, list.body).toBe(201);
      listId = list.json().data.id;
      expect(
        (await content(editor, { w1: { id: 'w1', fields: { name: 'Подольск', note: 'рампа' } } })).statusCode,
      ).toBe(200);
    });

    it("refuses to overwrite or blank a row without the list's edit role, writing and logging nothing", async () => {
      const stranger = await signIn(ctx, []);
      const rows = await rowsOf();
      const log = await logOf();
      for (const fields of [{ name: 'Захвачено' }, { name: 'x', note: '' }]) {
        const res = await content(stranger, { w1: { id: 'w1', fields } });
        expect(res.statusCode, res.body).toBe(403);
      }
      // A batch that also adds a row is refused whole.
      const mixed = await content(stranger, {
        w9: { id: 'w9', fields: { name: 'Новый' } },
        w1: { id: 'w1', fields: { name: 'Захвачено' } },
      });
      expect(mixed.statusCode).toBe(403);
      expect(await rowsOf()).toEqual(rows);
      expect(await logOf()).toEqual(log);
    });

    it('logs every change of the content: a row a form adds, a row the editor replaces', async () => {
      const clerk = await signIn(ctx, []);
      expect((await content(clerk, { w2: { id: 'w2', fields: { name: 'Химки' } } })).statusCode).toBe(200);
      expect((await content(editor, { w1: { id: 'w1', fields: { name: 'Подольск-2' } } })).statusCode).toBe(
        200,
      );
      const [replaced, added] = await logOf();
      expect(added).toMatchObject({
        action: 'update',
        user: { id: clerk.user.id },
        changes: { 'content.w2': { old: null, new: { name: 'Химки', note: null } } },
      });
      expect(replaced).toMatchObject({
        user: { id: editor.user.id },
        changes: {
          'content.w1': { old: { name: 'Подольск', note: 'рампа' }, new: { name: 'Подольск-2', note: null } },
        },
      });
    });
  });

  describe('the real-time connection', () => {
    const HOST = 'tms.example';

    function messagesOf(socket: WebSocket) {
      const queue: Body[] = [];
      const waiting: ((message: Body) => void)[] = [];
      socket.on('message', (data) => {
        const message = JSON.parse(String(data));
        const next = waiting.shift();
        if (next) next(message);
        else queue.push(message);
      });
      return () =>
        new Promise<Body>((resolve, reject) => {
          const queued = queue.shift();
          if (queued) return resolve(queued);
          const timer = setTimeout(() => reject(new Error('no message within 3 s')), 3000);
          waiting.push((message) => {
            clearTimeout(timer);
            resolve(message);
          });
        });
    }

    async function open(headers: Record<string, string>, url = '/api/realtime', app = ctx.app) {
      const socket = await app.injectWS(url, { headers: { host: HOST, ...headers } } as never);
      return { socket, next: messagesOf(socket) };
    }

    async function follow(who: SignedIn, topics: string[]) {
      const connection = await open({}, await socketUrl(ctx.app, who.token));
      connection.socket.send(JSON.stringify({ type: 'subscribe', topics }));
      expect(await connection.next()).toEqual({ type: 'subscribed', topics });
      return connection;
    }

    it('stops telling a follower about an order once it left his scope', async () => {
      const order = await createOrder(ctx, world, admin, ownClient, { serviceOfficeId: world.mow });
      const { socket, next } = await follow(forwarder, [`orders/${order.id}`, 'announcements_new']);
      try {
        const moved = await call('PATCH', `/api/tms/orders/${order.id}`, admin, {
          version: order.version,
          serviceOfficeId: world.msq,
        });
        expect(moved.statusCode, moved.body).toBe(200);
        await call('PATCH', `/api/tms/orders/${order.id}`, admin, {
          version: order.version + 1,
          paymentTermsDays: 60,
        });
        // Messages go out in order: the next one he gets is the announcement, none of the order's.
        await publish(ctx.database.db, 'announcements_new', { id: 1 });
        expect(await next()).toEqual({ type: 'message', topic: 'announcements_new', payload: { id: 1 } });
        expect((await call('GET', `/api/tms/orders/${order.id}`, forwarder)).statusCode).toBe(404);
      } finally {
        socket.terminate();
      }
    });

    it('closes the socket of a revoked API key and of a disabled user at the next check', async () => {
      const userAdmin = await signIn(ctx, ['ROLE_USER_EDIT', 'ROLE_USER_LIST']);
      const machine = await signIn(ctx, []);
      const issued = await call('POST', `/api/settings/users/${machine.user.id}/api-key`, userAdmin);
      expect(issued.statusCode, issued.body).toBe(200);
      const byKey = await open({ 'x-api-key': issued.json().data.apiKey });
      const person = await signIn(ctx, []);
      const bySession = await open({}, await socketUrl(ctx.app, person.token));
      const untouched = await open({}, await socketUrl(ctx.app, forwarder.token));
      // How the untouched socket ended, if it did: the failure then says by which code and reason.
      let untouchedEnd: string | undefined;
      untouched.socket.once('close', (code: number, reason: Buffer) => {
        untouchedEnd = `${code} ${reason.toString()}`;
      });
      const closed = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', resolve));
      const keyClosed = closed(byKey.socket);
      const sessionClosed = closed(bySession.socket);

      expect(
        (await call('DELETE', `/api/settings/users/${machine.user.id}/api-key`, userAdmin)).statusCode,
      ).toBe(200);
      const user = (await call('GET', `/api/settings/users/${person.user.id}`, userAdmin)).json().data;
      const disabled = await call('PATCH', `/api/settings/users/${person.user.id}`, userAdmin, {
        version: user.version,
        active: false,
      });
      expect(disabled.statusCode, disabled.body).toBe(200);
      await ctx.app.realtime.recheckConnections();

      expect(await keyClosed).toBe(4401);
      expect(await sessionClosed).toBe(4401);
      expect(untouchedEnd).toBeUndefined();
      expect(untouched.socket.readyState).toBe(untouched.socket.OPEN);
      untouched.socket.terminate();
    });

    it("refuses a handshake from another site's page, and takes the server's own and allowed origins", async () => {
      // A ticket serves one handshake: each attempt asks for its own.
      const url = () => socketUrl(ctx.app, forwarder.token);
      await expect(open({ origin: 'https://evil.example' }, await url())).rejects.toThrow(/403/);
      await expect(open({ origin: `https://${HOST}.evil.example` }, await url())).rejects.toThrow(/403/);
      for (const origin of [`http://${HOST}`, undefined]) {
        const { socket } = await open(origin ? { origin } : {}, await url());
        socket.terminate();
      }
      const portal = await buildApp({
        config: { ...ctx.config, allowedOrigins: ['https://portal.example'] },
        database: ctx.database,
      });
      await portal.ready();
      try {
        const { socket } = await open({ origin: 'https://portal.example' }, await url(), portal);
        socket.terminate();
        await expect(open({ origin: 'https://evil.example' }, await url(), portal)).rejects.toThrow(/403/);
      } finally {
        await portal.close();
      }
    });
  });
});

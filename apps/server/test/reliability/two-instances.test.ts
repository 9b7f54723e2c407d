import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '../../src/db/connection';
import { counterparties } from '../../src/modules/counterparties/tables';
import { products } from '../../src/modules/operations/tables';
import { countries } from '../../src/modules/reference-data/tables';
import { openSession } from '../../src/platform/auth/sessions';
import type { App } from '../../src/platform/http/types';
import { publish } from '../../src/platform/realtime/hub';
import { createUser } from '../../src/test/users';
import { type FreshDatabase, freshDatabase, SECRET_KEY, startInstance } from './postgres';

const PATH = '/api/settings/service-offices';

interface Instance {
  app: App;
  database: Database;
  base: string;
}

/** Reads a socket's messages in order; `next` waits for the next one (or fails after `timeoutMs`). */
function messages(socket: WebSocket) {
  const queue: unknown[] = [];
  const waiters: ((message: unknown) => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  return {
    pending: () => queue.length,
    next(timeoutMs = 5000): Promise<unknown> {
      if (queue.length) return Promise.resolve(queue.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message within the time limit')), timeoutMs);
        waiters.push((message) => {
          clearTimeout(timer);
          resolve(message);
        });
      });
    },
  };
}

/**
 * Two server instances (each with its own pool and its own LISTEN connection) on one PostgreSQL database,
 * as behind a load balancer: neither may keep state the other does not see.
 */
describe('two instances on one database', () => {
  let fresh: FreshDatabase;
  let a: Instance;
  let b: Instance;
  let userId: number;
  let token: string;
  let headers: { authorization: string };

  beforeAll(async () => {
    fresh = await freshDatabase('instances');
    a = await startInstance(fresh.url);
    b = await startInstance(fresh.url, true);
    const user = await createUser(a.database, { roles: ['ROLE_SETTINGS_SERVICE_OFFICES'] });
    userId = user.id;
    ({ token } = await openSession(
      a.database.db,
      { secretKey: SECRET_KEY, tokenTtl: 3600 },
      {
        userId,
        ip: '127.0.0.1',
        userAgent: 'reliability',
      },
      new Date(),
    ));
    headers = { authorization: `Bearer ${token}` };
  });
  afterAll(async () => {
    for (const instance of [a, b]) {
      await instance?.app.close();
      await instance?.database.close();
    }
    await fresh?.drop();
  });

  it('a change made through one is visible through the other, both ways', async () => {
    const created = await a.app.inject({
      method: 'POST',
      url: PATH,
      headers,
      payload: { name: 'Офис Владивосток', code: 'VVO', address: 'Владивосток, ул. Портовая, 1' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const office = created.json().data;

    const seenByB = await b.app.inject({ method: 'GET', url: `${PATH}/${office.id}`, headers });
    expect(seenByB.json().data).toEqual(office);

    const updated = await b.app.inject({
      method: 'PUT',
      url: `${PATH}/${office.id}`,
      headers,
      payload: { version: office.version, address: 'Владивосток, ул. Светланская, 5' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const list = await a.app.inject({ method: 'GET', url: `${PATH}?search=VVO`, headers });
    expect(list.json().data).toEqual({ collection: [updated.json().data], total: 1, totalKind: 'exact' });

    // A stale version sent to the other instance is refused there too.
    const stale = await a.app.inject({
      method: 'PUT',
      url: `${PATH}/${office.id}`,
      headers,
      payload: { version: office.version, code: 'VVO-2' },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('a session ended through one instance is refused by the other', async () => {
    const other = await openSession(
      a.database.db,
      { secretKey: SECRET_KEY, tokenTtl: 3600 },
      {
        userId,
        ip: '127.0.0.1',
        userAgent: 'reliability',
      },
      new Date(),
    );
    const auth = { authorization: `Bearer ${other.token}` };
    expect((await b.app.inject({ method: 'GET', url: PATH, headers: auth })).statusCode).toBe(200);
    const logout = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    expect((await b.app.inject({ method: 'GET', url: PATH, headers: auth })).statusCode).toBe(401);
  });

  // The platform's publish() on instance A's own pool, as a module's action calls it (an order's change
  // through the HTTP API: the next test).
  it('a real-time message published on instance A (publish() on its pool) reaches a WebSocket client of instance B', async () => {
    const topic = `announcements_read/${userId}`;
    const socket = new WebSocket(`${b.base.replace('http', 'ws')}/api/realtime?bearer=${token}`);
    const inbox = messages(socket);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    try {
      socket.send(JSON.stringify({ type: 'subscribe', topics: [topic, 'announcements_read/999999'] }));
      // Only the user's own topic is granted.
      expect(await inbox.next()).toEqual({ type: 'subscribed', topics: [topic] });

      // A message published in a transaction that rolls back never goes out.
      await a.database.db
        .transaction(async (tx) => {
          await publish(tx, topic, { id: 1, rolledBack: true });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await a.database.db.transaction(async (tx) => {
        await publish(tx, topic, { id: 2 });
      });
      await publish(a.database.db, 'announcements_read/999999', { id: 3 });
      await publish(a.database.db, topic, { id: 4 });

      expect(await inbox.next()).toEqual({ type: 'message', topic, payload: { id: 2 } });
      expect(await inbox.next()).toEqual({ type: 'message', topic, payload: { id: 4 } });
      socket.send(JSON.stringify({ type: 'ping' }));
      expect(await inbox.next()).toEqual({ type: 'pong' });
      expect(inbox.pending()).toBe(0);
    } finally {
      socket.close();
    }
  });

  it('an order updated through instance A reaches a WebSocket follower of orders/<id> on instance B', async () => {
    const db = a.database.db;
    const [russia] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'RU'));
    const [product] = await db
      .insert(products)
      .values({ code: 'ROAD', name: 'Автоперевозка' })
      .returning({ id: products.id });
    const [client] = await db
      .insert(counterparties)
      .values({ name: 'ООО «Ромашка»', client: true, countryId: russia!.id, applicationRequired: false })
      .returning({ id: counterparties.id });
    const forwarder = await createUser(a.database, {
      roles: ['ROLE_ORDER_VIEW_ALL', 'ROLE_ORDER_EDIT_ALL', 'ROLE_COUNTERPARTY_VIEW_ALL'],
    });
    const session = await openSession(
      db,
      { secretKey: SECRET_KEY, tokenTtl: 3600 },
      { userId: forwarder.id, ip: '127.0.0.1', userAgent: 'reliability' },
      new Date(),
    );
    const auth = { authorization: `Bearer ${session.token}` };
    const point = (kind: string, address: string) => ({ kind, address, countryId: russia!.id });
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/tms/orders',
      headers: auth,
      payload: {
        clientId: client!.id,
        productId: product!.id,
        route: [point('dispatch', 'Москва, Тверская 1'), point('delivery', 'Казань, Баумана 5')],
        cargo: { description: 'Станки' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json().data;

    const topic = `orders/${order.id}`;
    const socket = new WebSocket(`${b.base.replace('http', 'ws')}/api/realtime?bearer=${session.token}`);
    const inbox = messages(socket);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    try {
      socket.send(JSON.stringify({ type: 'subscribe', topics: [topic, `orders/${order.id + 1}`] }));
      // Only an order the user may read is granted.
      expect(await inbox.next()).toEqual({ type: 'subscribed', topics: [topic] });
      const updated = await a.app.inject({
        method: 'PUT',
        url: `/api/tms/orders/${order.id}`,
        headers: auth,
        payload: { version: order.version, cargo: { description: 'Станки с ЧПУ' } },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(await inbox.next()).toEqual({
        type: 'message',
        topic,
        payload: { id: order.id, version: order.version + 1, changedBy: forwarder.id },
      });
      expect(inbox.pending()).toBe(0);
    } finally {
      socket.close();
    }
  });
});

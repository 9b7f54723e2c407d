import { beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { deliverEvents } from '../../test/harness';
import { EDIT_ALL, setUpOperations } from '../../test/operations-world';
import { type SignedIn, signIn, socketUrl } from '../../test/users';

/** A socket's messages in order; `next` waits for the next one (or fails after 3 s). */
function inbox(socket: WebSocket) {
  const queue: Record<string, unknown>[] = [];
  const waiters: ((message: Record<string, unknown>) => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  return {
    pending: () => queue.length,
    next(): Promise<Record<string, unknown>> {
      if (queue.length) return Promise.resolve(queue.shift()!);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message within 3 s')), 3000);
        waiters.push((message) => {
          clearTimeout(timer);
          resolve(message);
        });
      });
    },
  };
}

const ops = setUpOperations();
let editor: SignedIn;

async function follow(who: SignedIn, topics: string[]) {
  const socket = await ops.ctx.app.injectWS(await socketUrl(ops.ctx.app, who.token));
  const messages = inbox(socket);
  socket.send(JSON.stringify({ type: 'subscribe', topics }));
  const answer = await messages.next();
  return { socket, messages, subscribed: answer.topics as string[] };
}

beforeAll(async () => {
  editor = await signIn(ops.ctx, [...EDIT_ALL, 'ROLE_ORDER_ARCHIVE']);
});

describe('real-time changes of orders and jobs', () => {
  it('tells a follower of orders/<id> of each change: update, archive, delete', async () => {
    const client = await ops.world.counterparty();
    const order = await ops.createOrder(editor, client);
    const watcher = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_ALL']);
    const { socket, messages, subscribed } = await follow(watcher, [`orders/${order.id}`]);
    expect(subscribed).toEqual([`orders/${order.id}`]);
    try {
      const updated = await ops.call('PUT', `/api/tms/orders/${order.id}`, editor, {
        version: order.version,
        cargo: { description: 'Станки с ЧПУ' },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      await deliverEvents(ops.ctx.app);
      expect(await messages.next()).toEqual({
        type: 'message',
        topic: `orders/${order.id}`,
        payload: { id: order.id, version: order.version + 1, changedBy: editor.user.id },
      });

      // A refused write publishes nothing.
      const stale = await ops.call('PUT', `/api/tms/orders/${order.id}`, editor, {
        version: order.version,
        cargo: { description: 'Старое' },
      });
      expect(stale.statusCode).toBe(409);
      await deliverEvents(ops.ctx.app);

      const archived = await ops.call('POST', `/api/tms/orders/${order.id}/archive`, editor, {
        version: order.version + 1,
      });
      expect(archived.statusCode, archived.body).toBe(200);
      await deliverEvents(ops.ctx.app);
      expect((await messages.next()).payload).toEqual({
        id: order.id,
        version: order.version + 2,
        changedBy: editor.user.id,
      });
      const restored = await ops.call('POST', `/api/tms/orders/${order.id}/unarchive`, editor, {
        version: order.version + 2,
      });
      expect(restored.statusCode, restored.body).toBe(200);
      await deliverEvents(ops.ctx.app);
      expect((await messages.next()).payload).toMatchObject({ version: order.version + 3 });

      const deleted = await ops.call('DELETE', `/api/tms/orders/${order.id}`, editor);
      expect(deleted.statusCode, deleted.body).toBe(200);
      await deliverEvents(ops.ctx.app);
      expect((await messages.next()).payload).toEqual({
        id: order.id,
        version: order.version + 3,
        changedBy: editor.user.id,
        deleted: true,
      });
      expect(messages.pending()).toBe(0);
    } finally {
      socket.terminate();
    }
  });

  it('tells a follower of jobs/<id> when the job changes', async () => {
    const order = await ops.createOrder(editor, await ops.world.counterparty());
    const job = await ops.createJob(editor, [order.id]);
    const { socket, messages, subscribed } = await follow(editor, [`jobs/${job.id}`]);
    expect(subscribed).toEqual([`jobs/${job.id}`]);
    try {
      const updated = await ops.call('PUT', `/api/tms/jobs/${job.id}`, editor, {
        version: job.version,
        tracking: true,
      });
      expect(updated.statusCode, updated.body).toBe(200);
      await deliverEvents(ops.ctx.app);
      expect(await messages.next()).toEqual({
        type: 'message',
        topic: `jobs/${job.id}`,
        payload: { id: job.id, version: job.version + 1, changedBy: editor.user.id },
      });
    } finally {
      socket.terminate();
    }
  });

  it('lets only those who may read the record follow it', async () => {
    const order = await ops.createOrder(editor, await ops.world.counterparty());
    const job = await ops.createJob(editor, [order.id]);
    const topics = [`orders/${order.id}`, `jobs/${job.id}`];
    const malformed = ['orders', 'orders/abc', 'orders/0', 'orders/99999999999', 'jobs/-1'];

    // Own scope reaches only the orders one forwards, sells or curates; no role reaches nothing.
    const stranger = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_OWN']);
    const nobody = await signIn(ops.ctx, []);
    for (const who of [stranger, nobody]) {
      const { socket, subscribed } = await follow(who, [...topics, ...malformed]);
      expect(subscribed).toEqual([]);
      socket.terminate();
    }
    const missing = await follow(editor, [`orders/${order.id + 1000}`, ...malformed]);
    expect(missing.subscribed).toEqual([]);
    missing.socket.terminate();

    // Once the order is theirs (forwarder), the own scope reaches it.
    const mine = await ops.call('PUT', `/api/tms/orders/${order.id}`, editor, {
      version: order.version,
      forwarderId: stranger.user.id,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const own = await follow(stranger, topics);
    expect(own.subscribed).toEqual([`orders/${order.id}`]);
    own.socket.terminate();
  });
});

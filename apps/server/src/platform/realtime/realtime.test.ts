import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { buildApp } from '../../app';
import { createTestApp, type TestContext } from '../../test/harness';
import { signIn, socketUrl } from '../../test/users';
import type { App } from '../http/types';
import { publish } from './hub';

function nextMessage(socket: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no message within 3 s')), 3000);
    socket.once('message', (data) => {
      clearTimeout(timer);
      resolve(JSON.parse(String(data)));
    });
  });
}

async function subscribe(app: App, token: string, topics: string[]) {
  const socket = await app.injectWS(await socketUrl(app, token));
  const answer = nextMessage(socket);
  socket.send(JSON.stringify({ type: 'subscribe', topics }));
  return { socket, subscribed: (await answer).topics as string[] };
}

describe('real time', () => {
  let ctx: TestContext;
  let second: App;
  beforeAll(async () => {
    ctx = await createTestApp();
    // A second instance on the same database: what one publishes, the other's clients receive.
    second = await buildApp({ config: ctx.config, database: ctx.database });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  it('delivers a published message to the subscriber of its topic, on every instance', async () => {
    const { user, token } = await signIn(ctx, []);
    const topic = `notifications_new/${user.contactId}`;
    const here = await subscribe(ctx.app, token, [topic]);
    const there = await subscribe(second, token, [topic]);
    expect(here.subscribed).toEqual([topic]);

    const received = Promise.all([nextMessage(here.socket), nextMessage(there.socket)]);
    await publish(ctx.database.db, topic, { id: 7, content: 'Новый заказ' });
    for (const message of await received) {
      expect(message).toEqual({ type: 'message', topic, payload: { id: 7, content: 'Новый заказ' } });
    }
    here.socket.terminate();
    there.socket.terminate();
  });

  it('refuses topics of other users and unknown topics', async () => {
    const { user, token } = await signIn(ctx, []);
    const { socket, subscribed } = await subscribe(ctx.app, token, [
      `notifications_new/${user.contactId + 1000}`,
      `announcements_read/${user.id + 1000}`,
      'no_such_topic',
      `announcements_read/${user.id}`,
      'announcements_new',
    ]);
    expect(subscribed).toEqual([`announcements_read/${user.id}`, 'announcements_new']);
    socket.terminate();
  });

  it('publishes from a transaction only when it commits', async () => {
    const { user, token } = await signIn(ctx, []);
    const topic = `announcements_read/${user.id}`;
    const { socket } = await subscribe(ctx.app, token, [topic]);
    const messages: unknown[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    await ctx.database.db
      .transaction(async (tx) => {
        await publish(tx, topic, { id: 1 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await publish(ctx.database.db, topic, { id: 2 });
    // Notifications arrive in commit order: had the rolled-back one been sent, it would come first.
    await vi.waitFor(() => expect(messages.length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(messages).toEqual([{ type: 'message', topic, payload: { id: 2 } }]);
    socket.terminate();
  });

  it('refuses a connection without a valid ticket', async () => {
    await expect(ctx.app.injectWS('/api/realtime?ticket=nonsense')).rejects.toThrow();
  });

  it('closes the connections of a session that ended', async () => {
    const { token } = await signIn(ctx, []);
    const { socket } = await subscribe(ctx.app, token, ['announcements_new']);
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    await ctx.app.realtime.recheckConnections();
    expect(await closed).toBe(4401);
  });
});

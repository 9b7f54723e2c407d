import fastifyWebsocket from '@fastify/websocket';
import { dataSchema } from '@tms/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { claimsOfSession, issueSocketTicket } from '../auth/url-credentials';
import type { App } from '../http/types';
import { maySubscribe, RealtimeHub } from './hub';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), topics: z.array(z.string().max(200)).max(100) }),
  z.object({ type: z.literal('unsubscribe'), topics: z.array(z.string().max(200)).max(100) }),
  z.object({ type: z.literal('ping') }),
]);

/**
 * `GET /api/realtime` (WebSocket). A browser cannot set headers on the handshake: it asks for a one-time
 * ticket (`POST /api/realtime/ticket`) and connects with `?ticket=`; other clients send their header.
 * Client: `{"type":"subscribe","topics":["notifications_new/12"]}`; server: `{"type":"message","topic",
 * "payload"}`, `{"type":"subscribed","topics":[...]}` (only the allowed ones), `{"type":"error"}`.
 */
export async function registerRealtime(app: FastifyInstance): Promise<void> {
  const hub = new RealtimeHub(app.database);
  app.decorate('realtime', hub);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await hub.start();
  app.addHook('onClose', () => hub.stop());
}

export default async function realtimeModule(app: App): Promise<void> {
  const hub = app.realtime;
  app.post(
    '/realtime/ticket',
    {
      schema: {
        tags: ['realtime'],
        summary: 'A one-time ticket for the WebSocket handshake (`?ticket=`), valid for half a minute',
        response: { 200: dataSchema(z.object({ ticket: z.string() })) },
      },
    },
    async (request) => ({
      data: {
        ticket: await issueSocketTicket(app.database.db, claimsOfSession(request.auth!), app.clock()),
      },
    }),
  );

  app.get(
    '/realtime',
    { websocket: true, config: { urlCredential: 'socketTicket' }, schema: { hide: true } },
    (socket, request) => {
      const client = hub.add(socket, request.auth!);
      socket.on('message', async (data) => {
        let parsed: z.infer<typeof clientMessage>;
        try {
          parsed = clientMessage.parse(JSON.parse(String(data)));
        } catch {
          socket.send(JSON.stringify({ type: 'error', message: 'Validation Failed' }));
          return;
        }
        if (parsed.type === 'ping') {
          socket.send(JSON.stringify({ type: 'pong' }));
          return;
        }
        if (parsed.type === 'unsubscribe') {
          for (const topic of parsed.topics) client.topics.delete(topic);
          return;
        }
        const allowed: string[] = [];
        try {
          for (const topic of parsed.topics) {
            if (await maySubscribe(app.registries.topics, client.auth, topic, app.database.db))
              allowed.push(topic);
          }
        } catch (error) {
          request.log.error(error);
          socket.send(JSON.stringify({ type: 'error', message: 'Internal Server Error' }));
          return;
        }
        for (const topic of allowed) client.topics.add(topic);
        socket.send(JSON.stringify({ type: 'subscribed', topics: allowed }));
      });
    },
  );
}

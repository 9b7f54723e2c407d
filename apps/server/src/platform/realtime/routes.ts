import fastifyWebsocket from '@fastify/websocket';
import { dataSchema, ERROR_MESSAGES } from '@tms/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiKeyHash } from '../auth/api-key';
import type { Credential } from '../auth/authenticate';
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
  const hub = new RealtimeHub(app.database, app.registries.topics);
  app.decorate('realtime', hub);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await hub.start(app.appConfig.realtimeCheckMs);
  app.addHook('onClose', () => hub.stop());
}

/**
 * A browser opens the connection only from the server's own pages or an origin of `ALLOWED_ORIGINS`, so
 * another site cannot open it with its visitor's credentials (cross-site WebSocket hijacking). A client
 * that is no browser sends no `Origin` and passes.
 */
export function originAllowed(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  const given = new URL(origin);
  if (allowed.includes(given.origin)) return true;
  // The server's own origin: its Host, by the scheme it is reached with (none on an in-process connection).
  const protocol: string | undefined = request.protocol;
  const own = URL.canParse(`${given.protocol}//${request.host}`)
    ? new URL(`${given.protocol}//${request.host}`).host
    : undefined;
  return given.host === own && (protocol === undefined || `${protocol}:` === given.protocol);
}

/** How the connection signed in, checked again while it stays open. */
function credentialOf(request: FastifyRequest): Credential {
  const { sessionId } = request.auth!;
  if (sessionId !== null) return { sessionId };
  return { apiKeyHash: apiKeyHash(String(request.headers['x-api-key'])) };
}

export default async function realtimeModule(app: App): Promise<void> {
  const hub = app.realtime;
  const refuseForeignOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!originAllowed(request, app.appConfig.allowedOrigins)) {
      return reply.code(403).send({ code: 403, message: ERROR_MESSAGES.accessDenied });
    }
  };
  app.post(
    '/realtime/ticket',
    {
      config: { changesNoData: true },
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
    {
      websocket: true,
      config: { urlCredential: 'socketTicket' },
      schema: { hide: true },
      preValidation: refuseForeignOrigin,
    },
    (socket, request) => {
      const client = hub.add(socket, request.auth!, credentialOf(request));
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

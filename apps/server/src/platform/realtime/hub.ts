import { and, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { Database, Tx } from '../../db/connection';
import type { AuthContext } from '../auth/context';
import { sessions } from '../auth/tables';

/** One channel carries every message; instances LISTEN on it and deliver to their own sockets. */
export const REALTIME_CHANNEL = 'tms_realtime';

/**
 * Who may subscribe to a topic. A topic is `name` or `name/<id>`; the rule of its name decides. Modules
 * declare rules for their topics in their definition (`topics`); the shell's topics (spec §4) are the
 * realtime part's own. A rule about a record (whoever may read order 12 may follow `orders/12`) asks the
 * database, through `db`.
 */
export type TopicRule = (auth: AuthContext, id: string | undefined, db: Tx) => boolean | Promise<boolean>;

const everyone: TopicRule = (_auth, id) => id === undefined;
const ownUser: TopicRule = (auth, id) => id === String(auth.userId);
const ownContact: TopicRule = (auth, id) => id === String(auth.contactId);
/** The shell's topics: announcements and notifications. */
export const SHELL_TOPICS: Readonly<Record<string, TopicRule>> = {
  announcements_new: everyone,
  announcements_read: ownUser,
  announcements_read_all: ownUser,
  notifications_new: ownContact,
  notifications_read: ownContact,
};

export async function maySubscribe(
  topicRules: ReadonlyMap<string, TopicRule>,
  auth: AuthContext,
  topic: string,
  db: Tx,
): Promise<boolean> {
  const slash = topic.indexOf('/');
  const name = slash === -1 ? topic : topic.slice(0, slash);
  const id = slash === -1 ? undefined : topic.slice(slash + 1);
  const rule = topicRules.get(name);
  return rule ? rule(auth, id, db) : false;
}

/**
 * Publishes a message to every subscriber on every instance. Called with a transaction, the message goes
 * out only if it commits (NOTIFY is transactional). Payloads stay small: ids and short texts.
 */
export async function publish(tx: Tx, topic: string, payload: unknown): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify({ topic, payload })})`);
}

interface Client {
  auth: AuthContext;
  topics: Set<string>;
}

/** The sockets of this instance and the subscriptions they hold. */
export class RealtimeHub {
  private readonly clients = new Map<WebSocket, Client>();
  private unlisten?: () => Promise<void>;
  private sweeper?: NodeJS.Timeout;

  constructor(private readonly database: Database) {}

  async start(sessionCheckMs = 60_000): Promise<void> {
    this.unlisten = await this.database.listen(REALTIME_CHANNEL, (raw) => this.deliver(raw));
    this.sweeper = setInterval(() => void this.closeEndedSessions(), sessionCheckMs);
    this.sweeper.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await this.unlisten?.();
    for (const socket of this.clients.keys()) socket.close(1001, 'server shutting down');
    this.clients.clear();
  }

  add(socket: WebSocket, auth: AuthContext): Client {
    const client: Client = { auth, topics: new Set() };
    this.clients.set(socket, client);
    socket.on('close', () => this.clients.delete(socket));
    return client;
  }

  get size(): number {
    return this.clients.size;
  }

  private deliver(raw: string): void {
    let message: { topic?: unknown; payload?: unknown };
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof message.topic !== 'string') return;
    const text = JSON.stringify({ type: 'message', topic: message.topic, payload: message.payload });
    for (const [socket, client] of this.clients) {
      if (client.topics.has(message.topic) && socket.readyState === socket.OPEN) socket.send(text);
    }
  }

  /** Signing out or disabling a user also ends their live connections (checked once a minute). */
  async closeEndedSessions(): Promise<void> {
    const ids = [
      ...new Set([...this.clients.values()].map((c) => c.auth.sessionId).filter((id) => id !== null)),
    ];
    if (ids.length === 0) return;
    const live = await this.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
    const liveIds = new Set(live.map((row) => row.id));
    for (const [socket, client] of this.clients) {
      if (client.auth.sessionId && !liveIds.has(client.auth.sessionId)) socket.close(4401, 'session ended');
    }
  }
}

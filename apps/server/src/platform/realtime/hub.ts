import { sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { Database, Tx } from '../../db/connection';
import { type Credential, credentialKey, currentPrincipals } from '../auth/authenticate';
import { type AuthContext, isStaff, type Principal } from '../auth/context';

/** One channel carries every message; instances LISTEN on it and deliver to their own sockets. */
export const REALTIME_CHANNEL = 'tms_realtime';

/**
 * Who may subscribe to a topic. A topic is `name` or `name/<id>`; the rule of its name decides. Modules
 * declare rules for their topics in their definition (`topics`); the shell's topics (spec §4) are the
 * realtime part's own. A rule about a record (whoever may read order 12 may follow `orders/12`) asks the
 * database, through `db`.
 */
export type TopicRule = (
  auth: Principal,
  id: string | undefined,
  db: Tx,
  /**
   * `subscribe` when a client asks for the topic; `deliver` when a message of it goes out, which asks the
   * rule again (a record that left the user's scope is no longer followed; one that was deleted may still
   * announce it to its followers).
   */
  moment: TopicMoment,
) => boolean | Promise<boolean>;
export type TopicMoment = 'subscribe' | 'deliver';

const everyone: TopicRule = (auth, id) => isStaff(auth) && id === undefined;
const ownUser: TopicRule = (auth, id) => isStaff(auth) && id === String(auth.userId);
const ownContact: TopicRule = (auth, id) => isStaff(auth) && id === String(auth.contactId);

/**
 * A record's topic (`name/<id>`) is followed by whoever may read the record: its read roles and scope, the
 * counterparty of a cabinet; asked again at each delivery, so a record that left the scope stops.
 */
export const recordTopic =
  (service: { canRead(ctx: { tx: Tx; auth: Principal }, id: number): Promise<boolean> }): TopicRule =>
  (auth, id, tx) =>
    id !== undefined && /^\d{1,9}$/.test(id) && service.canRead({ tx, auth }, Number(id));
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
  auth: Principal,
  topic: string,
  db: Tx,
  moment: TopicMoment = 'subscribe',
): Promise<boolean> {
  const slash = topic.indexOf('/');
  const name = slash === -1 ? topic : topic.slice(0, slash);
  const id = slash === -1 ? undefined : topic.slice(slash + 1);
  const rule = topicRules.get(name);
  return rule ? rule(auth, id, db, moment) : false;
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
  credential: Credential;
  topics: Set<string>;
}

/** The sockets of this instance and the subscriptions they hold. */
export class RealtimeHub {
  private readonly clients = new Map<WebSocket, Client>();
  private unlisten?: () => Promise<void>;
  private sweeper?: NodeJS.Timeout;
  /** Messages go out one after another, in the order they were published. */
  private delivering: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly topicRules: ReadonlyMap<string, TopicRule>,
  ) {}

  /** `checkMs`: how often the connections' credentials are checked again (`recheckConnections`). */
  async start(checkMs: number): Promise<void> {
    this.unlisten = await this.database.listen(REALTIME_CHANNEL, (raw) => {
      this.delivering = this.delivering.then(() => this.deliver(raw));
    });
    this.sweeper = setInterval(() => void this.recheckConnections(), checkMs);
    this.sweeper.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await this.unlisten?.();
    for (const socket of this.clients.keys()) socket.close(1001, 'server shutting down');
    this.clients.clear();
  }

  add(socket: WebSocket, auth: AuthContext, credential: Credential): Client {
    const client: Client = { auth, credential, topics: new Set() };
    this.clients.set(socket, client);
    socket.on('close', () => this.clients.delete(socket));
    return client;
  }

  get size(): number {
    return this.clients.size;
  }

  /** Waits for the messages received so far to be delivered (tests). */
  flushed(): Promise<void> {
    return this.delivering;
  }

  /**
   * Sends a message to the subscribers of its topic who may still follow it: the topic's rule is asked
   * again for each (a record that left the user's scope since they subscribed is no longer followed), so a
   * subscription never outlives the access it was given for.
   */
  private async deliver(raw: string): Promise<void> {
    let message: { topic?: unknown; payload?: unknown };
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    const topic = message.topic;
    if (typeof topic !== 'string') return;
    const text = JSON.stringify({ type: 'message', topic, payload: message.payload });
    for (const [socket, client] of this.clients) {
      if (!client.topics.has(topic) || socket.readyState !== socket.OPEN) continue;
      const allowed = await maySubscribe(
        this.topicRules,
        client.auth,
        topic,
        this.database.db,
        'deliver',
      ).catch(() => false);
      if (allowed) socket.send(text);
      else client.topics.delete(topic);
    }
  }

  /**
   * Signing out, an ended session, a disabled user or a revoked API key close the connections that use
   * them (every `checkMs`, a few seconds); the others take their user's current roles and office, which
   * the topics' rules then judge by.
   */
  async recheckConnections(): Promise<void> {
    if (this.clients.size === 0) return;
    // The connections as they were asked about: one opened while the database answered is judged at the
    // next check, not closed for missing from an answer that never asked about it.
    const checked = [...this.clients];
    const current = await currentPrincipals(
      this.database.db,
      checked.map(([, client]) => client.credential),
    );
    for (const [socket, client] of checked) {
      const principal = current.get(credentialKey(client.credential));
      if (principal) client.auth = { ...client.auth, ...principal };
      else socket.close(4401, 'session ended');
    }
  }
}

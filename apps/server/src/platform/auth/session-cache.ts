import type { Database } from '../../db/connection';
import type { Clock } from '../clock';
import type { App } from '../http/types';

/** Announced on commit by the database triggers of migration 0025 (users, sessions, groups, offices). */
export const AUTH_CHANGED_CHANNEL = 'tms_auth_changed';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a credential (a session, an API key) resolved to, kept `ttlMs` so that a page of requests does not
 * resolve it again each time. Dropped whole whenever anything it depends on changes: on the database's
 * announcement (every instance, whoever wrote it) and, on this instance, as soon as a write is answered
 * (the announcement may arrive a moment after the answer).
 */
export class SessionCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  /** Counts the drops: a value read before a drop is not kept after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly clock: Clock,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.clock().getTime() - entry.at < this.ttlMs) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Call before reading a value from the database; pass the answer to `set`. */
  begin(): number {
    return this.generation;
  }

  set(key: string, value: V, readAt: number): void {
    if (this.ttlMs <= 0 || readAt !== this.generation) return;
    // The oldest entry goes first (a Map keeps insertion order).
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, at: this.clock().getTime() });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that ends a session (`/logout`, leaving an impersonation): drops the cache like a write. */
    endsSessions?: boolean;
  }
}

/**
 * Drops `cache` on every instance's announcement and after each write this instance answers, so the
 * credential a request just ended cannot pass on this instance while the announcement is on its way.
 */
export async function wireSessionCache(
  app: App,
  database: Database,
  cache: SessionCache<unknown>,
): Promise<void> {
  const unlisten = await database.listen(AUTH_CHANGED_CHANNEL, () => cache.clear());
  app.addHook('onClose', async () => unlisten());
  // Callback hooks here and in the request's other fixed hooks: an async one costs every answer a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      reply.statusCode < 400 &&
      (!READ_METHODS.has(request.method) || request.routeOptions.config.endsSessions)
    ) {
      cache.clear();
    }
    done(null, payload);
  });
}

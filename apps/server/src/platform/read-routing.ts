import type { FastifyRequest } from 'fastify';
import type { Database, Tx } from '../db/connection';
import type { Clock } from './clock';
import type { App } from './http/types';

/** Announces that a user wrote, so that every instance reads that user's lists from the primary for a while. */
const WROTE_CHANNEL = 'tms_user_wrote';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Past this many recent writers the expired ones are swept (the map never grows with the user base). */
const SWEEP_ABOVE = 10_000;

/**
 * Where lists, exports and reports read: the read replica (`DATABASE_READ_URL`) when there is one, except for
 * a user who wrote within the read-your-writes window, who reads from the primary so that a list never lacks
 * what they just saved. Writes, single records and everything else always use the primary.
 */
export class ReadRouting {
  private readonly wroteAt = new Map<number, number>();

  constructor(
    private readonly database: Database,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** The connection a read-mostly request of `userId` (a list, an export, a report) runs on. */
  readerFor(userId: number | undefined): Tx {
    const { reader, db } = this.database;
    if (!reader || userId === undefined || this.wroteRecently(userId)) return db;
    return reader;
  }

  wroteRecently(userId: number): boolean {
    const at = this.wroteAt.get(userId);
    return at !== undefined && this.clock().getTime() - at < this.windowMs;
  }

  wrote(userId: number): void {
    const now = this.clock().getTime();
    this.wroteAt.delete(userId);
    this.wroteAt.set(userId, now);
    if (this.wroteAt.size <= SWEEP_ABOVE) return;
    for (const [id, at] of this.wroteAt) {
      if (now - at < this.windowMs) break;
      this.wroteAt.delete(id);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    readRouting: ReadRouting;
  }
  interface FastifyContextConfig {
    /** A POST that changes nothing the user lists (a signed link, a socket ticket): no read-your-writes. */
    changesNoData?: boolean;
  }
}

/**
 * Marks every successful write of a signed-in user before its answer leaves (the client cannot ask for the
 * list before it is marked) and tells the other instances through LISTEN/NOTIFY.
 */
export async function registerReadRouting(app: App, windowMs: number): Promise<void> {
  const routing = new ReadRouting(app.database, windowMs, app.clock);
  app.decorate('readRouting', routing);
  if (!app.database.reader) return;
  const unlisten = await app.database.listen(WROTE_CHANNEL, (payload) => {
    const userId = Number(payload);
    if (Number.isSafeInteger(userId)) routing.wrote(userId);
  });
  app.addHook('onClose', async () => unlisten());
  app.addHook('onSend', async (request, reply) => {
    if (READ_METHODS.has(request.method) || !request.auth || reply.statusCode >= 400) return;
    if (request.routeOptions.config.changesNoData) return;
    routing.wrote(request.auth.userId);
    await app.database.notify(WROTE_CHANNEL, String(request.auth.userId));
  });
}

/**
 * The connection a list, export or report answering `request` reads from; a cabinet's, its walled
 * transaction (platform/auth/cabinet-wall.ts).
 */
export function readerOf(request: FastifyRequest): Tx {
  return request.cabinetTx?.tx ?? request.server.readRouting.readerFor(request.auth?.userId);
}

import { createHash } from 'node:crypto';
import { emptyTree, REQUEST_MESSAGES } from '@tms/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, ValidationError } from '../errors';
import type { ScheduledJob } from '../jobs/scheduler';
import { idempotencyKeys } from './tables';

interface Claim {
  userId: number;
  key: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A POST that creates records though it answers 200 (a statement import writing payments): its
     * Idempotency-Key is honoured as a create's is. A multipart one claims it with `claimUpload`.
     */
    creates?: boolean;
  }
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed, answered into the table when it succeeds. */
    idempotencyKey: Claim | null;
    /**
     * An upload's Idempotency-Key, not yet claimed: its body is streamed to storage, so the route claims it
     * with what it read (`claimUpload`).
     */
    idempotencyUpload: Claim | null;
  }
}

/** How long a key is kept: a repeat within it replays the first answer, after it the key is new again. */
const KEY_LIFETIME = sql`interval '1 day'`;

/** A JSON value with its members in a fixed order, so one body always hashes alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The request a key was used for: method, URL and the validated body (an upload: what the route read). */
function fingerprint(request: FastifyRequest, body: unknown = request.body): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(canonical(body) ?? null)}`)
    .digest('hex');
}

/** A create: a POST whose route answers 201 (the contract's create), or says it creates (`config.creates`). */
function isCreate(request: FastifyRequest): boolean {
  if (request.method !== 'POST') return false;
  const response = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
  return response?.[201] !== undefined || request.routeOptions.config.creates === true;
}

/**
 * Claims `claim` for a request that `print` identifies. Answers true when this request claimed it (it runs
 * and its answer is kept), else replays the first answer into `reply` and answers false; throws 422 for a
 * key used with another request and 409 while the first one still runs.
 */
async function claimKey(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  claim: Claim,
  print: string,
): Promise<boolean> {
  const db = app.database.db;
  // An expired key is claimed anew, as if it had never been used.
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ ...claim, fingerprint: print })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { fingerprint: print, statusCode: null, body: null, createdAt: sql`now()` },
      setWhere: lt(idempotencyKeys.createdAt, sql`now() - ${KEY_LIFETIME}`),
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed) {
    request.idempotencyKey = claim;
    return true;
  }
  const [first] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
  if (first && first.fingerprint !== print) throw new HttpError(422, REQUEST_MESSAGES.idempotencyKeyReused);
  if (!first || first.statusCode === null || first.body === null) {
    throw new HttpError(409, REQUEST_MESSAGES.idempotencyKeyInProgress);
  }
  reply
    .code(first.statusCode)
    .header('content-type', 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(first.body);
  return false;
}

/**
 * An upload route's claim of its Idempotency-Key, once it has read the body (`read`: the file's hash, size
 * and name). Answers true when the route goes on; false when the first answer was replayed, and the route
 * drops what it stored.
 */
export async function claimUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  read: unknown,
): Promise<boolean> {
  const claim = request.idempotencyUpload;
  if (!claim) return true;
  request.idempotencyUpload = null;
  return claimKey(request.server, request, reply, claim, fingerprint(request, read));
}

/**
 * `Idempotency-Key` on every create of a signed-in user: the first request with a key claims it (a unique
 * row, so of two parallel requests only one runs); a repeat with the same request gets the first answer
 * (status and body) and creates nothing more; the same key with another request is a 422; a repeat while
 * the first still runs is a 409. A failed request frees its key. Keys live a day.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotencyKey', null);
  app.decorateRequest('idempotencyUpload', null);

  // Callback hooks that return at once for what is no create with a key (every read): an async hook costs
  // every request a promise.
  app.addHook('preHandler', (request, reply, done) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !request.auth || !isCreate(request)) return done();
    if (typeof header !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(header)) {
      const tree = emptyTree();
      tree.errors.push(REQUEST_MESSAGES.idempotencyKeyInvalid);
      return done(new ValidationError(tree));
    }
    const claim = { userId: request.auth.userId, key: header };
    if (request.isMultipart?.()) {
      request.idempotencyUpload = claim;
      return done();
    }
    // Not claimed: the first answer was replayed into `reply`, which ends the request here.
    claimKey(app, request, reply, claim, fingerprint(request)).then((claimed) => {
      if (claimed) done();
    }, done);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotencyKey;
    if (!claim) return done(null, payload);
    request.idempotencyKey = null;
    const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
    const settled =
      reply.statusCode < 300 && typeof payload === 'string'
        ? app.database.db
            .update(idempotencyKeys)
            .set({ statusCode: reply.statusCode, body: payload })
            .where(where)
        : app.database.db.delete(idempotencyKeys).where(where);
    settled.then(() => done(null, payload), done);
  });
}

/** Drops the keys older than their lifetime. */
export const idempotencyKeysJob: ScheduledJob = {
  name: 'idempotency-keys',
  intervalMs: 60 * 60 * 1000,
  async run({ database }) {
    await database.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, sql`now() - ${KEY_LIFETIME}`));
  },
};

import { ERROR_MESSAGES } from '@tms/domain';
import { and, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/connection';
import type { Clock } from '../clock';
import { HttpError } from '../errors';
import { accessGroups, serviceOffices, userAccessGroups, users } from '../identity/tables';
import { apiKeyHash } from './api-key';
import type { AuthContext, SubordinatesOf } from './context';
import type { Authenticate } from './guard';
import { type IpAccess, ipAllowed } from './ip';
import { SessionCache } from './session-cache';
import { sessions } from './tables';
import { type TokenClaims, tokenVerifier } from './tokens';
import { redeemSocketTicket, verifyLink } from './url-credentials';

/** The users table or an alias of it (the real user while impersonating). */
interface UsersTable {
  id: AnyPgColumn;
  roles: AnyPgColumn;
  remoteAccess: AnyPgColumn;
  ipRestriction: AnyPgColumn;
  serviceOfficeId: AnyPgColumn;
}

/**
 * Effective roles of a user row in the query: their own plus those of their enabled access groups. The
 * user's columns are read in FROM-less selects: in a one-table query drizzle writes them unqualified,
 * and beside the groups' tables "id" and "roles" would name the group's columns instead.
 */
export function effectiveRolesSql(u: UsersTable = users): SQL<string[]> {
  return sql<string[]>`ARRAY(
    SELECT unnest(own.roles) FROM (SELECT ${u.roles} AS roles) own
    UNION
    SELECT unnest(g.roles) FROM (SELECT ${u.id} AS id) own
      JOIN ${userAccessGroups} uag ON uag.user_id = own.id
      JOIN ${accessGroups} g ON g.id = uag.access_group_id AND g.enabled)`;
}

/** The office addresses the user's IP restriction lets in (see ip.ts `IpAccess.officeAddresses`). */
export function officeAddressesSql(u: UsersTable = users): SQL<string[]> {
  return sql<string[]>`CASE
    WHEN ${u.remoteAccess} OR ${u.ipRestriction} = 'none' THEN '{}'::text[]
    WHEN ${u.ipRestriction} = 'office' THEN coalesce(
      (SELECT ${serviceOffices.ipAddresses} FROM ${serviceOffices}
        WHERE ${serviceOffices.id} = ${u.serviceOfficeId} AND ${serviceOffices.enabled}),
      '{}'::text[])
    ELSE ARRAY(SELECT unnest(${serviceOffices.ipAddresses}) FROM ${serviceOffices} WHERE ${serviceOffices.enabled})
  END`;
}

/**
 * The session token of a request: `Authorization: Bearer <t>`. A token in a URL (`?bearer=`) is taken only
 * by the routes a browser opens by navigation (`urlCredential`: downloads, exports, the WebSocket
 * handshake), as the HTTP contract promises its clients; the web itself uses signed links and tickets there.
 */
/** The columns of a user that make his principal, however he signed in (session, API key, his own job). */
export const principalColumns = () => ({
  username: users.username,
  contactId: users.contactId,
  serviceOfficeId: users.serviceOfficeId,
  roles: effectiveRolesSql(users),
  passwordChangeRequired: users.changePasswordRequired,
});

export function tokenFromRequest(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match ? match[1]! : null;
}

/** The session a request names: its header token, else the URL credential its route accepts. */
async function claimsOf(
  request: FastifyRequest,
  database: Database,
  config: Pick<Config, 'secretKey'>,
  clock: Clock,
  verify: (token: string, now: Date) => TokenClaims | null,
): Promise<TokenClaims | null> {
  if (request.headers.authorization) {
    const token = tokenFromRequest(request);
    return token ? verify(token, clock()) : null;
  }
  const query = (request.query ?? {}) as Record<string, unknown>;
  const kind = request.routeOptions.config?.urlCredential;
  if (kind && typeof query.bearer === 'string') return verify(query.bearer, clock());
  switch (kind) {
    case 'signedLink':
      return typeof query.signature === 'string'
        ? verifyLink(config, query.signature, request.url, clock())
        : null;
    case 'socketTicket':
      return typeof query.ticket === 'string' ? redeemSocketTicket(database.db, query.ticket, clock()) : null;
    default:
      return null;
  }
}

const ipError = () => new HttpError(403, ERROR_MESSAGES.ipNotAllowed);

/** What a credential resolves to, without the request's address (checked on every request). */
export interface Resolved extends IpAccess {
  username: string;
  contactId: number;
  serviceOfficeId: number | null;
  roles: string[];
  passwordChangeRequired: boolean;
  /** A session's end; null for an API key. */
  expiresAt: Date | null;
  /** The user an API key acts as. */
  userId?: number;
}

/**
 * Resolves the caller of a request from its token with one indexed, prepared query: the session must be
 * live, the user (and the real user, while impersonating) active; it yields the effective roles and what
 * the IP restriction needs. The answer is kept a few seconds in `cache` (see session-cache.ts: logout,
 * password change, disabling a user or a group and role changes drop it on every instance at once); the
 * session's end and the address rules are checked on every request. While impersonating, the real user's
 * address rules apply: they are the person at the keyboard.
 */
export function createAuthenticate(
  database: Database,
  config: Pick<Config, 'secretKey'>,
  clock: Clock,
  cache: SessionCache<Resolved> = new SessionCache(0, clock),
  /** The subordinates dimension of the users' scopes (the company structure's, injected by the app). */
  subordinates?: SubordinatesOf,
): Authenticate {
  const real = alias(users, 'real_user');
  const byKey = database.db
    .select({
      userId: users.id,
      ...principalColumns(),
      ipRestriction: users.ipRestriction,
      remoteAccess: users.remoteAccess,
      allowedIpAddresses: users.allowedIpAddresses,
      officeAddresses: officeAddressesSql(users),
    })
    .from(users)
    .where(and(eq(users.apiKeyHash, sql.placeholder('hash')), eq(users.active, true)))
    .limit(1)
    .prepare('auth_api_key');
  const bySession = (impersonation: boolean) => {
    const impersonating = sql`${sessions.impersonatorId} IS NOT NULL`;
    return database.db
      .select({
        ...principalColumns(),
        ipRestriction: sql<string>`CASE WHEN ${impersonating} THEN ${real.ipRestriction} ELSE ${users.ipRestriction} END`,
        remoteAccess: sql<boolean>`CASE WHEN ${impersonating} THEN ${real.remoteAccess} ELSE ${users.remoteAccess} END`,
        allowedIpAddresses: sql<
          string[]
        >`CASE WHEN ${impersonating} THEN ${real.allowedIpAddresses} ELSE ${users.allowedIpAddresses} END`,
        officeAddresses: sql<
          string[]
        >`CASE WHEN ${impersonating} THEN ${officeAddressesSql(real)} ELSE ${officeAddressesSql(users)} END`,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(real, eq(real.id, sessions.impersonatorId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          impersonation
            ? and(eq(sessions.impersonatorId, sql.placeholder('impersonatorId')), eq(real.active, true))
            : isNull(sessions.impersonatorId),
          isNull(sessions.revokedAt),
          eq(users.active, true),
        ),
      )
      .limit(1)
      .prepare(impersonation ? 'auth_impersonation' : 'auth_session');
  };
  const ownSession = bySession(false);
  const impersonation = bySession(true);
  const verify = tokenVerifier(config);

  /** The cached answer for `key`, else `read`'s, kept for the next requests. */
  async function resolve(key: string, read: () => Promise<Resolved | undefined>): Promise<Resolved | null> {
    const cached = cache.get(key);
    if (cached) return cached;
    const readAt = cache.begin();
    const row = await read();
    if (!row) return null;
    cache.set(key, row, readAt);
    return row;
  }

  /**
   * The principal of a resolved credential, one per cached answer: the requests it serves share it (frozen),
   * so what is derived from a principal (its scopes' conditions) can be kept beside it, and goes with it when
   * the cache drops the answer. The fields come from the cache key (session, user, impersonator) or the row.
   */
  const contexts = new WeakMap<Resolved, AuthContext>();
  const contextOf = (
    row: Resolved,
    fields: Pick<AuthContext, 'kind' | 'userId' | 'sessionId' | 'impersonatorId'>,
  ): AuthContext => {
    let context = contexts.get(row);
    if (!context) {
      context = Object.freeze({
        ...fields,
        username: row.username,
        contactId: row.contactId,
        serviceOfficeId: row.serviceOfficeId,
        roles: new Set(row.roles),
        passwordChangeRequired: row.passwordChangeRequired,
        ...(subordinates ? { subordinates } : {}),
      });
      contexts.set(row, context);
    }
    return context;
  };

  return async (request) => {
    // Machine clients send their key instead of a token; it acts as its user, under the user's IP rules.
    const apiKey = request.headers['x-api-key'];
    if (typeof apiKey === 'string' && apiKey.length > 0 && apiKey.length <= 200) {
      const hash = apiKeyHash(apiKey);
      const row = await resolve(`key:${hash}`, async () => {
        const [found] = await byKey.execute({ hash });
        return found && { ...found, expiresAt: null };
      });
      if (!row) return null;
      if (!ipAllowed(request.ip, row)) throw ipError();
      return contextOf(row, { kind: 'apiKey', userId: row.userId!, sessionId: null, impersonatorId: null });
    }
    const claims = await claimsOf(request, database, config, clock, verify);
    if (!claims) return null;
    const { sessionId, userId, impersonatorId } = claims;
    const row = await resolve(`session:${sessionId}:${userId}:${impersonatorId ?? ''}`, async () => {
      const [found] =
        impersonatorId === null
          ? await ownSession.execute({ sessionId, userId })
          : await impersonation.execute({ sessionId, userId, impersonatorId });
      return found;
    });
    // The session's end by the app's clock, which set it (`openSession`), on every request: a cached
    // session may have ended since it was read.
    if (!row || (row.expiresAt && row.expiresAt.getTime() <= clock().getTime())) return null;
    if (!ipAllowed(request.ip, row)) throw ipError();
    return contextOf(row, { kind: 'user', ...claims });
  };
}

/** How a long-lived connection signed in: its session, or its API key (by hash). */
export type Credential = { sessionId: string } | { apiKeyHash: string };

/** What may have changed about a principal since it signed in. */
export type CurrentPrincipal = Pick<AuthContext, 'roles' | 'serviceOfficeId'>;

/**
 * Of these credentials, those that still act, with their user's current roles and office, in two queries
 * (sessions, API keys): the same conditions as `createAuthenticate` (a live session of an active user, not
 * an impersonation by a disabled one; an API key still the user's). For connections that outlive a request.
 */
export async function currentPrincipals(
  db: Tx,
  credentials: readonly Credential[],
): Promise<Map<string, CurrentPrincipal>> {
  const sessionIds = credentials.flatMap((c) => ('sessionId' in c ? [c.sessionId] : []));
  const keyHashes = credentials.flatMap((c) => ('apiKeyHash' in c ? [c.apiKeyHash] : []));
  const real = alias(users, 'real_user');
  const current = { roles: effectiveRolesSql(users), serviceOfficeId: users.serviceOfficeId };
  const [bySession, byKey] = await Promise.all([
    sessionIds.length
      ? db
          .select({ key: sessions.id, ...current })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .leftJoin(real, eq(real.id, sessions.impersonatorId))
          .where(
            and(
              inArray(sessions.id, sessionIds),
              isNull(sessions.revokedAt),
              gt(sessions.expiresAt, sql`now()`),
              eq(users.active, true),
              or(isNull(sessions.impersonatorId), eq(real.active, true)),
            ),
          )
      : [],
    keyHashes.length
      ? db
          .select({ key: users.apiKeyHash, ...current })
          .from(users)
          .where(and(inArray(users.apiKeyHash, keyHashes), eq(users.active, true)))
      : [],
  ]);
  return new Map(
    [...bySession, ...byKey].map((row) => [
      String(row.key),
      { roles: new Set(row.roles), serviceOfficeId: row.serviceOfficeId },
    ]),
  );
}

/** The key `currentPrincipals` answers a credential under. */
export const credentialKey = (credential: Credential): string =>
  'sessionId' in credential ? credential.sessionId : credential.apiKeyHash;

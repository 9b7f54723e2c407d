import { dataSchema, ERROR_MESSAGES, holdsAll, MESSAGES } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordChange } from '../changelog/service';
import { forbidden, HttpError, notFound, unauthorized } from '../errors';
import type { App } from '../http/types';
import { users } from '../identity/tables';
import { hasAnyRole } from '../permissions/check';
import { createAuthenticate, effectiveRolesSql, officeAddressesSql, tokenFromRequest } from './authenticate';
import { ipAllowed } from './ip';
import { verifyDummy, verifyPassword } from './password';
import { openSession, refreshSession, revokeSession, signOutSession } from './sessions';
import { sessions } from './tables';
import { assertMayTryPassword, recordLoginAttempt } from './throttle';
import { type IssuedToken, verifyToken } from './tokens';
import { claimsOfSession, signLink } from './url-credentials';

const loginBody = z.object({
  username: z.string().trim().min(1).max(180),
  password: z.string().min(1).max(1024),
});
const issuedToken = z.object({ token: z.string(), tokenExpire: z.number().int() });

const switchQuery = z.object({ _switch_user: z.string().trim().min(1).max(180) });
const downloadLinkBody = z.strictObject({
  url: z
    .string()
    .max(4000)
    .regex(/^\/api\//, MESSAGES.invalid),
});

function clientInfo(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** Revokes what a token names, even an expired token: signing out must work whatever its state. */
async function signOutByToken(app: App, request: FastifyRequest): Promise<void> {
  const token = tokenFromRequest(request);
  const claims = token ? await verifyToken(app.appConfig, token, app.clock(), { allowExpired: true }) : null;
  if (claims) await signOutSession(app.database.db, claims.sessionId);
}

/** `/api/auth/*`: sign-in, token refresh, sign-out. */
export default async function authModule(app: App): Promise<void> {
  const { database, appConfig: config } = app;

  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        security: [],
        body: loginBody,
        response: { 200: dataSchema(issuedToken) },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const account = username.toLowerCase();
      const { ip, userAgent } = clientInfo(request);

      const now = app.clock();
      await assertMayTryPassword(database.db, { account, ip }, now, ERROR_MESSAGES.tooManyAttempts);

      const [user] = await database.db
        .select({
          id: users.id,
          passwordHash: users.passwordHash,
          active: users.active,
          ipRestriction: users.ipRestriction,
          remoteAccess: users.remoteAccess,
          allowedIpAddresses: users.allowedIpAddresses,
          officeAddresses: officeAddressesSql(users),
        })
        .from(users)
        .where(sql`lower(${users.username}) = ${account}`)
        .limit(1);
      // Unknown accounts spend the same argon2 time, and every refusal reads the same: an address the
      // user's IP restriction refuses too, so the answer never tells that the password was right.
      const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyDummy(password);
      if (!user || !valid || !user.active || !ipAllowed(ip, user)) {
        await recordLoginAttempt(database.db, { account, ip, success: false }, now);
        throw new HttpError(401, ERROR_MESSAGES.invalidCredentials);
      }

      const issued = await database.db.transaction(async (tx) => {
        await tx.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
        await recordLoginAttempt(tx, { account, ip, success: true }, now);
        return openSession(tx, config, { userId: user.id, ip, userAgent }, now);
      });
      return { data: { token: issued.token, tokenExpire: issued.tokenExpire } };
    },
  );

  app.get(
    '/auth/get-token',
    {
      config: { beforePasswordChange: true },
      schema: {
        tags: ['auth'],
        summary: 'A fresh token for the current session (extends the session)',
        response: { 200: dataSchema(z.string()) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      if (auth.impersonatorId !== null) throw forbidden(ERROR_MESSAGES.impersonationRefresh);
      if (!auth.sessionId) throw forbidden();
      const issued = await refreshSession(database.db, config, auth.sessionId, app.clock());
      if (!issued) throw unauthorized();
      return { data: issued.token };
    },
  );

  app.post(
    '/auth/download-link',
    {
      config: { changesNoData: true },
      schema: {
        tags: ['auth'],
        summary: 'A link that opens one download URL (path and query) without a header, for one minute',
        body: downloadLinkBody,
        response: { 200: dataSchema(z.object({ url: z.string() })) },
      },
    },
    async (request) => {
      const claims = claimsOfSession(request.auth!);
      return { data: { url: await signLink(config, claims, request.body.url, app.clock()) } };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'End the current session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await signOutByToken(app, request);
      return reply.code(204).send(null);
    },
  );
}

function wantsJson(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('application/json');
}

/** The web app stores a `token` query parameter and reloads on the bare path. */
function answerToken(request: FastifyRequest, reply: FastifyReply, issued: IssuedToken) {
  if (wantsJson(request)) {
    return reply.send({ data: { token: issued.token, tokenExpire: issued.tokenExpire } });
  }
  return reply.redirect(`/dashboard?token=${encodeURIComponent(issued.token)}`, 302);
}

/**
 * Browser routes outside /api (the guard leaves them alone): `/logout` and `/impersonate`, with the token
 * in the Authorization header (the web calls them with `fetch`; `/impersonate` answers JSON then).
 */
export async function authBrowserRoutes(app: App): Promise<void> {
  const { database, appConfig: config } = app;
  const authenticate = createAuthenticate(database, config, app.clock);

  app.get(
    '/logout',
    { config: { public: true, endsSessions: true }, schema: { hide: true } },
    async (request, reply) => {
      await signOutByToken(app, request);
      return reply.redirect('/login', 302);
    },
  );

  app.get(
    '/impersonate',
    { config: { public: true, endsSessions: true }, schema: { hide: true, querystring: switchQuery } },
    async (request, reply) => {
      const auth = await authenticate(request);
      if (!auth?.sessionId) throw unauthorized();
      const target = request.query._switch_user;

      if (target === '_exit') {
        if (auth.impersonatorId === null) throw forbidden();
        const issued = await database.db.transaction(async (tx) => {
          const [current] = await tx
            .select({ parentSessionId: sessions.parentSessionId })
            .from(sessions)
            .where(eq(sessions.id, auth.sessionId!));
          await revokeSession(tx, auth.sessionId!);
          return current?.parentSessionId
            ? refreshSession(tx, config, current.parentSessionId, app.clock())
            : null;
        });
        if (!issued) throw unauthorized();
        return answerToken(request, reply, issued);
      }

      if (auth.impersonatorId !== null) throw forbidden();
      if (!hasAnyRole(auth, ['ROLE_ALLOWED_TO_SWITCH'])) throw forbidden();
      const [user] = await database.db
        .select({ id: users.id, active: users.active, roles: effectiveRolesSql(users) })
        .from(users)
        .where(sql`lower(${users.username}) = ${target.toLowerCase()}`)
        .limit(1);
      if (!user?.active) throw notFound();
      if (user.id === auth.userId) throw forbidden();
      // Switching must not lift a user above their own rights: the target holds nothing they do not.
      if (!holdsAll(auth.roles, user.roles)) throw forbidden(ERROR_MESSAGES.impersonationTarget);

      const { ip, userAgent } = clientInfo(request);
      const issued = await database.db.transaction(async (tx) => {
        const session = await openSession(
          tx,
          config,
          {
            userId: user.id,
            impersonatorId: auth.userId,
            parentSessionId: auth.sessionId,
            ip,
            userAgent,
          },
          app.clock(),
        );
        await recordChange(tx, {
          entityType: 'user',
          entityId: user.id,
          action: 'impersonate',
          auth: { ...auth, impersonatorId: null },
          changes: {},
        });
        return session;
      });
      return answerToken(request, reply, issued);
    },
  );
}

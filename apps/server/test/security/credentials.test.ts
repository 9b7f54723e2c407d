import { ERROR_MESSAGES } from '@tms/domain';
import { PASSWORD_MESSAGES } from '@tms/domain/users/password';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { loginAttempts, sessions } from '../../src/platform/auth/tables';
import { LOGIN_THROTTLE } from '../../src/platform/auth/throttle';
import { SIGNED_LINK_SECONDS, SOCKET_TICKET_SECONDS } from '../../src/platform/auth/url-credentials';
import { loggerOptions, redactUrl } from '../../src/platform/http/logging';
import { serviceOffices, users } from '../../src/platform/identity/tables';
import { createTestApp, type TestContext } from '../../src/test/harness';
import { createUser, DEFAULT_PASSWORD, signIn, socketUrl } from '../../src/test/users';

// Counts argon2 verifications: a refusal must cost what a wrong password costs, and no clock can tell.
const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2.verifications++;
      return real.verify(...args);
    },
  };
});

const UNAUTHORIZED = { code: 401, message: ERROR_MESSAGES.unauthorized };
const INVALID = { code: 401, message: ERROR_MESSAGES.invalidCredentials };
const TOO_MANY = { code: 429, message: ERROR_MESSAGES.tooManyAttempts };

/** The app's time, moved by hand: throttling is tested without sleeping. */
let now = new Date('2026-03-02T09:00:00Z').getTime();
const tick = (seconds: number) => {
  now += seconds * 1000;
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, [], () => new Date(now));
});
afterAll(() => ctx.close());

const signInAttempt = (username: string, password: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

const sessionsOf = (userId: number) =>
  ctx.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));

const attemptsOf = (username: string) =>
  ctx.database.db.select().from(loginAttempts).where(eq(loginAttempts.username, username));

describe('throttling: a stranger cannot lock a user out', () => {
  it('slows a guesser down per account and address with doubling delays, the owner elsewhere signs in', async () => {
    const owner = await createUser(ctx.database, { username: 'throttled.owner' });
    const attacker = '203.0.113.66';
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++) {
      expect((await signInAttempt('throttled.owner', `Guess-${i}x`, attacker)).json()).toEqual(INVALID);
    }
    const delays: string[] = [];
    for (let round = 0; round < 4; round++) {
      // Even the right password waits: the answer must not tell whether a guess would have been right.
      const refused = await signInAttempt('throttled.owner', DEFAULT_PASSWORD, attacker);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(TOO_MANY);
      delays.push(String(refused.headers['retry-after']));
      tick(Number(refused.headers['retry-after']));
      expect((await signInAttempt('throttled.owner', `Again-${round}x`, attacker)).statusCode).toBe(401);
    }
    expect(delays).toEqual(['1', '2', '4', '8']);
    expect(await sessionsOf(owner.id)).toEqual([]);
    // Refused (429) attempts are not recorded: hammering does not prolong the wait.
    expect((await attemptsOf('throttled.owner')).filter((a) => !a.success)).toHaveLength(
      LOGIN_THROTTLE.freeFailures + 4,
    );

    const fromHome = await signInAttempt('throttled.owner', DEFAULT_PASSWORD, '198.51.100.7');
    expect(fromHome.statusCode).toBe(200);
    expect(await sessionsOf(owner.id)).toHaveLength(1);
  });

  it('caps the delay, and counts it down on the clock', async () => {
    await createUser(ctx.database, { username: 'capped.owner' });
    const attacker = '203.0.113.67';
    await ctx.database.db.insert(loginAttempts).values(
      Array.from({ length: 40 }, () => ({
        username: 'capped.owner',
        ip: attacker,
        success: false,
        createdAt: new Date(now),
      })),
    );
    const refused = await signInAttempt('capped.owner', DEFAULT_PASSWORD, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(LOGIN_THROTTLE.maxDelaySeconds));
    tick(100);
    const later = await signInAttempt('capped.owner', DEFAULT_PASSWORD, attacker);
    expect(later.headers['retry-after']).toBe(String(LOGIN_THROTTLE.maxDelaySeconds - 100));
    tick(LOGIN_THROTTLE.maxDelaySeconds - 100);
    expect((await signInAttempt('capped.owner', DEFAULT_PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('answers a sign-in from an address the IP restriction refuses exactly as a wrong password', async () => {
    const [office] = await ctx.database.db
      .insert(serviceOffices)
      .values({ name: 'Throttle office', ipAddresses: ['10.44.0.0/16'] })
      .returning({ id: serviceOffices.id });
    const user = await createUser(ctx.database, {
      username: 'restricted.owner',
      ipRestriction: 'office',
      serviceOfficeId: office!.id,
    });
    const outside = '203.0.113.68';
    const verificationsBefore = argon2.verifications;
    const rightPassword = await signInAttempt('restricted.owner', DEFAULT_PASSWORD, outside);
    const wrongPassword = await signInAttempt('restricted.owner', 'Wrong-pass7', outside);
    expect(argon2.verifications - verificationsBefore).toBe(2);
    expect(rightPassword.statusCode).toBe(wrongPassword.statusCode);
    expect(rightPassword.body).toBe(wrongPassword.body);
    expect(rightPassword.json()).toEqual(INVALID);
    expect(await sessionsOf(user.id)).toEqual([]);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLoginAt).toBeNull();
    // Both count as failures of that account from that address.
    const failures = await ctx.database.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.username, 'restricted.owner'), eq(loginAttempts.ip, outside)));
    expect(failures.map((a) => a.success)).toEqual([false, false]);
  });
});

describe('passwords: common ones and those containing the user name are refused everywhere', () => {
  const setPassword = (headers: Record<string, string>, userId: number, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/users/${userId}/password`,
      headers,
      payload: { cleartextPassword: { first: password, second: password } },
    });
  const firstErrors = (res: { json(): { errors: { children: Record<string, { children: object }> } } }) =>
    (res.json().errors.children.cleartextPassword!.children as Record<string, { errors: string[] }>).first!
      .errors;

  it('refuses an administrator creating a user with a common password or one containing the name', async () => {
    const admin = await signIn(ctx, ['ROLE_USER_CREATE']);
    for (const [password, message] of [
      ['Password1', PASSWORD_MESSAGES.common],
      ['Qwerty123', PASSWORD_MESSAGES.common],
      ['7-Olga.Bykova', PASSWORD_MESSAGES.containsUsername],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/settings/users',
        headers: admin.headers,
        payload: {
          username: 'olga.bykova',
          contactName: 'Olga Bykova',
          cleartextPassword: { first: password, second: password },
        },
      });
      expect(res.statusCode, password).toBe(400);
      expect(firstErrors(res), password).toEqual([message]);
    }
    expect(await ctx.database.db.select().from(users).where(eq(users.username, 'olga.bykova'))).toEqual([]);
  });

  it('refuses them on the own change, the forced change and an administrator’s set', async () => {
    const self = await signIn(ctx, [], { username: 'pavel.ilyin' });
    const forced = await signIn(ctx, [], { username: 'forced.user', changePasswordRequired: true });
    const manager = await signIn(ctx, ['ROLE_USER_EDIT']);
    const attempts: [Record<string, string>, typeof self.user, string, string][] = [
      [self.headers, self.user, 'iloveyou1', PASSWORD_MESSAGES.common],
      [self.headers, self.user, 'PAVEL.ILYIN-2', PASSWORD_MESSAGES.containsUsername],
      [forced.headers, forced.user, 'Forced.User9', PASSWORD_MESSAGES.containsUsername],
      [manager.headers, self.user, 'Passw0rd1', PASSWORD_MESSAGES.common],
    ];
    for (const [headers, target, password, message] of attempts) {
      const res = await setPassword(headers, target.id, password);
      expect(res.statusCode, password).toBe(400);
      expect(firstErrors(res), password).toEqual([message]);
    }
    for (const target of [self.user, forced.user]) {
      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, target.id));
      expect(row).toMatchObject({ passwordHash: target.passwordHash, version: target.version });
      expect(row?.changePasswordRequired).toBe(target.changePasswordRequired);
    }
  });
});

describe('tokens in URLs: no session token, only signed links and one-time socket tickets', () => {
  const EXPORT = '/api/settings/currencies/export?search=yen&lang=en';
  const linkFor = async (headers: Record<string, string>, url: string) =>
    (
      await ctx.app.inject({ method: 'POST', url: '/api/auth/download-link', headers, payload: { url } })
    ).json().data.url as string;
  const liveSessionsOf = (userId: number) =>
    ctx.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

  it('refuses ?bearer= on every route but downloads, exports and the socket: API reads, sign-out, impersonation', async () => {
    const admin = await signIn(ctx, ['ROLE_ADMIN']);
    const target = await createUser(ctx.database);
    for (const url of [
      `/api/users/me?bearer=${admin.token}`,
      `/api/users/me?bear%65r=${admin.token}`,
      `/api/settings/currencies?bearer=${admin.token}`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual(UNAUTHORIZED);
    }
    // The HTTP contract (ARCHITECTURE.md) keeps ?bearer= for what a browser opens by navigation.
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/settings/currencies/export?bearer=${admin.token}`,
    });
    expect(exported.statusCode).toBe(200);
    const socket = await ctx.app.injectWS(`/api/realtime?bearer=${admin.token}`);
    socket.terminate();
    const impersonate = await ctx.app.inject({
      method: 'GET',
      url: `/impersonate?_switch_user=${target.username}&bearer=${admin.token}`,
    });
    expect(impersonate.statusCode).toBe(401);
    expect(await liveSessionsOf(target.id)).toEqual([]);
    await ctx.app.inject({ method: 'GET', url: `/logout?bearer=${admin.token}` });
    expect(await liveSessionsOf(admin.user.id)).toHaveLength(1);
  });

  it('opens a signed link for its own URL only, for a minute, while the session lives', async () => {
    const admin = await signIn(ctx, ['ROLE_ADMIN']);
    const link = await linkFor(admin.headers, EXPORT);
    const signature = new URL(link, 'http://x').searchParams.get('signature')!;
    expect((await ctx.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);

    const forgeries = [
      // Another query, another resource, a route that takes no link, the link as a session token.
      `/api/settings/currencies/export?search=&lang=en&signature=${signature}`,
      `/api/settings/countries/export?search=yen&lang=en&signature=${signature}`,
      `/api/users/me?signature=${signature}`,
      `/api/file-management/files/1/download?signature=${signature.slice(0, -2)}xx`,
    ];
    for (const url of forgeries) {
      expect((await ctx.app.inject({ method: 'GET', url })).json(), url).toEqual(UNAUTHORIZED);
    }
    const asToken = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${signature}` },
    });
    expect(asToken.json()).toEqual(UNAUTHORIZED);

    tick(SIGNED_LINK_SECONDS + 1);
    expect((await ctx.app.inject({ method: 'GET', url: link })).json()).toEqual(UNAUTHORIZED);

    const fresh = await linkFor(admin.headers, EXPORT);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: admin.headers });
    expect((await ctx.app.inject({ method: 'GET', url: fresh })).json()).toEqual(UNAUTHORIZED);
  });

  it('lets a socket ticket open one socket, once, within half a minute', async () => {
    const user = await signIn(ctx, []);
    const url = await socketUrl(ctx.app, user.token);
    const socket = await ctx.app.injectWS(url);
    await expect(ctx.app.injectWS(url)).rejects.toThrow();
    socket.terminate();

    const late = await socketUrl(ctx.app, user.token);
    tick(SOCKET_TICKET_SECONDS + 1);
    await expect(ctx.app.injectWS(late)).rejects.toThrow();
    await expect(ctx.app.injectWS(`/api/realtime?ticket=${user.token}`)).rejects.toThrow();
  });

  it('keeps every credential of a URL out of the log, whatever its spelling', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      config: ctx.config,
      database: ctx.database,
      logger: { ...loggerOptions('info'), stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const { token } = await signIn(ctx, []);
      for (const name of [
        'bearer',
        'bear%65r',
        'BEARER',
        '%62%65%61%72%65%72',
        'bear%2565r',
        'token',
        'ticket',
        'Signature',
        'x',
      ]) {
        await logged.inject({ method: 'GET', url: `/api/users/me?a=1&${name}=${token}` });
      }
      const log = lines.join('');
      expect(log).toContain('/api/users/me?a=1&bear%65r=***');
      expect(log).not.toContain(token.split('.')[2]);
    } finally {
      await logged.close();
    }
    expect(redactUrl('/api/realtime?ticket=abc&topic=orders')).toBe('/api/realtime?ticket=***&topic=orders');
    expect(redactUrl('/x?%ZZ=secret')).toBe('/x?%ZZ=***');
  });
});

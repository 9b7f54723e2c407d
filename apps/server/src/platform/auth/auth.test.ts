import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_SECRET, type TestContext } from '../../test/harness';
import { createUser, DEFAULT_PASSWORD, login, signIn } from '../../test/users';
import { changeLog } from '../changelog/tables';
import { accessGroups, serviceOffices, users } from '../identity/tables';
import { revokeSession } from './sessions';
import { loginAttempts, sessions } from './tables';
import { signToken, tokenVerifier } from './tokens';

// Counts argon2 verifications (the real ones run), so the test of unknown accounts needs no clock.
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

const UNAUTHORIZED = { code: 401, message: 'Authentication required.' };
const INVALID = { code: 401, message: 'Invalid credentials.' };
const IP_DENIED = { code: 403, message: 'Access from this address is not allowed.' };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function me(token: string, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return ctx.app.inject({
    method: 'GET',
    url: '/api/users/me',
    headers: { ...bearer(token), ...extra.headers },
    remoteAddress: extra.remoteAddress,
  });
}

function postLogin(username: string, password: string, remoteAddress?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress,
  });
}

describe('sign-in', () => {
  it('issues a token for the right password, username case-insensitive, and records the sign-in', async () => {
    const user = await createUser(ctx.database, { username: 'Ivan.Petrov' });
    const before = Math.floor(Date.now() / 1000);
    const res = await postLogin('ivan.PETROV', DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { token, tokenExpire } = res.json().data;
    expect(tokenExpire).toBeGreaterThanOrEqual(before + ctx.config.tokenTtl);
    expect(tokenExpire).toBeLessThanOrEqual(before + ctx.config.tokenTtl + 5);

    const claims = decodeJwt(token);
    expect(claims.sub).toBe(String(user.id));
    expect(claims.exp).toBe(tokenExpire);
    expect(typeof claims.iat).toBe('number');
    expect(claims.imp).toBeUndefined();
    const [session] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(claims.sid)));
    expect(session?.userId).toBe(user.id);

    const meRes = await me(token);
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json().data.username).toBe('Ivan.Petrov');

    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLoginAt).toBeInstanceOf(Date);
    const attempts = await ctx.database.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.username, 'ivan.petrov'));
    expect(attempts.map((a) => a.success)).toEqual([true]);
  });

  it('answers a wrong password, an unknown user and a disabled user alike and records the failures', async () => {
    const user = await createUser(ctx.database, { username: 'maria' });
    await createUser(ctx.database, { username: 'gone', active: false });
    const wrong = await postLogin('maria', 'Wrong123');
    const unknown = await postLogin('nobody-here', DEFAULT_PASSWORD);
    const disabled = await postLogin('gone', DEFAULT_PASSWORD);
    for (const res of [wrong, unknown, disabled]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID);
    }
    const failures = await ctx.database.db
      .select({ username: loginAttempts.username })
      .from(loginAttempts)
      .where(eq(loginAttempts.success, false));
    expect(failures.map((f) => f.username)).toEqual(expect.arrayContaining(['maria', 'nobody-here', 'gone']));
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLoginAt).toBeNull();
  });

  it('spends an argon2 verification on unknown accounts too, as on wrong passwords', async () => {
    await createUser(ctx.database, { username: 'timing' });
    const verifications = async (username: string) => {
      const before = argon2.verifications;
      expect((await postLogin(username, 'Wrong123', '10.77.0.1')).statusCode).toBe(401);
      return argon2.verifications - before;
    };
    expect(await verifications('timing')).toBe(1);
    expect(await verifications('no-such-account')).toBe(1);
  });

  it('refuses bad bodies with the Validation Failed tree', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      message: 'Validation Failed',
      errors: {
        errors: [],
        children: {
          username: { errors: ['This value should not be blank.'], children: {} },
          password: { errors: ['This value should not be blank.'], children: {} },
        },
      },
    });
  });
});

describe('tokens', () => {
  it('requires a token on API routes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
    const malformed = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: 'Basic abc' },
    });
    expect(malformed.json()).toEqual(UNAUTHORIZED);
  });

  it('keeps a token it verified, which still ends by the clock; a forged one is refused every time', async () => {
    const config = { secretKey: TEST_SECRET };
    const claims = { userId: 7, sessionId: '00000000-0000-4000-8000-000000000007', impersonatorId: null };
    const end = new Date(Date.now() + 60_000);
    const { token } = await signToken(config, claims, end);
    const verify = tokenVerifier(config, 1);
    expect(verify(token, new Date())).toEqual(claims);
    expect(verify(token, new Date())).toEqual(claims);
    expect(verify(token, end)).toBeNull();
    const [header, body] = token.split('.');
    const forged = `${header}.${body}.${'A'.repeat(43)}`;
    expect(verify(forged, new Date())).toBeNull();
    expect(verify(forged, new Date())).toBeNull();
    expect(
      tokenVerifier({ secretKey: 'another-secret-key-of-sufficient-length' })(token, new Date()),
    ).toBeNull();
  });

  it('refuses forged, unsigned, expired and mismatched tokens', async () => {
    const { user, token } = await signIn(ctx);
    const sid = String(decodeJwt(token).sid);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const forged = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode('another-secret-key-of-sufficient-length'));
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: String(user.id), sid, iat: exp - 600, exp })}.`;
    const expired = (
      await signToken(
        { secretKey: TEST_SECRET },
        { userId: user.id, sessionId: sid, impersonatorId: null },
        new Date(Date.now() - 1000),
      )
    ).token;
    const otherUser = await createUser(ctx.database);
    const wrongSubject = (
      await signToken(
        { secretKey: TEST_SECRET },
        { userId: otherUser.id, sessionId: sid, impersonatorId: null },
        new Date(exp * 1000),
      )
    ).token;
    const fakeImpersonation = (
      await signToken(
        { secretKey: TEST_SECRET },
        { userId: user.id, sessionId: sid, impersonatorId: otherUser.id },
        new Date(exp * 1000),
      )
    ).token;
    for (const bad of [forged, unsigned, expired, wrongSubject, fakeImpersonation, 'garbage', `${token}x`]) {
      const res = await me(bad);
      expect(res.statusCode, bad).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
    expect((await me(token)).statusCode).toBe(200);
  });

  it('ends access when the session expires or the user is disabled', async () => {
    const a = await signIn(ctx);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, a.user.id));
    expect((await me(a.token)).statusCode).toBe(401);

    const b = await signIn(ctx);
    expect((await me(b.token)).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ active: false }).where(eq(users.id, b.user.id));
    expect((await me(b.token)).json()).toEqual(UNAUTHORIZED);
  });

  it('grants the roles of enabled access groups only', async () => {
    const [enabled] = await ctx.database.db
      .insert(accessGroups)
      .values({ name: 'Switchers', roles: ['ROLE_ALLOWED_TO_SWITCH'] })
      .returning();
    const [disabled] = await ctx.database.db
      .insert(accessGroups)
      .values({ name: 'Disabled switchers', roles: ['ROLE_ALLOWED_TO_SWITCH'], enabled: false })
      .returning();
    const target = await createUser(ctx.database);
    const viaGroup = await signIn(ctx, [], { accessGroupIds: [enabled!.id] });
    const viaDisabled = await signIn(ctx, [], { accessGroupIds: [disabled!.id] });
    const url = `/impersonate?_switch_user=${target.username}`;
    const json = { accept: 'application/json' };
    const ok = await ctx.app.inject({ method: 'GET', url, headers: { ...viaGroup.headers, ...json } });
    expect(ok.statusCode).toBe(200);
    const refused = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { ...viaDisabled.headers, ...json },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, message: 'Access denied.' });
  });
});

describe('refresh and sign-out', () => {
  it('refreshes the token of the same session and extends it', async () => {
    const { token } = await signIn(ctx);
    const sid = String(decodeJwt(token).sid);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.id, sid));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-token', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data as string;
    expect(typeof fresh).toBe('string');
    expect(decodeJwt(fresh).sid).toBe(sid);
    const [session] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + (ctx.config.tokenTtl - 10) * 1000);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('signs out through the API', async () => {
    const { token } = await signIn(ctx);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(204);
    expect((await me(token)).json()).toEqual(UNAUTHORIZED);
    // Signing out twice, or without a token, is harmless.
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode,
    ).toBe(204);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
  });

  it('signs out through the browser route with the header and redirects to /login', async () => {
    const b = await signIn(ctx);
    const viaHeader = await ctx.app.inject({ method: 'GET', url: '/logout', headers: b.headers });
    expect(viaHeader.statusCode).toBe(302);
    expect(viaHeader.headers.location).toBe('/login');
    expect((await me(b.token)).statusCode).toBe(401);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/logout' });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe('/login');
  });
});

describe('impersonation', () => {
  const json = { accept: 'application/json' };
  const switchTo = (token: string, username: string, headers: Record<string, string> = json) =>
    ctx.app.inject({
      method: 'GET',
      url: `/impersonate?_switch_user=${encodeURIComponent(username)}`,
      headers: { ...bearer(token), ...headers },
    });

  it('lets a user with ROLE_ALLOWED_TO_SWITCH act as another user and come back', async () => {
    const real = await signIn(ctx, ['ROLE_ALLOWED_TO_SWITCH']);
    const target = await createUser(ctx.database, { username: 'Impersonated.One' });
    const res = await switchTo(real.token, 'impersonated.one');
    expect(res.statusCode).toBe(200);
    const { token, tokenExpire } = res.json().data;
    expect(tokenExpire).toBeGreaterThan(Date.now() / 1000);
    const claims = decodeJwt(token);
    expect(claims.sub).toBe(String(target.id));
    expect(claims.imp).toBe(real.user.id);
    expect((await me(token)).json().data.id).toBe(target.id);
    const [session] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(claims.sid)));
    expect(session).toMatchObject({
      userId: target.id,
      impersonatorId: real.user.id,
      parentSessionId: String(decodeJwt(real.token).sid),
    });
    const [entry] = await ctx.database.db
      .select()
      .from(changeLog)
      .where(
        and(
          eq(changeLog.entityType, 'user'),
          eq(changeLog.entityId, target.id),
          eq(changeLog.action, 'impersonate'),
        ),
      );
    expect(entry?.userId).toBe(real.user.id);

    const refresh = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/get-token',
      headers: bearer(token),
    });
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json()).toEqual({
      code: 403,
      message: 'A token cannot be refreshed while impersonating.',
    });
    const again = await switchTo(token, real.user.username);
    expect(again.statusCode).toBe(403);

    const exit = await ctx.app.inject({
      method: 'GET',
      url: '/impersonate?_switch_user=_exit',
      headers: { ...bearer(token), ...json },
    });
    expect(exit.statusCode).toBe(200);
    const back = exit.json().data.token;
    expect(decodeJwt(back).sid).toBe(decodeJwt(real.token).sid);
    expect((await me(back)).json().data.id).toBe(real.user.id);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('redirects the browser to /dashboard with the new token', async () => {
    const real = await signIn(ctx, ['ROLE_ADMIN']);
    const target = await createUser(ctx.database);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/impersonate?_switch_user=${target.username}`,
      headers: real.headers,
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location), 'http://x');
    expect(location.pathname).toBe('/dashboard');
    const token = location.searchParams.get('token')!;
    expect((await me(token)).json().data.id).toBe(target.id);
    const exit = await ctx.app.inject({
      method: 'GET',
      url: '/impersonate?_switch_user=_exit',
      headers: bearer(token),
    });
    expect(exit.statusCode).toBe(302);
    const backToken = new URL(String(exit.headers.location), 'http://x').searchParams.get('token')!;
    expect((await me(backToken)).json().data.id).toBe(real.user.id);
  });

  it('refuses without the role, unknown or disabled targets, admins for non-admins, and oneself', async () => {
    const plain = await signIn(ctx);
    const switcher = await signIn(ctx, ['ROLE_ALLOWED_TO_SWITCH']);
    const target = await createUser(ctx.database);
    const disabled = await createUser(ctx.database, { active: false });
    const admin = await createUser(ctx.database, { roles: ['ROLE_ADMIN'] });
    expect((await switchTo(plain.token, target.username)).statusCode).toBe(403);
    expect((await switchTo(switcher.token, 'no-such-user')).statusCode).toBe(404);
    expect((await switchTo(switcher.token, disabled.username)).statusCode).toBe(404);
    expect((await switchTo(switcher.token, admin.username)).statusCode).toBe(403);
    expect((await switchTo(switcher.token, switcher.user.username)).statusCode).toBe(403);
    expect((await switchTo(switcher.token, '_exit')).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/impersonate?_switch_user=${target.username}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const missing = await ctx.app.inject({ method: 'GET', url: '/impersonate', headers: switcher.headers });
    expect(missing.statusCode).toBe(400);
  });

  it('cannot return to a parent session that has ended', async () => {
    const real = await signIn(ctx, ['ROLE_ALLOWED_TO_SWITCH']);
    const target = await createUser(ctx.database);
    const { token } = (await switchTo(real.token, target.username)).json().data;
    await revokeSession(ctx.database.db, String(decodeJwt(real.token).sid));
    const exit = await switchTo(token, '_exit');
    expect(exit.statusCode).toBe(401);
    expect(exit.json()).toEqual(UNAUTHORIZED);
  });

  it('ends the impersonation when the real user signs out or is disabled', async () => {
    const real = await signIn(ctx, ['ROLE_ALLOWED_TO_SWITCH']);
    const target = await createUser(ctx.database);
    const first = (await switchTo(real.token, target.username)).json().data.token;
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(real.token) });
    expect((await me(first)).statusCode).toBe(401);

    const real2 = await signIn(ctx, ['ROLE_ALLOWED_TO_SWITCH']);
    const second = (await switchTo(real2.token, target.username)).json().data.token;
    await ctx.database.db.update(users).set({ active: false }).where(eq(users.id, real2.user.id));
    expect((await me(second)).statusCode).toBe(401);

    // Signing out while impersonating ends the real user's session too.
    const real3 = await signIn(ctx, ['ROLE_ALLOWED_TO_SWITCH']);
    const third = (await switchTo(real3.token, target.username)).json().data.token;
    await ctx.app.inject({ method: 'GET', url: '/logout', headers: bearer(third) });
    expect((await me(third)).statusCode).toBe(401);
    expect((await me(real3.token)).statusCode).toBe(401);
  });
});

describe('IP restriction', () => {
  let officeA: number;
  let officeB: number;
  beforeAll(async () => {
    const rows = await ctx.database.db
      .insert(serviceOffices)
      .values([
        { name: 'Office A', ipAddresses: ['10.1.0.0/16'] },
        { name: 'Office B', ipAddresses: ['192.168.7.7', '2001:db8:b::/48'] },
        { name: 'Closed office', ipAddresses: ['172.20.0.0/16'], enabled: false },
      ])
      .returning({ id: serviceOffices.id });
    officeA = rows[0]!.id;
    officeB = rows[1]!.id;
  });

  it('office: lets in the own office and the personal addresses only, at sign-in and on every request', async () => {
    const user = await createUser(ctx.database, {
      ipRestriction: 'office',
      serviceOfficeId: officeA,
      allowedIpAddresses: ['203.0.113.5'],
    });
    const inside = await postLogin(user.username, DEFAULT_PASSWORD, '10.1.2.3');
    expect(inside.statusCode).toBe(200);
    expect((await postLogin(user.username, DEFAULT_PASSWORD, '203.0.113.5')).statusCode).toBe(200);
    // At sign-in a refused address reads as a wrong password (tested in test/security/credentials.test.ts).
    expect((await postLogin(user.username, DEFAULT_PASSWORD, '192.168.7.7')).statusCode).toBe(401);

    const token = inside.json().data.token;
    expect((await me(token, { remoteAddress: '10.1.200.1' })).statusCode).toBe(200);
    const outside = await me(token, { remoteAddress: '8.8.8.8' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual(IP_DENIED);
  });

  it('any: lets in every enabled office, IPv6 too, but not a disabled office', async () => {
    const user = await createUser(ctx.database, { ipRestriction: 'any', serviceOfficeId: officeA });
    const token = await login(ctx.app, user.username).catch(() => null);
    expect(token).toBeNull(); // inject comes from 127.0.0.1, which no office has
    expect((await postLogin(user.username, DEFAULT_PASSWORD, '192.168.7.7')).statusCode).toBe(200);
    expect((await postLogin(user.username, DEFAULT_PASSWORD, '2001:db8:b::42')).statusCode).toBe(200);
    expect((await postLogin(user.username, DEFAULT_PASSWORD, '::ffff:10.1.0.1')).statusCode).toBe(200);
    expect((await postLogin(user.username, DEFAULT_PASSWORD, '172.20.0.1')).statusCode).toBe(401);
  });

  it('none and remote access let any address in', async () => {
    const free = await createUser(ctx.database, { ipRestriction: 'none' });
    const remote = await createUser(ctx.database, {
      ipRestriction: 'office',
      serviceOfficeId: officeB,
      remoteAccess: true,
    });
    expect((await postLogin(free.username, DEFAULT_PASSWORD, '8.8.4.4')).statusCode).toBe(200);
    expect((await postLogin(remote.username, DEFAULT_PASSWORD, '8.8.4.4')).statusCode).toBe(200);
  });

  it('takes effect at once when the restriction changes', async () => {
    const user = await createUser(ctx.database);
    const token = await login(ctx.app, user.username);
    expect((await me(token)).statusCode).toBe(200);
    await ctx.database.db
      .update(users)
      .set({ ipRestriction: 'office', serviceOfficeId: officeA })
      .where(eq(users.id, user.id));
    expect((await me(token)).statusCode).toBe(403);
    await ctx.database.db
      .update(serviceOffices)
      .set({ ipAddresses: ['127.0.0.0/8'] })
      .where(eq(serviceOffices.id, officeA));
    expect((await me(token)).statusCode).toBe(200);
    await ctx.database.db
      .update(serviceOffices)
      .set({ ipAddresses: ['10.1.0.0/16'] })
      .where(eq(serviceOffices.id, officeA));
  });

  it('applies the real user’s rule while impersonating', async () => {
    const restricted = await createUser(ctx.database, { ipRestriction: 'office', serviceOfficeId: officeA });
    const real = await signIn(ctx, ['ROLE_ADMIN']);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/impersonate?_switch_user=${restricted.username}`,
      headers: { ...real.headers, accept: 'application/json' },
      remoteAddress: '8.8.8.8',
    });
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().data.token, { remoteAddress: '8.8.8.8' })).statusCode).toBe(200);
  });

  it('ignores a spoofed X-Forwarded-For when no proxy is trusted', async () => {
    const user = await createUser(ctx.database, { ipRestriction: 'office', serviceOfficeId: officeA });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: DEFAULT_PASSWORD },
      remoteAddress: '8.8.8.8',
      headers: { 'x-forwarded-for': '10.1.2.3' },
    });
    expect(res.statusCode).toBe(401);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('believes X-Forwarded-For from the trusted proxy only', async () => {
    const proxied = await createTestApp({ trustProxy: '127.0.0.1' });
    try {
      const [office] = await proxied.database.db
        .insert(serviceOffices)
        .values({ name: 'Office', ipAddresses: ['10.1.0.0/16'] })
        .returning({ id: serviceOffices.id });
      const user = await createUser(proxied.database, {
        ipRestriction: 'office',
        serviceOfficeId: office!.id,
      });
      const attempt = (remoteAddress: string, forwarded: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: user.username, password: DEFAULT_PASSWORD },
          remoteAddress,
          headers: { 'x-forwarded-for': forwarded },
        });
      const viaProxy = await attempt('127.0.0.1', '10.1.2.3');
      expect(viaProxy.statusCode).toBe(200);
      expect((await attempt('127.0.0.1', '8.8.8.8')).statusCode).toBe(401);
      // A client claiming a proxy it is not is not believed.
      expect((await attempt('8.8.8.8', '10.1.2.3')).statusCode).toBe(401);

      const token = viaProxy.json().data.token;
      const ok = await proxied.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { ...bearer(token), 'x-forwarded-for': '10.1.9.9' },
        remoteAddress: '127.0.0.1',
      });
      expect(ok.statusCode).toBe(200);
      const [attemptRow] = await proxied.database.db
        .select({ ip: loginAttempts.ip })
        .from(loginAttempts)
        .where(
          and(eq(loginAttempts.success, true), sql`${loginAttempts.username} = lower(${user.username})`),
        );
      expect(attemptRow?.ip).toBe('10.1.2.3');
    } finally {
      await proxied.close();
    }
  });
});

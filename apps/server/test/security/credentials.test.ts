import { ERROR_MESSAGES } from '@tms/domain';
import { PASSWORD_MESSAGES } from '@tms/domain/users/password';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginAttempts, sessions } from '../../src/platform/auth/tables';
import { LOGIN_THROTTLE } from '../../src/platform/auth/throttle';
import { serviceOffices, users } from '../../src/platform/identity/tables';
import { createTestApp, type TestContext } from '../../src/test/harness';
import { createUser, DEFAULT_PASSWORD, signIn } from '../../src/test/users';

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

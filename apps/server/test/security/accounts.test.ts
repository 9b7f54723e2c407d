import { ACCESS_MESSAGES, ERROR_MESSAGES, flattenTree, USER_MESSAGES } from '@tms/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRONG_CURRENT_PASSWORD } from '../../src/modules/users/service';
import { loginAttempts, sessions } from '../../src/platform/auth/tables';
import { LOGIN_THROTTLE } from '../../src/platform/auth/throttle';
import { changeLog } from '../../src/platform/changelog/tables';
import { accessGroups, users } from '../../src/platform/identity/tables';
import { createTestApp, type TestContext } from '../../src/test/harness';
import { createUser, DEFAULT_PASSWORD, login, signIn } from '../../src/test/users';

/**
 * No account takeover (docs/security.md "Accounts: no takeover, temporary passwords, throttled guesses"):
 * managing users is no way into another user's account or rights, a password someone else chose opens only
 * the change of it, and a stolen session cannot guess the current password faster than the sign-in screen.
 */

/** The app's time, moved by hand: the throttle is tested without sleeping. */
let now = new Date('2026-04-06T09:00:00Z').getTime();
const tick = (seconds: number) => {
  now += seconds * 1000;
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, [], () => new Date(now));
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  headers: Record<string, string>,
  method: Method,
  url: string,
  payload?: object,
  remoteAddress?: string,
) => ctx.app.inject({ method, url, payload, headers, remoteAddress });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const userRow = async (id: number) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const logOf = (id: number) =>
  ctx.database.db
    .select()
    .from(changeLog)
    .where(and(eq(changeLog.entityType, 'user'), eq(changeLog.entityId, id)));
const liveSessions = (userId: number) =>
  ctx.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

const USER_MANAGER = ['ROLE_USER_LIST', 'ROLE_USER_EDIT', 'ROLE_USER_CREATE'];
/** The settings administrator of the issue: users and reference data, no money. */
const SETTINGS_ADMIN = [...USER_MANAGER, 'ROLE_SETTINGS_CURRENCIES', 'ROLE_SETTINGS_COUNTRIES'];
const REFUSED = { code: 403, message: USER_MESSAGES.manageHeldOnly };

/** The finance manager: every bill through her group, a role of her own besides. */
async function financeManager() {
  const [finance] = await ctx.database.db
    .insert(accessGroups)
    .values({
      name: `Finance ${Math.random().toString(36).slice(2)}`,
      roles: ['ROLE_BILL_VIEW_ALL', 'ROLE_BILL_EDIT_ALL', 'ROLE_PAYMENT_LIST_ALL'],
    })
    .returning();
  return createUser(ctx.database, {
    roles: ['ROLE_USER_LIST'],
    accessGroupIds: [finance!.id],
    email: 'finance@example.test',
  });
}

describe('acting on another user needs every role he holds', () => {
  it('refuses a settings administrator an API key for the finance manager, so no key reads her bills', async () => {
    const attacker = await signIn(ctx, SETTINGS_ADMIN);
    const victim = await financeManager();
    expect((await call(attacker.headers, 'GET', '/api/finances/bills')).statusCode).toBe(403);
    const before = await userRow(victim.id);

    const issued = await call(attacker.headers, 'POST', `/api/settings/users/${victim.id}/api-key`);
    expect(issued.statusCode).toBe(403);
    expect(issued.json()).toEqual(REFUSED);
    expect(await userRow(victim.id)).toEqual(before);
    expect(before.apiKeyHash).toBeNull();
    expect(await logOf(victim.id)).toEqual([]);
  });

  it('refuses him revoking her key: the key she uses keeps working', async () => {
    const attacker = await signIn(ctx, SETTINGS_ADMIN);
    const victim = await financeManager();
    const admin = await signIn(ctx, ['ROLE_ADMIN']);
    const key = (await call(admin.headers, 'POST', `/api/settings/users/${victim.id}/api-key`)).json().data
      .apiKey as string;
    const before = await userRow(victim.id);

    const revoked = await call(attacker.headers, 'DELETE', `/api/settings/users/${victim.id}/api-key`);
    expect(revoked.json()).toEqual(REFUSED);
    expect(await userRow(victim.id)).toEqual(before);
    expect((await call({ 'x-api-key': key }, 'GET', '/api/finances/bills')).statusCode).toBe(200);
  });

  it('refuses him setting her password, so he cannot sign in as her, and her sessions live on', async () => {
    const attacker = await signIn(ctx, SETTINGS_ADMIN);
    const victim = await financeManager();
    const hers = await login(ctx.app, victim.username);
    const before = await userRow(victim.id);

    const set = await call(attacker.headers, 'POST', `/api/users/${victim.id}/password`, {
      cleartextPassword: { first: 'Taken0ver!', second: 'Taken0ver!' },
    });
    expect(set.json()).toEqual(REFUSED);
    expect(await userRow(victim.id)).toEqual(before);
    const signInAsHer = await call({}, 'POST', '/api/auth/login', {
      username: victim.username,
      password: 'Taken0ver!',
    });
    expect(signInAsHer.statusCode).toBe(401);
    expect((await call(bearer(hers), 'GET', '/api/users/me')).statusCode).toBe(200);
  });

  it('refuses him editing her: her address, roles, groups, the change flag, disabling and enabling', async () => {
    const attacker = await signIn(ctx, SETTINGS_ADMIN);
    const victim = await financeManager();
    const disabled = await createUser(ctx.database, { roles: ['ROLE_BILL_VIEW_ALL'], active: false });
    const before = await userRow(victim.id);
    const changes: object[] = [
      // Her mail (where notifications, and any future reset, go) redirected to him.
      { email: 'attacker@example.test' },
      { contactName: 'Someone else' },
      { roles: [] },
      { accessGroupIds: [] },
      { changePasswordRequired: true },
      { active: false },
    ];
    for (const change of changes) {
      const res = await call(attacker.headers, 'PUT', `/api/settings/users/${victim.id}`, {
        ...change,
        version: before.version,
      });
      expect(res.json(), JSON.stringify(change)).toEqual(REFUSED);
    }
    expect(await userRow(victim.id)).toEqual(before);
    expect(await logOf(victim.id)).toEqual([]);

    const enable = await call(attacker.headers, 'PUT', `/api/settings/users/${disabled.id}`, {
      active: true,
      version: disabled.version,
    });
    expect(enable.json()).toEqual(REFUSED);
    expect((await userRow(disabled.id)).active).toBe(false);
  });

  it('counts the roles of her enabled groups, and lets him act on a user whose every role he holds', async () => {
    const manager = await signIn(ctx, [...USER_MANAGER, 'ROLE_CHANGELOG_VIEW']);
    const [auditors] = await ctx.database.db
      .insert(accessGroups)
      .values({ name: `Auditors ${Math.random().toString(36).slice(2)}`, roles: ['ROLE_CHANGELOG_VIEW'] })
      .returning();
    const [dormant] = await ctx.database.db
      .insert(accessGroups)
      .values({
        name: `Dormant ${Math.random().toString(36).slice(2)}`,
        roles: ['ROLE_BILL_VIEW_ALL'],
        enabled: false,
      })
      .returning();
    const peer = await createUser(ctx.database, {
      roles: ['ROLE_USER_LIST'],
      accessGroupIds: [auditors!.id, dormant!.id],
    });
    const key = await call(manager.headers, 'POST', `/api/settings/users/${peer.id}/api-key`);
    expect(key.statusCode).toBe(200);

    // Enabling the group gives her a role he lacks: from then on she is out of his reach.
    await ctx.database.db.update(accessGroups).set({ enabled: true }).where(eq(accessGroups.id, dormant!.id));
    const before = await userRow(peer.id);
    expect(before.effectiveRoles).toContain('ROLE_BILL_VIEW_ALL');
    expect((await call(manager.headers, 'POST', `/api/settings/users/${peer.id}/api-key`)).json()).toEqual(
      REFUSED,
    );
    expect(await userRow(peer.id)).toEqual(before);
  });

  it('lets an administrator act on anyone', async () => {
    const admin = await signIn(ctx, ['ROLE_ADMIN']);
    const victim = await financeManager();
    expect((await call(admin.headers, 'POST', `/api/settings/users/${victim.id}/api-key`)).statusCode).toBe(
      200,
    );
    const set = await call(admin.headers, 'POST', `/api/users/${victim.id}/password`, {
      cleartextPassword: { first: 'Fresh-Start1', second: 'Fresh-Start1' },
    });
    expect(set.json().data.changePasswordRequired).toBe(true);
  });

  it('refuses giving a role or a group he lacks, to another user or to himself, changing nothing', async () => {
    const manager = await signIn(ctx, USER_MANAGER);
    const clerk = await createUser(ctx.database, { roles: ['ROLE_USER_LIST'] });
    const [billing] = await ctx.database.db
      .insert(accessGroups)
      .values({ name: `Billing ${Math.random().toString(36).slice(2)}`, roles: ['ROLE_BILL_VIEW_ALL'] })
      .returning();
    for (const target of [clerk, manager.user]) {
      const before = await userRow(target.id);
      const role = await call(manager.headers, 'PUT', `/api/settings/users/${target.id}`, {
        roles: [...before.roles, 'ROLE_BILL_VIEW_ALL'],
        version: before.version,
      });
      expect(flattenTree(role.json().errors)).toEqual({ roles: [ACCESS_MESSAGES.heldOnly] });
      const group = await call(manager.headers, 'PUT', `/api/settings/users/${target.id}`, {
        accessGroupIds: [billing!.id],
        version: before.version,
      });
      expect(flattenTree(group.json().errors)).toEqual({ accessGroupIds: [ACCESS_MESSAGES.heldOnly] });
      expect(await userRow(target.id)).toEqual(before);
    }
  });
});

describe('a password someone else chose is temporary', () => {
  it('a user a manager creates reaches nothing with the manager’s password but the change of it', async () => {
    const manager = await signIn(ctx, USER_MANAGER);
    const created = await call(manager.headers, 'POST', '/api/settings/users', {
      username: 'chosen.for.you',
      contactName: 'Chosen For You',
      roles: ['ROLE_USER_LIST'],
      // Asking for a permanent password is not the manager's to decide.
      changePasswordRequired: false,
      cleartextPassword: { first: 'Known2Manager', second: 'Known2Manager' },
    });
    expect(created.statusCode).toBe(201);
    const user = created.json().data;
    expect(user.changePasswordRequired).toBe(true);

    // Nor is clearing the flag afterwards.
    const cleared = await call(manager.headers, 'PUT', `/api/settings/users/${user.id}`, {
      changePasswordRequired: false,
      version: user.version,
    });
    expect(flattenTree(cleared.json().errors)).toEqual({
      changePasswordRequired: [USER_MESSAGES.passwordChangeStays],
    });
    expect((await userRow(user.id)).changePasswordRequired).toBe(true);

    // The manager (or whoever learnt the password) signs in: nothing opens but the change.
    const token = await login(ctx.app, 'chosen.for.you', 'Known2Manager');
    for (const url of ['/api/users/me', '/api/settings/users', '/api/users/colleagues']) {
      expect((await call(bearer(token), 'GET', url)).json()).toEqual({
        code: 403,
        message: ERROR_MESSAGES.passwordChangeRequired,
      });
    }
    const changed = await call(bearer(token), 'POST', `/api/users/${user.id}/password`, {
      cleartextPassword: { first: 'Mine-Only7', second: 'Mine-Only7' },
    });
    expect(changed.json().data.changePasswordRequired).toBe(false);
    expect((await call(bearer(token), 'GET', '/api/settings/users')).statusCode).toBe(200);
    expect(
      (await call({}, 'POST', '/api/auth/login', { username: 'chosen.for.you', password: 'Known2Manager' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('guessing the current password is throttled like sign-in', () => {
  const guess = (token: string, userId: number, currentPassword: string, from: string) =>
    call(
      bearer(token),
      'POST',
      `/api/users/${userId}/password`,
      { currentPassword, cleartextPassword: { first: 'Taken0ver!', second: 'Taken0ver!' } },
      from,
    );
  const TOO_MANY = { code: 429, message: ERROR_MESSAGES.tooManyPasswordAttempts };

  it('slows a stolen session down with the sign-in’s doubling delays, even for the right password', async () => {
    const victim = await createUser(ctx.database, { username: 'guessed.owner' });
    const stolen = await login(ctx.app, victim.username);
    const attacker = '203.0.113.90';
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++) {
      const wrong = await guess(stolen, victim.id, `Guess-${i}x`, attacker);
      expect(flattenTree(wrong.json().errors)).toEqual({ currentPassword: [WRONG_CURRENT_PASSWORD] });
    }
    const delays: string[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await guess(stolen, victim.id, DEFAULT_PASSWORD, attacker);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(TOO_MANY);
      delays.push(String(refused.headers['retry-after']));
      tick(Number(refused.headers['retry-after']));
      expect((await guess(stolen, victim.id, `Again-${round}x`, attacker)).statusCode).toBe(400);
    }
    expect(delays).toEqual(['1', '2', '4']);
    expect(await userRow(victim.id)).toMatchObject({
      passwordHash: victim.passwordHash,
      version: victim.version,
    });
    // Refused attempts are not recorded, so hammering does not prolong the wait.
    const failures = await ctx.database.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.username, 'guessed.owner'), eq(loginAttempts.success, false)));
    expect(failures).toHaveLength(LOGIN_THROTTLE.freeFailures + 3);

    // One secret, one count: signing in from there waits too; the owner elsewhere is not slowed.
    const viaLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'guessed.owner', password: DEFAULT_PASSWORD },
      remoteAddress: attacker,
    });
    expect(viaLogin.json()).toEqual({ code: 429, message: ERROR_MESSAGES.tooManyAttempts });
    const home = await guess(stolen, victim.id, DEFAULT_PASSWORD, '198.51.100.20');
    expect(home.statusCode).toBe(200);
    expect(await liveSessions(victim.id)).toHaveLength(1);
  });

  it('slows an API key down the same way', async () => {
    const victim = await createUser(ctx.database, { username: 'keyed.owner' });
    const admin = await signIn(ctx, ['ROLE_ADMIN']);
    const key = (await call(admin.headers, 'POST', `/api/settings/users/${victim.id}/api-key`)).json().data
      .apiKey as string;
    const attacker = '203.0.113.91';
    const byKey = (currentPassword: string) =>
      call(
        { 'x-api-key': key },
        'POST',
        `/api/users/${victim.id}/password`,
        { currentPassword, cleartextPassword: { first: 'Taken0ver!', second: 'Taken0ver!' } },
        attacker,
      );
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++) {
      expect((await byKey(`Guess-${i}y`)).statusCode).toBe(400);
    }
    const refused = await byKey(DEFAULT_PASSWORD);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(refused.headers['retry-after']).toBe('1');
    expect((await userRow(victim.id)).passwordHash).toBe(victim.passwordHash);
  });
});

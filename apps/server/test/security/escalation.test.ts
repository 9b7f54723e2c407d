import { ACCESS_MESSAGES, ERROR_MESSAGES, flattenTree, MESSAGES, USER_MESSAGES } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRONG_CURRENT_PASSWORD } from '../../src/modules/users/service';
import { apiKeyHash } from '../../src/platform/auth/api-key';
import { sessions } from '../../src/platform/auth/tables';
import { accessGroups, contacts, users } from '../../src/platform/identity/tables';
import { createTestApp, type TestContext } from '../../src/test/harness';
import { createUser, DEFAULT_PASSWORD, login, signIn } from '../../src/test/users';

/**
 * No escalation (docs/security.md): managing users or groups, impersonating, a stolen session and an API
 * key never give anyone more rights or someone else's credentials.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (headers: Record<string, string>, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const userRow = async (id: number) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const groupRow = async (id: number) =>
  (await ctx.database.db.select().from(accessGroups).where(eq(accessGroups.id, id)))[0]!;
const newGroup = async (roles: string[], enabled = true) =>
  (
    await ctx.database.db
      .insert(accessGroups)
      .values({ name: `Group ${Math.random().toString(36).slice(2)}`, roles, enabled })
      .returning()
  )[0]!;
const errorsOf = (res: { json: () => { errors: never } }) => flattenTree(res.json().errors);

const USER_MANAGER = ['ROLE_USER_LIST', 'ROLE_USER_EDIT', 'ROLE_USER_CREATE'];
const GROUP_MANAGER = ['ROLE_ACCESS_GROUP_LIST', 'ROLE_ACCESS_GROUP_EDIT', 'ROLE_ACCESS_GROUP_CREATE'];

describe('granting roles', () => {
  it('a user manager granting himself a role he lacks is refused under roles, and nothing changes', async () => {
    const manager = await signIn(ctx, USER_MANAGER);
    const before = await userRow(manager.user.id);
    const res = await call(manager.headers, 'PUT', `/api/settings/users/${manager.user.id}`, {
      roles: [...USER_MANAGER, 'ROLE_BILL_EDIT_ALL'],
      version: before.version,
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ roles: [ACCESS_MESSAGES.heldOnly] });
    expect(await userRow(manager.user.id)).toEqual(before);
  });

  it('giving roles through a group, on create or update, is refused under accessGroupIds', async () => {
    const manager = await signIn(ctx, USER_MANAGER);
    const billing = await newGroup(['ROLE_BILL_EDIT_ALL']);
    const before = await userRow(manager.user.id);
    const update = await call(manager.headers, 'PUT', `/api/settings/users/${manager.user.id}`, {
      accessGroupIds: [billing.id],
      version: before.version,
    });
    expect(update.statusCode).toBe(400);
    expect(errorsOf(update)).toEqual({ accessGroupIds: [ACCESS_MESSAGES.heldOnly] });
    expect(await userRow(manager.user.id)).toEqual(before);

    const username = `accomplice_${manager.user.id}`;
    const create = await call(manager.headers, 'POST', '/api/settings/users', {
      username,
      contactName: 'Accomplice',
      cleartextPassword: { first: 'Accompl1ce', second: 'Accompl1ce' },
      accessGroupIds: [billing.id],
    });
    expect(create.statusCode).toBe(400);
    expect(errorsOf(create)).toEqual({ accessGroupIds: [ACCESS_MESSAGES.heldOnly] });
    expect(await ctx.database.db.select().from(users).where(eq(users.username, username))).toEqual([]);
  });

  it('a group editor adding roles he lacks to a group others hold, or enabling it, is refused', async () => {
    const editor = await signIn(ctx, GROUP_MANAGER);
    const group = await newGroup(['ROLE_ACCESS_GROUP_LIST']);
    await createUser(ctx.database, { accessGroupIds: [group.id] });
    const update = await call(editor.headers, 'PUT', `/api/settings/access-groups/${group.id}`, {
      roles: ['ROLE_ACCESS_GROUP_LIST', 'ROLE_ORDER_EDIT_ALL'],
      version: group.version,
    });
    expect(update.statusCode).toBe(400);
    expect(errorsOf(update)).toEqual({ roles: [ACCESS_MESSAGES.heldOnly] });
    expect(await groupRow(group.id)).toEqual(group);

    const dormant = await newGroup(['ROLE_ORDER_EDIT_ALL'], false);
    const enable = await call(editor.headers, 'POST', `/api/settings/access-groups/${dormant.id}/enable`);
    expect(enable.statusCode).toBe(403);
    expect(enable.json()).toEqual({ code: 403, message: ACCESS_MESSAGES.heldOnly });
    expect(await groupRow(dormant.id)).toEqual(dormant);
  });

  it('ROLE_GRANT_ANY_ROLE grants any role but the administrator’s; only an administrator touches that', async () => {
    const granter = await signIn(ctx, [...USER_MANAGER, 'ROLE_GRANT_ANY_ROLE']);
    const clerk = await createUser(ctx.database);
    const granted = await call(granter.headers, 'PUT', `/api/settings/users/${clerk.id}`, {
      roles: ['ROLE_BILL_EDIT_ALL'],
      version: clerk.version,
    });
    expect(granted.statusCode).toBe(200);

    // Once she holds a role he lacks, she is out of his reach (docs/security.md "Accounts").
    const before = await userRow(clerk.id);
    const again = await call(granter.headers, 'PUT', `/api/settings/users/${clerk.id}`, {
      roles: [],
      version: before.version,
    });
    expect(again.json()).toEqual({ code: 403, message: USER_MESSAGES.manageHeldOnly });
    expect(await userRow(clerk.id)).toEqual(before);

    const plain = await createUser(ctx.database);
    const admin = await call(granter.headers, 'PUT', `/api/settings/users/${plain.id}`, {
      roles: ['ROLE_ADMIN'],
      version: plain.version,
    });
    expect(admin.statusCode).toBe(400);
    expect(errorsOf(admin)).toEqual({ roles: [ACCESS_MESSAGES.adminOnly] });
    expect(await userRow(plain.id)).toEqual(plain);

    const boss = await createUser(ctx.database, { roles: ['ROLE_ADMIN'] });
    const revoke = await call(granter.headers, 'PUT', `/api/settings/users/${boss.id}`, {
      roles: [],
      version: boss.version,
    });
    expect(revoke.statusCode).toBe(403);
    expect(await userRow(boss.id)).toEqual(boss);
  });
});

describe('impersonation', () => {
  const switchTo = (token: string, username: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/impersonate?_switch_user=${encodeURIComponent(username)}`,
      headers: { ...bearer(token), accept: 'application/json' },
    });
  const impersonations = async (impersonatorId: number) =>
    ctx.database.db.select().from(sessions).where(eq(sessions.impersonatorId, impersonatorId));

  it('switching to a user holding a role the switcher lacks is refused, and no session opens', async () => {
    const switcher = await signIn(ctx, ['ROLE_ALLOWED_TO_SWITCH', 'ROLE_ORDER_VIEW_OWN']);
    const group = await newGroup(['ROLE_ORDER_VIEW_ALL']);
    const target = await createUser(ctx.database, {
      roles: ['ROLE_ORDER_VIEW_OWN'],
      accessGroupIds: [group.id],
    });
    const res = await switchTo(switcher.token, target.username);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, message: ERROR_MESSAGES.impersonationTarget });
    expect(await impersonations(switcher.user.id)).toEqual([]);
  });

  it('while impersonating, nobody’s password, API key, roles or groups change', async () => {
    const managing = [...USER_MANAGER, ...GROUP_MANAGER];
    const switcher = await signIn(ctx, ['ROLE_ALLOWED_TO_SWITCH', ...managing]);
    const target = await createUser(ctx.database, { roles: managing });
    const victim = await createUser(ctx.database);
    const group = await newGroup(['ROLE_USER_LIST']);
    const switched = await switchTo(switcher.token, target.username);
    expect(switched.statusCode).toBe(200);
    const as = bearer(switched.json().data.token);
    const targetBefore = await userRow(target.id);
    const victimBefore = await userRow(victim.id);

    const attempts = [
      call(as, 'POST', `/api/users/${victim.id}/password`, {
        cleartextPassword: { first: 'Hijack123', second: 'Hijack123' },
      }),
      call(as, 'POST', `/api/users/${target.id}/password`, {
        currentPassword: DEFAULT_PASSWORD,
        cleartextPassword: { first: 'Hijack123', second: 'Hijack123' },
      }),
      call(as, 'POST', `/api/settings/users/${victim.id}/api-key`),
      call(as, 'DELETE', `/api/settings/users/${victim.id}/api-key`),
      call(as, 'PUT', `/api/settings/users/${victim.id}`, {
        roles: ['ROLE_USER_LIST'],
        version: victim.version,
      }),
      call(as, 'PUT', `/api/settings/users/${victim.id}`, {
        accessGroupIds: [group.id],
        version: victim.version,
      }),
      call(as, 'PUT', `/api/settings/access-groups/${group.id}`, { roles: [], version: group.version }),
      call(as, 'POST', `/api/settings/access-groups/${group.id}/disable`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.json()).toEqual({ code: 403, message: ERROR_MESSAGES.impersonationCredentials });
    }
    expect(await userRow(target.id)).toEqual(targetBefore);
    expect(await userRow(victim.id)).toEqual(victimBefore);
    expect(await groupRow(group.id)).toEqual(group);
  });
});

describe('passwords', () => {
  const changeOwn = (headers: Record<string, string>, userId: number, currentPassword?: string) =>
    call(headers, 'POST', `/api/users/${userId}/password`, {
      ...(currentPassword === undefined ? {} : { currentPassword }),
      cleartextPassword: { first: 'Taken0ver', second: 'Taken0ver' },
    });

  it('a stolen session changing its user’s password without the current one is refused', async () => {
    const victim = await signIn(ctx);
    const before = await userRow(victim.user.id);
    const none = await changeOwn(victim.headers, victim.user.id);
    expect(errorsOf(none)).toEqual({ currentPassword: [MESSAGES.blank] });
    const wrong = await changeOwn(victim.headers, victim.user.id, 'Guess1234');
    expect(errorsOf(wrong)).toEqual({ currentPassword: [WRONG_CURRENT_PASSWORD] });
    expect(await userRow(victim.user.id)).toEqual(before);
  });

  it('a user who must change their password reaches nothing else until they do', async () => {
    const user = await createUser(ctx.database, { changePasswordRequired: true, contactName: 'Before' });
    const headers = bearer(await login(ctx.app, user.username));
    const refused = [
      await call(headers, 'GET', '/api/users/me'),
      await call(headers, 'PATCH', '/api/users/me', { contact: { name: 'After' } }),
      await call(headers, 'GET', '/api/users/colleagues'),
    ];
    for (const res of refused) {
      expect(res.json()).toEqual({ code: 403, message: ERROR_MESSAGES.passwordChangeRequired });
    }
    const [contact] = await ctx.database.db.select().from(contacts).where(eq(contacts.id, user.contactId));
    expect(contact!.name).toBe('Before');
    expect((await call(headers, 'GET', '/api/system')).statusCode).toBe(200);
    expect((await call(headers, 'GET', '/api/auth/get-token')).statusCode).toBe(200);

    // The forced change right after signing in needs no current password; then everything opens.
    expect((await changeOwn(headers, user.id)).statusCode).toBe(200);
    expect((await call(headers, 'GET', '/api/users/me')).statusCode).toBe(200);
  });

  it('a password an administrator sets must be changed by its user at the next sign-in', async () => {
    const manager = await signIn(ctx, USER_MANAGER);
    const user = await createUser(ctx.database);
    const set = await call(manager.headers, 'POST', `/api/users/${user.id}/password`, {
      cleartextPassword: { first: 'Known2Admin', second: 'Known2Admin' },
    });
    expect(set.json().data.changePasswordRequired).toBe(true);
    const headers = bearer(await login(ctx.app, user.username, 'Known2Admin'));
    expect((await call(headers, 'GET', '/api/users/me')).json()).toEqual({
      code: 403,
      message: ERROR_MESSAGES.passwordChangeRequired,
    });
  });

  it('setting the change flag ends the user’s sessions, so no old session skips the current password', async () => {
    const manager = await signIn(ctx, USER_MANAGER);
    const user = await signIn(ctx);
    const res = await call(manager.headers, 'PUT', `/api/settings/users/${user.user.id}`, {
      changePasswordRequired: true,
      version: user.user.version,
    });
    expect(res.statusCode).toBe(200);
    const before = await userRow(user.user.id);
    expect((await changeOwn(user.headers, user.user.id)).statusCode).toBe(401);
    expect((await userRow(user.user.id)).passwordHash).toBe(before.passwordHash);
  });
});

describe('API keys', () => {
  const issueKey = async (userId: number) => {
    const admin = await signIn(ctx, ['ROLE_ADMIN']);
    const res = await call(admin.headers, 'POST', `/api/settings/users/${userId}/api-key`);
    return res.json().data.apiKey as string;
  };

  it('a user’s key acts with the user’s roles and no more, and is stored only as its hash', async () => {
    const auditors = await newGroup(['ROLE_CHANGELOG_VIEW']);
    const user = await createUser(ctx.database, { roles: ['ROLE_USER_LIST'], accessGroupIds: [auditors.id] });
    const key = await issueKey(user.id);
    const asKey = { 'x-api-key': key };
    expect((await call(asKey, 'GET', '/api/settings/users')).statusCode).toBe(200);
    expect((await call(asKey, 'GET', '/api/settings/entity-changelog')).statusCode).toBe(200);
    const before = await userRow(user.id);
    const escalate = await call(asKey, 'PUT', `/api/settings/users/${user.id}`, {
      roles: ['ROLE_USER_LIST', 'ROLE_USER_EDIT'],
      version: before.version,
    });
    expect(escalate.statusCode).toBe(403);
    expect(await userRow(user.id)).toEqual(before);
    expect(before.apiKeyHash).toBe(apiKeyHash(key));
    expect(JSON.stringify(before)).not.toContain(key);

    // Roles taken from the user are taken from the key at once.
    await ctx.database.db.update(users).set({ roles: [] }).where(eq(users.id, user.id));
    expect((await call(asKey, 'GET', '/api/settings/users')).statusCode).toBe(403);
  });

  it('a key cannot set its user’s password without the current one, even when it must be changed', async () => {
    const user = await createUser(ctx.database, { changePasswordRequired: true });
    const key = await issueKey(user.id);
    const res = await call({ 'x-api-key': key }, 'POST', `/api/users/${user.id}/password`, {
      cleartextPassword: { first: 'ByMachine1', second: 'ByMachine1' },
    });
    expect(errorsOf(res)).toEqual({ currentPassword: [MESSAGES.blank] });
    expect((await userRow(user.id)).passwordHash).toBe(user.passwordHash);
  });
});

import { ACCESS_MESSAGES, flattenTree, MESSAGES, USER_MESSAGES, userResource } from '@tms/domain';
import { PASSWORD_MESSAGES } from '@tms/domain/users/password';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessGroups, contacts, serviceOffices, users } from '../../platform/identity/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { describeResource } from '../../test/resource-suite';
import { createUser, DEFAULT_PASSWORD, firstSignIn, login, type SignedIn, signIn } from '../../test/users';
import { SELF_DEACTIVATION } from './admin';
import { apiKeyHash } from './service';

let counter = 0;
const password = { first: 'Start-9x7', second: 'Start-9x7' };
const userBody = () => ({
  username: `ivan.petrov_${++counter}`,
  cleartextPassword: password,
  contactName: `Ivan Petrov ${counter}`,
  email: `ivan${counter}@example.com`,
  phone: '+7 900 000-00-00',
  locale: 'ru-RU',
  roles: ['ROLE_CHANGELOG_VIEW'],
});

describeResource({
  descriptor: userResource,
  contract: 'full',
  validCreate: userBody,
  writeOnly: ['cleartextPassword'],
  editorRoles: ['ROLE_CHANGELOG_VIEW'],
  update: { contactName: 'Renamed Person', locale: 'en-US', remoteAccess: true, email: 'new@example.com' },
  invalidCreate: {
    body: { username: 'bad name!', cleartextPassword: password, contactName: ' ', email: 'nope' },
    errorPaths: ['username', 'contactName', 'email'],
  },
  unique: ['username'],
  search: 'Ivan Petrov',
});

describe('user management rules', () => {
  let ctx: TestContext;
  let manager: SignedIn;
  let admin: SignedIn;
  beforeAll(async () => {
    ctx = await createTestApp();
    manager = await signIn(ctx, [
      'ROLE_USER_LIST',
      'ROLE_USER_EDIT',
      'ROLE_USER_CREATE',
      'ROLE_CHANGELOG_VIEW',
    ]);
    admin = await signIn(ctx, ['ROLE_ADMIN']);
  });
  afterAll(() => ctx.close());

  const api = '/api/settings/users';
  const call = (
    who: SignedIn | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => ctx.app.inject({ method, url, payload, headers: who?.headers ?? {} });
  const create = async (who: SignedIn, body: object = {}) => {
    const res = await call(who, 'POST', api, { ...userBody(), ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const rowOf = async (id: number) =>
    (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('creates a user who can sign in with the password, never answering hashes', async () => {
    const user = await create(manager, { username: 'Olga.Sidorova' });
    for (const secret of ['passwordHash', 'previousPasswordHash', 'apiKeyHash', 'cleartextPassword']) {
      expect(user).not.toHaveProperty(secret);
    }
    expect(user).toMatchObject({ hasApiKey: false, active: true, ipRestriction: 'none', localeShort: 'ru' });
    const [contact] = await ctx.database.db.select().from(contacts).where(eq(contacts.id, user.contactId));
    expect(contact).toMatchObject({ name: user.contactName, email: user.email });
    await login(ctx.app, 'olga.sidorova', 'Start-9x7');
    const list = await call(manager, 'GET', `${api}?itemsPerPage=10000`);
    expect(list.body).not.toMatch(/argon2|passwordHash|apiKeyHash/);
  });

  it('makes the first password temporary: the new user must change it, and no manager clears that', async () => {
    const user = await create(manager, { changePasswordRequired: false });
    expect(user.changePasswordRequired).toBe(true);
    const cleared = await call(manager, 'PUT', `${api}/${user.id}`, {
      changePasswordRequired: false,
      version: user.version,
    });
    expect(flattenTree(cleared.json().errors)).toEqual({
      changePasswordRequired: [USER_MESSAGES.passwordChangeStays],
    });
    const byAdmin = await call(admin, 'PUT', `${api}/${user.id}`, {
      changePasswordRequired: false,
      version: user.version,
    });
    expect(byAdmin.statusCode).toBe(400);
    expect((await rowOf(user.id)).version).toBe(user.version);

    // The user's own new password clears it; a manager may ask for another change later.
    await firstSignIn(ctx.app, user, 'Start-9x7');
    const after = await rowOf(user.id);
    expect(after.changePasswordRequired).toBe(false);
    const again = await call(manager, 'PUT', `${api}/${user.id}`, {
      changePasswordRequired: true,
      version: after.version,
    });
    expect(again.json().data.changePasswordRequired).toBe(true);
  });

  it('refuses a username differing only in case, and odd characters', async () => {
    await create(manager, { username: 'Case.User' });
    const twin = await call(manager, 'POST', api, { ...userBody(), username: 'case.USER' });
    expect(twin.statusCode).toBe(400);
    expect(flattenTree(twin.json().errors)).toEqual({ username: [MESSAGES.duplicate] });
    const odd = await call(manager, 'POST', api, { ...userBody(), username: 'иван' });
    expect(flattenTree(odd.json().errors)).toEqual({ username: [USER_MESSAGES.username] });
  });

  it('checks the password rules and the IP entries, writing nothing', async () => {
    const before = (await ctx.database.db.select().from(users)).length;
    const beforeContacts = (await ctx.database.db.select().from(contacts)).length;
    const res = await call(manager, 'POST', api, {
      ...userBody(),
      cleartextPassword: { first: 'ab1', second: 'other' },
      allowedIpAddresses: ['10.0.0.0/24', '10.0.0.300', '2001:db8::/129'],
    });
    expect(res.statusCode).toBe(400);
    expect(flattenTree(res.json().errors)).toEqual({
      'cleartextPassword.first': ['This value is too short.'],
      'cleartextPassword.second': [PASSWORD_MESSAGES.mismatch],
      'allowedIpAddresses.1': [USER_MESSAGES.invalidIp],
      'allowedIpAddresses.2': [USER_MESSAGES.invalidIp],
    });
    expect((await ctx.database.db.select().from(users)).length).toBe(before);
    expect((await ctx.database.db.select().from(contacts)).length).toBe(beforeContacts);
  });

  it('refuses unknown offices and groups under their fields', async () => {
    const office = await call(manager, 'POST', api, { ...userBody(), serviceOfficeId: 999999 });
    expect(flattenTree(office.json().errors)).toEqual({ serviceOfficeId: [MESSAGES.invalid] });
    const groups = await call(manager, 'POST', api, { ...userBody(), accessGroupIds: [999999] });
    expect(flattenTree(groups.json().errors)).toEqual({ 'accessGroupIds.0': [MESSAGES.invalid] });
  });

  it('takes the password only through the "set password" action', async () => {
    const user = await create(manager);
    const res = await call(manager, 'PUT', `${api}/${user.id}`, {
      cleartextPassword: { first: 'Other123', second: 'Other123' },
      version: user.version,
    });
    expect(flattenTree(res.json().errors)).toEqual({ cleartextPassword: [USER_MESSAGES.passwordElsewhere] });
  });

  it('ends every session of a user who is deactivated', async () => {
    const user = await create(manager);
    const token = await firstSignIn(ctx.app, user, 'Start-9x7');
    const me = () =>
      ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me()).statusCode).toBe(200);
    const before = (await call(manager, 'GET', `${api}/${user.id}`)).json().data;
    const res = await call(manager, 'PUT', `${api}/${user.id}`, { active: false, version: before.version });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me()).statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: DEFAULT_PASSWORD },
    });
    expect(again.statusCode).toBe(401);
    const self = (await call(manager, 'GET', `${api}/${manager.user.id}`)).json().data;
    const selfOff = await call(manager, 'PUT', `${api}/${manager.user.id}`, {
      active: false,
      version: self.version,
    });
    expect(flattenTree(selfOff.json().errors)).toEqual({ active: [SELF_DEACTIVATION] });
  });

  it('lets only an administrator grant ROLE_ADMIN or manage an administrator', async () => {
    const direct = await call(manager, 'POST', api, { ...userBody(), roles: ['ROLE_ADMIN'] });
    expect(flattenTree(direct.json().errors)).toEqual({ roles: [ACCESS_MESSAGES.adminOnly] });
    const [group] = await ctx.database.db
      .insert(accessGroups)
      .values({ name: 'Administrators', roles: ['ROLE_ADMIN'] })
      .returning();
    const viaGroup = await call(manager, 'POST', api, { ...userBody(), accessGroupIds: [group!.id] });
    expect(flattenTree(viaGroup.json().errors)).toEqual({ accessGroupIds: [ACCESS_MESSAGES.adminOnly] });

    const boss = await create(admin, { accessGroupIds: [group!.id], roles: [] });
    expect(boss.effectiveRoles).toEqual(['ROLE_ADMIN']);
    const edit = await call(manager, 'PUT', `${api}/${boss.id}`, { contactName: 'x', version: boss.version });
    expect(edit.statusCode).toBe(403);
    const pass = await call(manager, 'POST', `/api/users/${boss.id}/password`, {
      cleartextPassword: { first: 'Hijack123', second: 'Hijack123' },
    });
    expect(pass.statusCode).toBe(403);
    expect((await call(manager, 'POST', `${api}/${boss.id}/api-key`)).statusCode).toBe(403);
    expect((await rowOf(boss.id)).version).toBe(boss.version);
    const byAdmin = await call(admin, 'PUT', `${api}/${boss.id}`, {
      contactName: 'Chief',
      version: boss.version,
    });
    expect(byAdmin.statusCode).toBe(200);
  });

  it('issues an API key shown once and stored hashed, and revokes it', async () => {
    const user = await create(manager);
    // The key, like every other door, waits until the user has chosen his own password.
    await firstSignIn(ctx.app, user, 'Start-9x7');
    const res = await call(manager, 'POST', `${api}/${user.id}/api-key`);
    expect(res.statusCode).toBe(200);
    const { apiKey } = res.json().data;
    expect(apiKey).toMatch(/^tms_[\w-]{40,}$/);
    const row = await rowOf(user.id);
    expect(row.apiKeyHash).toBe(apiKeyHash(apiKey));
    const read = (await call(manager, 'GET', `${api}/${user.id}`)).json().data;
    expect(read.hasApiKey).toBe(true);
    expect(JSON.stringify(read)).not.toContain(apiKey);
    const asMachine = (key: string, ip = '127.0.0.1') =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { 'x-api-key': key },
        remoteAddress: ip,
      });
    const me = await asMachine(apiKey);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(user.id);
    const second = (await call(manager, 'POST', `${api}/${user.id}/api-key`)).json().data.apiKey;
    expect(second).not.toBe(apiKey);
    expect((await asMachine(apiKey)).statusCode).toBe(401);
    expect((await asMachine(second)).statusCode).toBe(200);
    const revoked = await call(manager, 'DELETE', `${api}/${user.id}/api-key`);
    expect(revoked.json().data.hasApiKey).toBe(false);
    expect((await rowOf(user.id)).apiKeyHash).toBeNull();
    expect((await asMachine(second)).statusCode).toBe(401);
    const history = (await call(manager, 'GET', `${api}/${user.id}/history`)).json().data.collection;
    expect(history.slice(0, 3).map((e: { changes: object }) => e.changes)).toEqual([
      { apiKey: { old: '***', new: null } },
      { apiKey: { old: '***', new: '***' } },
      { apiKey: { old: null, new: '***' } },
    ]);
    expect((await call(null, 'POST', `${api}/${user.id}/api-key`)).statusCode).toBe(401);
    const viewer = await signIn(ctx, ['ROLE_USER_LIST']);
    expect((await call(viewer, 'POST', `${api}/${user.id}/api-key`)).statusCode).toBe(403);
  });

  it('filters by office, active, access group and effective role', async () => {
    const [office] = await ctx.database.db.insert(serviceOffices).values({ name: 'Minsk' }).returning();
    const [group] = await ctx.database.db
      .insert(accessGroups)
      .values({ name: 'Accountants', roles: ['ROLE_USER_LIST'] })
      .returning();
    const inGroup = await create(manager, {
      accessGroupIds: [group!.id],
      roles: [],
      serviceOfficeId: office!.id,
    });
    const other = await create(manager, { active: false });
    const ids = async (query: string) =>
      (await call(manager, 'GET', `${api}?${query}&itemsPerPage=10000`))
        .json()
        .data.collection.map((u: { id: number }) => u.id);
    expect(await ids(`serviceOfficeId=${office!.id}`)).toEqual([inGroup.id]);
    expect(await ids(`accessGroupIds=${group!.id}`)).toEqual([inGroup.id]);
    expect(await ids(`effectiveRoles=ROLE_USER_LIST`)).toContain(inGroup.id);
    expect(await ids(`effectiveRoles=ROLE_USER_LIST`)).not.toContain(other.id);
    expect(await ids('active=false')).toContain(other.id);
    expect(await ids('active=false')).not.toContain(inGroup.id);

    // Changing the group list updates the membership the sign-in reads.
    const moved = await call(manager, 'PUT', `${api}/${inGroup.id}`, {
      accessGroupIds: [],
      version: inGroup.version,
    });
    expect(moved.json().data).toMatchObject({ accessGroupIds: [], effectiveRoles: [] });
    expect(await ids(`accessGroupIds=${group!.id}`)).toEqual([]);
  });

  it('keeps the list in step with contacts changed elsewhere (the profile screen)', async () => {
    const user = await createUser(ctx.database, { contactName: 'Before Rename' });
    await ctx.database.db
      .update(contacts)
      .set({ name: 'Zinaida Unique' })
      .where(eq(contacts.id, user.contactId));
    const found = (await call(manager, 'GET', `${api}?search=zinaida`)).json().data.collection;
    expect(found.map((u: { id: number }) => u.id)).toEqual([user.id]);
    expect(found[0].contactName).toBe('Zinaida Unique');
  });
});

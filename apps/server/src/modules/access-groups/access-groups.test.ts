import { ACCESS_MESSAGES, accessGroupResource, flattenTree } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessGroups, users } from '../../platform/identity/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { describeResource } from '../../test/resource-suite';
import { createUser, type SignedIn, signIn } from '../../test/users';

let counter = 0;
const groupBody = () => ({
  name: `Logisticians ${++counter}`,
  description: 'Operations team',
  roles: ['ROLE_ORDER_VIEW_OFFICE', 'ROLE_USER_LIST'],
});

describeResource({
  descriptor: accessGroupResource,
  validCreate: groupBody,
  editorRoles: ['ROLE_ORDER_VIEW_OFFICE', 'ROLE_USER_LIST', 'ROLE_CHANGELOG_VIEW'],
  update: { description: 'Changed', roles: ['ROLE_CHANGELOG_VIEW'] },
  invalidCreate: {
    body: { name: ' ', roles: ['ROLE_NO_SUCH_ROLE', 'ROLE_USER_LIST'] },
    errorPaths: ['name', 'roles.0'],
  },
  unique: ['name'],
  search: 'Logisticians',
  inUse: async (ctx, id) => {
    await createUser(ctx.database, { accessGroupIds: [id] });
  },
  inUseMessage: ACCESS_MESSAGES.groupInUse,
});

describe('access group rules', () => {
  let ctx: TestContext;
  let editor: SignedIn;
  let admin: SignedIn;
  beforeAll(async () => {
    ctx = await createTestApp();
    editor = await signIn(ctx, [
      'ROLE_ACCESS_GROUP_LIST',
      'ROLE_ACCESS_GROUP_EDIT',
      'ROLE_ACCESS_GROUP_CREATE',
      'ROLE_USER_LIST',
      'ROLE_CHANGELOG_VIEW',
      'ROLE_ORDER_VIEW_OFFICE',
    ]);
    admin = await signIn(ctx, ['ROLE_ADMIN']);
  });
  afterAll(() => ctx.close());

  const api = '/api/settings/access-groups';
  const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: who.headers });

  it('names an unknown role under its index', async () => {
    const res = await call(editor, 'POST', api, { name: 'Bad roles', roles: ['ROLE_USER_LIST', 'ROLE_X'] });
    expect(res.statusCode).toBe(400);
    expect(flattenTree(res.json().errors)).toEqual({ 'roles.1': [ACCESS_MESSAGES.unknownRole] });
  });

  it('keeps each role once', async () => {
    const res = await call(editor, 'POST', api, {
      name: 'Twice',
      roles: ['ROLE_USER_LIST', 'ROLE_USER_LIST'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.roles).toEqual(['ROLE_USER_LIST']);
  });

  it('lets only an administrator grant or change the administrator role', async () => {
    const refused = await call(editor, 'POST', api, { name: 'Admins', roles: ['ROLE_ADMIN'] });
    expect(refused.statusCode).toBe(400);
    expect(flattenTree(refused.json().errors)).toEqual({ roles: [ACCESS_MESSAGES.adminOnly] });
    expect(await ctx.database.db.select().from(accessGroups).where(eq(accessGroups.name, 'Admins'))).toEqual(
      [],
    );

    const created = await call(admin, 'POST', api, { name: 'Admins', roles: ['ROLE_ADMIN'] });
    expect(created.statusCode).toBe(201);
    const group = created.json().data;
    const edit = await call(editor, 'PUT', `${api}/${group.id}`, {
      description: 'x',
      version: group.version,
    });
    expect(edit.statusCode).toBe(403);
    expect((await call(editor, 'POST', `${api}/${group.id}/disable`)).statusCode).toBe(403);
    expect((await call(editor, 'DELETE', `${api}/${group.id}`)).statusCode).toBe(403);
    const after = await call(admin, 'GET', `${api}/${group.id}`);
    expect(after.json().data).toMatchObject({ version: group.version, enabled: true, description: null });

    const plain = (await call(editor, 'POST', api, { name: 'Plain', roles: [] })).json().data;
    const escalate = await call(editor, 'PUT', `${api}/${plain.id}`, {
      roles: ['ROLE_ADMIN'],
      version: plain.version,
    });
    expect(escalate.statusCode).toBe(400);
    expect(flattenTree(escalate.json().errors)).toEqual({ roles: [ACCESS_MESSAGES.adminOnly] });
  });

  it('changes its users’ effective roles at once, and disabling it takes them away', async () => {
    const group = (
      await call(editor, 'POST', api, { name: 'Auditors', roles: ['ROLE_CHANGELOG_VIEW'] })
    ).json().data;
    const member = await signIn(ctx, [], { accessGroupIds: [group.id] });
    const log = () => call(member, 'GET', '/api/settings/entity-changelog');
    expect((await log()).statusCode).toBe(200);
    const effective = async () =>
      (await ctx.database.db.select().from(users).where(eq(users.id, member.user.id)))[0]!.effectiveRoles;
    expect(await effective()).toEqual(['ROLE_CHANGELOG_VIEW']);

    const off = await call(editor, 'POST', `${api}/${group.id}/disable`);
    expect(off.statusCode).toBe(200);
    expect((await log()).statusCode).toBe(403);
    expect(await effective()).toEqual([]);

    await call(editor, 'POST', `${api}/${group.id}/enable`);
    const fresh = (await call(editor, 'GET', `${api}/${group.id}`)).json().data;
    await call(editor, 'PUT', `${api}/${group.id}`, {
      roles: ['ROLE_CHANGELOG_VIEW', 'ROLE_USER_LIST'],
      version: fresh.version,
    });
    expect(await effective()).toEqual(['ROLE_CHANGELOG_VIEW', 'ROLE_USER_LIST']);
  });

  it('filters by role', async () => {
    await call(editor, 'POST', api, { name: 'Order viewers', roles: ['ROLE_ORDER_VIEW_OFFICE'] });
    const res = await call(editor, 'GET', `${api}?roles=ROLE_ORDER_VIEW_OFFICE&itemsPerPage=100`);
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json().data.collection.map((g: { name: string }) => g.name);
    expect(names).toContain('Order viewers');
    expect(names).not.toContain('Auditors');
  });
});

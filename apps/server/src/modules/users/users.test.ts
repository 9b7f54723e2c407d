import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../platform/auth/tables';
import { changeLog } from '../../platform/changelog/tables';
import { contacts, serviceOffices, users } from '../../platform/identity/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { createUser, DEFAULT_PASSWORD, login, signIn } from '../../test/users';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** `current`: the current password an own change gives; null sends none (the forced change). */
function changePassword(
  token: string,
  userId: number,
  first: unknown,
  second: unknown = first,
  current: string | null = DEFAULT_PASSWORD,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/users/${userId}/password`,
    headers: bearer(token),
    payload: {
      ...(current === null ? {} : { currentPassword: current }),
      cleartextPassword: { first, second },
    },
  });
}

function tree(first: string[] | null, second: string[] | null = null) {
  const children: Record<string, unknown> = {};
  if (first) children.first = { errors: first, children: {} };
  if (second) children.second = { errors: second, children: {} };
  return {
    code: 400,
    message: 'Validation Failed',
    errors: { errors: [], children: { cleartextPassword: { errors: [], children } } },
  };
}

async function liveSessions(userId: number) {
  return ctx.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

describe('password change', () => {
  it('changes the own password, keeps this session, ends the others, clears the change flag (forced: no current password)', async () => {
    const user = await createUser(ctx.database, {
      changePasswordRequired: true,
      contactName: 'Anna Smirnova',
    });
    const token = await login(ctx.app, user.username);
    const other = await login(ctx.app, user.username);
    const res = await changePassword(token, user.id, 'New-Pass7', 'New-Pass7', null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: user.id,
        username: user.username,
        contact: { id: user.contactId, name: 'Anna Smirnova' },
        locale: 'ru-RU',
        localeShort: 'ru',
        nextUi: false,
        changePasswordRequired: false,
        serviceOffice: null,
        darkTheme: false,
      },
    });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(other) })).statusCode,
    ).toBe(401);
    expect(await liveSessions(user.id)).toHaveLength(1);

    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: DEFAULT_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    await login(ctx.app, user.username, 'New-Pass7');

    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.previousPasswordHash).toBe(user.passwordHash);
    expect(row!.version).toBe(user.version + 1);
    const [entry] = await ctx.database.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entityType, 'user'), eq(changeLog.entityId, user.id)))
      .orderBy(desc(changeLog.id));
    expect(entry).toMatchObject({
      action: 'update',
      userId: user.id,
      changes: { password: { old: '***', new: '***' }, changePasswordRequired: { old: true, new: false } },
    });
  });

  it('lets ROLE_USER_EDIT change another user’s password, ends all their sessions, leaves it to be changed', async () => {
    const editor = await signIn(ctx, ['ROLE_USER_EDIT']);
    const user = await createUser(ctx.database);
    const token = await login(ctx.app, user.username);
    const res = await changePassword(editor.token, user.id, 'Other#pass');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, changePasswordRequired: true });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode,
    ).toBe(401);
    expect(await liveSessions(user.id)).toHaveLength(0);
    expect(await liveSessions(editor.user.id)).toHaveLength(1);
    const [entry] = await ctx.database.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entityType, 'user'), eq(changeLog.entityId, user.id)));
    expect(entry?.userId).toBe(editor.user.id);
  });

  it('refuses another user’s password without ROLE_USER_EDIT and changes nothing', async () => {
    const plain = await signIn(ctx);
    const user = await createUser(ctx.database);
    const res = await changePassword(plain.token, user.id, 'New-Pass7');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, message: 'Access denied.' });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBe(user.passwordHash);
  });

  it('answers 404 for an unknown user', async () => {
    const editor = await signIn(ctx, ['ROLE_USER_EDIT']);
    expect((await changePassword(editor.token, 999999, 'New-Pass7')).statusCode).toBe(404);
  });

  it('puts every rule failure under its field and writes nothing', async () => {
    const self = await signIn(ctx);
    const cases: [unknown, unknown, object][] = [
      ['xq7z', 'xq7z', tree(['This value is too short.'])],
      ['a1'.repeat(17), 'a1'.repeat(17), tree(['This value is too long.'])],
      [
        'xqzvwkpl',
        'xqzvwkpl',
        tree(['The password must contain Latin letters and digits and/or special symbols.']),
      ],
      [
        'пароль123',
        'пароль123',
        tree(['The password may contain only Latin letters, digits and special symbols.']),
      ],
      ['', '', tree(['This value should not be blank.'])],
      ['New-Pass7', 'New-Pass8', tree(null, ['The passwords do not match.'])],
      ['q7z', 'q8z', tree(['This value is too short.'], ['The passwords do not match.'])],
      [DEFAULT_PASSWORD, DEFAULT_PASSWORD, tree(['The new password cannot equal the previous one.'])],
    ];
    for (const [first, second, expected] of cases) {
      const res = await changePassword(self.token, self.user.id, first, second);
      expect(res.statusCode, String(first)).toBe(400);
      expect(res.json(), String(first)).toEqual(expected);
    }
    const missing = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${self.user.id}/password`,
      headers: self.headers,
      payload: { currentPassword: DEFAULT_PASSWORD, cleartextPassword: { first: 'New-Pass7' } },
    });
    expect(missing.json()).toEqual(tree(null, ['This value should not be blank.']));
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, self.user.id));
    expect(row!.passwordHash).toBe(self.user.passwordHash);
    expect(row!.version).toBe(self.user.version);
    expect(await liveSessions(self.user.id)).toHaveLength(1);
  });

  it('refuses the previous password as well as the current one', async () => {
    const self = await signIn(ctx);
    expect((await changePassword(self.token, self.user.id, 'Second22')).statusCode).toBe(200);
    const back = await changePassword(
      self.token,
      self.user.id,
      DEFAULT_PASSWORD,
      DEFAULT_PASSWORD,
      'Second22',
    );
    expect(back.json()).toEqual(tree(['The new password cannot equal the previous one.']));
    const same = await changePassword(self.token, self.user.id, 'Second22', 'Second22', 'Second22');
    expect(same.json()).toEqual(tree(['The new password cannot equal the previous one.']));
    expect(
      (await changePassword(self.token, self.user.id, 'Third333', 'Third333', 'Second22')).statusCode,
    ).toBe(200);
  });
});

describe('profile', () => {
  it('shows the signed-in user', async () => {
    const [office] = await ctx.database.db
      .insert(serviceOffices)
      .values({ name: 'Moscow' })
      .returning({ id: serviceOffices.id });
    const self = await signIn(ctx, [], {
      contactName: 'Oleg Ivanov',
      locale: 'en-US',
      darkTheme: true,
      serviceOfficeId: office!.id,
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: self.headers });
    expect(res.json()).toEqual({
      data: {
        id: self.user.id,
        username: self.user.username,
        contact: { id: self.user.contactId, name: 'Oleg Ivanov' },
        locale: 'en-US',
        localeShort: 'en',
        nextUi: false,
        changePasswordRequired: false,
        serviceOffice: { id: office!.id },
        darkTheme: true,
      },
    });
  });

  it('changes contact name, locale, theme and new UI, with a change-log entry', async () => {
    const self = await signIn(ctx, [], { contactName: 'Old Name' });
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: self.headers,
      payload: { contact: { name: '  New Name ' }, locale: 'en-US', darkTheme: true, nextUi: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      contact: { id: self.user.contactId, name: 'New Name' },
      locale: 'en-US',
      localeShort: 'en',
      darkTheme: true,
      nextUi: true,
    });
    const [contact] = await ctx.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, self.user.contactId));
    expect(contact?.name).toBe('New Name');
    const entries = await ctx.database.db
      .select()
      .from(changeLog)
      .where(eq(changeLog.userId, self.user.id))
      .orderBy(changeLog.id);
    expect(entries.map((e) => [e.entityType, e.changes])).toEqual([
      [
        'user',
        {
          locale: { old: 'ru-RU', new: 'en-US' },
          darkTheme: { old: false, new: true },
          nextUi: { old: false, new: true },
        },
      ],
      ['contact', { name: { old: 'Old Name', new: 'New Name' } }],
    ]);

    // Sending the same values again changes and logs nothing.
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: self.headers,
      payload: { darkTheme: true },
    });
    expect(
      await ctx.database.db.select().from(changeLog).where(eq(changeLog.userId, self.user.id)),
    ).toHaveLength(2);
  });

  it('refuses bad input with the tree and changes nothing', async () => {
    const self = await signIn(ctx, [], { contactName: 'Keep Me' });
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: self.headers,
      payload: { contact: { name: ' ' }, locale: 'de-DE', darkTheme: 'yes', username: 'hacker' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      message: 'Validation Failed',
      errors: {
        errors: ['This field was not expected.'],
        children: {
          contact: {
            errors: [],
            children: { name: { errors: ['This value should not be blank.'], children: {} } },
          },
          locale: { errors: ['The value you selected is not a valid choice.'], children: {} },
          darkTheme: { errors: ['This value should be of the correct type.'], children: {} },
        },
      },
    });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, self.user.id));
    expect(row).toMatchObject({ username: self.user.username, locale: 'ru-RU', darkTheme: false });
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PATCH', url: '/api/users/me', payload: {} })).statusCode).toBe(
      401,
    );
  });
});

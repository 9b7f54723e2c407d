import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { signIn } from '../../test/users';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('colleagues directory', () => {
  it('lets any signed-in user find colleagues by name and read them by id, without access details', async () => {
    const reader = await signIn(ctx, []);
    const other = await signIn(ctx, []);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/colleagues?search=${encodeURIComponent(other.user.username)}`,
      headers: reader.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const [found] = list.json().data.collection;
    expect(found).toMatchObject({ id: other.user.id, username: other.user.username, active: true });
    expect(found).not.toHaveProperty('roles');
    expect(found).not.toHaveProperty('effectiveRoles');
    expect(found).not.toHaveProperty('allowedIpAddresses');

    const byIds = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/colleagues?id=${other.user.id}&id=${reader.user.id}`,
      headers: reader.headers,
    });
    expect(byIds.json().data.total).toBe(2);
    const one = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/colleagues/${other.user.id}`,
      headers: reader.headers,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.contactName).toBe(found.contactName);
  });

  it('is read-only: no create, update, delete or history, and needs a signed-in user', async () => {
    const reader = await signIn(ctx, []);
    const id = reader.user.id;
    const calls = [
      { method: 'POST' as const, url: '/api/users/colleagues', payload: {} },
      { method: 'PATCH' as const, url: `/api/users/colleagues/${id}`, payload: { version: 1 } },
      { method: 'PUT' as const, url: `/api/users/colleagues/${id}`, payload: { version: 1 } },
      { method: 'DELETE' as const, url: `/api/users/colleagues/${id}` },
      { method: 'GET' as const, url: `/api/users/colleagues/${id}/history` },
    ];
    for (const call of calls) {
      const res = await ctx.app.inject({ ...call, headers: reader.headers });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/users/colleagues' });
    expect(anonymous.statusCode).toBe(401);
  });
});

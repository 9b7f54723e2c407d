import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../src/platform/auth/tokens';
import { users } from '../../src/platform/identity/tables';
import { createTestApp, type TestContext } from '../../src/test/harness';
import { signIn } from '../../src/test/users';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Every kind of bad token gets the same 401 on a protected route. */
describe('tokens', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const system = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/system', headers: { authorization: `Bearer ${token}` } });

  const expectRefused = async (token: string) => {
    const res = await system(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, message: 'Authentication required.' });
  };

  it('accepts a good token (the control case)', async () => {
    const { token } = await signIn(ctx, []);
    expect((await system(token)).statusCode).toBe(200);
  });

  it('refuses alg: none', async () => {
    const { user } = await signIn(ctx, []);
    const [, payload] = (await signIn(ctx, [])).token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, sub: String(user.id) })}.`;
    await expectRefused(unsigned);
  });

  it('refuses a token signed with another key, and one with a tampered payload', async () => {
    const { token, user } = await signIn(ctx, []);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-key-of-sufficient-length!!'));
    await expectRefused(forged);
    const tampered = `${header}.${base64url({ ...claims, sub: String(user.id + 1) })}.${signature}`;
    await expectRefused(tampered);
  });

  it('refuses an expired token', async () => {
    const { token } = await signIn(ctx, []);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const expired = await signToken(
      ctx.config,
      { userId: Number(claims.sub), sessionId: claims.sid, impersonatorId: null },
      new Date(Date.now() - 1000),
    );
    await expectRefused(expired.token);
  });

  it('refuses the token of an ended session', async () => {
    const { token } = await signIn(ctx, []);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBeLessThan(300);
    await expectRefused(token);
  });

  it('refuses the token of a disabled user', async () => {
    const { token, user } = await signIn(ctx, []);
    await ctx.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    await expectRefused(token);
  });

  it('refuses garbage', async () => {
    for (const token of ['', 'abc', 'a.b.c', `${base64url({ alg: 'HS256' })}..`]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/system',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

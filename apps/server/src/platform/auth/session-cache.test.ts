import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { type Database, pgDatabase } from '../../db/connection';
import { clonePostgres } from '../../test/databases';
import { createTestApp, type TestContext, testConfig } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import type { Clock } from '../clock';
import type { App } from '../http/types';
import { accessGroups, userAccessGroups, users } from '../identity/tables';
import { SessionCache, wireSessionCache } from './session-cache';

const CACHE_MS = 5000;

describe('the session cache', () => {
  let ctx: TestContext;
  // Near the real time (the database checks a session's end with its own clock), moved by hand; a little
  // behind it, as when the app took long to start: sessions end by the app's clock, not the real one.
  let now = Date.now() - 10_000;
  const clock: Clock = () => new Date(now);
  let admin: SignedIn;

  beforeAll(async () => {
    ctx = await createTestApp({ authCacheMs: CACHE_MS }, [], clock);
    admin = await signIn(ctx, ['ROLE_ADMIN']);
  });
  afterAll(() => ctx.close());

  const me = (who: { headers: Record<string, string> }) =>
    ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: who.headers });
  const call = (method: 'PUT' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: admin.headers });
  const versionOf = async (userId: number): Promise<{ version: number }> =>
    (
      await ctx.app.inject({ method: 'GET', url: `/api/settings/users/${userId}`, headers: admin.headers })
    ).json().data;
  /** A change the database makes without announcing it (triggers off), as only a cache would miss. */
  const silently = (change: (tx: Database['db']) => Promise<unknown>) =>
    ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await change(tx);
    });

  it('reads a session once for a few seconds, then again', async () => {
    const user = await signIn(ctx, []);
    expect((await me(user)).statusCode).toBe(200);
    await silently((tx) => tx.update(users).set({ active: false }).where(sql`${users.id} = ${user.user.id}`));
    expect((await me(user)).statusCode).toBe(200);
    now += CACHE_MS;
    expect((await me(user)).statusCode).toBe(401);
  });

  it("refuses a token once the app's clock has passed its end, without waiting for it", async () => {
    const user = await signIn(ctx, []);
    expect((await me(user)).statusCode).toBe(200);
    now += ctx.config.tokenTtl * 1000;
    expect((await me(user)).statusCode).toBe(401);
    // Back to when the other tests' tokens live.
    now -= ctx.config.tokenTtl * 1000;
  });

  it('drops it at once on logout, password change, disabling a user or a group and a role change', async () => {
    const leaving = await signIn(ctx, []);
    await me(leaving);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: leaving.headers });
    expect((await me(leaving)).statusCode).toBe(401);

    // A new password set by an administrator ends the user's sessions.
    const reset = await signIn(ctx, []);
    await me(reset);
    const password = await call('POST', `/api/users/${reset.user.id}/password`, {
      cleartextPassword: { first: 'Fresh-Pass-42', second: 'Fresh-Pass-42' },
    });
    expect(password.statusCode, password.body).toBe(200);
    expect((await me(reset)).statusCode).toBe(401);

    const disabled = await signIn(ctx, []);
    await me(disabled);
    const { version } = await versionOf(disabled.user.id);
    const off = await call('PUT', `/api/settings/users/${disabled.user.id}`, { active: false, version });
    expect(off.statusCode, off.body).toBe(200);
    expect((await me(disabled)).statusCode).toBe(401);

    const promoted = await signIn(ctx, []);
    const changelog = () =>
      ctx.app.inject({ method: 'GET', url: '/api/settings/entity-changelog', headers: promoted.headers });
    expect((await changelog()).statusCode).toBe(403);
    const current = await versionOf(promoted.user.id);
    const granted = await call('PUT', `/api/settings/users/${promoted.user.id}`, {
      roles: ['ROLE_CHANGELOG_VIEW'],
      version: current.version,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await changelog()).statusCode).toBe(200);

    const [group] = await ctx.database.db
      .insert(accessGroups)
      .values({ name: 'Журнал для кэша', roles: ['ROLE_CHANGELOG_VIEW'] })
      .returning();
    const member = await signIn(ctx, []);
    await ctx.database.db
      .insert(userAccessGroups)
      .values({ userId: member.user.id, accessGroupId: group!.id });
    const memberLog = () =>
      ctx.app.inject({ method: 'GET', url: '/api/settings/entity-changelog', headers: member.headers });
    // The membership was written straight to the database: its announcement is awaited, not a request.
    await vi.waitFor(async () => expect((await memberLog()).statusCode).toBe(200), {
      timeout: 1000,
      interval: 10,
    });
    const disableGroup = await call('POST', `/api/settings/access-groups/${group!.id}/disable`);
    expect(disableGroup.statusCode, disableGroup.body).toBe(200);
    expect((await memberLog()).statusCode).toBe(403);
  });

  it('drops it when the database announces a change made elsewhere', async () => {
    const user = await signIn(ctx, []);
    await me(user);
    await ctx.database.db.update(users).set({ active: false }).where(sql`${users.id} = ${user.user.id}`);
    await vi.waitFor(async () => expect((await me(user)).statusCode).toBe(401), {
      timeout: 1000,
      interval: 10,
    });
  });
});

describe('what drops the session cache on this instance, without waiting for the announcement', () => {
  const clock: Clock = () => new Date('2026-11-25T09:00:00Z');

  async function serverWith(cache: SessionCache<unknown>): Promise<App> {
    const app = Fastify() as unknown as App;
    // A database whose announcements never arrive: only the request itself can drop the cache.
    const silent = { listen: async () => async () => {} } as unknown as Database;
    await wireSessionCache(app, silent, cache);
    app.get('/read', async () => ({}));
    app.get('/logout', { config: { endsSessions: true } }, async () => ({}));
    app.get('/refused', { config: { endsSessions: true } }, async (_, reply) => reply.code(401).send({}));
    app.post('/write', async () => ({}));
    app.post('/invalid', async (_, reply) => reply.code(400).send({}));
    return app;
  }

  it.each([
    ['GET', '/read', 1],
    ['GET', '/logout', 0],
    ['GET', '/refused', 1],
    ['POST', '/write', 0],
    ['POST', '/invalid', 1],
  ] as const)('%s %s leaves %i entries', async (method, url, left) => {
    const cache = new SessionCache<unknown>(CACHE_MS, clock);
    cache.set('token', {}, cache.begin());
    const app = await serverWith(cache);
    await app.inject({ method, url });
    expect(cache.size).toBe(left);
    await app.close();
  });
});

// Two servers on one PostgreSQL database, each with its own pools and listener.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the session cache on two instances (PostgreSQL)', () => {
  let clone: Awaited<ReturnType<typeof clonePostgres>>;
  const instances: { app: App; database: Database }[] = [];

  beforeAll(async () => {
    clone = await clonePostgres(inject('dbTemplate'));
    for (let i = 0; i < 2; i++) {
      const database = pgDatabase(clone.url, 5);
      const app = await buildApp({ config: testConfig({ authCacheMs: 60_000 }), database });
      await app.ready();
      instances.push({ app, database });
    }
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await clone?.drop();
  });

  it('refuses a disabled user on both within a second', async () => {
    const [first, second] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const config = testConfig();
    const admin = await signIn({ database: first.database, config }, ['ROLE_ADMIN']);
    const user = await signIn({ database: first.database, config }, []);
    const me = (app: App) => app.inject({ method: 'GET', url: '/api/users/me', headers: user.headers });
    expect((await me(first.app)).statusCode).toBe(200);
    expect((await me(second.app)).statusCode).toBe(200);
    const current = (
      await first.app.inject({
        method: 'GET',
        url: `/api/settings/users/${user.user.id}`,
        headers: admin.headers,
      })
    ).json().data;
    const off = await first.app.inject({
      method: 'PUT',
      url: `/api/settings/users/${user.user.id}`,
      payload: { active: false, version: current.version },
      headers: admin.headers,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await me(first.app)).statusCode).toBe(401);
    await vi.waitFor(async () => expect((await me(second.app)).statusCode).toBe(401), {
      timeout: 1000,
      interval: 10,
    });
  });
});

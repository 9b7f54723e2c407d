import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { signIn } from '../../test/users';

describe('POST /api/system/scheduled-jobs/{name}/run', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const run = (name: string, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: `/api/system/scheduled-jobs/${name}/run`, headers });

  it('runs a listed job for an administrator', async () => {
    const { headers } = await signIn(ctx, ['ROLE_ADMIN']);
    const res = await run('operations-archiver', headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { ran: true } });
    expect((await run('operation-files-cold-storage', headers)).json().data.ran).toBe(true);
  });

  it('answers 404 for an unknown job and 403 to anyone but an administrator', async () => {
    const admin = await signIn(ctx, ['ROLE_ADMIN']);
    expect((await run('no-such-job', admin.headers)).statusCode).toBe(404);
    const other = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL']);
    expect((await run('operations-archiver', other.headers)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/system/scheduled-jobs/housekeeping/run' }))
        .statusCode,
    ).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { signIn } from '../../test/users';
import { textOf } from '../i18n/dictionaries';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('POST /api/system/scheduled-jobs/{name}/run', () => {
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

describe('the kinds of background job', () => {
  it('each has its name in Russian and English for the lists that show it', () => {
    const kinds = [...ctx.app.registries.jobs.map((job) => job.name), ...ctx.app.registries.tasks.keys()];
    expect(kinds).toContain('document-generation');
    const unnamed = kinds.flatMap((kind) =>
      (['ru', 'en'] as const).flatMap((lang) =>
        textOf(`backgroundJobs.kinds.${kind}`, lang) ? [] : [`${lang} ${kind}`],
      ),
    );
    expect(unnamed).toEqual([]);
  });
});

import { dataSchema } from '@tms/domain';
import { z } from 'zod';
import { notFound } from '../errors';
import type { App } from '../http/types';
import { runExclusive } from './scheduler';

/**
 * `POST /api/system/scheduled-jobs/{name}/run`: an administrator runs a scheduled job now (the archiver
 * after fixing an order, an end-to-end test), under the same lock as the timer; `ran` is false when
 * another run holds it. The jobs are those of the app's modules (`app.registries.jobs`).
 */
export async function scheduledJobsRoutes(app: App): Promise<void> {
  const byName = new Map(app.registries.jobs.map((job) => [job.name, job]));
  app.post(
    '/system/scheduled-jobs/:name/run',
    {
      config: { roles: ['ROLE_ADMIN'] },
      schema: {
        tags: ['system'],
        summary: 'Run a scheduled job now',
        params: z.object({ name: z.string().max(100) }),
        response: { 200: dataSchema(z.object({ ran: z.boolean() })) },
      },
    },
    async (request) => {
      const job = byName.get((request.params as { name: string }).name);
      if (!job) throw notFound();
      const ran = await runExclusive(
        {
          database: app.database,
          config: app.appConfig,
          log: request.log,
          registries: app.registries,
          clock: app.clock,
        },
        job,
      );
      return { data: { ran } };
    },
  );
}

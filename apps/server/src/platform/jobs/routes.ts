import { dataSchema, ROLE_ADMIN } from '@tms/domain';
import { z } from 'zod';
import { notFound } from '../errors';
import type { App, Module } from '../http/types';
import { runExclusive, type ScheduledJob } from './scheduler';

/**
 * `POST /api/system/scheduled-jobs/{name}/run`: an administrator runs a scheduled job now (the archiver
 * after fixing an order, an end-to-end test), under the same lock as the timer; `ran` is false when
 * another run holds it.
 */
export function scheduledJobsModule(jobs: readonly ScheduledJob[]): Module {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  return async (app: App) => {
    app.post(
      '/system/scheduled-jobs/:name/run',
      {
        config: { roles: [ROLE_ADMIN] },
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
          { database: app.database, config: app.appConfig, log: request.log },
          job,
        );
        return { data: { ran } };
      },
    );
  };
}

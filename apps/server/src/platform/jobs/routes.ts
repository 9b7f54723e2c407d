import {
  backgroundJobListQuerySchema,
  backgroundJobSchema,
  dataSchema,
  idParamSchema,
  listResultSchema,
} from '@tms/domain';
import { z } from 'zod';
import { notFound } from '../errors';
import type { App } from '../http/types';
import { cancelBackgroundJob, getBackgroundJob, listBackgroundJobs } from './service';

/**
 * `POST /api/system/scheduled-jobs/{name}/run`: an administrator runs a scheduled job now (the archiver
 * after fixing an order, an end-to-end test) as an occurrence of the queue, here and at once; `ran` is
 * false while a run of the job is under way somewhere. The jobs are those of the app's modules.
 */
export async function scheduledJobsRoutes(app: App): Promise<void> {
  const names = new Set(app.registries.jobs.map((job) => job.name));
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
      const { name } = request.params as { name: string };
      if (!names.has(name)) throw notFound();
      const { ran } = await app.queue.runNow(name, request.auth!.userId);
      return { data: { ran } };
    },
  );
}

const tags = ['background-jobs'];

/**
 * A user's background jobs (docs/decisions/013-job-queue.md): the list, one job, cancelling. Each user
 * reads only their own (another's answers 404); an administrator reads and cancels anyone's and lists them
 * all with `all=true`. A job's result file downloads at its `result.downloadLink` (the files' download,
 * whose owner rule lets the job's owner read it). Changes come on `background-jobs/<userId>` in real time.
 */
export async function backgroundJobRoutes(app: App): Promise<void> {
  const db = app.database.db;
  app.get(
    '/background-jobs',
    {
      schema: {
        tags,
        summary: "The signed-in user's background jobs, newest first",
        querystring: backgroundJobListQuerySchema,
        response: { 200: dataSchema(listResultSchema(backgroundJobSchema)) },
      },
    },
    async (request) => ({ data: await listBackgroundJobs(db, request.auth!, request.query) }),
  );

  app.get(
    '/background-jobs/:id',
    {
      schema: {
        tags,
        summary: 'One background job: its state, progress, failure and result',
        params: idParamSchema,
        response: { 200: dataSchema(backgroundJobSchema) },
      },
    },
    async (request) => ({ data: await getBackgroundJob(db, request.auth!, request.params.id) }),
  );

  app.post(
    '/background-jobs/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a job: a queued one at once, a running one when its code next reports',
        params: idParamSchema,
        response: { 200: dataSchema(backgroundJobSchema) },
      },
    },
    async (request) => {
      const job = await db.transaction((tx) =>
        cancelBackgroundJob(tx, request.auth!, request.params.id, app.clock()),
      );
      if (job.state === 'running') app.queue.stopHere(job.id);
      return { data: job };
    },
  );
}

import { z } from 'zod';
import { listQuerySchema } from './list';

/**
 * Background jobs (the server's job queue, docs/decisions/013-job-queue.md) as their owner sees them:
 * `GET /api/background-jobs` and the real-time topic `background-jobs/<userId>`.
 */
export const BACKGROUND_JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type BackgroundJobState = (typeof BACKGROUND_JOB_STATES)[number];

/** A job still to finish: queued (perhaps waiting to retry) or running. */
export const isJobActive = (state: BackgroundJobState) => state === 'queued' || state === 'running';

/** The stable messages of the queue itself; a task's own failures and progress carry the task's. */
export const BACKGROUND_JOB_MESSAGES = {
  failed: 'The job failed.',
  interrupted: 'The job was interrupted and could not be finished.',
  alreadyFinished: 'The job has already finished.',
  /** A user's job whose user was disabled or removed before it ran: it acts for nobody. */
  ownerInactive: 'The user who started the job is disabled or no longer exists.',
} as const;

export const backgroundJobResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** Opened as a signed link (`POST /api/auth/download-link`), as every download. */
  downloadLink: z.string(),
});

export const backgroundJobSchema = z.object({
  id: z.number().int(),
  /** The kind of job (`document-generation`); the web names it with `backgroundJobs:kinds.<kind>`. */
  kind: z.string(),
  state: z.enum(BACKGROUND_JOB_STATES),
  /** What the job is about, as its enqueuer named it (a template and a record). */
  label: z.string().nullable(),
  /** Who enqueued it; null for the system. */
  userId: z.number().int().nullable(),
  /** 0-100 while it runs (100 when done); null before it reports any. */
  progress: z.number().int().min(0).max(100).nullable(),
  /**
   * A stable English text with `{{name}}` values from `progressParams`, which the web translates: what it
   * does now while it runs; done, what it did (an import's counts), or null.
   */
  progressMessage: z.string().nullable(),
  progressParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  /** The stable English message of the last failure (a job waiting to retry keeps it too). */
  error: z.string().nullable(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** A queued job waits until then (a retry's backoff); null: as soon as a worker is free. */
  runAt: z.string().nullable(),
  cancelRequested: z.boolean(),
  result: backgroundJobResultSchema.nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type BackgroundJob = z.infer<typeof backgroundJobSchema>;

export const backgroundJobListQuerySchema = listQuerySchema.pick({ page: true, itemsPerPage: true }).extend({
  state: z.enum(BACKGROUND_JOB_STATES).optional(),
  /** Only the jobs still to finish (queued or running). */
  active: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  /** Only jobs of these kinds, comma-separated (`/prepared-exports`: the exports). */
  kind: z.string().max(500).optional(),
  /** An administrator's view of every user's jobs and the system's; refused to anyone else. */
  all: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type BackgroundJobListQuery = z.infer<typeof backgroundJobListQuerySchema>;

/** The real-time topic of a user's jobs: every change of one of them is published there. */
export const backgroundJobsTopic = (userId: number) => `background-jobs/${userId}`;

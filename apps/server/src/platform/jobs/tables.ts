import type { BackgroundJobState } from '@tms/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files } from '../files/tables';
import { users } from '../identity/tables';

/**
 * The job queue (docs/decisions/013-job-queue.md): one row per background job, from enqueued to done,
 * failed or cancelled. A worker claims a due row (`FOR UPDATE SKIP LOCKED`) and holds it under a lease it
 * renews while the job runs; a lease that runs out (a crashed instance) lets another instance take the job
 * again. A scheduled job's run is a row too (`scheduled`, with its slot in `occurrence`): the unique indexes
 * below make each slot run once and a scheduled job run in one instance at a time.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The task or scheduled job's name (`document-generation`, `operations-archiver`). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** queued, running, done, failed, cancelled. */
    state: text('state').$type<BackgroundJobState>().notNull().default('queued'),
    /** Who enqueued it; null for the system (a schedule, a job a system change enqueued). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the job is about, as the enqueuer named it (a template and a record), for its owner's list. */
    label: text('label'),
    attempts: smallint('attempts').notNull().default(0),
    maxAttempts: smallint('max_attempts').notNull(),
    /** When the job may run (a retry waits for its backoff); null: at once. */
    runAt: timestamp('run_at', { withTimezone: true }),
    /** The instance holding the job while it runs, and until when (renewed by its heartbeat). */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** 0-100 while running; the message is a stable English text the web translates, with its values. */
    progress: smallint('progress'),
    progressMessage: text('progress_message'),
    progressParams: jsonb('progress_params'),
    /** The stable English message of the last failure (the web translates it). */
    error: text('error'),
    resultFileId: integer('result_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** A run of a scheduled job (not a task's job). */
    scheduled: boolean('scheduled').notNull().default(false),
    /** A scheduled run's slot: the start of the interval it stands for (null: an extra run, "run now"). */
    occurrence: timestamp('occurrence', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // The workers' claim: the queued jobs, first come first served.
    index('background_jobs_queued_idx').on(t.id).where(sql`${t.state} = 'queued'`),
    // Leases to recover.
    index('background_jobs_running_idx').on(t.lockedUntil).where(sql`${t.state} = 'running'`),
    // A user's list, newest first.
    index('background_jobs_user_idx').on(t.userId, t.id),
    // The clean-up of finished jobs.
    index('background_jobs_finished_idx').on(t.finishedAt).where(sql`${t.finishedAt} IS NOT NULL`),
    uniqueIndex('background_jobs_occurrence_uq').on(t.kind, t.occurrence),
    uniqueIndex('background_jobs_one_live_scheduled_run_uq')
      .on(t.kind)
      .where(sql`${t.scheduled} AND ${t.state} IN ('queued', 'running')`),
  ],
);

export type BackgroundJobRow = typeof backgroundJobs.$inferSelect;

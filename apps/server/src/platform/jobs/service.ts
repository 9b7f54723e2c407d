import {
  BACKGROUND_JOB_MESSAGES,
  type BackgroundJob,
  type BackgroundJobListQuery,
  backgroundJobsTopic,
  type ListResult,
  PREPARED_EXPORT_KINDS,
} from '@tms/domain';
import { and, count, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { type AuthContext, isStaff } from '../auth/context';
import { conflict, forbidden, notFound } from '../errors';
import { fileStorageOf } from '../files/routes';
import type { FileRow, OwnerAccess } from '../files/service';
import type { FileStorage } from '../files/storage';
import { files } from '../files/tables';
import type { ScheduledJob } from '../modules';
import { publish, type TopicRule } from '../realtime/hub';
import { type BackgroundJobRow, backgroundJobs } from './tables';

/** The owner type of the files the queue keeps as jobs' results (`fileOwners` of the jobs' module). */
export const JOB_FILE_OWNER = 'background_job';
/** Workers LISTEN here: an enqueued job wakes them at once instead of at their next poll. */
export const JOBS_CHANNEL = 'tms_background_jobs';
/** A task's attempts unless it says otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 3;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toBackgroundJob(row: BackgroundJobRow, file: FileRow | null): BackgroundJob {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    label: row.label,
    userId: row.userId,
    progress: row.progress,
    progressMessage: row.progressMessage,
    progressParams: (row.progressParams as BackgroundJob['progressParams']) ?? null,
    error: row.error,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    runAt: iso(row.runAt),
    cancelRequested: row.cancelRequested,
    result: file
      ? {
          id: file.id,
          name: file.description,
          mimeType: file.mimeType,
          size: file.size,
          downloadLink: `/api/file-management/files/${file.id}/download`,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

/**
 * Tells the job's owner what became of it (`background-jobs/<userId>`): in a transaction, on commit. The
 * system's jobs have no owner to tell.
 */
export async function announce(tx: Tx, row: BackgroundJobRow, file: FileRow | null = null): Promise<void> {
  if (row.userId === null) return;
  await publish(tx, backgroundJobsTopic(row.userId), toBackgroundJob(row, file));
}

/** The jobs with their result files, in one query. */
async function withResults(tx: Tx, rows: BackgroundJobRow[]): Promise<BackgroundJob[]> {
  const ids = rows.flatMap((row) => (row.resultFileId === null ? [] : [row.resultFileId]));
  const found = ids.length ? await tx.select().from(files).where(inArray(files.id, ids)) : [];
  const byId = new Map(found.map((file) => [file.id, file]));
  return rows.map((row) => toBackgroundJob(row, byId.get(row.resultFileId ?? -1) ?? null));
}

const isAdmin = (auth: AuthContext) => auth.roles.has('ROLE_ADMIN');

/**
 * A user's jobs, newest first; `all` (administrators only) lists everyone's and the system's (the
 * scheduled jobs' runs).
 */
export async function listBackgroundJobs(
  tx: Tx,
  auth: AuthContext,
  query: BackgroundJobListQuery,
): Promise<ListResult<BackgroundJob>> {
  if (query.all && !isAdmin(auth)) throw forbidden();
  const conditions: (SQL | undefined)[] = [query.all ? undefined : eq(backgroundJobs.userId, auth.userId)];
  if (query.state) conditions.push(eq(backgroundJobs.state, query.state));
  if (query.active) conditions.push(inArray(backgroundJobs.state, ['queued', 'running']));
  const kinds = query.kind?.split(',').filter(Boolean);
  if (kinds?.length) conditions.push(inArray(backgroundJobs.kind, kinds));
  const where = and(...conditions);
  const rows = await tx
    .select()
    .from(backgroundJobs)
    .where(where)
    .orderBy(desc(backgroundJobs.id))
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  const [counted] = await tx.select({ total: count() }).from(backgroundJobs).where(where);
  return { collection: await withResults(tx, rows), total: counted!.total };
}

/** A job its owner (or an administrator) may see; anyone else is told it does not exist. */
export async function readableJob(tx: Tx, auth: AuthContext, id: number): Promise<BackgroundJobRow> {
  const [row] = await tx.select().from(backgroundJobs).where(eq(backgroundJobs.id, id));
  if (!row || (row.userId !== auth.userId && !isAdmin(auth))) throw notFound();
  return row;
}

export async function getBackgroundJob(tx: Tx, auth: AuthContext, id: number): Promise<BackgroundJob> {
  const [job] = await withResults(tx, [await readableJob(tx, auth, id)]);
  return job!;
}

/**
 * Cancels a job: a queued one at once; a running one is asked to stop (`cancelRequested`), which its
 * instance sees at its next heartbeat or progress report (or at once, `JobQueue.stopHere`, when it runs
 * where the cancel arrived), and the job ends cancelled when its code stops. A finished job answers 409.
 */
export async function cancelBackgroundJob(
  tx: Tx,
  auth: AuthContext,
  id: number,
  now: Date,
): Promise<BackgroundJob> {
  const row = await readableJob(tx, auth, id);
  const [changed] = await tx
    .update(backgroundJobs)
    .set({
      state: sql`CASE WHEN ${backgroundJobs.state} = 'queued' THEN 'cancelled' ELSE ${backgroundJobs.state} END`,
      finishedAt: sql`CASE WHEN ${backgroundJobs.state} = 'queued' THEN ${now.toISOString()}::timestamptz END`,
      cancelRequested: true,
    })
    .where(and(eq(backgroundJobs.id, row.id), inArray(backgroundJobs.state, ['queued', 'running'])))
    .returning();
  if (!changed) throw conflict(BACKGROUND_JOB_MESSAGES.alreadyFinished);
  await announce(tx, changed);
  const [job] = await withResults(tx, [changed]);
  return job!;
}

/** How long finished jobs are kept: a user's for a month, the system's (scheduled runs) for a week. */
export const KEEP_USER_JOBS_DAYS = 30;
export const KEEP_SYSTEM_JOBS_DAYS = 7;
/** How long a prepared export is kept unless `PREPARED_EXPORT_DAYS` says otherwise. */
export const DEFAULT_PREPARED_EXPORT_DAYS = 7;
const DAY = 24 * 60 * 60 * 1000;

/**
 * Drops finished jobs past their keeping time, with the result files the queue stored for them; prepared
 * exports (`PREPARED_EXPORT_KINDS`) go after `exportDays` (the `PREPARED_EXPORT_DAYS` setting), their files
 * being copies of data kept elsewhere.
 */
export async function removeOldJobs(
  tx: Tx,
  storage: FileStorage,
  now: Date,
  exportDays = DEFAULT_PREPARED_EXPORT_DAYS,
): Promise<number> {
  const userCutoff = new Date(now.getTime() - KEEP_USER_JOBS_DAYS * DAY);
  const systemCutoff = new Date(now.getTime() - KEEP_SYSTEM_JOBS_DAYS * DAY);
  const exportCutoff = new Date(now.getTime() - exportDays * DAY);
  const gone = await tx
    .delete(backgroundJobs)
    .where(
      and(
        inArray(backgroundJobs.state, ['done', 'failed', 'cancelled']),
        or(
          lt(backgroundJobs.finishedAt, userCutoff),
          and(isNull(backgroundJobs.userId), lt(backgroundJobs.finishedAt, systemCutoff)),
          and(
            inArray(backgroundJobs.kind, [...PREPARED_EXPORT_KINDS]),
            lt(backgroundJobs.finishedAt, exportCutoff),
          ),
        ),
      ),
    )
    .returning({ id: backgroundJobs.id });
  if (!gone.length) return 0;
  const results = await tx
    .delete(files)
    .where(
      and(
        eq(files.ownerType, JOB_FILE_OWNER),
        inArray(
          files.ownerId,
          gone.map((job) => job.id),
        ),
      ),
    )
    .returning({ storageKey: files.storageKey });
  for (const { storageKey } of results) await storage.remove(storageKey);
  return gone.length;
}

/** Finished jobs past their keeping time go, with their result files, every hour. */
export const backgroundJobsCleanupJob: ScheduledJob = {
  name: 'background-jobs-cleanup',
  intervalMs: 60 * 60 * 1000,
  async run({ database, config, clock }) {
    await removeOldJobs(database.db, fileStorageOf(config), clock(), config.preparedExportDays);
  },
};

/** A job's owner follows its changes; nobody else does. */
export const BACKGROUND_JOB_TOPICS: Readonly<Record<string, TopicRule>> = {
  'background-jobs': (auth, id) => isStaff(auth) && id === String(auth.userId),
};

/** A result file the queue stored is its job owner's (and, as every file, an administrator's). */
export const BACKGROUND_JOB_FILE_OWNERS: Readonly<Record<string, OwnerAccess>> = {
  [JOB_FILE_OWNER]: async (auth, ownerId, tx) => {
    const [job] = await tx
      .select({ userId: backgroundJobs.userId })
      .from(backgroundJobs)
      .where(eq(backgroundJobs.id, ownerId));
    return isStaff(auth) && job?.userId === auth.userId;
  },
};

import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { BACKGROUND_JOB_MESSAGES, flattenTree } from '@tms/domain';
import { and, eq, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/connection';
import type { Clock } from '../clock';
import { HttpError } from '../errors';
import { type FileRow, storeMadeFile } from '../files/service';
import type { FileStorage } from '../files/storage';
import { files } from '../files/tables';
import type { Registries, ScheduledJob, TaskContext, TaskOutcome } from '../modules';
import { addDueOccurrences, slotOf } from './scheduler';
import { announce, DEFAULT_MAX_ATTEMPTS, JOB_FILE_OWNER, JOBS_CHANNEL } from './service';
import { type BackgroundJobRow, backgroundJobs } from './tables';

/** How long a claim holds without a heartbeat; a crashed instance's jobs are taken again after it. */
export const LEASE_MS = 60_000;
const HEARTBEAT_MS = LEASE_MS / 3;
/** Workers look for due jobs this often besides being woken by a new one (retries, schedules, leases). */
const POLL_MS = 5_000;
/** A job's progress is written at most this often (real time: the app's clock may stand still in tests). */
export const PROGRESS_WRITE_MS = 1_000;
/** On shutdown, running jobs get this long to finish before they are asked to stop and handed back. */
const SHUTDOWN_GRACE_MS = 5_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
const DEFAULT_BACKOFF_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app instance's side of the job queue. */
    queue: JobQueue;
  }
}

/** Thrown by `ctx.progress` once the job is to stop; the job ends cancelled (or goes back to the queue). */
export class JobCancelled extends Error {
  constructor() {
    super('The job was cancelled.');
  }
}

/**
 * A failure a task states itself, with a stable English message its owner reads (translated by the web).
 * `retry`: whether another attempt may succeed (a lost connection) or not (a template that is gone).
 */
export class JobFailure extends Error {
  constructor(
    message: string,
    readonly options: { retry?: boolean } = {},
  ) {
    super(message);
  }
}

/** Why a run's signal was aborted. */
type StopReason = 'cancelled' | 'shutdown' | 'lost';

interface Kind {
  name: string;
  maxAttempts: number;
  backoffMs: number;
  scheduled?: ScheduledJob;
  run(ctx: TaskContext, payload: unknown): Promise<unknown>;
}

interface Running {
  controller: AbortController;
  done: Promise<unknown>;
}

export interface JobQueueOptions {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  registries: Registries;
  clock: Clock;
  storage: FileStorage;
  /** How long `stop()` lets running jobs finish (5 s); then it asks them to stop, as long again at most. */
  shutdownGraceMs?: number;
}

/** The wait before attempt `attempt + 1`: `backoffMs`, doubled for each attempt made, at most an hour. */
export function backoffAfter(backoffMs: number, attempt: number): number {
  return Math.min(backoffMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
}

/** Whether a failure may go away on another attempt: refusals of the rules and stated failures do not. */
function retryable(error: unknown): boolean {
  if (error instanceof JobFailure) return error.options.retry === true;
  if (error instanceof HttpError) return error.statusCode === 409 || error.statusCode >= 500;
  return true;
}

/**
 * What the job's owner reads of its failure: a refusal of the rules says its first reason (a file that has
 * come to have errors since it was checked says what is wrong, not only "Validation Failed").
 */
function messageOf(error: unknown): string {
  if (error instanceof HttpError && error.tree) {
    const first = Object.values(flattenTree(error.tree)).find((messages) => messages.length > 0)?.[0];
    if (first) return first;
  }
  if (error instanceof JobFailure || error instanceof HttpError) return error.message;
  return BACKGROUND_JOB_MESSAGES.failed;
}

/**
 * One app instance's side of the job queue (docs/decisions/013-job-queue.md): its workers claim due jobs
 * of the kinds it runs, keep their leases alive, write their progress, retry failures with backoff and
 * record how each ended; with `SCHEDULER` on it also adds the scheduled jobs' occurrences. Tests drive it
 * with `drain()` instead of `start()`.
 */
export class JobQueue {
  /** Names this instance in the rows it holds (`locked_by`). */
  readonly instanceId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly kinds = new Map<string, Kind>();
  private readonly running = new Map<number, Running>();
  private started = false;
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** A wake-up came while the workers were busy claiming: they look again before they sleep. */
  private woken = false;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly options: JobQueueOptions) {
    for (const task of options.registries.tasks.values()) {
      this.kinds.set(task.name, {
        name: task.name,
        maxAttempts: task.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        backoffMs: task.backoffMs ?? DEFAULT_BACKOFF_MS,
        run: (ctx, payload) => task.run(ctx, task.payload.parse(payload)),
      });
    }
    for (const job of options.registries.jobs) {
      this.kinds.set(job.name, {
        name: job.name,
        maxAttempts: 1,
        backoffMs: job.intervalMs,
        scheduled: job,
        run: (ctx) => job.run(ctx),
      });
    }
  }

  private get db() {
    return this.options.database.db;
  }

  /** The kinds this instance's workers take: the tasks, and the scheduled jobs where the scheduler runs. */
  private get workerKinds(): string[] {
    const schedules = this.options.config.schedulerEnabled;
    return [...this.kinds.values()].filter((kind) => !kind.scheduled || schedules).map((kind) => kind.name);
  }

  /** Starts this instance's workers (`JOB_CONCURRENCY` at a time; none when 0). */
  async start(): Promise<void> {
    if (this.started || this.options.config.jobConcurrency <= 0) return;
    this.started = true;
    this.unlisten = await this.options.database.listen(JOBS_CHANNEL, () => this.nudge());
    this.loop = this.work();
  }

  /**
   * Stops taking jobs and lets the running ones finish for a few seconds; those still running are then
   * asked to stop and handed back to the queue, so another instance (or the next start) runs them.
   */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.nudge();
    await this.loop;
    await this.unlisten?.();
    const grace = this.options.shutdownGraceMs ?? SHUTDOWN_GRACE_MS;
    const all = () => Promise.allSettled([...this.running.values()].map((run) => run.done));
    const timers: NodeJS.Timeout[] = [];
    const after = (ms: number) =>
      new Promise<'over'>((resolve) => {
        timers.push(setTimeout(() => resolve('over'), ms));
      });
    if ((await Promise.race([all(), after(grace)])) === 'over') {
      for (const run of this.running.values()) run.controller.abort('shutdown' satisfies StopReason);
      await Promise.race([all(), after(grace)]);
      await this.db
        .update(backgroundJobs)
        .set(this.handBack())
        .where(and(eq(backgroundJobs.lockedBy, this.instanceId), eq(backgroundJobs.state, 'running')));
    }
    for (const timer of timers) clearTimeout(timer);
  }

  private async work(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.recover();
        if (this.options.config.schedulerEnabled) {
          await addDueOccurrences(this.db, this.options.registries.jobs, this.options.clock());
        }
        while (!this.stopping && this.running.size < this.options.config.jobConcurrency) {
          const row = await this.claim(this.workerKinds);
          if (!row) break;
          this.spawn(row);
        }
      } catch (error) {
        this.options.log.error({ err: error }, 'the job queue could not look for jobs');
      }
      if (this.stopping) break;
      if (!this.woken) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, POLL_MS);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = undefined;
      }
      this.woken = false;
    }
  }

  /** A job was enqueued or a worker came free: look for jobs now rather than at the next poll. */
  private nudge(): void {
    this.woken = true;
    this.wake?.();
  }

  private spawn(row: BackgroundJobRow): void {
    void this.execute(row).finally(() => this.nudge());
  }

  /**
   * Runs the due jobs here, one at a time, until none is left (the scheduled jobs' occurrences too, if
   * any is due; a job waiting for its retry is not due). Tests drive the queue so. Answers how many ran.
   */
  async drain(kinds: readonly string[] = [...this.kinds.keys()]): Promise<number> {
    let ran = 0;
    for (;;) {
      await this.recover();
      const row = await this.claim(kinds);
      if (!row) return ran;
      await this.execute(row);
      ran++;
    }
  }

  /**
   * An administrator's "run now" of a scheduled job: runs an occurrence here and now (the one waiting, else
   * a new one), unless a run of the job is under way somewhere. Answers whether it ran and what the job's
   * run answered (undefined when it failed: the failure is on its row and in the log).
   */
  async runNow(name: string, userId: number | null): Promise<{ ran: boolean; result?: unknown }> {
    const kind = this.kinds.get(name);
    if (!kind?.scheduled) throw new Error(`No scheduled job "${name}"`);
    const now = this.options.clock();
    let row = await this.claim([name], eq(backgroundJobs.scheduled, true), { any: true, userId });
    // Else the slot's run, if it has not run yet; else an extra run. Either waits for no run under way.
    for (const occurrence of row ? [] : [slotOf(kind.scheduled, now), null]) {
      [row] = await this.db
        .insert(backgroundJobs)
        .values({
          kind: name,
          scheduled: true,
          occurrence,
          state: 'running',
          userId,
          maxAttempts: 1,
          attempts: 1,
          lockedBy: this.instanceId,
          lockedUntil: new Date(now.getTime() + LEASE_MS),
          createdAt: now,
          startedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (row) break;
    }
    if (!row) return { ran: false };
    return { ran: true, result: await this.execute(row) };
  }

  /** Tells this instance's run of a job to stop (its owner cancelled it here). */
  stopHere(id: number): void {
    this.running.get(id)?.controller.abort('cancelled' satisfies StopReason);
  }

  /** The row's lease is this instance's: no other instance took the job since. */
  private held(id: number): SQL {
    return and(
      eq(backgroundJobs.id, id),
      eq(backgroundJobs.lockedBy, this.instanceId),
      eq(backgroundJobs.state, 'running'),
    )!;
  }

  private handBack(): PgUpdateSetSource<typeof backgroundJobs> {
    return {
      state: 'queued',
      attempts: sql`greatest(${backgroundJobs.attempts} - 1, 0)`,
      lockedBy: null,
      lockedUntil: null,
      runAt: null,
    };
  }

  /**
   * Takes one due job of `kinds` for this instance (or, `any`, one queued whatever its time), holding it
   * under a lease: `FOR UPDATE SKIP LOCKED` lets instances claim side by side, each row once.
   */
  private async claim(
    kinds: readonly string[],
    extra?: SQL,
    options: { any?: boolean; userId?: number | null } = {},
  ): Promise<BackgroundJobRow | undefined> {
    if (!kinds.length) return undefined;
    const now = this.options.clock();
    const due = this.db
      .select({ id: backgroundJobs.id })
      .from(backgroundJobs)
      .where(
        and(
          eq(backgroundJobs.state, 'queued'),
          inArray(backgroundJobs.kind, [...kinds]),
          options.any ? undefined : or(isNull(backgroundJobs.runAt), lte(backgroundJobs.runAt, now)),
          extra,
        ),
      )
      .orderBy(backgroundJobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(backgroundJobs)
      .set({
        state: 'running',
        attempts: sql`${backgroundJobs.attempts} + 1`,
        lockedBy: this.instanceId,
        lockedUntil: new Date(now.getTime() + LEASE_MS),
        startedAt: now,
        progress: null,
        progressMessage: null,
        progressParams: null,
        ...(options.userId !== undefined ? { userId: options.userId } : {}),
      })
      .where(inArray(backgroundJobs.id, due))
      .returning();
    if (row) await announce(this.db, row);
    return row;
  }

  /**
   * Jobs whose lease ran out (their instance crashed or lost the database): queued again for another
   * attempt, failed when none is left ("interrupted"), cancelled when their owner asked for it.
   */
  private async recover(): Promise<void> {
    const now = this.options.clock();
    const at = now.toISOString();
    const ends = sql`(${backgroundJobs.cancelRequested} OR ${backgroundJobs.attempts} >= ${backgroundJobs.maxAttempts})`;
    const recovered = await this.db
      .update(backgroundJobs)
      .set({
        state: sql`CASE WHEN ${backgroundJobs.cancelRequested} THEN 'cancelled'
          WHEN ${backgroundJobs.attempts} >= ${backgroundJobs.maxAttempts} THEN 'failed' ELSE 'queued' END`,
        error: sql`CASE WHEN ${backgroundJobs.cancelRequested} THEN ${backgroundJobs.error}
          ELSE ${BACKGROUND_JOB_MESSAGES.interrupted} END`,
        finishedAt: sql`CASE WHEN ${ends} THEN ${at}::timestamptz END`,
        lockedBy: null,
        lockedUntil: null,
        runAt: null,
      })
      .where(and(eq(backgroundJobs.state, 'running'), lt(backgroundJobs.lockedUntil, now)))
      .returning();
    for (const row of recovered) {
      this.options.log.warn({ job: row.id, kind: row.kind, state: row.state }, 'a job lost its instance');
      await announce(this.db, row);
    }
  }

  /** Runs a claimed job to its end and records it; answers what the job's run answered, if it finished. */
  private async execute(row: BackgroundJobRow): Promise<unknown> {
    const kind = this.kinds.get(row.kind)!;
    const controller = new AbortController();
    const progress = new ProgressWriter(this, row, controller);
    const heartbeat = setInterval(() => progress.beat(), HEARTBEAT_MS);
    const ctx: TaskContext = {
      database: this.options.database,
      config: this.options.config,
      log: this.options.log,
      registries: this.options.registries,
      clock: this.options.clock,
      job: { id: row.id, attempt: row.attempts, maxAttempts: row.maxAttempts, userId: row.userId },
      signal: controller.signal,
      progress(percent, message, params) {
        if (controller.signal.aborted) throw new JobCancelled();
        progress.report(percent, message, params);
      },
    };
    const run = (async () => {
      try {
        const value = await kind.run(ctx, row.payload);
        await progress.settle();
        await this.complete(row, kind, value);
        return value;
      } catch (error) {
        await progress.settle();
        await this.fail(row, kind, error, controller.signal.reason as StopReason | undefined);
        return undefined;
      } finally {
        clearInterval(heartbeat);
      }
    })();
    this.running.set(row.id, { controller, done: run });
    try {
      return await run;
    } catch (error) {
      // Recording the end failed (the database went away): the lease runs out and the job is taken again.
      this.options.log.error({ err: error, job: row.id }, 'the end of a job could not be recorded');
      return undefined;
    } finally {
      this.running.delete(row.id);
    }
  }

  private async complete(row: BackgroundJobRow, kind: Kind, value: unknown): Promise<void> {
    const outcome = kind.scheduled ? undefined : (value as TaskOutcome | undefined);
    const now = this.options.clock();
    await this.db.transaction(async (tx) => {
      let file: FileRow | null = null;
      if (outcome?.file) {
        file = await storeMadeFile(
          tx,
          this.options.storage,
          { ...outcome.file, owner: { type: JOB_FILE_OWNER, id: row.id }, madeFor: row.userId },
          now,
        );
      } else if (outcome?.fileId !== undefined) {
        [file = null] = await tx.select().from(files).where(eq(files.id, outcome.fileId));
      }
      const [done] = await tx
        .update(backgroundJobs)
        .set({
          state: 'done',
          progress: 100,
          error: null,
          finishedAt: now,
          lockedBy: null,
          lockedUntil: null,
          resultFileId: file?.id ?? null,
          // What it did, else nothing: its last step's message is no longer true.
          progressMessage: outcome?.summary?.message ?? null,
          progressParams: outcome?.summary?.params ?? null,
        })
        .where(this.held(row.id))
        .returning();
      if (!done) {
        // Another instance took the job meanwhile (this one lost its lease): its run is the one recorded.
        if (outcome?.file && file) await this.options.storage.remove(file.storageKey);
        return;
      }
      await announce(tx, done, file);
    });
  }

  private async fail(row: BackgroundJobRow, kind: Kind, error: unknown, reason: StopReason | undefined) {
    if (reason === 'lost') return;
    const now = this.options.clock();
    let change: PgUpdateSetSource<typeof backgroundJobs>;
    if (reason === 'shutdown') {
      change = this.handBack();
    } else if (reason === 'cancelled' || error instanceof JobCancelled) {
      change = { state: 'cancelled', finishedAt: now, lockedBy: null, lockedUntil: null };
    } else {
      const message = messageOf(error);
      const log = { err: error, job: row.id, kind: row.kind, attempt: row.attempts };
      if (message === BACKGROUND_JOB_MESSAGES.failed) this.options.log.error(log, 'a background job failed');
      else this.options.log.warn(log, 'a background job was refused');
      const again = retryable(error) && row.attempts < row.maxAttempts;
      const retryAt = new Date(now.getTime() + backoffAfter(kind.backoffMs, row.attempts));
      change = again
        ? {
            // Cancelled meanwhile (not seen yet by this run): no further attempt.
            state: sql`CASE WHEN ${backgroundJobs.cancelRequested} THEN 'cancelled' ELSE 'queued' END`,
            finishedAt: sql`CASE WHEN ${backgroundJobs.cancelRequested} THEN ${now.toISOString()}::timestamptz END`,
            runAt: retryAt,
            error: message,
            lockedBy: null,
            lockedUntil: null,
          }
        : { state: 'failed', error: message, finishedAt: now, lockedBy: null, lockedUntil: null };
    }
    await this.db.transaction(async (tx) => {
      const [ended] = await tx.update(backgroundJobs).set(change).where(this.held(row.id)).returning();
      if (ended) await announce(tx, ended);
    });
  }

  /** Writes a running job's progress and renews its lease; answers whether the job is still this one's. */
  async touch(
    row: BackgroundJobRow,
    report: {
      percent: number;
      message: string | null;
      params: Record<string, string | number> | null;
    } | null,
  ): Promise<{ held: boolean; cancelRequested: boolean }> {
    const now = this.options.clock();
    const [alive] = await this.db
      .update(backgroundJobs)
      .set({
        lockedUntil: new Date(now.getTime() + LEASE_MS),
        ...(report
          ? { progress: report.percent, progressMessage: report.message, progressParams: report.params }
          : {}),
      })
      .where(this.held(row.id))
      .returning();
    if (!alive) return { held: false, cancelRequested: false };
    if (report) await announce(this.db, alive);
    return { held: true, cancelRequested: alive.cancelRequested };
  }

  get log(): FastifyBaseLogger {
    return this.options.log;
  }
}

/**
 * A running job's reports and heartbeats: the latest report is written at most once a second, in the
 * background (a job may report from inside its transaction, which on the embedded database holds the one
 * connection), and each write tells whether the job was cancelled or lost.
 */
class ProgressWriter {
  private latest: Parameters<JobQueue['touch']>[1] = null;
  private lastWrite = -Infinity;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly queue: JobQueue,
    private readonly row: BackgroundJobRow,
    private readonly controller: AbortController,
  ) {}

  report(percent: number, message?: string, params?: Record<string, string | number>): void {
    this.latest = {
      percent: Math.max(0, Math.min(100, Math.round(percent))),
      message: message ?? null,
      params: params ?? null,
    };
    if (this.timer) return;
    const wait = Math.max(0, this.lastWrite + PROGRESS_WRITE_MS - performance.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.write();
    }, wait);
  }

  /** The heartbeat: renews the lease (with the latest report, if one waits). */
  beat(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.write();
  }

  private write(): void {
    const report = this.latest;
    this.latest = null;
    this.lastWrite = performance.now();
    this.writing = this.writing
      .then(() => this.queue.touch(this.row, report))
      .then(({ held, cancelRequested }) => {
        if (!held) this.controller.abort('lost' satisfies StopReason);
        else if (cancelRequested) this.controller.abort('cancelled' satisfies StopReason);
      })
      .catch((error: unknown) =>
        this.queue.log.warn({ err: error, job: this.row.id }, 'progress not written'),
      );
  }

  /** The job ended: a report still waiting is dropped (the end says it all), the writes under way finish. */
  async settle(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.writing;
  }
}

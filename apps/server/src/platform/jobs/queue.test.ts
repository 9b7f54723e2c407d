import { BACKGROUND_JOB_MESSAGES, type BackgroundJob, backgroundJobsTopic } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext, testConfig } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import type { AuthContext } from '../auth/context';
import { fieldError, notFound } from '../errors';
import { fileStorageOf } from '../files/routes';
import { files } from '../files/tables';
import { defineModule, type ScheduledJob, type TaskContext } from '../modules';
import { REALTIME_CHANNEL } from '../realtime/hub';
import { asSystem } from '../resources/context';
import { JobFailure, JobQueue, LEASE_MS } from './queue';
import { addDueOccurrences, slotOf } from './scheduler';
import { backgroundJobsCleanupJob, KEEP_SYSTEM_JOBS_DAYS, KEEP_USER_JOBS_DAYS } from './service';
import { backgroundJobs } from './tables';
import { defineTask } from './tasks';

/** What the probe task does on its next runs, one entry a run; empty: it succeeds. */
let script: ((ctx: TaskContext) => Promise<unknown>)[] = [];

/**
 * The next job runs until it is asked to stop, then reports `percent` (which throws once it is cancelled);
 * answers when it has started.
 */
function scriptUntilAborted(percent: number): Promise<void> {
  return new Promise<void>((started) => {
    script = [
      async ({ signal, progress }) => {
        started();
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        progress(percent);
      },
    ];
  });
}
const runs: { id: number; attempt: number; note: string }[] = [];

const probeTask = defineTask({
  name: 'probe',
  payload: z.object({ note: z.string() }),
  maxAttempts: 3,
  backoffMs: 10_000,
  async run(ctx, { note }) {
    runs.push({ id: ctx.job.id, attempt: ctx.job.attempt, note });
    const step = script.shift();
    return (await step?.(ctx)) as undefined;
  },
});

let scheduledRuns = 0;
let holdScheduled: Promise<void> | undefined;
const probeSchedule: ScheduledJob = {
  name: 'probe-schedule',
  intervalMs: 60_000,
  async run() {
    scheduledRuns++;
    await holdScheduled;
    return 'counted';
  },
};

const probeModule = defineModule({ name: 'probe', tasks: [probeTask], jobs: [probeSchedule] });

let now = new Date();
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

function principal(signed: SignedIn): AuthContext {
  return {
    kind: 'user',
    userId: signed.user.id,
    username: signed.user.username,
    contactId: signed.user.contactId,
    serviceOfficeId: null,
    roles: new Set(),
    sessionId: null,
    impersonatorId: null,
    passwordChangeRequired: false,
  };
}

let ctx: TestContext;
let owner: SignedIn;
let other: SignedIn;
let admin: SignedIn;

const enqueue = (note: string, who: SignedIn | null = owner) =>
  probeTask.enqueue(
    who
      ? { tx: ctx.database.db, registries: ctx.app.registries, auth: principal(who), clock }
      : asSystem({ tx: ctx.database.db, registries: ctx.app.registries, clock }, 'probe'),
    { note },
    { label: `Probe ${note}` },
  );
const rowOf = async (id: number) =>
  (await ctx.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id)))[0]!;
const call = (method: 'GET' | 'POST', url: string, who: SignedIn) =>
  ctx.app.inject({ method, url, headers: who.headers });

/** Polls `check` until it holds (a generous deadline: the machine may be busy). */
async function until(check: () => Promise<boolean> | boolean, what: string) {
  for (const deadline = Date.now() + 10_000; !(await check()); ) {
    if (Date.now() > deadline) throw new Error(`not within 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  ctx = await createTestApp({}, [probeModule], clock);
  owner = await signIn(ctx);
  other = await signIn(ctx);
  admin = await signIn(ctx, ['ROLE_ADMIN']);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  // Each test starts with an empty queue and a fresh script.
  await ctx.app.queue.drain();
  script = [];
  runs.length = 0;
});

describe('the job queue', () => {
  it('enqueues in the caller transaction: a rolled-back one leaves no job and tells nobody', async () => {
    const told: string[] = [];
    const unlisten = await ctx.database.listen(REALTIME_CHANNEL, (raw) => told.push(raw));
    await ctx.database.db
      .transaction(async (tx) => {
        await probeTask.enqueue(
          { tx, registries: ctx.app.registries, auth: principal(owner), clock },
          { note: 'rolled back' },
        );
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    const job = await enqueue('committed');
    await until(() => told.length > 0, 'the committed job announced');
    await unlisten();
    expect(told.map((raw) => JSON.parse(raw).payload.label)).toEqual(['Probe committed']);
    expect(await ctx.app.queue.drain()).toBe(1);
    expect(runs.map((run) => run.note)).toEqual(['committed']);
    expect(await rowOf(job.id)).toMatchObject({
      state: 'done',
      progress: 100,
      attempts: 1,
      userId: owner.user.id,
    });
  });

  it('retries a failure after a backoff that doubles, then fails with a translated message', async () => {
    const failing = async () => {
      throw new Error('connection reset');
    };
    script = [failing, failing, failing];
    const job = await enqueue('flaky');
    expect(await ctx.app.queue.drain()).toBe(1);
    let row = await rowOf(job.id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, error: BACKGROUND_JOB_MESSAGES.failed });
    expect(row.runAt!.getTime()).toBe(now.getTime() + 10_000);
    // Not due before its time.
    advance(9_999);
    expect(await ctx.app.queue.drain()).toBe(0);
    advance(1);
    expect(await ctx.app.queue.drain()).toBe(1);
    row = await rowOf(job.id);
    expect(row.runAt!.getTime()).toBe(now.getTime() + 20_000);
    advance(20_000);
    expect(await ctx.app.queue.drain()).toBe(1);
    row = await rowOf(job.id);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, error: BACKGROUND_JOB_MESSAGES.failed });
    expect(row.finishedAt).toEqual(now);
    expect(runs.map((run) => run.attempt)).toEqual([1, 2, 3]);
  });

  it('fails at once on a refusal or a stated failure, with its message', async () => {
    script = [
      async () => {
        throw notFound('Order not found.');
      },
      async () => {
        throw new JobFailure('The template is gone.');
      },
      async () => {
        throw fieldError(['rows', '12', 'inn'], 'The INN must have 10 or 12 digits.');
      },
    ];
    const refused = await enqueue('refused');
    const stated = await enqueue('stated');
    const invalid = await enqueue('invalid');
    expect(await ctx.app.queue.drain()).toBe(3);
    // A refusal with a tree of reasons says its first one, not "Validation Failed".
    expect(await rowOf(invalid.id)).toMatchObject({
      state: 'failed',
      error: 'The INN must have 10 or 12 digits.',
    });
    expect(await rowOf(refused.id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: 'Order not found.',
    });
    expect(await rowOf(stated.id)).toMatchObject({ state: 'failed', error: 'The template is gone.' });
  });

  it('stores progress while the job runs, written at most once a second', async () => {
    const told: BackgroundJob[] = [];
    const unlisten = await ctx.database.listen(REALTIME_CHANNEL, (raw) => {
      const { topic, payload } = JSON.parse(raw);
      if (topic === backgroundJobsTopic(owner.user.id)) told.push(payload);
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    script = [
      async ({ progress }) => {
        for (let row = 1; row <= 200; row++) progress(row / 4, 'Reading row {{row}}', { row });
        await released;
      },
    ];
    const job = await enqueue('progress');
    const draining = ctx.app.queue.drain();
    await until(async () => (await rowOf(job.id)).progress !== null, 'progress written');
    // The reports made meanwhile came to one write, of the latest.
    expect(await rowOf(job.id)).toMatchObject({
      state: 'running',
      progress: 50,
      progressMessage: 'Reading row {{row}}',
      progressParams: { row: 200 },
    });
    release();
    await draining;
    await until(() => told.some((job) => job.state === 'done'), 'the end announced');
    await unlisten();
    const reports = told.filter((job) => job.state === 'running' && job.progress !== null);
    expect(reports.length).toBeLessThanOrEqual(2);
    // Done, its last step's message goes: the job left no summary of what it did.
    expect(await rowOf(job.id)).toMatchObject({ state: 'done', progress: 100, progressMessage: null });
  });

  it('keeps a result file its owner downloads and nobody else does', async () => {
    script = [
      async () => ({
        file: { name: 'report.csv', mimeType: 'text/csv', content: Buffer.from('id;name\n1;Вектор\n') },
      }),
    ];
    const job = await enqueue('with a file');
    await ctx.app.queue.drain();
    const seen = (await call('GET', `/api/background-jobs/${job.id}`, owner)).json().data as BackgroundJob;
    expect(seen).toMatchObject({ state: 'done', result: { name: 'report.csv', mimeType: 'text/csv' } });
    const download = await call('GET', seen.result!.downloadLink, owner);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('id;name\n1;Вектор\n');
    expect((await call('GET', seen.result!.downloadLink, other)).statusCode).toBe(404);
  });

  it('takes again the job of an instance that stopped renewing its lease', async () => {
    const [lost] = await ctx.database.db
      .insert(backgroundJobs)
      .values({
        kind: 'probe',
        payload: { note: 'crashed' },
        userId: owner.user.id,
        state: 'running',
        attempts: 1,
        maxAttempts: 2,
        lockedBy: 'a-crashed-instance',
        lockedUntil: new Date(now.getTime() + LEASE_MS),
      })
      .returning();
    expect(await ctx.app.queue.drain()).toBe(0);
    advance(LEASE_MS + 1);
    script = [
      async () => {
        throw new Error('crashes again');
      },
    ];
    expect(await ctx.app.queue.drain()).toBe(1);
    expect(runs).toEqual([{ id: lost!.id, attempt: 2, note: 'crashed' }]);
    // Its last attempt failed: no more.
    expect(await rowOf(lost!.id)).toMatchObject({ state: 'failed', attempts: 2 });

    const [exhausted] = await ctx.database.db
      .insert(backgroundJobs)
      .values({
        kind: 'probe',
        state: 'running',
        attempts: 3,
        maxAttempts: 3,
        lockedBy: 'a-crashed-instance',
        lockedUntil: new Date(now.getTime() - 1),
      })
      .returning();
    expect(await ctx.app.queue.drain()).toBe(0);
    expect(await rowOf(exhausted!.id)).toMatchObject({
      state: 'failed',
      error: BACKGROUND_JOB_MESSAGES.interrupted,
    });
  });

  it('cancels a queued job at once and stops a running one', async () => {
    const queued = await enqueue('never runs');
    const cancelled = await call('POST', `/api/background-jobs/${queued.id}/cancel`, owner);
    expect(cancelled.json().data).toMatchObject({ state: 'cancelled', cancelRequested: true });
    expect((await call('POST', `/api/background-jobs/${queued.id}/cancel`, owner)).statusCode).toBe(409);

    const running = scriptUntilAborted(50);
    const job = await enqueue('stopped');
    const draining = ctx.app.queue.drain();
    await running;
    expect((await call('POST', `/api/background-jobs/${job.id}/cancel`, owner)).json().data.state).toBe(
      'running',
    );
    await draining;
    expect(await rowOf(job.id)).toMatchObject({ state: 'cancelled', cancelRequested: true });
    expect(runs.map((run) => run.note)).toEqual(['stopped']);
  });
});

describe('scheduled jobs on the queue', () => {
  it('adds one occurrence per slot, whoever adds it and however often', async () => {
    await addDueOccurrences(ctx.database.db, [probeSchedule], now);
    await addDueOccurrences(ctx.database.db, [probeSchedule], now);
    const occurrences = () =>
      ctx.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.kind, probeSchedule.name));
    expect(await occurrences()).toHaveLength(1);
    expect((await occurrences())[0]!.occurrence).toEqual(slotOf(probeSchedule, now));
    const before = scheduledRuns;
    expect(await ctx.app.queue.drain()).toBe(1);
    // The same slot again: it ran already.
    await addDueOccurrences(ctx.database.db, [probeSchedule], now);
    expect(await ctx.app.queue.drain()).toBe(0);
    advance(probeSchedule.intervalMs);
    await addDueOccurrences(ctx.database.db, [probeSchedule], now);
    expect(await ctx.app.queue.drain()).toBe(1);
    expect(scheduledRuns).toBe(before + 2);
    expect((await occurrences()).map((row) => row.state)).toEqual(['done', 'done']);
  });

  it('runs now for an administrator, and not while a run is under way', async () => {
    let release!: () => void;
    holdScheduled = new Promise((resolve) => (release = resolve));
    advance(probeSchedule.intervalMs);
    const first = ctx.app.queue.runNow(probeSchedule.name, admin.user.id);
    await until(
      async () =>
        (await ctx.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.state, 'running')))
          .length === 1,
      'the first run under way',
    );
    const res = await call('POST', `/api/system/scheduled-jobs/${probeSchedule.name}/run`, admin);
    expect(res.json()).toEqual({ data: { ran: false } });
    // Nor does the slot's occurrence start beside it.
    await addDueOccurrences(ctx.database.db, [probeSchedule], now);
    release();
    expect(await first).toEqual({ ran: true, result: 'counted' });
    holdScheduled = undefined;
    const again = await call('POST', `/api/system/scheduled-jobs/${probeSchedule.name}/run`, admin);
    expect(again.json()).toEqual({ data: { ran: true } });
    // The administrator's runs are theirs to follow.
    const list = (await call('GET', '/api/background-jobs?itemsPerPage=2', admin)).json().data;
    expect(list.collection.map((job: BackgroundJob) => [job.kind, job.state])).toEqual([
      [probeSchedule.name, 'done'],
      [probeSchedule.name, 'done'],
    ]);
  });
});

describe('GET /api/background-jobs', () => {
  it("lists the user's own jobs newest first, paged; another's job is not found", async () => {
    const mine = [await enqueue('one'), await enqueue('two'), await enqueue('three')];
    const theirs = await enqueue('theirs', other);
    const system = await enqueue('system', null);
    const page = await call('GET', '/api/background-jobs?itemsPerPage=2&page=1&state=queued', owner);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.total).toBe(3);
    expect(page.json().data.collection.map((job: BackgroundJob) => job.label)).toEqual([
      'Probe three',
      'Probe two',
    ]);
    expect((await call('GET', `/api/background-jobs/${mine[0]!.id}`, owner)).json().data).toMatchObject({
      kind: 'probe',
      state: 'queued',
      userId: owner.user.id,
    });
    for (const [method, url] of [
      ['GET', `/api/background-jobs/${theirs.id}`],
      ['POST', `/api/background-jobs/${theirs.id}/cancel`],
      ['GET', `/api/background-jobs/${system.id}`],
    ] as const) {
      expect((await call(method, url, owner)).statusCode).toBe(404);
    }
    expect((await call('GET', '/api/background-jobs?all=true', owner)).statusCode).toBe(403);
    const all = (await call('GET', '/api/background-jobs?all=true&active=true', admin)).json().data;
    expect(all.collection.map((job: BackgroundJob) => job.label)).toEqual(
      expect.arrayContaining(['Probe theirs', 'Probe system', 'Probe one']),
    );
    expect((await call('GET', `/api/background-jobs/${theirs.id}`, admin)).statusCode).toBe(200);
    const bad = await call('GET', '/api/background-jobs?state=sleeping', owner);
    expect(bad.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/background-jobs' })).statusCode).toBe(401);
  });
});

describe('an instance stopping', () => {
  /** Another instance's workers on the same database, stopped by the test. */
  const instance = (shutdownGraceMs?: number) =>
    new JobQueue({
      database: ctx.database,
      config: testConfig({ jobConcurrency: 1 }),
      log: ctx.app.log,
      registries: ctx.app.registries,
      clock,
      storage: fileStorageOf(ctx.config),
      shutdownGraceMs,
    });

  it('lets its running job end and takes no other', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    script = [
      async () => {
        started();
        await released;
      },
    ];
    const first = await enqueue('finishes');
    const queue = instance();
    await queue.start();
    await running;
    const second = await enqueue('waits for another instance');
    const stopping = queue.stop();
    release();
    await stopping;
    expect(await rowOf(first.id)).toMatchObject({ state: 'done' });
    expect(await rowOf(second.id)).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('asks a job still running after the grace to stop, and hands it back to the queue', async () => {
    const running = scriptUntilAborted(10);
    const job = await enqueue('handed back');
    const queue = instance(0);
    await queue.start();
    await running;
    await queue.stop();
    expect(await rowOf(job.id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
    // Another instance runs it from the start.
    expect(await ctx.app.queue.drain()).toBe(1);
    expect(await rowOf(job.id)).toMatchObject({ state: 'done', attempts: 1 });
  });
});

describe('the clean-up', () => {
  it("drops a user's finished jobs after a month, the system's after a week, with the files they left", async () => {
    script = [
      async () => ({ file: { name: 'old.csv', mimeType: 'text/csv', content: Buffer.from('1;2\n') } }),
    ];
    const old = await enqueue('old with a file');
    const system = await enqueue('old of the system', null);
    await ctx.app.queue.drain();
    const { resultFileId } = await rowOf(old.id);
    const [file] = await ctx.database.db.select().from(files).where(eq(files.id, resultFileId!));
    const storage = fileStorageOf(ctx.config);
    expect(await storage.get(file!.storageKey)).not.toBeNull();
    // A job yet to run is never cleaned up, however old.
    const waiting = await probeTask.enqueue(
      { tx: ctx.database.db, registries: ctx.app.registries, auth: principal(owner), clock },
      { note: 'planned' },
      { runAt: new Date(now.getTime() + 365 * 24 * 3600 * 1000) },
    );

    advance((KEEP_SYSTEM_JOBS_DAYS + 1) * 24 * 3600 * 1000);
    const recent = await enqueue('recent');
    await ctx.app.queue.drain([probeTask.name]);
    expect((await ctx.app.queue.runNow(backgroundJobsCleanupJob.name, null)).ran).toBe(true);
    expect(
      await ctx.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, system.id)),
    ).toEqual([]);
    expect((await rowOf(old.id)).state).toBe('done');

    advance((KEEP_USER_JOBS_DAYS - KEEP_SYSTEM_JOBS_DAYS) * 24 * 3600 * 1000);
    expect((await ctx.app.queue.runNow(backgroundJobsCleanupJob.name, null)).ran).toBe(true);
    expect(await ctx.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, old.id))).toEqual(
      [],
    );
    expect(await ctx.database.db.select().from(files).where(eq(files.id, resultFileId!))).toEqual([]);
    expect(await storage.get(file!.storageKey)).toBeNull();
    expect((await rowOf(recent.id)).state).toBe('done');
    expect((await rowOf(waiting.id)).state).toBe('queued');
  });
});

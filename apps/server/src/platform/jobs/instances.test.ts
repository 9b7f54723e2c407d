import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../app';
import { type Database, pgDatabase } from '../../db/connection';
import { clonePostgres } from '../../test/databases';
import { createTestDatabase, testConfig } from '../../test/harness';
import type { App } from '../http/types';
import { defineModule, type ScheduledJob } from '../modules';
import { asSystem } from '../resources/context';
import { addDueOccurrences } from './scheduler';
import { backgroundJobs } from './tables';
import { defineTask } from './tasks';

/** How many times each job ran, by its id, whichever instance ran it. */
const ranTimes = new Map<number, number>();

const countedTask = defineTask({
  name: 'counted',
  payload: z.object({}),
  async run({ job, database }) {
    ranTimes.set(job.id, (ranTimes.get(job.id) ?? 0) + 1);
    // Let the other instance's workers in between.
    await database.db.select({ id: backgroundJobs.id }).from(backgroundJobs).limit(1);
    return undefined;
  },
});

let scheduledRuns = 0;
const everyMinute: ScheduledJob = {
  name: 'every-minute',
  intervalMs: 60_000,
  async run() {
    scheduledRuns++;
  },
};

const probe = defineModule({ name: 'probe', tasks: [countedTask], jobs: [everyMinute] });

/**
 * Two app instances on one database, as behind a load balancer, each with its own workers: every job runs
 * exactly once, whichever instance takes it. On PostgreSQL each instance has its own pool (and LISTEN
 * connection); on the embedded database the two share its one connection, as two apps in one process.
 */
describe('the job queue across two instances', () => {
  const instances: { app: App; database: Database }[] = [];
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    // The workers take tasks; the scheduled jobs' occurrences are driven by the test.
    const config = testConfig({ jobConcurrency: 2, schedulerEnabled: false });
    const template = inject('dbTemplate');
    let databases: Database[];
    if (template.kind === 'pg') {
      const clone = await clonePostgres(template);
      drop = clone.drop;
      databases = [pgDatabase(clone.url, 4), pgDatabase(clone.url, 4)];
    } else {
      const shared = await createTestDatabase();
      // Closed once, by the first instance's turn.
      databases = [shared, { ...shared, close: async () => {} }];
    }
    for (const database of databases) {
      const app = await buildApp({ config, database, extraModules: [probe] });
      await app.ready();
      instances.push({ app, database });
    }
  });
  afterAll(async () => {
    for (const { app } of instances) await app.close();
    for (const { database } of instances) await database.close();
    await drop?.();
  });

  it('runs each job once, on whichever instance took it', async () => {
    const [a, b] = instances;
    await a!.app.queue.start();
    await b!.app.queue.start();
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const { app } = instances[i % 2]!;
      const job = await countedTask.enqueue(
        asSystem({ tx: app.database.db, registries: app.registries }, 'probe'),
        {},
      );
      ids.push(job.id);
    }
    const done = async () =>
      (await a!.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.kind, 'counted'))).every(
        (row) => row.state === 'done',
      );
    for (const deadline = Date.now() + 30_000; !(await done()); ) {
      if (Date.now() > deadline) throw new Error('the jobs did not all end within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(ids.map((id) => ranTimes.get(id))).toEqual(ids.map(() => 1));
    const rows = await a!.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.kind, 'counted'));
    expect(rows.every((row) => row.attempts === 1 && row.lockedBy === null)).toBe(true);
  });

  it("runs a scheduled job's occurrence once though both instances add it", async () => {
    const [a, b] = instances;
    const now = new Date();
    await Promise.all([
      addDueOccurrences(a!.database.db, [everyMinute], now),
      addDueOccurrences(b!.database.db, [everyMinute], now),
    ]);
    await Promise.all([a!.app.queue.drain([everyMinute.name]), b!.app.queue.drain([everyMinute.name])]);
    const rows = await a!.database.db
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.kind, everyMinute.name));
    expect(rows.map((row) => row.state)).toEqual(['done']);
    expect(scheduledRuns).toBe(1);
  });
});

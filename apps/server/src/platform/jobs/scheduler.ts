import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connection';
import type { JobContext, ScheduledJob } from '../modules';

export type { JobContext, ScheduledJob } from '../modules';

/** A stable 32-bit advisory-lock key per job name; distinct from the migration lock. */
export function lockKey(name: string): number {
  return createHash('sha1').update(`job:${name}`).digest().readInt32BE(0);
}

/**
 * Runs a job once if no other instance is running it: a session-level advisory lock on one dedicated
 * connection guards the whole run. Returns whether this instance ran it.
 */
export async function runExclusive(ctx: JobContext, job: ScheduledJob): Promise<boolean> {
  return ctx.database.withSession(async (db) => {
    const key = lockKey(job.name);
    const [row] = await rowsOf<{ locked: boolean }>(db, sql`SELECT pg_try_advisory_lock(${key}) AS locked`);
    if (!row?.locked) return false;
    try {
      await job.run(ctx);
    } catch (error) {
      ctx.log.error({ err: error, job: job.name }, 'scheduled job failed');
    } finally {
      await db.execute(sql`SELECT pg_advisory_unlock(${key})`);
    }
    return true;
  });
}

export interface Scheduler {
  stop(): Promise<void>;
}

export function startScheduler(ctx: JobContext, jobs: readonly ScheduledJob[]): Scheduler {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  for (const job of jobs) {
    const tick = () => {
      if (stopped) return;
      const run = runExclusive(ctx, job).finally(() => running.delete(run));
      running.add(run);
    };
    timers.push(setInterval(tick, job.intervalMs));
  }
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled(running);
    },
  };
}

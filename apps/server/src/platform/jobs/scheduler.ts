import { createHash } from 'node:crypto';
import type { Tx } from '../../db/connection';
import type { ScheduledJob } from '../modules';
import { backgroundJobs } from './tables';

export type { JobContext, ScheduledJob } from '../modules';

/**
 * Where a scheduled job's occurrences fall: every `intervalMs` from an offset its name gives, so jobs of the
 * same interval do not all start on the same second, and every instance computes the same slots.
 */
export function slotOf(job: Pick<ScheduledJob, 'name' | 'intervalMs'>, now: Date): Date {
  const offset = createHash('sha1').update(job.name).digest().readUInt32BE(0) % job.intervalMs;
  const t = now.getTime();
  return new Date(Math.floor((t - offset) / job.intervalMs) * job.intervalMs + offset);
}

/**
 * Adds the occurrence of each scheduled job whose slot has come, as a queued job due at once. The unique
 * indexes make this safe from every instance at the same time: a slot is one row (it runs once), and a job
 * with an occurrence queued or running gets no other (runs never overlap; slots missed meanwhile, or while
 * no instance ran, fold into the next one).
 */
export async function addDueOccurrences(tx: Tx, jobs: readonly ScheduledJob[], now: Date): Promise<void> {
  if (!jobs.length) return;
  await tx
    .insert(backgroundJobs)
    .values(
      jobs.map((job) => {
        const slot = slotOf(job, now);
        return {
          kind: job.name,
          scheduled: true,
          occurrence: slot,
          runAt: slot,
          maxAttempts: 1,
          createdAt: now,
        };
      }),
    )
    .onConflictDoNothing();
}

import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/connection';
import { actingUserId, type Principal } from '../auth/context';
import type { Clock } from '../clock';
import type { Registries, TaskDefinition } from '../modules';
import { announce, DEFAULT_MAX_ATTEMPTS, JOBS_CHANNEL, toBackgroundJob } from './service';
import { backgroundJobs } from './tables';

/** Who enqueues and where: the caller's transaction (the job exists only if it commits) and principal. */
export interface EnqueueContext {
  tx: Tx;
  registries: Registries;
  /** Who enqueues it: a user owns the job (follows and may cancel it); the system's is nobody's. */
  auth: Principal;
  clock?: Clock;
}

export interface EnqueueOptions {
  /** What the job is about, shown with its kind in its owner's list (a template and a record). */
  label?: string;
  /** Not before then (a job planned for later). */
  runAt?: Date;
}

export interface Task<S extends z.ZodType> extends Omit<TaskDefinition<z.infer<S>>, 'payload'> {
  payload: S;
  /** Enqueues a job of this kind in the caller's transaction; answers the job as its owner sees it. */
  enqueue(
    ctx: EnqueueContext,
    payload: z.input<S>,
    options?: EnqueueOptions,
  ): Promise<ReturnType<typeof toBackgroundJob>>;
}

/**
 * A kind of background job, declared by a module (`tasks: [myTask]` in its definition) and enqueued with
 * `myTask.enqueue(ctx, payload)` from any code. The payload is parsed when enqueued and again when run.
 */
export function defineTask<S extends z.ZodType>(
  definition: Omit<TaskDefinition<z.infer<S>>, 'payload'> & { payload: S },
): Task<S> {
  return {
    ...definition,
    async enqueue(ctx, payload, options = {}) {
      if (ctx.registries.tasks.get(definition.name) === undefined) {
        throw new Error(`The task "${definition.name}" is not declared by any module of this app`);
      }
      const [row] = await ctx.tx
        .insert(backgroundJobs)
        .values({
          kind: definition.name,
          payload: definition.payload.parse(payload),
          userId: actingUserId(ctx.auth),
          label: options.label?.slice(0, 500) ?? null,
          maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          runAt: options.runAt ?? null,
          createdAt: ctx.clock?.() ?? new Date(),
        })
        .returning();
      await announce(ctx.tx, row!);
      await ctx.tx.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, ${definition.name})`);
      return toBackgroundJob(row!, null);
    },
  };
}

import { availableParallelism } from 'node:os';
import { WORK_MESSAGES } from '@tms/domain';
import { Piscina } from 'piscina';
import { HttpError } from '../errors';
import type { TaskEnvelope, TaskInput, TaskName, TaskOutput, WorkerTasks } from './tasks';

export interface WorkerPoolOptions {
  /** Most tasks running at once, one a thread (`WORKER_THREADS`); more wait in the queue. */
  threads: number;
  /** Longest run of one task, ms (`WORKER_TASK_TIMEOUT_MS`): past it the thread is ended and replaced. */
  taskTimeoutMs: number;
  /** Heap of one thread, MB (`WORKER_MEMORY_MB`): past it the thread is ended and replaced. */
  memoryMb: number;
  /** Another worker entry than the app's (the pool's own tests). */
  entry?: WorkerEntry;
}

export interface WorkerEntry {
  filename: string;
  /** Node options of the threads; unset, the process's own. */
  execArgv?: string[];
}

/** Threads for the machine: one core stays with the request loop (a two-core server runs one thread). */
export const defaultWorkerThreads = () => Math.max(1, availableParallelism() - 1);

export const DEFAULT_WORKER_OPTIONS: WorkerPoolOptions = {
  threads: defaultWorkerThreads(),
  taskTimeoutMs: 60_000,
  memoryMb: 512,
};

/** Node 20 has `Atomics.waitAsync`; the server's TypeScript library (ES2023) does not declare it. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number): { value: Promise<string> | string };
  }
).waitAsync;

/**
 * Tasks a thread may have waiting before the pool answers "busy" (a full queue is minutes of work). Counted
 * here: piscina's own `maxQueue` lets a burst of tasks through to a busy thread's port uncounted.
 */
const QUEUE_PER_THREAD = 32;

/**
 * The worker entry: the TypeScript source compiled by tsx where the server runs from its sources (tests,
 * `npm run dev`), else `worker.js` beside the bundle's `main.js` (`build.mjs` writes both into `dist`).
 */
function appEntry(): WorkerEntry {
  return import.meta.url.endsWith('.ts')
    ? { filename: new URL('../../worker.ts', import.meta.url).href, execArgv: ['--import', 'tsx'] }
    : { filename: new URL('./worker.js', import.meta.url).href };
}

/**
 * The app's worker threads (piscina): CPU-heavy work (documents, PDFs, exports, reading import files) runs
 * there by task name, never on the request loop, each task within a time and a memory limit. One pool per app
 * instance, started at its first task and ended with the app (`app.close()`).
 */
export class WorkerPool<T extends object = WorkerTasks> {
  private piscina: Piscina | undefined;
  private closed = false;
  /** Tasks given and not yet answered: running or waiting. */
  private inFlight = 0;

  constructor(readonly options: WorkerPoolOptions = DEFAULT_WORKER_OPTIONS) {}

  /**
   * Runs a task and answers its result. Past the time limit (counted from the moment a thread takes the task,
   * not while it waits) it is a 422 "took too long", past the memory limit a 413, with a full queue (32 tasks
   * a thread besides the running ones) a 503; the thread of a stopped task is ended and replaced. Other errors
   * of the task are rethrown as they came.
   */
  async run<N extends TaskName<T>>(
    name: N,
    input: TaskInput<T, N>,
    limits: { timeoutMs?: number } = {},
  ): Promise<TaskOutput<T, N>> {
    const pool = this.started();
    if (this.inFlight >= this.options.threads * (1 + QUEUE_PER_THREAD)) {
      throw new HttpError(503, WORK_MESSAGES.busy);
    }
    this.inFlight++;
    const started = new Int32Array(new SharedArrayBuffer(4));
    const controller = new AbortController();
    let settled = false;
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const wait = waitAsync(started, 0, 0);
    void Promise.resolve(wait.value).then(() => {
      if (settled) return;
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, limits.timeoutMs ?? this.options.taskTimeoutMs);
    });
    const envelope: TaskEnvelope = { name, input, started };
    try {
      return await pool.run(envelope, { signal: controller.signal });
    } catch (error) {
      throw refusalOf(error, timedOut);
    } finally {
      this.inFlight--;
      settled = true;
      clearTimeout(timer);
      // Releases the wait of a task that never started (refused, or the pool closed).
      Atomics.store(started, 0, 2);
      Atomics.notify(started, 0);
    }
  }

  /** Ends the threads; a task still running ends with them. */
  async close(): Promise<void> {
    this.closed = true;
    await this.piscina?.destroy();
    this.piscina = undefined;
  }

  private started(): Piscina {
    if (this.closed) throw new Error('The worker pool is closed');
    if (!this.piscina) {
      const { threads, memoryMb, entry = appEntry() } = this.options;
      this.piscina = new Piscina({
        filename: entry.filename,
        execArgv: entry.execArgv,
        minThreads: 1,
        maxThreads: threads,
        idleTimeout: 5 * 60_000,
        resourceLimits: { maxOldGenerationSizeMb: memoryMb },
      });
    }
    return this.piscina;
  }
}

function refusalOf(error: unknown, timedOut: boolean): unknown {
  if (timedOut) return new HttpError(422, WORK_MESSAGES.tooLong);
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return new HttpError(413, WORK_MESSAGES.tooLarge);
  return error;
}

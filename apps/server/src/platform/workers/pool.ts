import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { WORK_MESSAGES } from '@tms/domain';
import { Piscina } from 'piscina';
import { HttpError } from '../errors';
import type {
  StreamMessage,
  TaskEnvelope,
  TaskInput,
  TaskItem,
  TaskName,
  TaskOutput,
  WorkerTasks,
} from './tasks';

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
 * Threads of the streaming lane (`stream`): a stream holds its thread while its caller works through the
 * items (an import's rows, minutes), mostly waiting, so streams get their own threads and never hold up the
 * tasks' (a PDF, an export).
 */
const STREAM_THREADS = 4;

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
  private streams: Piscina | undefined;
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

  /**
   * Runs a streaming task (an async generator in the worker) and passes its items on one at a time as the
   * caller takes them, over a message port: the worker makes the next item only when asked, so neither side
   * holds more than an item or two (an import's rows by chunks, never the file's rows at once). The time
   * limit counts each item's making (from the ask, once a thread has the task), not the caller's work between
   * them; past it, as past the memory limit, the same refusals as `run`. Leaving the loop early stops the
   * task. Streams run on their own threads (at most four, more wait), apart from `run`'s.
   */
  async *stream<N extends TaskName<T>>(
    name: N,
    input: TaskInput<T, N>,
    limits: { timeoutMs?: number } = {},
  ): AsyncGenerator<TaskItem<T, N>> {
    const pool = this.lane();
    const { port1, port2 } = new MessageChannel();
    const started = new Int32Array(new SharedArrayBuffer(4));
    const controller = new AbortController();
    const envelope: TaskEnvelope = { name, input, started, port: port2 };
    let timedOut = false;
    let failure: { error: unknown } | undefined;
    const ended = pool.run(envelope, { signal: controller.signal, transferList: [port2] }).then(
      () => undefined,
      (error: unknown) => {
        failure = { error: refusalOf(error, timedOut) };
      },
    );
    const limitMs = limits.timeoutMs ?? this.options.taskTimeoutMs;
    let done = false;
    try {
      for (;;) {
        port1.postMessage('next');
        let timer: NodeJS.Timeout | undefined;
        // Re-armed while the task still waits for a thread: only a thread's work is timed.
        const arm = () => {
          timer = setTimeout(() => {
            if (Atomics.load(started, 0) !== 1) return arm();
            timedOut = true;
            controller.abort();
          }, limitMs);
        };
        arm();
        let answer: StreamMessage | null;
        try {
          answer = await Promise.race([
            once(port1, 'message').then(([message]) => message as StreamMessage),
            ended.then(() => null),
          ]);
        } finally {
          clearTimeout(timer);
        }
        // The task ends when asked for an item it has not (the items are over) or when it fails; it posts
        // nothing then, so no item is in flight on the port when its end is seen.
        if (answer === null) {
          const failed = failure as { error: unknown } | undefined;
          if (failed) throw failed.error;
          done = true;
          break;
        }
        yield answer.item as TaskItem<T, N>;
      }
      await ended;
    } finally {
      if (!done) {
        port1.postMessage('stop');
        // Its thread is ended if it does not stop on its own (it was making an item).
        const stopped = setTimeout(() => controller.abort(), limitMs);
        await ended;
        clearTimeout(stopped);
      }
      port1.close();
    }
  }

  /** Ends the threads; a task still running ends with them. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.piscina?.destroy(), this.streams?.destroy()]);
    this.piscina = undefined;
    this.streams = undefined;
  }

  private started(): Piscina {
    if (this.closed) throw new Error('The worker pool is closed');
    this.piscina ??= this.piscinaOf(1, this.options.threads);
    return this.piscina;
  }

  /** The streaming lane's threads, started with the first stream and ended after a minute unused. */
  private lane(): Piscina {
    if (this.closed) throw new Error('The worker pool is closed');
    this.streams ??= this.piscinaOf(0, STREAM_THREADS, 60_000);
    return this.streams;
  }

  private piscinaOf(minThreads: number, maxThreads: number, idleTimeout = 5 * 60_000): Piscina {
    const { memoryMb, entry = appEntry() } = this.options;
    return new Piscina({
      filename: entry.filename,
      execArgv: entry.execArgv,
      minThreads,
      maxThreads,
      idleTimeout,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    });
  }
}

function refusalOf(error: unknown, timedOut: boolean): unknown {
  if (timedOut) return new HttpError(422, WORK_MESSAGES.tooLong);
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return new HttpError(413, WORK_MESSAGES.tooLarge);
  return error;
}

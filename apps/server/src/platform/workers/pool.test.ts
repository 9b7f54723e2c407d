import { WORK_MESSAGES } from '@tms/domain';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProbeTasks } from '../../test/probe-worker';
import { HttpError } from '../errors';
import { WorkerPool, type WorkerPoolOptions } from './pool';
import { asBuffer } from './tasks';

const entry = {
  filename: new URL('../../test/probe-worker.ts', import.meta.url).href,
  execArgv: ['--import', 'tsx'],
};

describe('the worker pool', () => {
  let pool: WorkerPool<ProbeTasks> | undefined;
  const open = (options: Partial<WorkerPoolOptions> = {}) => {
    pool = new WorkerPool<ProbeTasks>({ threads: 1, taskTimeoutMs: 30_000, memoryMb: 64, entry, ...options });
    return pool;
  };
  afterEach(async () => {
    await pool?.close();
  });

  const refusal = (error: unknown) =>
    error instanceof HttpError ? { status: error.statusCode, message: error.message } : error;

  it('runs a named task on a thread and answers its result, bytes as bytes', async () => {
    const workers = open();
    const answer = await workers.run('echo', { text: 'привет', bytes: new Uint8Array([1, 2, 3]) });
    expect(answer.text).toBe('привет');
    expect([...asBuffer(answer.bytes)]).toEqual([1, 2, 3]);
    await expect(workers.run('fail', 'broken')).rejects.toThrow('broken');
  });

  it('stops a task past its time limit with "took too long", and the next task gets a new thread', async () => {
    const workers = open();
    const stopped = await workers.run('spin', null, { timeoutMs: 300 }).catch(refusal);
    expect(stopped).toEqual({ status: 422, message: WORK_MESSAGES.tooLong });
    expect((await workers.run('echo', { text: 'after', bytes: new Uint8Array() })).text).toBe('after');
  });

  it('counts the time limit from the start of a task, not while it waits for the thread', async () => {
    const workers = open();
    const spinning = workers.run('spin', null, { timeoutMs: 500 }).catch(refusal);
    // Queued behind the spinning task for at least its 500 ms, then done at once on the next thread.
    const queued = workers.run('echo', { text: 'waited', bytes: new Uint8Array() }, { timeoutMs: 200 });
    expect((await queued).text).toBe('waited');
    expect(await spinning).toEqual({ status: 422, message: WORK_MESSAGES.tooLong });
  });

  it('stops a task past the heap limit of its thread with a 413', async () => {
    const workers = open({ memoryMb: 32 });
    expect(await workers.run('allocate', null).catch(refusal)).toEqual({
      status: 413,
      message: WORK_MESSAGES.tooLarge,
    });
  });

  it('answers "busy" past 32 waiting tasks a thread instead of queueing without end', async () => {
    const workers = open();
    const spinning = workers.run('spin', null, { timeoutMs: 1000 }).catch(refusal);
    const waiting = Array.from({ length: 32 }, () =>
      workers.run('echo', { text: 'waited', bytes: new Uint8Array() }).catch(refusal),
    );
    const refused = await workers
      .run('echo', { text: 'one too many', bytes: new Uint8Array() })
      .catch(refusal);
    expect(refused).toEqual({ status: 503, message: WORK_MESSAGES.busy });
    expect(await spinning).toEqual({ status: 422, message: WORK_MESSAGES.tooLong });
    expect((await Promise.all(waiting)).map((answer) => (answer as { text: string }).text)).toEqual(
      Array.from({ length: 32 }, () => 'waited'),
    );
  });
});

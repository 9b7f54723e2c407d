import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { type QueryPlan, runPlan } from './capture';
import type { Load, LoadAnswer, LoadJob } from './loader';
import type { Samples } from './stats';

/** The autocannon process, started once per bench run. */
export class HttpLoader {
  private readonly child: ChildProcess;

  constructor() {
    this.child = fork(path.join(import.meta.dirname, 'loader.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  }

  run(job: LoadJob): Promise<Samples> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the load generator exited (${code})`));
      this.child.once('exit', onExit);
      this.child.once('message', (answer: LoadAnswer) => {
        this.child.off('exit', onExit);
        if (answer.error) reject(new Error(`autocannon: ${answer.error}`));
        else resolve(answer);
      });
      this.child.send(job);
    });
  }

  close(): void {
    this.child.kill();
  }
}

/**
 * The floor: the same statements straight through `pg` in this process, `connections` callers at once in
 * a closed loop (each starts its next request when the previous one is answered), as autocannon does.
 */
export async function runFloor(
  pool: pg.Pool,
  plan: QueryPlan,
  connections: number,
  load: Load,
): Promise<Samples> {
  const latencies: number[] = [];
  let failures = 0;
  let left = 'requests' in load ? load.requests : Number.POSITIVE_INFINITY;
  const started = performance.now();
  const deadline = started + ('seconds' in load ? load.seconds * 1000 : Number.POSITIVE_INFINITY);
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline && left-- > 0) {
        const t = performance.now();
        try {
          await runPlan(pool, plan);
          latencies.push(performance.now() - t);
        } catch {
          failures++;
        }
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000, failures };
}

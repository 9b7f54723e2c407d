// A worker entry of test tasks for the pool's own tests (platform/workers/pool.test.ts).
import { serveTasks } from '../platform/workers/serve';

export const probeTasks = {
  echo: (input: { text: string; bytes: Uint8Array }) => input,
  /** Busy for ever: only the time limit ends it. */
  spin: (_input: null): number => {
    for (;;);
  },
  /** Keeps allocating until the thread's heap limit ends it. */
  allocate: (_input: null): number => {
    const kept: string[][] = [];
    for (;;) kept.push(Array.from({ length: 10_000 }, (_, i) => `${i}-${kept.length}`));
  },
  fail: (message: string): never => {
    throw new Error(message);
  },
};
export type ProbeTasks = typeof probeTasks;

export default serveTasks(probeTasks);

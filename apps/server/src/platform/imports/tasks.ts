import type { WorkerPool } from '../workers/pool';
import { readTable, type TableOptions } from './table';

/** The pipeline's readers, run in the app's worker threads (`registries.workers`), never on the request loop. */
export const importTasks = {
  /** A table file (XLSX, or CSV in UTF-8, Windows-1251 or DOS 866) read whole: its columns and rows, or why not. */
  'imports.read-table': (input: { bytes: Uint8Array; options?: TableOptions }) =>
    readTable(input.bytes, input.options),
};

type ImportTasks = typeof importTasks;
declare module '../workers/tasks' {
  interface WorkerTasks extends ImportTasks {}
}

/** The table reader for a definition's `read`: an XLSX or CSV file read in a worker thread. */
export const readTableIn = (workers: WorkerPool, bytes: Uint8Array, options?: TableOptions) =>
  workers.run('imports.read-table', { bytes, options });

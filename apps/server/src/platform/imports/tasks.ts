import type { WorkerPool } from '../workers/pool';
import { readTable, streamTable, type TableOptions } from './table';

/** The pipeline's readers, run in the app's worker threads (`registries.workers`), never on the request loop. */
export const importTasks = {
  /** A table file (XLSX, or CSV in UTF-8, Windows-1251 or DOS 866) read whole: its columns and rows, or why not. */
  'imports.read-table': (input: { bytes: Uint8Array; options?: TableOptions }) =>
    readTable(input.bytes, input.options),
  /** The same passed on by chunks of rows as they are asked for (`WorkerPool.stream`): the header first. */
  'imports.stream-table': (input: {
    bytes: Uint8Array;
    options: Omit<TableOptions, 'header'> & { chunkRows: number };
  }) => streamTable(input.bytes, input.options),
};

type ImportTasks = typeof importTasks;
declare module '../workers/tasks' {
  interface WorkerTasks extends ImportTasks {}
}

/** The table reader for a definition's `read`: an XLSX or CSV file read in a worker thread. */
export const readTableIn = (workers: WorkerPool, bytes: Uint8Array, options?: TableOptions) =>
  workers.run('imports.read-table', { bytes, options });

/**
 * A table file read in a worker thread and passed on by chunks of `chunkRows` rows as the caller takes
 * them (`streamTable`): the header (or the file's refusal) first, then the rows; the caller holds a chunk,
 * never the file's rows.
 */
export const streamTableIn = (
  workers: WorkerPool,
  bytes: Uint8Array,
  options: Omit<TableOptions, 'header'> & { chunkRows: number },
) => workers.stream('imports.stream-table', { bytes, options });

import { packTnvedFiles, readTnvedZip } from './read';

/** The classifier's CPU work, run in the app's worker threads (`registries.workers`). */
export const tnvedTasks = {
  /** TNVED.ZIP read: the editions and every version of every entry, or the errors by file and line. */
  'customs.read-tnved': (bytes: Uint8Array) => readTnvedZip(bytes),
  /** TNVED1..4.TXT chosen one by one, packed as TNVED.ZIP. */
  'customs.pack-tnved': (files: { name: string; bytes: Uint8Array }[]) => packTnvedFiles(files),
};

type TnvedTasks = typeof tnvedTasks;
declare module '../../../platform/workers/tasks' {
  interface WorkerTasks extends TnvedTasks {}
}

import { writeWorkbook } from './workbook';

/** The resource engine's CPU work, run in the app's worker threads (`registries.workers`). */
export const resourceTasks = {
  /** An export's XLSX: one sheet, its header row and a row per record. */
  'resources.export-xlsx': writeWorkbook,
};

type ResourceTasks = typeof resourceTasks;
declare module '../workers/tasks' {
  interface WorkerTasks extends ResourceTasks {}
}

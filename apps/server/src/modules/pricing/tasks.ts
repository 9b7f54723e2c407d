import { asBuffer } from '../../platform/workers/tasks';
import { readSheet } from './sheet-file';

/** Pricing's CPU work, run in the app's worker threads (`registries.workers`). */
export const pricingTasks = {
  /** An XLSX file's first worksheet read: its columns and rows, or why it cannot be read. */
  'pricing.read-sheet': (bytes: Uint8Array) => readSheet(asBuffer(bytes)),
};

type PricingTasks = typeof pricingTasks;
declare module '../../platform/workers/tasks' {
  interface WorkerTasks extends PricingTasks {}
}

import type { MessagePort } from 'node:worker_threads';

/**
 * The tasks the worker threads run, by name. Empty here: the module (or platform part) owning a task declares
 * it by declaration merging, and the worker entry (`src/worker.ts`) must then serve it or it does not compile:
 *
 *   declare module '../../platform/workers/tasks' {
 *     interface WorkerTasks { 'finance.printable-bill-pdf': typeof printableBillPdfTask }
 *   }
 *
 * A task takes and answers structured-clonable data only (no functions, no class instances but Date, Map,
 * Set and typed arrays: a Buffer arrives as a Uint8Array).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules (declaration merging).
export interface WorkerTasks {}

/** A task map's names, the input of one and its result (awaited). */
export type TaskName<T extends object = WorkerTasks> = keyof T & string;
export type TaskInput<T extends object, N extends TaskName<T>> = T[N] extends (input: infer I) => unknown
  ? I
  : never;
export type TaskOutput<T extends object, N extends TaskName<T>> = T[N] extends (input: never) => infer O
  ? Awaited<O>
  : never;

/** What a streaming task (an async generator: `WorkerPool.stream`) passes on, one item at a time. */
export type TaskItem<T extends object, N extends TaskName<T>> = T[N] extends (
  input: never,
) => AsyncIterable<infer I>
  ? I
  : never;

/** Every declared task with its handler: what the worker entry serves. */
export type TaskHandlers = { readonly [N in TaskName]: WorkerTasks[N] };

/** What the pool posts to a worker: the task's name and input, and the flag the worker raises when it starts. */
export interface TaskEnvelope {
  name: string;
  input: unknown;
  /** 0 while queued; the worker sets 1 as it starts, so the time limit counts running time only. */
  started: Int32Array;
  /** A streaming task's port: the caller asks `next` (or `stop`), the task answers its next item or ends. */
  port?: MessagePort;
}

/** What a streaming task's port carries to the caller. */
export type StreamMessage = { item: unknown };

/** A Uint8Array from a worker (a Buffer crosses as a plain Uint8Array) as a Buffer over the same memory. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

import { move } from 'piscina';
import type { TaskEnvelope } from './tasks';

/**
 * The function a worker thread exports (`handlers`: the app's `TaskHandlers`, checked where it is called): raises the envelope's started flag, runs the named task and answers
 * its result. A result that is bytes owning their whole memory is moved, not copied, to the caller.
 */
export function serveTasks(handlers: object) {
  const byName = new Map(Object.entries(handlers) as [string, (input: unknown) => unknown][]);
  return async ({ name, input, started }: TaskEnvelope): Promise<unknown> => {
    Atomics.store(started, 0, 1);
    Atomics.notify(started, 0);
    const handler = byName.get(name);
    if (!handler) throw new Error(`Unknown worker task "${name}"`);
    const output = await handler(input);
    return output instanceof Uint8Array && output.byteLength === output.buffer.byteLength
      ? move(output)
      : output;
  };
}

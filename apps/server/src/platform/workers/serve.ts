import { once } from 'node:events';
import type { MessagePort } from 'node:worker_threads';
import { move } from 'piscina';
import type { StreamMessage, TaskEnvelope } from './tasks';

/**
 * The function a worker thread exports (`handlers`: the app's `TaskHandlers`, checked where it is called): raises the envelope's started flag, runs the named task and answers
 * its result. A result that is bytes owning their whole memory is moved, not copied, to the caller.
 */
export function serveTasks(handlers: object) {
  const byName = new Map(Object.entries(handlers) as [string, (input: unknown) => unknown][]);
  return async ({ name, input, started, port }: TaskEnvelope): Promise<unknown> => {
    Atomics.store(started, 0, 1);
    Atomics.notify(started, 0);
    const handler = byName.get(name);
    if (!handler) throw new Error(`Unknown worker task "${name}"`);
    if (port) return serveStream(port, handler(input) as AsyncIterable<unknown>);
    const output = await handler(input);
    return output instanceof Uint8Array && output.byteLength === output.buffer.byteLength
      ? move(output)
      : output;
  };
}

/**
 * A streaming task's items passed on one at a time as the caller asks (`next`): the task holds what one
 * item is, never all of them. It ends when the items do, or when the caller says `stop`.
 */
async function serveStream(port: MessagePort, items: AsyncIterable<unknown>): Promise<null> {
  const iterator = items[Symbol.asyncIterator]();
  try {
    for (;;) {
      const [asked] = (await once(port, 'message')) as ['next' | 'stop'];
      if (asked === 'stop') break;
      const next = await iterator.next();
      // The items are over: the task's end tells the caller (nothing more is posted).
      if (next.done) return null;
      port.postMessage({ item: next.value } satisfies StreamMessage);
    }
    await iterator.return?.(undefined);
    return null;
  } finally {
    port.close();
  }
}

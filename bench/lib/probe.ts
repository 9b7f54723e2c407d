/**
 * Another user of the server while a long job runs: asks each URL once every `everyMs` (the next request
 * waits for the previous answer) in its own process, so that a blocked server loop shows as latency here
 * and is never hidden by the bench process's own loop. The parent sends a `ProbeJob`, then `'stop'`; this
 * answers every response time per URL.
 */
export interface ProbeJob {
  urls: string[];
  headers: Record<string, string>;
  everyMs: number;
}

export interface ProbeAnswer {
  /** Per URL: every answer's time in ms, and the answers that were not 2xx or never came. */
  byUrl: { url: string; latencies: number[]; failures: number }[];
}

let stopped = false;
const done: Promise<ProbeAnswer['byUrl']>[] = [];

async function probe(url: string, headers: Record<string, string>, everyMs: number) {
  const latencies: number[] = [];
  let failures = 0;
  while (!stopped) {
    const started = performance.now();
    try {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
      await res.arrayBuffer();
      if (res.ok) latencies.push(performance.now() - started);
      else failures++;
    } catch {
      failures++;
    }
    const wait = everyMs - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return [{ url, latencies, failures }];
}

process.on('message', (message: ProbeJob | 'stop') => {
  if (message === 'stop') {
    stopped = true;
    void Promise.all(done).then((parts) => process.send?.({ byUrl: parts.flat() } satisfies ProbeAnswer));
    return;
  }
  for (const url of message.urls) done.push(probe(url, message.headers, message.everyMs));
});

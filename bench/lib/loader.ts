import autocannon from 'autocannon';
import type { Samples } from './stats';

/**
 * The HTTP load generator, in its own process so that it does not share an event loop (or a core) with the
 * server it measures. The parent sends a job, this answers every response time and the failures.
 */
export interface LoadJob {
  url: string;
  headers: Record<string, string>;
  connections: number;
  /** Seconds, or (`requests`) a fixed number of requests in all. */
  load: Load;
}

/** How long a measurement loads its target: seconds, or a fixed number of requests (the smoke run). */
export type Load = { seconds: number } | { requests: number };

export interface LoadAnswer extends Samples {
  error?: string;
}

function run(job: LoadJob): Promise<LoadAnswer> {
  return new Promise((resolve) => {
    const latencies: number[] = [];
    let failures = 0;
    const started = process.hrtime.bigint();
    const instance = autocannon(
      {
        url: job.url,
        headers: job.headers,
        connections: job.connections,
        // A report at 1,000,000 rows on a busy machine may take longer than autocannon's 10 s: slow, not failed.
        timeout: 120,
        ...('seconds' in job.load ? { duration: job.load.seconds } : { amount: job.load.requests }),
      },
      (error, result) => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        if (error) resolve({ latencies, failures, seconds, error: String(error) });
        else resolve({ latencies, failures: failures + result.errors + result.timeouts, seconds });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else failures++;
    });
  });
}

process.on('message', (job: LoadJob) => {
  void run(job).then((answer) => process.send?.(answer));
});

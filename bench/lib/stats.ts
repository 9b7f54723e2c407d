/** Latency percentiles (ms) and throughput of one measured run. */
export interface LoadStats {
  requests: number;
  /** Completed requests per second. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers other than 2xx, and transport errors; a run with any is reported as failed. */
  failures: number;
  /**
   * CPU time of the bench process per request, in ms: the server's work (app or bare Fastify, with their
   * `pg` clients) or, for the floor, the `pg` client's; never the load generator's or PostgreSQL's.
   */
  cpuMs?: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)]!;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** What one measured slice answers before summarizing: every latency (ms), its length and failures. */
export interface Samples {
  latencies: number[];
  /** Seconds the slice really took. */
  seconds: number;
  failures: number;
}

/** Slices of one variant measured at different moments, as one. */
export function combine(slices: Samples[]): Samples {
  return {
    latencies: slices.flatMap((s) => s.latencies),
    seconds: slices.reduce((n, s) => n + s.seconds, 0),
    failures: slices.reduce((n, s) => n + s.failures, 0),
  };
}

export function summarize({ latencies, seconds, failures }: Samples): LoadStats {
  const sorted = Float64Array.from(latencies).sort();
  const values = Array.from(sorted);
  return {
    requests: latencies.length,
    rps: round(latencies.length / seconds),
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    p99: round(percentile(values, 99)),
    max: round(values.at(-1) ?? Number.NaN),
    failures,
  };
}

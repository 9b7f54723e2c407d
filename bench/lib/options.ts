import path from 'node:path';
import { parseArgs } from 'node:util';
import { RESULTS_DIR } from './report';

export interface BenchOptions {
  /** Data sizes, in rows of the largest generated table (orders). */
  sizes: number[];
  /** Seconds of measured load per endpoint and variant. */
  duration: number;
  /** Seconds of unmeasured load before each measurement (plans, pools, JIT). */
  warmup: number;
  connections: number;
  /** Endpoint names to run (default: all registered). */
  only: string[] | undefined;
  web: boolean;
  /** Rebuild apps/web/dist even if it exists. */
  build: boolean;
  /** List screens whose first rows the browser waits for, each measured in turn. */
  screens: string[];
  browserRuns: number;
  quick: boolean;
  /**
   * Requests per endpoint and variant instead of timed load (`--smoke`): proves that every endpoint, its
   * floor and the browser measurement run, in seconds; its figures mean nothing.
   */
  smoke: number | undefined;
  /** The server the bench database is created on. */
  databaseUrl: string;
  keepDatabase: boolean;
  /** Measure on the database a kept run generated at the same size and migrations, without generating. */
  reuseDatabase: boolean;
  /** Where latest.json and latest.md are written. */
  out: string;
  /** Generators left out (their tables stay empty): those the measured endpoints never read. */
  skipGenerators: string[];
}

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
/** A dictionary of the engine (small, fixed) and the order list (the largest table). */
export const DEFAULT_SCREENS = ['/settings/countries', '/tms/orders'];

const HELP = `npm run bench -- [options]
  --quick               one small size, short runs (under 5 minutes)
  --smoke <n>           n requests per endpoint and variant, no timed load (CI: everything still runs)
  --rows 10000,100000   data sizes (default 10000,100000,1000000; --quick: 10000)
  --duration <s>        measured seconds per endpoint and variant (default 10; --quick 2)
  --warmup <s>          unmeasured seconds before each measurement (default 2; --quick 0.5)
  --connections <n>     concurrent HTTP connections / pg workers (default 32)
  --only <a,b>          only these endpoints (names as in bench/endpoints.ts)
  --screen <a,b>        list screens for the browser measurement (default /settings/countries,/tms/orders)
  --browser-runs <n>    cold page loads measured (default 7; --quick 3)
  --no-web              skip chunk sizes and the browser measurement
  --build               rebuild apps/web/dist first
  --keep-database       leave tms_bench_<rows> in place after the run
  --reuse-database      measure on the kept tms_bench_<rows> when it was generated at this size (newer migrations
                        are applied; their tables stay empty), else generate it; implies --keep-database
  --out <dir>           write latest.json and latest.md there (default bench/results)
  --skip-generators <a,b>  leave these generators out (names as in bench/generators/index.ts; their tables stay
                        empty): only for endpoints that never read them (e.g. requests,change_log for reports)
Environment: BENCH_DATABASE_URL (default ${DEFAULT_DATABASE_URL}); the bench creates its own database on it,
BENCH_DATABASE_NAME (default tms_bench; the size is appended).`;

function positive(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got "${value}"`);
  return n;
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      smoke: { type: 'string' },
      rows: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      only: { type: 'string' },
      screen: { type: 'string' },
      'browser-runs': { type: 'string' },
      'no-web': { type: 'boolean', default: false },
      build: { type: 'boolean', default: false },
      'keep-database': { type: 'boolean', default: false },
      'reuse-database': { type: 'boolean', default: false },
      out: { type: 'string' },
      'skip-generators': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  const quick = values.quick;
  const sizes = (values.rows ?? (quick ? '10000' : '10000,100000,1000000'))
    .split(',')
    .map((s) => Math.round(positive('rows', s.trim().replaceAll('_', ''))));
  return {
    sizes: [...new Set(sizes)].sort((a, b) => a - b),
    duration: positive('duration', values.duration ?? (quick ? '2' : '10')),
    warmup: values.warmup === '0' ? 0 : positive('warmup', values.warmup ?? (quick ? '0.5' : '2')),
    connections: Math.round(positive('connections', values.connections ?? '32')),
    only: values.only?.split(',').map((s) => s.trim()),
    web: !values['no-web'],
    build: values.build,
    screens: (values.screen ?? DEFAULT_SCREENS.join(',')).split(',').map((s) => s.trim()),
    browserRuns: Math.round(positive('browser-runs', values['browser-runs'] ?? (quick ? '3' : '7'))),
    quick,
    smoke: values.smoke === undefined ? undefined : Math.round(positive('smoke', values.smoke)),
    databaseUrl: process.env.BENCH_DATABASE_URL || DEFAULT_DATABASE_URL,
    keepDatabase: values['keep-database'] || values['reuse-database'],
    reuseDatabase: values['reuse-database'],
    out: values.out ? path.resolve(values.out) : RESULTS_DIR,
    skipGenerators: values['skip-generators']?.split(',').map((s) => s.trim()) ?? [],
  };
}

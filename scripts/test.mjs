// `npm test`: lint, types, unit tests, the API tests (on PostgreSQL when TEST_DATABASE_URL is set, with a
// smaller set on the embedded database so both engines stay covered; otherwise all on the embedded database),
// reliability on PostgreSQL, the quick security suite, the browser tests (their server on PostgreSQL too when
// it is given) and, on PostgreSQL, the benchmarks' quick form. Stops at the first failing step, prints each
// step's time and the total (with a warning past WARN_MINUTES, so growth is seen long before CI's limit), and
// ends with one "N passed, N failed" line counting every test that ran.
//
// After the static checks the steps run in three lanes side by side, each lane in order: no step needs
// another's result (the benchmarks only the build) and each mostly waits on something else: the API tests on
// PostgreSQL wait on the server (their own process uses about half a core), the embedded set computes in its
// database, the browser tests wait on Chromium and their one server. The browser tests and the API tests on
// PostgreSQL are the two longest steps (13-22 minutes each), so each has a lane of its own, the benchmarks
// after the API tests (waiting for the build if it is not ready; the browser lane was the longest with them
// after it), and the third lane takes the other short steps. A step's output goes to .tmp/reports/<step>.log and is printed when
// it ends, so lanes never interleave.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const pgUrl = process.env.TEST_DATABASE_URL;
const embedded = { ...process.env };
delete embedded.TEST_DATABASE_URL;

const WARN_MINUTES = 15;
const startedAt = Date.now();
const times = [];
let passed = 0;
let failed = 0;
const running = new Set();

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += stats?.unexpected ?? 0;
}

function finish(ok) {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const total = Math.round((Date.now() - startedAt) / 1000);
  console.log('\nstep times:');
  for (const [title, seconds] of times) console.log(`  ${String(seconds).padStart(5)} s  ${title}`);
  console.log(`  ${String(total).padStart(5)} s  total (${(total / 60).toFixed(1)} min)`);
  if (total > WARN_MINUTES * 60) {
    console.log(`WARNING: the suite took more than ${WARN_MINUTES} minutes; CI fails past 30.`);
  }
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(ok ? 0 : 1);
}

/**
 * Runs one step; its output goes to its log, printed with its title and time when it ends. Its own process
 * group, so that a failure elsewhere stops it with the servers and browsers it started.
 */
function step(title, command, args, env = process.env) {
  const log = path.join(reports, `${title.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.log`);
  const started = Date.now();
  const out = openSync(log, 'w');
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', out, out], detached: true });
  running.add(child);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      running.delete(child);
      closeSync(out);
      const seconds = Math.round((Date.now() - started) / 1000);
      times.push([title, seconds]);
      console.log(`\n=== ${title} ===`);
      process.stdout.write(readFileSync(log, 'utf8'));
      console.log(`=== ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
      resolve(code === 0);
    });
  });
}

async function vitest(title, projects, report, env) {
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, report)}`);
  const ok = await step(title, 'npx', args, env);
  countVitest(path.join(reports, report));
  return ok;
}

/** Steps one after another; the first failure ends the whole run. */
async function lane(...steps) {
  for (const next of steps) {
    if (!(await next())) finish(false);
  }
}

const staticChecks = [
  () => step('lint (biome)', 'npx', ['biome', 'check', '.']),
  () => step('types (tsc)', 'npm', ['run', '--silent', 'typecheck']),
  () => step('dependencies (dependency-cruiser)', 'npm', ['run', '--silent', 'deps']),
];

const unit = () => vitest('unit tests', ['unit'], 'vitest-unit.json', embedded);
const api = () =>
  pgUrl
    ? vitest('API tests (PostgreSQL)', ['api', 'api-isolated'], 'vitest-pg.json', process.env)
    : vitest('API tests (embedded database)', ['api', 'api-isolated'], 'vitest-pglite.json', embedded);
const embeddedSet = () =>
  vitest('API tests, embedded set (embedded database)', ['api-embedded'], 'vitest-pglite.json', embedded);
const reliability = () =>
  vitest('reliability suite (PostgreSQL)', ['reliability'], 'vitest-reliability.json', process.env);
const security = () =>
  vitest('security suite (quick)', ['security', 'security-isolated'], 'vitest-security.json', {
    ...process.env,
    SECURITY_QUICK: '1',
  });
// The build the browser tests and the benchmarks serve, made once.
let builtOk;
const built = new Promise((resolve) => {
  builtOk = resolve;
});
const build = async () => {
  const ok = await step('build', 'npm', ['run', '--silent', 'build']);
  builtOk(ok);
  return ok;
};
const browser = async () => {
  const ok = await step('browser tests (Playwright)', 'node', ['e2e/run.mjs'], {
    ...embedded,
    ...(pgUrl ? { E2E_DATABASE_URL: pgUrl } : {}),
    SKIP_BUILD: '1',
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json'),
  });
  countPlaywright(path.join(reports, 'playwright.json'));
  return ok;
};
// The benchmarks' smoke form: every endpoint, generator and the browser measurement still work (on the build
// the browser tests made); results go to the reports, not over the committed bench/results.
const bench = async () => {
  if (!(await built)) return false;
  const ok = await step(
    'benchmarks (quick, PostgreSQL)',
    'node',
    [
      ...['--import', 'tsx', 'bench/run.ts', '--quick', '--smoke', '3'],
      ...['--browser-runs', '1', '--out', path.join(reports, 'bench')],
    ],
    { ...process.env, BENCH_DATABASE_URL: pgUrl, BENCH_DATABASE_NAME: 'tms_bench_ci' },
  );
  if (ok) passed++;
  else failed++;
  return ok;
};

await lane(...staticChecks);
await Promise.all(
  pgUrl
    ? [lane(build, browser), lane(api, bench), lane(unit, embeddedSet, reliability, security)]
    : [lane(build, browser), lane(api), lane(unit, security)],
);
finish(true);

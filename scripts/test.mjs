// `npm test`: lint, types, unit tests, the API tests (on PostgreSQL when TEST_DATABASE_URL is set, with a
// smaller set on the embedded database so both engines stay covered; otherwise all on the embedded database),
// reliability on PostgreSQL, the quick security suite, the browser tests and, on
// PostgreSQL, the benchmarks' quick form. Stops at the first failing step, prints each step's time and the
// total (with a warning past WARN_MINUTES, so growth is seen long before CI's limit), and ends with one
// "N passed, N failed" line counting every test that ran.
//
// The browser tests run in the background beside the suites after the static checks: they spend most of their
// time waiting on the browser and their one embedded server (a run uses about half of two cores), so the
// other suites fill the rest. Their output is kept in .tmp/reports/browser.log and printed when they end.
import { spawn, spawnSync } from 'node:child_process';
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

function run(title, command, args, env = process.env) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  times.push([title, seconds]);
  console.log(`=== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
  return result.status === 0;
}

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

function vitest(title, projects, file, env) {
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${file}`);
  const ok = run(title, 'npx', args, env);
  countVitest(file);
  return ok;
}

const backgroundSteps = new Set();

/** A step started now and awaited later; its output goes to `log`, printed when it is awaited. */
function background(title, command, args, env, log) {
  const started = Date.now();
  const out = openSync(log, 'w');
  // Its own process group, so that a failure elsewhere stops it with the servers and browsers it started.
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', out, out], detached: true });
  backgroundSteps.add(child);
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return async () => {
    const code = await exited;
    backgroundSteps.delete(child);
    closeSync(out);
    console.log(`\n=== ${title} (ran in the background) ===`);
    process.stdout.write(readFileSync(log, 'utf8'));
    const seconds = Math.round((Date.now() - started) / 1000);
    times.push([`${title} (in the background)`, seconds]);
    console.log(`=== ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
    return code === 0;
  };
}

function finish(ok) {
  for (const child of backgroundSteps) {
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

let browserTests;

const steps = [
  () => run('lint (biome)', 'npx', ['biome', 'check', '.']),
  () => run('types (tsc)', 'npm', ['run', '--silent', 'typecheck']),
  () => run('dependencies (dependency-cruiser)', 'npm', ['run', '--silent', 'deps']),
  () => {
    browserTests = background(
      'browser tests (Playwright)',
      'node',
      ['e2e/run.mjs'],
      { ...embedded, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json') },
      path.join(reports, 'browser.log'),
    );
    return true;
  },
  () => vitest('unit tests', ['unit'], path.join(reports, 'vitest-unit.json'), embedded),
  () =>
    pgUrl
      ? vitest(
          'API tests (PostgreSQL)',
          ['api', 'api-isolated'],
          path.join(reports, 'vitest-pg.json'),
          process.env,
        )
      : vitest(
          'API tests (embedded database)',
          ['api', 'api-isolated'],
          path.join(reports, 'vitest-pglite.json'),
          embedded,
        ),
  () =>
    !pgUrl ||
    vitest(
      'API tests, embedded set (embedded database)',
      ['api-embedded', 'api-isolated'],
      path.join(reports, 'vitest-pglite.json'),
      embedded,
    ),
  () =>
    !pgUrl ||
    vitest(
      'reliability suite (PostgreSQL)',
      ['reliability'],
      path.join(reports, 'vitest-reliability.json'),
      process.env,
    ),
  () =>
    vitest(
      'security suite (quick)',
      ['security', 'security-isolated'],
      path.join(reports, 'vitest-security.json'),
      {
        ...process.env,
        SECURITY_QUICK: '1',
      },
    ),
  async () => {
    const ok = await browserTests();
    countPlaywright(path.join(reports, 'playwright.json'));
    return ok;
  },
  // The benchmarks' smoke form: every endpoint, generator and the browser measurement still work (on the
  // build the browser tests made); results go to the reports, not over the committed bench/results.
  () => {
    if (!pgUrl) return true;
    const ok = run(
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
  },
];

for (const step of steps) {
  if (!(await step())) finish(false);
}
finish(true);

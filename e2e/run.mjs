// End-to-end runner (`npm run test:e2e`): makes sure Chromium exists, builds the app, starts the built
// server on a free port with a fresh data directory and demo data, runs Playwright, stops the server.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN_USERNAME = 'admin';
const ADMIN_PASSWORD = 'E2e-Chief-2025';

// Debian's `chromium-headless-shell` is Chromium's own headless build (what Playwright ships for headless
// runs): no GPU process, about a quarter less CPU per test than the full browser, so the suite stays fast
// and steady on a 2-core machine. The full browser is the fallback (docs/decisions/006-headless-shell.md).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_BROWSER = '/usr/bin/chromium';

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, HEADLESS_SHELL, FULL_BROWSER].filter(Boolean);
  return candidates.find((candidate) => existsSync(candidate));
}

function aptInstall(packages) {
  let result = spawnSync('apt-get', ['install', '-y', ...packages], { stdio: 'inherit' });
  if (result.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    result = spawnSync('apt-get', ['install', '-y', ...packages], { stdio: 'inherit' });
  }
  return result.status === 0;
}

function ensureChromium() {
  const canInstall =
    process.getuid?.() === 0 &&
    spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!process.env.CHROMIUM_PATH && !existsSync(HEADLESS_SHELL) && canInstall) {
    console.log('Installing chromium-headless-shell with apt-get (the lighter headless Chromium)');
    aptInstall(['chromium-headless-shell']);
  }
  const found = findChromium();
  if (found) return found;
  const install = 'apt-get update && apt-get install -y chromium';
  if (!canInstall) {
    console.error(`Chromium not found (CHROMIUM_PATH or ${FULL_BROWSER}). Install it with:\n  ${install}`);
    process.exit(1);
  }
  console.log('Chromium not found; installing it with apt-get');
  aptInstall(['chromium']);
  const installed = findChromium();
  if (!installed) {
    console.error(`Chromium could not be installed. Run:\n  ${install}`);
    process.exit(1);
  }
  return installed;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// A guard against a server that never starts, not a measure: the first start migrates and seeds the whole
// demo on the embedded database, which took over two minutes on a loaded two-core machine.
async function waitForHealth(baseURL, server, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('the server did not become healthy in time');
}

/** A new database `tms_e2e_<pid>` on the server of `serverUrl`, and how to drop it. */
async function createDatabase(serverUrl) {
  const { default: pg } = await import('pg');
  const name = `tms_e2e_${process.pid}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const chromium = ensureChromium();

if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
const runDir = mkdtempSync(path.join(tmpdir(), 'tms-e2e-'));
const dataDir = path.join(runDir, 'data');
// The server serves a copy of the built web app, so a rebuild elsewhere cannot change it mid-run.
const webDir = path.join(runDir, 'web');
cpSync(path.join(root, 'apps/web/dist'), webDir, { recursive: true });
const env = { ...process.env };
// The e2e run always uses a database of its own, whatever the shell's environment points at: with
// E2E_DATABASE_URL (npm test sets it when TEST_DATABASE_URL is given) a new one on that PostgreSQL server, as
// in production, dropped after (the embedded database computes on the server's own thread: it took three
// times the CPU to migrate and seed the demo, 42 s against 13 s); without it, as on a fresh machine, the
// embedded database.
delete env.DATABASE_URL;
delete env.TEST_DATABASE_URL;
delete env.E2E_DATABASE_URL;
const database = process.env.E2E_DATABASE_URL ? await createDatabase(process.env.E2E_DATABASE_URL) : null;
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env: {
    ...env,
    ...(database ? { DATABASE_URL: database.url } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIR: webDir,
    ADMIN_USERNAME,
    ADMIN_PASSWORD,
    DEMO_DATA: '1',
    // The flows, not the converter, are tested here: LibreOffice's PDFs have their own test.
    PDF_CONVERTER: 'builtin',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

// Playwright starts at once, beside the server: while the server migrates and seeds the demo, Playwright
// loads the tests and each worker launches its browser, then waits for the server (the `serverReady` fixture
// of e2e/helpers.ts). A server that exits, or never answers, stops the run.
const playwright = spawn(
  process.execPath,
  [
    path.join(root, 'node_modules/@playwright/test/cli.js'),
    ...['test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...env,
      E2E_OUTPUT_DIR:
        process.env.E2E_OUTPUT_DIR ?? path.join(root, 'node_modules/.cache', `e2e-results-${process.pid}`),
      E2E_BASE_URL: baseURL,
      CHROMIUM_PATH: chromium,
      E2E_ADMIN_USERNAME: ADMIN_USERNAME,
      E2E_ADMIN_PASSWORD: ADMIN_PASSWORD,
    },
  },
);
const finished = new Promise((resolve) => playwright.once('exit', (status) => resolve(status ?? 1)));
const serverLost = new Promise((resolve) => server.once('exit', resolve)).then(() => {
  throw new Error(`the server exited with code ${server.exitCode}`);
});

const healthy = waitForHealth(baseURL, server);

let code = 1;
try {
  code = await Promise.race([finished, serverLost, healthy.then(() => finished)]);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  playwright.kill('SIGINT');
  const stuck = setTimeout(() => playwright.kill('SIGKILL'), 20_000);
  await finished;
  clearTimeout(stuck);
} finally {
  if (server.exitCode === null) server.kill('SIGTERM');
  await new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.kill('SIGKILL');
      resolve();
    }, 10_000);
    if (server.exitCode !== null) resolve();
    server.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  rmSync(runDir, { recursive: true, force: true });
  await database?.drop();
}
process.exit(code);

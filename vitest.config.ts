import { configDefaults, defineConfig } from 'vitest/config';

const serverSetup = './apps/server/src/test/global-setup.ts';

/**
 * Server test files that replace a module (`vi.mock`) run in their own module graph (the -isolated
 * projects). Every other server test file shares its worker's modules with the files before it
 * (`isolate: false`): importing the app's modules cost about 3 s per file, most of the API suite's time. The
 * app keeps no state in its modules (each `buildApp` builds its own registries), so nothing leaks from one
 * file's app to the next (docs/development.md "Tests").
 */
const mockingApi = ['apps/server/src/platform/auth/auth.test.ts'];
const mockingSecurity = ['apps/server/test/security/credentials.test.ts'];
const exclude = [...configDefaults.exclude, ...mockingApi, ...mockingSecurity];
/**
 * The seeds' tests (the demo is seeded in full: about 90 s) run in the embedded set, on the database `npm
 * start` seeds: with PostgreSQL given, the API tests leave them out, and the browser tests' server seeds the
 * same demo on PostgreSQL at its start.
 */
const seeds = 'apps/server/src/db/seed/*.test.ts';
const apiExclude = process.env.TEST_DATABASE_URL ? [...exclude, seeds] : exclude;
/**
 * The server's tests make PDFs with the built-in converter even where LibreOffice is installed (3-10 s of CPU
 * per document there): only `documents/soffice-pdf.test.ts` converts with LibreOffice.
 */
const SERVER_ENV = { PDF_CONVERTER: 'builtin' };

export default defineConfig({
  test: {
    // The API tests mostly wait on the database: three files at a time keep two cores busy where Vitest's
    // default (cores - 1, one worker here) leaves them half idle (149 s against 83 s on this machine).
    maxWorkers: 3,
    projects: [
      {
        // Web modules read the build's version (vite.config.ts defines it for the app).
        define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'scripts/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: apiExclude,
          isolate: false,
          globalSetup: [serverSetup],
          env: SERVER_ENV,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The smaller set that keeps the embedded database covered when the API suite runs on PostgreSQL: what
        // the engines do differently, since every other file runs on PostgreSQL in the same `npm test`. The
        // migrations and the demo seeds (run here only), the resource engine (its search ranking with
        // pg_trgm, concurrent updates and integer range on one connection), the job queue (its one connection
        // shared by workers, transactions and progress; two instances on it), the session cache (announced
        // changes through the embedded database's LISTEN), orders end to end (row and advisory locks on one
        // connection) and counterparties (trigram search, merge under locks). Left to PostgreSQL: the HTTP
        // frame, passwords, IP rules and sign-in (auth.test.ts, in api-isolated), which touch nothing the
        // engines do differently.
        test: {
          name: 'api-embedded',
          include: [
            seeds,
            'apps/server/src/platform/jobs/queue.test.ts',
            'apps/server/src/platform/jobs/instances.test.ts',
            'apps/server/src/platform/resources/engine.test.ts',
            'apps/server/src/platform/auth/session-cache.test.ts',
            'apps/server/src/modules/operations/orders.test.ts',
            'apps/server/src/modules/counterparties/counterparties.test.ts',
          ],
          exclude,
          isolate: false,
          globalSetup: [serverSetup],
          env: SERVER_ENV,
          // The embedded database runs in WebAssembly on the test's own thread, beside the browser tests (npm
          // test starts them together): on a slow two-core machine a file's first app and database took
          // 61-75 s to set up, seconds past the usual limits, with nothing wrong.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'security',
          include: ['apps/server/test/security/**/*.test.ts'],
          exclude,
          isolate: false,
          globalSetup: [serverSetup],
          env: SERVER_ENV,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The API files of those (run beside 'api').
        test: {
          name: 'api-isolated',
          include: mockingApi,
          globalSetup: [serverSetup],
          env: SERVER_ENV,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The security files of those (run beside 'security').
        test: {
          name: 'security-isolated',
          include: mockingSecurity,
          globalSetup: [serverSetup],
          env: SERVER_ENV,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['apps/server/test/reliability/**/*.test.ts'],
          globalSetup: [serverSetup, './apps/server/test/reliability/global-setup.ts'],
          env: SERVER_ENV,
          testTimeout: 180_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

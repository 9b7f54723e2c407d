import { defineConfig, devices } from '@playwright/test';

const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) throw new Error('E2E_BASE_URL is not set: run the end-to-end tests with `npm run test:e2e`');

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Per run (set by run.mjs), so that two runs on one machine never delete each other's traces.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../node_modules/.cache/e2e-results',
  fullyParallel: false,
  workers: 2,
  // One retry (which records the trace): a test that passes on retry is reported as flaky, not hidden; a real
  // failure fails twice.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // `npm test` asks for a JSON report too, to count the browser tests in its closing line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    // Recording a trace of every test costs CPU on each action; the retry of a failure records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    locale: 'ru-RU',
    // No transitions to wait for (the app respects the system's reduced motion): each dialog, menu and
    // snackbar is stable at once, which saves the browser's CPU and the test's waiting.
    reducedMotion: 'reduce',
    timezoneId: 'Europe/Moscow',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 860 },
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
});

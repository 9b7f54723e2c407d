import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import type { Database } from '../db/connection';
import type { Clock } from '../platform/clock';
import type { App } from '../platform/http/types';
import type { ModuleDefinition } from '../platform/modules';
import type { WorkerEntry } from '../platform/workers/pool';
import { cloneTemplate } from './databases';

export const TEST_SECRET = 'test-secret-key-of-sufficient-length-for-hs256';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    databaseReadUrl: undefined,
    readYourWritesMs: 10_000,
    dataDir: '.tmp/test-data',
    secretKey: TEST_SECRET,
    adminUsername: 'admin',
    adminPassword: 'Chief-2025',
    demoData: false,
    logLevel: 'silent',
    trustProxy: undefined,
    tokenTtl: 3600,
    // Tests change users and sessions straight in the database too; the cache's own tests turn it on.
    authCacheMs: 0,
    webDir: undefined,
    schedulerEnabled: false,
    // Nothing runs by itself in a test: it drives the queue (`app.queue.drain()`, `runNow`).
    jobConcurrency: 0,
    eventDispatcher: false,
    eventRetentionDays: 30,
    allowedOrigins: [],
    realtimeCheckMs: 5000,
    hsts: false,
    mailDigestMinutes: 15,
    workerThreads: 1,
    workerTaskTimeoutMs: 60_000,
    workerMemoryMb: 512,
    ...overrides,
  };
}

/** The worker threads' entry the run bundled (global-setup.ts): plain JavaScript, no tsx in each thread. */
export function testWorkerEntry(): WorkerEntry {
  return { filename: pathToFileURL(inject('workerBundle')).href, execArgv: [] };
}

/** A fresh database cloned from the migrated template. */
export function createTestDatabase(): Promise<Database> {
  return cloneTemplate(inject('dbTemplate'));
}

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * The whole app on its own fresh database; call `close` in afterAll. `extraModules` add test-only
 * contributions (a file owner type, a merge hook) to this app's registries; `clock` replaces the time.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  extraModules: readonly ModuleDefinition[] = [],
  clock?: Clock,
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ config, database, extraModules, clock, workerEntry: testWorkerEntry() });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * One app for a whole test file of many small suites (each resource's, each rule's): opened before the
 * file's first test, closed after its last. Call at the file's top level; the suites read it in their hooks.
 */
export function fileTestApp(): () => TestContext {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });
  return () => {
    if (!ctx) throw new Error('fileTestApp: read the app in a hook or a test, not while collecting');
    return ctx;
  };
}

/**
 * Delivers the domain events committed so far to the app's subscribers (the dispatcher is off in tests).
 * On PostgreSQL an event waits while an older transaction of its database is still open: this drains
 * again, briefly, until nothing waits.
 */
export async function deliverEvents(app: App): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const result = await app.events.drain();
    if (!result.held) return;
    if (Date.now() > deadline) throw new Error('domain events still held back after 10 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

import os from 'node:os';
import type { Config } from '../../apps/server/src/config';
import { DEFAULT_WORKER_OPTIONS } from '../../apps/server/src/platform/workers/pool';

/** The user the bench signs in as, holding every endpoint's roles (`signedInAs` endpoints aside). */
export const BENCH_USER = 'bench';
export const BENCH_PASSWORD = 'Bench-Passw0rd!';

/** The app's configuration on a bench database: requests only (no scheduler, no job workers). */
export function benchConfig(databaseUrl: string, webDir: string | undefined): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl,
    databaseReadUrl: undefined,
    readYourWritesMs: 10_000,
    dataDir: os.tmpdir(),
    secretKey: 'bench-secret-key-of-sufficient-length-for-hs256',
    adminUsername: 'admin',
    adminPassword: undefined,
    demoData: false,
    logLevel: 'silent',
    trustProxy: undefined,
    tokenTtl: 3 * 3600,
    authCacheMs: 5000,
    webDir,
    schedulerEnabled: false,
    // The bench measures requests; the app's workers are never started here.
    jobConcurrency: 0,
    eventDispatcher: true,
    eventRetentionDays: 30,
    allowedOrigins: [],
    realtimeCheckMs: 5000,
    hsts: false,
    mailDigestMinutes: 15,
    workerThreads: DEFAULT_WORKER_OPTIONS.threads,
    workerTaskTimeoutMs: DEFAULT_WORKER_OPTIONS.taskTimeoutMs,
    workerMemoryMb: DEFAULT_WORKER_OPTIONS.memoryMb,
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { type Database, pgDatabase } from '../../src/db/connection';
import { migrate } from '../../src/db/migrate';
import { seedReferenceData } from '../../src/db/seed/reference';
import type { App } from '../../src/platform/http/types';
import { testConfig } from '../../src/test/harness';

/**
 * The reliability suite needs what PGlite cannot give: several connections, several processes and a
 * server that outlives a killed client. It runs on TEST_DATABASE_URL, or the local default, and creates a
 * fresh database per test file.
 */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const SECRET_KEY = 'reliability-secret-key-of-sufficient-length';
const ROOT = path.resolve(import.meta.dirname, '../../../..');

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `The reliability suite needs PostgreSQL, and ${new URL(POSTGRES_URL).host} is not reachable ` +
        `(${(error as Error).message}). Start it or set TEST_DATABASE_URL.`,
    );
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface FreshDatabase {
  name: string;
  url: string;
  /** Drops the database, ending whatever is still connected to it. */
  drop(): Promise<void>;
}

/**
 * A new database on the server, migrated and holding the reference data, as a real installation: a copy of
 * the run's template (`src/test/global-setup.ts`; a migration per file cost 10-60 s on a loaded machine), or,
 * where the run has no TEST_DATABASE_URL and so an embedded template, migrated and seeded here.
 */
export async function freshDatabase(label: string): Promise<FreshDatabase> {
  const name = `tms_reliability_${label}_${randomBytes(4).toString('hex')}`;
  const template = inject('dbTemplate');
  const url = withDatabase(POSTGRES_URL, name);
  if (template.kind === 'pg') {
    await onServer((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template.ref}`));
  } else {
    await onServer((c) => c.query(`CREATE DATABASE ${name}`));
    const database = pgDatabase(url, 2);
    try {
      await migrate(database);
      await seedReferenceData(database.db);
    } finally {
      await database.close();
    }
  }
  return {
    name,
    url,
    drop: () =>
      onServer((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** The real app in this process on its own pool: what one server instance is. */
export async function startInstance(
  url: string,
  listen = false,
): Promise<{ app: App; database: Database; base: string }> {
  const database = pgDatabase(url);
  const app = await buildApp({
    config: testConfig({ databaseUrl: url, secretKey: SECRET_KEY, eventDispatcher: true }),
    database,
  });
  const base = listen ? await app.listen({ port: 0, host: '127.0.0.1' }) : '';
  await app.ready();
  return { app, database, base };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Output so far, for failure messages. */
  output(): string;
  /** SIGKILL, and waits until the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful), and waits until the process is gone. */
  stop(): Promise<void>;
}

/**
 * The server as production starts it (`main`), or another `entry` starting the app (`event-instance`), from
 * the run's bundle (`global-setup.ts`), with `env` of its own, on `databaseUrl`; resolves once it answers
 * health.
 */
export async function startServerProcess(
  databaseUrl: string,
  port: number,
  { entry = 'main', env = {} }: { entry?: 'main' | 'event-instance'; env?: NodeJS.ProcessEnv } = {},
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tms-reliability-'));
  const child = spawn(process.execPath, [path.join(inject('serverBundle'), `${entry}.js`)], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: path.join(dataDir, 'no-web'),
      SECRET_KEY,
      ADMIN_PASSWORD: 'Reliability-Chief-1',
      DEMO_DATA: 'false',
      SCHEDULER: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within 60 s:\n${output}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, child, output: () => output, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

/** Polls `check` until it holds (a process's state seen from outside), or fails naming `what` after the timeout. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

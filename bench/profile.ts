/**
 * The server's CPU per request of some endpoints, the app against bare Fastify running the same SQL, without
 * sockets or a load generator: both answer `inject`ed requests in this process, `--callers` at a time, in
 * alternating slices, and the process's CPU time (user + system: the server's work with its `pg` client,
 * never PostgreSQL's) is divided by the requests. With `--profile <dir>` each endpoint is then asked again on
 * the app (and on bare Fastify) under V8's sampling profiler: `<dir>/<endpoint>.<variant>.cpuprofile` (open it
 * in Chrome's DevTools or speedscope) and the functions of most self time printed.
 *
 * On a kept bench database (`npm run bench -- --quick --only <endpoints> --keep-database` once):
 *   npm run bench:profile -- --only countries,orders --requests 3000 --profile .tmp/profiles
 */
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { poolConfig } from '../apps/server/src/db/connection';
import { loggerOptions } from '../apps/server/src/platform/http/logging';
import { ENDPOINTS } from './endpoints';
import { BENCH_PASSWORD, BENCH_USER, benchConfig } from './lib/app-config';
import { bareApp } from './lib/bare';
import { captureQueries } from './lib/capture';
import { benchDatabaseName, keptGeneration, openBenchDatabase } from './lib/database';
import { DEFAULT_DATABASE_URL } from './lib/options';

const HELP = `npm run bench:profile -- [options]
  --only <a,b>        endpoints (names as in bench/endpoints.ts; default: the eight of issue 30)
  --rows <n>          the kept database's size (default 10000)
  --requests <n>      measured requests per endpoint and variant (default 2000), in 3 alternating slices
  --callers <n>       requests in flight at once (default 8)
  --profile <dir>     then profile each endpoint (app and bare Fastify, --requests each) into <dir>
  --heap              with --profile, also sample allocations: <endpoint>.<variant>.heapprofile and the
                      functions allocating most (what the garbage collector then spends on)
  --top <n>           functions listed per profile (default 25)
Environment: BENCH_DATABASE_URL, BENCH_DATABASE_NAME as for npm run bench.`;

const ISSUE_30 = [
  'countries',
  'currencies',
  'service-offices',
  'counterparties',
  'orders',
  'orders-search-client',
  'jobs',
  'entity-changelog',
];

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    rows: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '2000' },
    callers: { type: 'string', default: '8' },
    profile: { type: 'string' },
    heap: { type: 'boolean', default: false },
    top: { type: 'string', default: '25' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}

interface Target {
  name: string;
  inject: () => Promise<number>;
}

/** `total` requests, `callers` at a time; answers the process's CPU microseconds they took. */
async function drive(target: Target, total: number, callers: number): Promise<number> {
  let left = total;
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (left-- > 0) {
        const status = await target.inject();
        if (status !== 200) throw new Error(`${target.name}: status ${status}`);
      }
    }),
  );
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface HeapNode {
  callFrame: ProfileNode['callFrame'];
  selfSize: number;
  children: HeapNode[];
}

/** The functions allocating most in a sampled heap profile, with their share of the sampled bytes. */
function topAllocations(head: HeapNode, top: number): string[] {
  const bytes = new Map<string, number>();
  let total = 0;
  const walk = (node: HeapNode) => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame as ProfileNode['callFrame'] & {
      columnNumber: number;
    };
    const where = url
      ? `${url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${lineNumber + 1}:${columnNumber + 1}`
      : '';
    const key = `${functionName || '(anonymous)'} ${where}`;
    bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const child of node.children) walk(child);
  };
  walk(head);
  return [...bytes.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, n]) => `${((100 * n) / total).toFixed(1).padStart(5)} %  ${key}`);
}

/** The functions of most self time in a profile, with their share of its samples. */
function topFunctions(profile: { nodes: ProfileNode[]; samples: number[] }, top: number): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const counts = new Map<string, number>();
  for (const id of profile.samples) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url ? `${url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const total = profile.samples.length;
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, n]) => `${((100 * n) / total).toFixed(1).padStart(5)} %  ${key}`);
}

async function main(): Promise<void> {
  const names = values.only?.split(',').map((s) => s.trim()) ?? ISSUE_30;
  const endpoints = names.map((name) => {
    const endpoint = ENDPOINTS.find((e) => e.name === name);
    if (!endpoint) throw new Error(`unknown endpoint ${name}`);
    if (endpoint.signedInAs) throw new Error(`${name} is asked by another user than the bench's: not here`);
    return endpoint;
  });
  const size = Number(values.rows);
  const requests = Number(values.requests);
  const callers = Number(values.callers);
  const serverUrl = process.env.BENCH_DATABASE_URL || DEFAULT_DATABASE_URL;
  if (!(await keptGeneration(serverUrl, size))) {
    throw new Error(
      `no kept ${benchDatabaseName(size)}: run npm run bench -- --rows ${size} --only ${names.join(',')} --keep-database --no-web once`,
    );
  }
  const { url, database } = await openBenchDatabase(serverUrl, size);
  const roles = [...new Set(ENDPOINTS.filter((e) => !e.signedInAs).flatMap((e) => e.roles))];
  const pool = new pg.Pool(poolConfig(url, 10));
  await pool.query('UPDATE users SET roles = $2 WHERE username = $1', [BENCH_USER, roles]);
  const config = benchConfig(url, undefined);
  // As the bench measures it: the production logger on, written nowhere.
  const app = await buildApp({
    config,
    database,
    logger: { ...loggerOptions('info'), stream: createWriteStream(os.devNull) },
  });
  await app.ready();
  let bare: FastifyInstance | undefined;
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: BENCH_USER, password: BENCH_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const plans = await captureQueries(
      url,
      config,
      endpoints.map((e) => ({ name: e.name, url: e.url, headers })),
    );
    bare = bareApp(pool, plans);
    await bare.ready();
    const variants = (name: string, appUrl: string): Target[] => [
      {
        name: `${name} app`,
        inject: async () => (await app.inject({ method: 'GET', url: appUrl, headers })).statusCode,
      },
      {
        name: `${name} bare`,
        inject: async () => (await bare!.inject({ method: 'GET', url: `/bare/${name}` })).statusCode,
      },
    ];
    console.log(
      `${requests} requests per variant, ${callers} callers, load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    console.log(`${'endpoint'.padEnd(24)} ${'app µs'.padStart(8)} ${'bare µs'.padStart(8)}  app/bare`);
    const slice = Math.ceil(requests / 3);
    for (const endpoint of endpoints) {
      const targets = variants(endpoint.name, endpoint.url);
      // Warm: the JIT compiles both paths before anything is counted.
      for (const target of targets) await drive(target, Math.min(300, requests), callers);
      const micros = [0, 0];
      for (let round = 0; round < 3; round++) {
        for (const [i, target] of targets.entries()) micros[i]! += await drive(target, slice, callers);
      }
      const [appUs, bareUs] = micros.map((m) => Math.round(m / (slice * 3))) as [number, number];
      console.log(
        `${endpoint.name.padEnd(24)} ${String(appUs).padStart(8)} ${String(bareUs).padStart(8)}  ${(appUs / bareUs).toFixed(2)}`,
      );
    }
    if (values.profile) {
      const dir = path.resolve(values.profile);
      mkdirSync(dir, { recursive: true });
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      if (values.heap) await session.post('HeapProfiler.enable');
      for (const endpoint of endpoints) {
        for (const target of variants(endpoint.name, endpoint.url)) {
          const variant = target.name.endsWith('app') ? 'app' : 'bare';
          if (values.heap) {
            await session.post('HeapProfiler.startSampling', {
              samplingInterval: 4096,
              // Every allocation sampled, also what the collector took meanwhile: what it spends on.
              includeObjectsCollectedByMajorGC: true,
              includeObjectsCollectedByMinorGC: true,
            });
            await drive(target, requests, callers);
            const { profile: heap } = await session.post('HeapProfiler.stopSampling');
            const file = path.join(dir, `${endpoint.name}.${variant}.heapprofile`);
            writeFileSync(file, JSON.stringify(heap));
            console.log(`\n${target.name} allocations: ${file}`);
            for (const line of topAllocations(heap.head as unknown as HeapNode, Number(values.top))) {
              console.log(`  ${line}`);
            }
          }
          await session.post('Profiler.start');
          await drive(target, requests, callers);
          const { profile } = await session.post('Profiler.stop');
          const file = path.join(dir, `${endpoint.name}.${variant}.cpuprofile`);
          writeFileSync(file, JSON.stringify(profile));
          console.log(`\n${target.name}: ${file}`);
          for (const line of topFunctions(
            profile as unknown as { nodes: ProfileNode[]; samples: number[] },
            Number(values.top),
          )) {
            console.log(`  ${line}`);
          }
        }
      }
      session.disconnect();
    }
  } finally {
    await app.close();
    await bare?.close();
    await pool.end();
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);

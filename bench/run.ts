import { createWriteStream } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { poolConfig } from '../apps/server/src/db/connection';
import { loggerOptions } from '../apps/server/src/platform/http/logging';
import type { App } from '../apps/server/src/platform/http/types';
import { createUser } from '../apps/server/src/test/users';
import { type BenchEndpoint, ENDPOINTS } from './endpoints';
import { type GenerationResult, generate } from './generators';
import { generatedPassword } from './generators/users';
import { BENCH_PASSWORD, BENCH_USER, benchConfig } from './lib/app-config';
import { startBareServer } from './lib/bare';
import { captureQueries } from './lib/capture';
import {
  dropBenchDatabase,
  keptGeneration,
  openBenchDatabase,
  recordGeneration,
  recreateBenchDatabase,
  serverVersion,
} from './lib/database';
import { HttpLoader, runFloor } from './lib/load';
import type { Load } from './lib/loader';
import { type BenchOptions, parseOptions } from './lib/options';
import { type BenchResults, type EndpointResult, growthOf, ratiosOf, writeResults } from './lib/report';
import { combine, type LoadStats, type Samples, summarize } from './lib/stats';
import { chunkSizes, ensureWebBuild, type FirstRowsReport, firstRows, snapshotWebBuild } from './web';

/** Seconds of load per endpoint on the app before anything is measured (at most the measurement's). */
const PRIME = 1;

function selectEndpoints(only: string[] | undefined): BenchEndpoint[] {
  if (!only) return ENDPOINTS;
  const unknown = only.filter((name) => !ENDPOINTS.some((e) => e.name === name));
  if (unknown.length) {
    throw new Error(
      `unknown endpoint(s): ${unknown.join(', ')}; known: ${ENDPOINTS.map((e) => e.name).join(', ')}`,
    );
  }
  return ENDPOINTS.filter((e) => only.includes(e.name));
}

async function signInOverHttp(
  base: string,
  username = BENCH_USER,
  password = BENCH_PASSWORD,
): Promise<{ token: string; tokenExpire: number }> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string; tokenExpire: number } }).data;
}

/**
 * Gives each generated employee an endpoint is asked by (`signedInAs`) that endpoint's roles and signs them
 * in with the generators' password; answers the headers of every endpoint.
 */
async function signInEmployees(
  base: string,
  databaseUrl: string,
  size: number,
  endpoints: BenchEndpoint[],
  benchHeaders: Record<string, string>,
): Promise<(endpoint: BenchEndpoint) => Record<string, string>> {
  const rolesOf = new Map<string, Set<string>>();
  for (const e of endpoints) {
    if (!e.signedInAs) continue;
    const roles = rolesOf.get(e.signedInAs) ?? new Set<string>();
    for (const role of e.roles) roles.add(role);
    rolesOf.set(e.signedInAs, roles);
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const [username, roles] of rolesOf) {
      const { rowCount } = await client.query(
        'UPDATE users SET roles = $2, active = true WHERE username = $1',
        [username, [...roles]],
      );
      if (rowCount !== 1) throw new Error(`no generated user ${username}`);
    }
  } finally {
    await client.end();
  }
  const headers = new Map<string, Record<string, string>>();
  for (const username of rolesOf.keys()) {
    const { token } = await signInOverHttp(base, username, generatedPassword(size));
    headers.set(username, { authorization: `Bearer ${token}` });
  }
  return (endpoint) => (endpoint.signedInAs ? headers.get(endpoint.signedInAs)! : benchHeaders);
}

function formatStats(stats: LoadStats): string {
  const fail = stats.failures ? `, ${stats.failures} FAILED` : '';
  const cpu = stats.cpuMs === undefined ? '' : `, ${stats.cpuMs} ms CPU per request`;
  return `p50 ${stats.p50} p95 ${stats.p95} p99 ${stats.p99} ms, ${stats.rps} rps${cpu}${fail}`;
}

/** A cold first request slower than this is recorded as failed (the server may still be working on it). */
const COLD_TIMEOUT_MS = 120_000;

/** Measurement slices per variant: the variants alternate so that drift on a shared machine hits all three. */
const ROUNDS = 3;

interface Variant {
  label: string;
  run: (load: Load) => Promise<Samples>;
}

/**
 * Warms each variant up, then measures them in alternating slices adding up to `options.duration` each
 * (a smoke run: its requests once).
 */
async function measure(options: BenchOptions, variants: Variant[], callers: number): Promise<LoadStats[]> {
  const slices: Samples[][] = variants.map(() => []);
  const cpuMicros = variants.map(() => 0);
  // The bench process runs the servers and the floor's client, and nothing else while a slice runs.
  const slice = async (i: number, load: Load) => {
    const before = process.cpuUsage();
    slices[i]!.push(await variants[i]!.run(load));
    const used = process.cpuUsage(before);
    cpuMicros[i]! += used.user + used.system;
  };
  if (options.smoke) {
    for (const i of variants.keys()) await slice(i, { requests: options.smoke });
  } else {
    for (const variant of variants) if (options.warmup > 0) await variant.run({ seconds: options.warmup });
    for (let round = 0; round < ROUNDS; round++) {
      for (const i of variants.keys()) {
        await slice(i, { seconds: options.duration / ROUNDS });
        // Slower than the slice (a report at 1,000,000 rows on a busy machine): nothing was answered within
        // it, so its callers each ask once more and are waited for, rather than the measurement failing.
        const last = slices[i]!.at(-1)!;
        if (!last.latencies.length && !last.failures) {
          slices[i]!.pop();
          await slice(i, { requests: callers });
        }
      }
    }
  }
  return variants.map((variant, i) => {
    const summary = summarize(combine(slices[i]!));
    const stats = {
      ...summary,
      cpuMs: summary.requests ? Math.round(cpuMicros[i]! / summary.requests) / 1000 : Number.NaN,
    };
    console.log(`    ${variant.label.padEnd(12)} ${formatStats(stats)}`);
    // Recorded and reported, not thrown: one slow endpoint must not cost the rest of a long run.
    if (stats.failures > 0 || stats.requests === 0) {
      console.log(
        `    ${variant.label}: FAILED (${stats.failures} failed answers, ${stats.requests} answered)`,
      );
    }
    return stats;
  });
}

async function benchSize(
  options: BenchOptions,
  size: number,
  endpoints: BenchEndpoint[],
  loader: HttpLoader,
  webDir: string | undefined,
  withWeb: boolean,
): Promise<{ generation: GenerationResult; results: EndpointResult[]; web?: BenchResults['web'] }> {
  console.log(`\n== ${size.toLocaleString('en-US')} rows`);
  const kept = options.reuseDatabase
    ? await keptGeneration<GenerationResult>(options.databaseUrl, size)
    : undefined;
  const { url, database } = kept
    ? await openBenchDatabase(options.databaseUrl, size)
    : await recreateBenchDatabase(options.databaseUrl, size);
  let app: App | undefined;
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  const floorPool = new pg.Pool(poolConfig(url, 10));
  try {
    const generation = kept ?? (await generate(url, size, options.skipGenerators));
    if (!kept) await recordGeneration(url, size, generation);
    console.log(
      `  ${kept ? 'kept, generated earlier' : 'generated'} in ${(generation.ms / 1000).toFixed(1)} s: ${generation.generators.map((g) => `${g.name} ${g.rows}`).join(', ')}`,
    );
    // Every endpoint's roles, also those left out by --only: the screens measured in the browser need theirs.
    const roles = [...new Set(ENDPOINTS.filter((e) => !e.signedInAs).flatMap((e) => e.roles))];
    // A kept database has the bench user already: its roles are set again (the endpoints may have changed).
    const updated = kept
      ? await floorPool.query('UPDATE users SET roles = $2 WHERE username = $1', [BENCH_USER, roles])
      : undefined;
    if (!updated?.rowCount) {
      await createUser(database, {
        username: BENCH_USER,
        password: BENCH_PASSWORD,
        roles,
        contactName: 'Bench',
      });
    }
    const config = benchConfig(url, webDir);
    // Measured with the production logger on (one line per request), written where it costs as stdout does.
    app = await buildApp({
      config,
      database,
      logger: { ...loggerOptions('info'), stream: createWriteStream(os.devNull) },
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const auth = await signInOverHttp(base);
    const headersOf = await signInEmployees(base, url, size, endpoints, {
      authorization: `Bearer ${auth.token}`,
    });
    // Before anything else asks them (the capture below calls every endpoint): each one's first request.
    const cold = new Map<string, number>();
    for (const endpoint of options.smoke ? [] : endpoints.filter((e) => e.cold)) {
      const t = performance.now();
      // Recorded and reported, not thrown, as a measurement is: one slow report must not cost the run.
      const answer = await fetch(`${base}${endpoint.url}`, {
        headers: headersOf(endpoint),
        signal: AbortSignal.timeout(COLD_TIMEOUT_MS),
      })
        .then(async (res) => ({ ok: res.ok, status: res.status, body: await res.text() }))
        .catch((error: Error) => ({ ok: false, status: 0, body: error.message }));
      if (!answer.ok) {
        console.log(`  ${endpoint.name} cold: FAILED (${answer.status} ${answer.body.slice(0, 300)})`);
        continue;
      }
      cold.set(endpoint.name, Math.round(performance.now() - t));
      // A report over data the generators lack would measure an empty answer: its rows are shown.
      const rows = (JSON.parse(answer.body) as { data?: { rows?: unknown[] } }).data?.rows?.length;
      console.log(`  ${endpoint.name} cold: ${cold.get(endpoint.name)} ms, ${rows ?? '?'} rows`);
    }
    const plans = await captureQueries(
      url,
      config,
      endpoints.map((e) => ({ name: e.name, url: e.url, headers: headersOf(e) })),
    );
    bare = await startBareServer(url, plans);
    // A fresh process is slow until the JIT has compiled the request path; prime every route once.
    for (const endpoint of options.smoke ? [] : endpoints) {
      await loader.run({
        url: `${base}${endpoint.url}`,
        headers: headersOf(endpoint),
        connections: endpoint.connections ?? options.connections,
        load: { seconds: Math.min(PRIME, options.duration) },
      });
    }
    const results: EndpointResult[] = [];
    for (const endpoint of endpoints) {
      const plan = plans.get(endpoint.name)!;
      console.log(`  ${endpoint.name}  ${endpoint.url}`);
      const headers = headersOf(endpoint);
      const connections = options.smoke ? 1 : (endpoint.connections ?? options.connections);
      const http = (target: string) => (load: Load) =>
        loader.run({ url: target, headers, connections, load });
      const [appStats, bareStats, floorStats] = (await measure(
        options,
        [
          { label: 'app', run: http(`${base}${endpoint.url}`) },
          { label: 'bare Fastify', run: http(`${bare.base}/bare/${endpoint.name}`) },
          { label: 'pg floor', run: (load) => runFloor(floorPool, plan, connections, load) },
        ],
        connections,
      )) as [LoadStats, LoadStats, LoadStats];
      // One caller asking again as soon as answered: what a single user waits.
      const [alone] =
        endpoint.alone && !options.smoke
          ? await measure(
              options,
              [
                {
                  label: 'one caller',
                  run: (load) => loader.run({ url: `${base}${endpoint.url}`, headers, connections: 1, load }),
                },
              ],
              1,
            )
          : [];
      results.push({
        size,
        name: endpoint.name,
        url: endpoint.url,
        statements: plan.map((units) => units.reduce((n, unit) => n + unit.length, 0)),
        app: appStats,
        bareFastify: bareStats,
        pgFloor: floorStats,
        ...(alone ? { alone } : {}),
        ...(cold.has(endpoint.name) ? { coldMs: cold.get(endpoint.name) } : {}),
        ...(endpoint.connections && !options.smoke ? { connections } : {}),
        ratios: ratiosOf(appStats, bareStats, floorStats),
      });
    }
    let web: BenchResults['web'];
    if (withWeb && webDir) {
      const chunks = chunkSizes(webDir);
      const rows: FirstRowsReport[] = [];
      for (const screen of options.screens) {
        const measured = await firstRows(base, auth, screen, options.browserRuns).catch(
          (error: Error): FirstRowsReport => {
            console.error(`  web: ${error.message}`);
            return { screen, cold: [], warm: [], coldMedian: null, warmMedian: null, error: error.message };
          },
        );
        if (!measured.error) {
          console.log(
            `  web: first rows of ${screen} median ${measured.coldMedian} ms cold, ${measured.warmMedian} ms warm`,
          );
        }
        rows.push(measured);
      }
      web = { chunks, firstRows: rows };
    }
    return { generation, results, web };
  } finally {
    await app?.close();
    await bare?.app.close();
    await bare?.pool.end();
    await floorPool.end();
    await database.close();
    if (!options.keepDatabase) await dropBenchDatabase(options.databaseUrl, size);
  }
}

const loadAverage = () => os.loadavg().map((n) => Math.round(n * 10) / 10);

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const endpoints = selectEndpoints(options.only);
  const startedAt = new Date().toISOString();
  const loadStarted = loadAverage();
  const postgres = await serverVersion(options.databaseUrl);
  if (options.web) ensureWebBuild(options.build);
  const loader = new HttpLoader();
  const generation: GenerationResult[] = [];
  const results: EndpointResult[] = [];
  let webResults: BenchResults['web'];
  // The same build is served and measured throughout (see snapshotWebBuild).
  const web = options.web ? snapshotWebBuild() : undefined;
  try {
    for (const [i, size] of options.sizes.entries()) {
      // The browser measurement runs once, on the largest data.
      const last = i === options.sizes.length - 1;
      const out = await benchSize(options, size, endpoints, loader, web?.dir, last);
      generation.push(out.generation);
      results.push(...out.results);
      webResults = out.web ?? webResults;
    }
  } finally {
    loader.close();
    web?.remove();
  }
  const cpus = os.cpus();
  const report: BenchResults = {
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      postgres,
      loadAverage: { started: loadStarted, finished: loadAverage() },
    },
    options: {
      sizes: options.sizes,
      duration: options.duration,
      warmup: options.warmup,
      connections: options.connections,
      quick: options.quick,
      smoke: options.smoke,
    },
    generation,
    endpoints: results,
    growth: growthOf(results, new Set(endpoints.filter((e) => e.grows).map((e) => e.name))),
    web: webResults,
  };
  const written = writeResults(report, options.out);
  console.log(`\nwrote ${written.json} and ${written.md}`);
  const broken = results.flatMap((e) =>
    (
      [
        ['app', e.app],
        ['bare Fastify', e.bareFastify],
        ['pg floor', e.pgFloor],
      ] as const
    )
      .filter(([, stats]) => stats.failures > 0 || stats.requests === 0)
      .map(([label]) => `${e.name} at ${e.size} rows (${label})`),
  );
  if (broken.length) throw new Error(`measurements failed: ${broken.join(', ')}`);
  const failed = webResults?.firstRows.filter((rows) => rows.error) ?? [];
  if (failed.length)
    throw new Error(
      `the browser measurement failed: ${failed.map((f) => `${f.screen}: ${f.error}`).join('; ')}`,
    );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

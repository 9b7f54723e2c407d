import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GenerationResult } from '../generators';
import type { ChunkReport, FirstRowsReport } from '../web';
import type { LoadStats } from './stats';

export interface EndpointResult {
  size: number;
  name: string;
  url: string;
  /** Statements per request and how they ran: e.g. [1, 2] = one, then two at once. */
  statements: number[];
  app: LoadStats;
  bareFastify: LoadStats;
  pgFloor: LoadStats;
  /** The app with one caller (endpoints marked `alone`): what a single user waits, the server otherwise idle. */
  alone?: LoadStats;
  /** Its first request after the server started, ms (endpoints marked `cold`). */
  coldMs?: number;
  /** Its own concurrent callers, when not the run's `--connections`. */
  connections?: number;
  /** The headline: how much the real endpoint costs over its SQL (latency ×, throughput share). */
  ratios: {
    p50VsFloor: number;
    p99VsFloor: number;
    rpsVsFloor: number;
    p50VsBare: number;
    rpsVsBare: number;
  };
}

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGb: number;
    node: string;
    postgres: string;
    /** The load average (1, 5, 15 minutes) when the run started and ended: what else shared the cores. */
    loadAverage?: { started: number[]; finished: number[] };
  };
  options: {
    sizes: number[];
    duration: number;
    warmup: number;
    connections: number;
    quick: boolean;
    smoke?: number;
  };
  generation: GenerationResult[];
  endpoints: EndpointResult[];
  /** Per endpoint whose data grows: latency at each size and the largest size's p50 over the smallest's. */
  growth: {
    name: string;
    bySize: { size: number; p50: number; p95: number; p99: number; rps: number }[];
    p50Growth: number;
  }[];
  web?: { chunks: ChunkReport; firstRows: FirstRowsReport[] };
}

export const RESULTS_DIR = path.resolve(import.meta.dirname, '../results');

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

export function ratiosOf(app: LoadStats, bare: LoadStats, floor: LoadStats): EndpointResult['ratios'] {
  return {
    p50VsFloor: ratio(app.p50, floor.p50),
    p99VsFloor: ratio(app.p99, floor.p99),
    rpsVsFloor: ratio(app.rps, floor.rps),
    p50VsBare: ratio(app.p50, bare.p50),
    rpsVsBare: ratio(app.rps, bare.rps),
  };
}

export function growthOf(endpoints: EndpointResult[], growing: Set<string>): BenchResults['growth'] {
  const names = [...new Set(endpoints.map((e) => e.name))].filter((n) => growing.has(n));
  return names.map((name) => {
    const bySize = endpoints
      .filter((e) => e.name === name)
      .sort((a, b) => a.size - b.size)
      .map((e) => ({ size: e.size, p50: e.app.p50, p95: e.app.p95, p99: e.app.p99, rps: e.app.rps }));
    return { name, bySize, p50Growth: ratio(bySize.at(-1)!.p50, bySize[0]!.p50) };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const n = (value: number) => value.toLocaleString('en-US');
const cpu = (s: LoadStats) => (s.cpuMs === undefined ? '–' : s.cpuMs.toFixed(2));
const lat = (s: LoadStats) =>
  s.requests === 0 || s.failures > 0
    ? `**failed** (${s.failures} failed, ${s.requests} answered)`
    : `${s.p50} / ${s.p95} / ${s.p99}`;

export function markdown(r: BenchResults): string {
  const lines: string[] = [];
  lines.push('# Benchmark results', '');
  lines.push(
    `${r.startedAt} · ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGb} GB · Node ${r.machine.node} · PostgreSQL ${r.machine.postgres}`,
    ...(r.machine.loadAverage
      ? [
          '',
          `Load average (1, 5, 15 min): ${r.machine.loadAverage.started.join(', ')} at the start, ${r.machine.loadAverage.finished.join(', ')} at the end.`,
        ]
      : []),
    '',
    r.options.smoke
      ? `Smoke run (--smoke ${r.options.smoke}): ${r.options.smoke} requests per endpoint and variant, one at a time; the figures mean nothing.`
      : `${r.options.connections} connections, ${r.options.duration} s per measurement after ${r.options.warmup} s warm-up${r.options.quick ? ' (--quick)' : ''}. Latency in ms (p50 / p95 / p99), throughput in requests per second.`,
    '',
    '## Data generation (COPY)',
    '',
    '| size | generator rows | time |',
    '|---:|---|---:|',
  );
  for (const g of r.generation) {
    const parts = g.generators
      .map((x) => `${x.name} ${n(x.rows)} (${(x.ms / 1000).toFixed(1)} s)`)
      .join(', ');
    lines.push(`| ${n(g.size)} | ${parts} | ${(g.ms / 1000).toFixed(1)} s |`);
  }
  for (const size of r.options.sizes) {
    const rows = r.endpoints.filter((e) => e.size === size);
    if (!rows.length) continue;
    lines.push(
      '',
      `## Endpoints at ${n(size)} rows`,
      '',
      '| endpoint | app p50/p95/p99 | app rps | bare Fastify p50/p95/p99 | bare rps | pg floor p50/p95/p99 | floor rps | p50 × floor | rps ÷ floor | p50 × bare | server CPU per request: app / bare |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const e of rows) {
      lines.push(
        `| ${e.name} | ${lat(e.app)} | ${n(e.app.rps)} | ${lat(e.bareFastify)} | ${n(e.bareFastify.rps)} | ${lat(e.pgFloor)} | ${n(e.pgFloor.rps)} | ${e.ratios.p50VsFloor} | ${e.ratios.rpsVsFloor} | ${e.ratios.p50VsBare} | ${cpu(e.app)} / ${cpu(e.bareFastify)} ms |`,
      );
    }
  }
  const alone = r.endpoints.filter((e) => e.alone);
  if (alone.length) {
    lines.push(
      '',
      '## One caller',
      '',
      'The app with one caller asking again as soon as answered (the server otherwise idle), ms:',
      '',
      '| endpoint | rows | p50 / p95 / p99 | requests |',
      '|---|---:|---:|---:|',
    );
    for (const e of alone) {
      if (e.alone) lines.push(`| ${e.name} | ${n(e.size)} | ${lat(e.alone)} | ${n(e.alone.requests)} |`);
    }
  }
  const cold = r.endpoints.filter((e) => e.coldMs !== undefined || e.connections !== undefined);
  if (cold.length) {
    lines.push(
      '',
      '## Cold and under their own callers',
      '',
      "The first request after the server started (before the capture or anything else asked it), and the app under the endpoint's own callers, ms:",
      '',
      '| endpoint | rows | cold | callers | p50 / p95 / p99 | rps |',
      '|---|---:|---:|---:|---:|---:|',
    );
    for (const e of cold) {
      lines.push(
        `| ${e.name} | ${n(e.size)} | ${e.coldMs ?? '–'} | ${e.connections ?? r.options.connections} | ${lat(e.app)} | ${n(e.app.rps)} |`,
      );
    }
  }
  if (r.growth.length && r.options.sizes.length > 1) {
    lines.push('', '## Growth of the real endpoint with the data', '');
    lines.push(
      `| endpoint | ${r.options.sizes.map((s) => `${n(s)} p50/p95/p99`).join(' | ')} | p50 growth |`,
    );
    lines.push(`|---|${r.options.sizes.map(() => '---:').join('|')}|---:|`);
    for (const g of r.growth) {
      const cells = r.options.sizes.map((s) => {
        const at = g.bySize.find((b) => b.size === s);
        return at ? `${at.p50} / ${at.p95} / ${at.p99}` : '';
      });
      lines.push(`| ${g.name} | ${cells.join(' | ')} | ×${g.p50Growth} |`);
    }
  }
  if (r.web) {
    const { chunks, firstRows } = r.web;
    lines.push(
      '',
      '## Web',
      '',
      'First rows of each screen (navigation start → first row in the DOM, headless Chromium):',
      '',
      ...firstRows.map((rows) =>
        rows.error
          ? `- \`${rows.screen}\`: not measured (${rows.error}).`
          : `- \`${rows.screen}\`: median ${rows.coldMedian} ms cold (empty cache; runs ${rows.cold.join(', ')}), ${rows.warmMedian} ms on reload (runs ${rows.warm.join(', ')}).`,
      ),
      '',
      `Built chunks: ${kb(chunks.initialGzip)} gzip loaded by index.html, ${kb(chunks.totalGzip)} gzip in all.`,
      '',
      '| chunk | size | gzip | loaded |',
      '|---|---:|---:|---|',
    );
    for (const c of chunks.chunks) {
      lines.push(`| ${c.file} | ${kb(c.bytes)} | ${kb(c.gzip)} | ${c.initial ? 'at start' : 'on demand'} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function writeResults(results: BenchResults, dir: string): { json: string; md: string } {
  mkdirSync(dir, { recursive: true });
  const json = path.join(dir, 'latest.json');
  const md = path.join(dir, 'latest.md');
  writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(md, markdown(results));
  return { json, md };
}

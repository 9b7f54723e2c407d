import { type ChildProcess, fork } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { requisitesErrors } from '@tms/domain';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { pgDatabase } from '../apps/server/src/db/connection';
import { loggerOptions } from '../apps/server/src/platform/http/logging';
import { createUser } from '../apps/server/src/test/users';
import { generate } from './generators';
import { RUSSIAN_BANKS } from './generators/counterparties';
import { legalInn, ogrn, russianAccount } from './generators/requisites';
import { COMPANY_ROOTS, GIVEN_NAMES, SURNAMES } from './generators/words';
import { benchConfig } from './lib/app-config';
import { databaseUrl, dropBenchDatabase, recreateBenchDatabase, serverVersion } from './lib/database';
import { DEFAULT_DATABASE_URL } from './lib/options';
import type { ProbeAnswer, ProbeJob } from './lib/probe';
import { RESULTS_DIR } from './lib/report';
import { percentile } from './lib/stats';

/**
 * Issue 36's figure: a file of counterparties (each with a contact and a Russian bank account) imported
 * through the data import as a user does it (upload → dry run → run in the job queue), on a database
 * generated at `--base` orders, while another user's requests (`/api/health` and the counterparty list)
 * are timed from a separate process and the server process's resident memory is sampled.
 */

const HELP = `npm run bench:import -- [options]
  --rows <n>        counterparty rows in the file (default 100000)
  --format <f>      csv or xlsx (default csv)
  --base <n>        orders of the generated history the file is imported into (default 10000)
  --keep-database   leave tms_bench_import_<base> in place
  --reuse-database  import into the kept tms_bench_import_<base> (what an earlier run imported is deleted first)
  --out <dir>       write import-latest.json and import-latest.md there (default bench/results)
Environment: BENCH_DATABASE_URL (default ${DEFAULT_DATABASE_URL}).`;

const USER = 'importer';
const PASSWORD = 'Bench-Passw0rd!';
const ROLES = [
  'ROLE_DATA_IMPORT',
  'ROLE_COUNTERPARTY_VIEW_ALL',
  'ROLE_COUNTERPARTY_EDIT_ALL',
  'ROLE_COUNTERPARTY_SET_TYPE',
  'ROLE_COUNTERPARTY_NAME_EDIT',
];
/** Tax offices of Perm, which the generated history's counterparties never use: every row is a new one. */
const TAX_OFFICES = ['5902', '5904', '5906', '5908', '5911'];
const COLUMNS = [
  { field: 'inn', header: 'ИНН', alternates: ['INN'] },
  { field: 'name', header: 'Наименование', alternates: ['Name'] },
  { field: 'fullName', header: 'Полное наименование', alternates: [] },
  { field: 'kpp', header: 'КПП', alternates: [] },
  { field: 'ogrn', header: 'ОГРН', alternates: [] },
  { field: 'countryId', header: 'Страна', alternates: [], lookup: 'code' },
  { field: 'client', header: 'Клиент', alternates: [] },
  { field: 'contractor', header: 'Подрядчик', alternates: [] },
  { field: 'email', header: 'Email', alternates: [] },
  { field: 'phone', header: 'Телефон', alternates: [] },
  { field: 'legalAddress', header: 'Юридический адрес', alternates: [] },
  { field: 'contact.name', header: 'Контакт', alternates: [] },
  { field: 'contact.phone', header: 'Телефон контакта', alternates: [] },
  { field: 'bankAccount.bik', header: 'БИК', alternates: [] },
  { field: 'bankAccount.account', header: 'Р/с', alternates: [] },
  { field: 'bankAccount.correspondentAccount', header: 'К/с', alternates: [] },
  { field: 'bankAccount.currencyId', header: 'Валюта счёта', alternates: [], lookup: 'code' },
] as const;

/** Row `i` of the file: a Russian company of Perm with valid requisites, its contact and account. */
function row(i: number): string[] {
  const office = TAX_OFFICES[i % TAX_OFFICES.length]!;
  const serial = Math.floor(i / TAX_OFFICES.length);
  const inn = legalInn(office, serial);
  const root = COMPANY_ROOTS[i % COMPANY_ROOTS.length]!;
  const name = `ООО «${root} ${i + 1}»`;
  const [, bik, correspondent] = RUSSIAN_BANKS[i % RUSSIAN_BANKS.length]!;
  const phone = String(2_000_000 + (i % 8_000_000)).padStart(7, '0');
  return [
    inn,
    name,
    `Общество с ограниченной ответственностью «${root} ${i + 1}»`,
    `${office}01001`,
    ogrn('legal', 2005 + (i % 18), '59', i),
    'RU',
    i % 3 === 2 ? 'нет' : 'да',
    i % 3 === 0 ? 'нет' : 'да',
    `office${i + 1}@perm-${i % 997}.ru`,
    `+7 (342) ${phone.slice(0, 3)}-${phone.slice(3, 5)}-${phone.slice(5)}`,
    `614000, г. Пермь, ул. Ленина, д. ${(i % 200) + 1}, оф. ${(i % 50) + 1}`,
    `${GIVEN_NAMES[i % GIVEN_NAMES.length]} ${SURNAMES[(i * 7) % SURNAMES.length]}`,
    `+7 (912) ${phone.slice(0, 3)}-${phone.slice(3, 5)}-${phone.slice(5)}`,
    bik,
    russianAccount(bik, '40702', i),
    correspondent,
    'RUB',
  ];
}

async function fileOf(rows: number, format: 'csv' | 'xlsx'): Promise<Buffer> {
  for (let i = 0; i < Math.min(rows, 200); i++) {
    const [inn, , , kpp, ogrnValue] = row(i);
    const problems = requisitesErrors({ inn, kpp, ogrn: ogrnValue });
    if (Object.keys(problems).length) throw new Error(`row ${i}: ${JSON.stringify(problems)}`);
  }
  const header = COLUMNS.map((c) => c.header);
  if (format === 'csv') {
    const lines = [header.join(';')];
    for (let i = 0; i < rows; i++) lines.push(row(i).join(';'));
    // Windows-1251 is what 1C writes; UTF-8 with its mark is what a spreadsheet saves: the latter here.
    return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`)]);
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Контрагенты');
  sheet.addRow(header);
  for (let i = 0; i < rows; i++) sheet.addRow(row(i));
  return Buffer.from(await book.xlsx.writeBuffer());
}

interface Phase {
  name: string;
  ms: number;
}

interface ProbeStats {
  url: string;
  answers: number;
  failures: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function probeStats(answer: ProbeAnswer['byUrl'][number]): ProbeStats {
  const sorted = [...answer.latencies].sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    url: answer.url,
    answers: sorted.length,
    failures: answer.failures,
    p50: r(percentile(sorted, 50)),
    p95: r(percentile(sorted, 95)),
    p99: r(percentile(sorted, 99)),
    max: r(sorted.at(-1) ?? Number.NaN),
  };
}

function loadAverage(): number[] {
  return os.loadavg().map((n) => Math.round(n * 10) / 10);
}

/**
 * Counts the statements every `pg` client of this process sends (the app's, with the probe's few beside
 * them) until stopped, and how long each kind took to answer: the statements per row, and the kinds that
 * took the most time by their first words (where the database's share of the import goes).
 */
function countStatements() {
  const original = pg.Client.prototype.query;
  const byText = new Map<string, { n: number; ms: number }>();
  let total = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
    const key = text.replace(/\s+/g, ' ').slice(0, 110);
    const seen = byText.get(key) ?? { n: 0, ms: 0 };
    byText.set(key, seen);
    seen.n++;
    total++;
    const started = performance.now();
    const answer = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (answer instanceof Promise) {
      answer.then(
        () => {
          seen.ms += performance.now() - started;
        },
        () => {
          seen.ms += performance.now() - started;
        },
      );
    }
    return answer;
  } as typeof original;
  return {
    stop() {
      pg.Client.prototype.query = original;
      const top = [...byText]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 25)
        .map(([text, { n, ms }]) => ({ text, n, ms: Math.round(ms) }));
      return { total, top };
    },
  };
}

async function benchDatabaseExists(serverUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

/** What an earlier run imported (the Perm companies, their contacts and accounts, the runs), deleted. */
async function forgetImported(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`BEGIN;
      DELETE FROM contacts WHERE counterparty_id IN (SELECT id FROM counterparties WHERE inn LIKE '59%');
      DELETE FROM counterparty_bank_accounts WHERE counterparty_id IN (SELECT id FROM counterparties WHERE inn LIKE '59%');
      DELETE FROM counterparties WHERE inn LIKE '59%';
      DELETE FROM data_import_runs;
      DELETE FROM data_import_descriptions;
      COMMIT`);
  } finally {
    await client.end();
  }
}

async function countImported(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ counterparties: number; contacts: number; accounts: number }>(
      `WITH imported AS (SELECT id FROM counterparties WHERE inn LIKE '59%')
       SELECT (SELECT count(*) FROM imported)::int AS counterparties,
              (SELECT count(*) FROM contacts WHERE counterparty_id IN (SELECT id FROM imported))::int AS contacts,
              (SELECT count(*) FROM counterparty_bank_accounts
                WHERE counterparty_id IN (SELECT id FROM imported))::int AS accounts`,
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '100000' },
      format: { type: 'string', default: 'csv' },
      base: { type: 'string', default: '10000' },
      'keep-database': { type: 'boolean', default: false },
      'reuse-database': { type: 'boolean', default: false },
      out: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const rows = Number(values.rows);
  const base = Number(values.base);
  const format = values.format as 'csv' | 'xlsx';
  if (!(rows > 0) || !(base > 0) || !['csv', 'xlsx'].includes(format)) throw new Error(HELP);
  const serverUrl = process.env.BENCH_DATABASE_URL || DEFAULT_DATABASE_URL;
  const databaseName = `${process.env.BENCH_DATABASE_NAME || 'tms_bench'}_import_${base}`;
  const out = values.out ? path.resolve(values.out) : RESULTS_DIR;
  const startedAt = new Date().toISOString();
  const loadBefore = loadAverage();

  console.log(`== the file: ${rows.toLocaleString('en-US')} counterparties as ${format}`);
  const t = performance.now();
  const bytes = await fileOf(rows, format);
  console.log(
    `  ${(bytes.length / 2 ** 20).toFixed(1)} MB in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  console.log(`== the database: ${databaseName}, a history of ${base.toLocaleString('en-US')} orders`);
  const reuse = values['reuse-database'] && (await benchDatabaseExists(serverUrl, databaseName));
  const { url, database } = reuse
    ? {
        url: databaseUrl(serverUrl, databaseName),
        database: pgDatabase(databaseUrl(serverUrl, databaseName)),
      }
    : await recreateBenchDatabase(serverUrl, base, databaseName);
  if (reuse) {
    await forgetImported(url);
    console.log('  kept, generated earlier; the earlier import deleted');
  } else {
    const generation = await generate(url, base);
    console.log(`  generated in ${(generation.ms / 1000).toFixed(1)} s`);
    await createUser(database, { username: USER, password: PASSWORD, roles: ROLES, contactName: 'Importer' });
  }

  const config = {
    ...benchConfig(url, undefined),
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'tms-bench-import-')),
    // The import runs in the job queue: its workers run, at the production default (JOB_CONCURRENCY).
    jobConcurrency: 2,
  };
  const app = await buildApp({
    config,
    database,
    logger: { ...loggerOptions('info'), stream: createWriteStream(os.devNull) },
  });
  let probe: ChildProcess | undefined;
  let rssTimer: NodeJS.Timeout | undefined;
  try {
    const base_ = await app.listen({ port: 0, host: '127.0.0.1' });
    // The job queue's workers, as main.ts starts them: the run is a job.
    await app.queue.start();
    const api = async (
      method: string,
      route: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      if (!(body instanceof FormData)) {
        // Through node:http, which waits as long as the server takes: fetch gives up on an answer after
        // 300 s (the dry run of a large file in its request).
        const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
          const request = http.request(
            `${base_}/api${route}`,
            {
              method,
              headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
            },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () =>
                resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
              );
              response.on('error', reject);
            },
          );
          request.on('error', reject);
          request.end(body === undefined ? undefined : JSON.stringify(body));
        });
        if (answer.status < 200 || answer.status >= 300) {
          throw new Error(`${method} ${route}: ${answer.status} ${answer.text.slice(0, 2000)}`);
        }
        return JSON.parse(answer.text) as { data: Record<string, unknown> };
      }
      const res = await fetch(`${base_}/api${route}`, {
        method,
        headers: {
          ...headers,
          ...(body !== undefined && !(body instanceof FormData)
            ? { 'content-type': 'application/json' }
            : {}),
        },
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 2000)}`);
      return JSON.parse(text) as { data: Record<string, unknown> };
    };
    const login = await api('POST', '/auth/login', { username: USER, password: PASSWORD });
    const auth = { authorization: `Bearer ${login.data.token as string}` };

    // Another user: the health check and the first page of the counterparty list, every 100 ms each.
    probe = fork(path.join(import.meta.dirname, 'lib', 'probe.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const probed = new Promise<ProbeAnswer>((resolve) => probe!.once('message', resolve));
    let peakRss = process.memoryUsage.rss();
    const rssBefore = peakRss;
    rssTimer = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }, 100);
    const cpuBefore = process.cpuUsage();
    probe.send({
      urls: [`${base_}/api/health`, `${base_}/api/counterparties?page=1&itemsPerPage=40&sort=name&order=asc`],
      headers: auth,
      everyMs: 100,
    } satisfies ProbeJob);

    const phases: Phase[] = [];
    const phase = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const result = await fn();
      const ms = Math.round(performance.now() - started);
      phases.push({ name, ms });
      console.log(`  ${name}: ${(ms / 1000).toFixed(1)} s`);
      return result;
    };
    console.log('== the import');
    const whole = performance.now();
    const description = await phase('description', () =>
      api(
        'POST',
        '/data-import/descriptions',
        {
          name: 'Контрагенты (bench)',
          target: 'counterparties',
          mode: 'upsert',
          matchKey: 'inn',
          columns: COLUMNS,
        },
        auth,
      ),
    );
    const descriptionId = description.data.id as number;
    const fileId = await phase('upload', async () => {
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(bytes)]),
        format === 'csv' ? 'counterparties.csv' : 'counterparties.xlsx',
      );
      return (await api('POST', '/file-management/files/temporary', form, auth)).data.id as number;
    });
    const counting = countStatements();
    /** A job followed as the web does, until it ends: its answer, or the bench stops with its failure. */
    const follow = async (jobId: number) => {
      for (;;) {
        const answer = await api('GET', `/background-jobs/${jobId}`, undefined, auth);
        const state = answer.data.state as string;
        if (state === 'done') return answer.data;
        if (state === 'failed' || state === 'cancelled') {
          throw new Error(`the job ${jobId} ${state}: ${JSON.stringify(answer.data).slice(0, 2000)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const check = await phase('dry run (a job)', async () => {
      const asked = await api('POST', `/data-import/descriptions/${descriptionId}/preview`, { fileId }, auth);
      await follow(asked.data.jobId as number);
      return api('GET', `/data-import/runs/${asked.data.runId as number}/check`, undefined, auth);
    });
    const preview = check.data.preview as { errorCount: number; errors: unknown[] };
    if (preview.errorCount > 0) {
      throw new Error(`the dry run found errors: ${JSON.stringify(preview.errors).slice(0, 2000)}`);
    }
    const run = await phase('run (checked and queued)', () =>
      api('POST', `/data-import/descriptions/${descriptionId}/runs`, { fileId }, auth),
    );
    const job = await phase('job (read, written)', () => follow(run.data.jobId as number));
    const statements = counting.stop();
    const perRow = Math.round((statements.total / rows) * 10) / 10;
    console.log(`  ${perRow} statements per row; those that took the most time:`);
    for (const { text, n, ms } of statements.top) {
      console.log(`    ${String(ms).padStart(7)} ms ${String(n).padStart(6)} × ${text}`);
    }
    const totalMs = Math.round(performance.now() - whole);
    const cpu = process.cpuUsage(cpuBefore);
    probe.send('stop');
    const probes = (await probed).byUrl.map(probeStats);
    clearInterval(rssTimer);
    // The bench's own count of what the import wrote: the Perm companies with their contacts and accounts.
    const imported = await countImported(url);
    if (imported.counterparties !== rows || imported.contacts !== rows || imported.accounts !== rows) {
      throw new Error(`imported ${JSON.stringify(imported)}, ${rows} of each expected`);
    }
    console.log(`  total ${(totalMs / 1000).toFixed(1)} s; ${JSON.stringify(imported)}`);
    for (const p of probes) {
      console.log(
        `  ${p.url}: ${p.answers} answers, p50 ${p.p50} p95 ${p.p95} p99 ${p.p99} max ${p.max} ms, ${p.failures} failed`,
      );
    }
    console.log(
      `  peak RSS ${Math.round(peakRss / 2 ** 20)} MB (before ${Math.round(rssBefore / 2 ** 20)} MB)`,
    );

    const cpus = os.cpus();
    const result = {
      startedAt,
      finishedAt: new Date().toISOString(),
      machine: {
        cpus: cpus.length,
        cpuModel: cpus[0]?.model.trim() ?? 'unknown',
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        postgres: await serverVersion(serverUrl),
        loadAverageBefore: loadBefore,
        loadAverageAfter: loadAverage(),
      },
      file: { rows, format, megabytes: Math.round((bytes.length / 2 ** 20) * 10) / 10 },
      base,
      phases,
      statementsPerRow: perRow,
      slowestStatements: statements.top.slice(0, 10),
      totalMs,
      job: { progress: job.progress, summary: job.summary },
      serverCpuMs: Math.round((cpu.user + cpu.system) / 1000),
      rssMb: { before: Math.round(rssBefore / 2 ** 20), peak: Math.round(peakRss / 2 ** 20) },
      probes,
    };
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'import-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(path.join(out, 'import-latest.md'), markdown(result));
    console.log(`\nwrote ${path.join(out, 'import-latest.md')}`);
  } finally {
    clearInterval(rssTimer);
    probe?.kill();
    await app.close();
    await database.close();
    if (!values['keep-database'] && !values['reuse-database'])
      await dropBenchDatabase(serverUrl, base, databaseName);
  }
}

type Result = {
  startedAt: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; postgres: string };
} & Record<string, unknown>;

function markdown(
  r: Result & {
    statementsPerRow: number;
    file: { rows: number; format: string; megabytes: number };
    base: number;
    phases: Phase[];
    totalMs: number;
    serverCpuMs: number;
    rssMb: { before: number; peak: number };
    probes: ProbeStats[];
    machine: { loadAverageBefore: number[]; loadAverageAfter: number[] };
  },
): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    '# Data import on the bench',
    '',
    `${r.startedAt} · ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGb} GB · Node ${r.machine.node} · PostgreSQL ${r.machine.postgres}`,
    `Load average (1, 5, 15 min) ${r.machine.loadAverageBefore.join(', ')} before, ${r.machine.loadAverageAfter.join(', ')} after: other sessions' test suites shared the two cores.`,
    '',
    `${r.file.rows.toLocaleString('en-US')} counterparties, each with a contact and a bank account, as ${r.file.format} (${r.file.megabytes} MB), imported into a history of ${r.base.toLocaleString('en-US')} orders (\`npm run bench:import -- --rows ${r.file.rows} --format ${r.file.format} --base ${r.base}\`).`,
    '',
    '| phase | time | per row |',
    '|---|---:|---:|',
    ...r.phases.map((p) => `| ${p.name} | ${s(p.ms)} | ${(p.ms / r.file.rows).toFixed(1)} ms |`),
    `| **upload to done** | **${s(r.totalMs)}** | ${(r.totalMs / r.file.rows).toFixed(1)} ms |`,
    '',
    `The import sent ${r.statementsPerRow} statements per row to PostgreSQL (counted on the app's \`pg\` clients from the dry run to the job's end; the other user's requests and the event dispatcher's polling included). A row goes through the counterparty's, the contact's and the bank account's use cases twice: the dry run (a job) and the run's job (the passed dry run is kept for the file, the description and the user, so neither the run request nor its job dry-runs it again); each pass takes the rows by chunks of 500, each chunk's lookups in one query each and its records in one insert per resource.`,
    '',
    `Server process: ${s(r.serverCpuMs)} of CPU; resident memory ${r.rssMb.before} MB before, ${r.rssMb.peak} MB at its peak (sampled every 100 ms; the app's worker threads included).`,
    '',
    'Another user meanwhile (a separate process asking each URL again 100 ms after its previous answer):',
    '',
    '| request | answers | p50 | p95 | p99 | max | failed |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...r.probes.map(
      (p) =>
        `| \`${new URL(p.url).pathname}\` | ${p.answers} | ${p.p50} | ${p.p95} | ${p.p99} | ${p.max} | ${p.failures} |`,
    ),
    '',
  ].join('\n');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);

// The memory of a large prepared export (issue 32, docs/exports.md: "a 1,000,000-row export streams to the file
// with a bounded memory, peak RSS under 300 MB"): the real app in-process on a database that holds the rows,
// one prepared export of a list run to its end, the process's resident memory sampled every 50 ms.
//
//   node --import tsx bench/prepared-export-rss.ts <database url> <resource name>
//
// The database is an installation's (migrated, with its rows); a user with the administrator role is added.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { pgDatabase } from '../apps/server/src/db/connection';
import { createUser } from '../apps/server/src/test/users';

const [url, resource = 'service_office'] = process.argv.slice(2);
if (!url) throw new Error('usage: bench/prepared-export-rss.ts <database url> [resource name]');
const config = {
  ...loadConfig({ DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'export-rss-')) }),
  schedulerEnabled: false,
  jobConcurrency: 0,
};
const database = pgDatabase(url);
const app = await buildApp({ config, database });
await app.ready();
const username = `export-rss-${Date.now()}`;
await createUser(database, {
  username,
  password: 'Bench-12345',
  roles: ['ROLE_ADMIN'],
  contactName: 'Bench',
});
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username, password: 'Bench-12345' },
});
const headers = { authorization: `Bearer ${login.json().data.token}` };
const queued = await app.inject({
  method: 'POST',
  url: '/api/prepared-exports',
  headers,
  payload: { resource, query: {}, lang: 'ru' },
});
if (queued.statusCode !== 201) throw new Error(queued.body);

const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
const started = performance.now();
await app.queue.drain();
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const job = (
  await app.inject({ method: 'GET', url: `/api/background-jobs/${queued.json().data.id}`, headers })
).json().data;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
console.log(
  JSON.stringify({
    resource,
    state: job.state,
    rows: job.progressParams?.count,
    fileMb: job.result ? +(job.result.size / 1024 / 1024).toFixed(1) : null,
    seconds: +seconds.toFixed(1),
    rssBeforeMb: mb(before),
    peakRssMb: mb(peak),
  }),
);
await app.close();
await database.close();

import { flattenTree, IMPORT_MESSAGES, TNVED_MESSAGES as M } from '@tms/domain';
import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../../platform/files/tables';
import { backgroundJobs } from '../../../platform/jobs/tables';
import { createTestApp, type TestContext } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import {
  cp866Text,
  TNVED_FILES,
  type TnvedFiles,
  tnvedEdition2021,
  tnvedFixture,
  tnvedZipOf,
} from '../../../test/tnved-editions';
import { type SignedIn, signIn } from '../../../test/users';
import { tnvedEntries } from './tables';

/**
 * The classifier loaded from the screen (docs/customs.md "Loading TNVED.ZIP"): temporary uploads of
 * TNVED.ZIP or of its four text files, checked in the request (a bad file refused whole naming file and
 * line, no job, nothing written), then applied by the job queue with the job's progress and result.
 */

let ctx: TestContext;
let settings: SignedIn;
let reader: SignedIn;

const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
  flattenTree(res.json().errors);

async function upload(name: string, content: Buffer, who = settings): Promise<number> {
  const body = multipart(name, content);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/file-management/files/temporary',
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}
const enqueue = (fileIds: number[], who = settings) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/customs/tnved/jobs',
    headers: who.headers,
    payload: { fileIds },
  });
const uploadTexts = async (
  set: TnvedFiles,
  names: readonly string[] = TNVED_FILES.map((f) => `${f}.TXT`),
) => {
  const ids: number[] = [];
  for (const [index, file] of TNVED_FILES.entries()) ids.push(await upload(names[index]!, set[file]));
  return ids;
};
const stored = async () => (await ctx.database.db.select({ n: count() }).from(tnvedEntries))[0]!.n;
const jobCount = async () => (await ctx.database.db.select({ n: count() }).from(backgroundJobs))[0]!.n;
/** The job as its owner reads it (the background jobs screen). */
const jobOf = async (id: number) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/background-jobs/${id}`, headers: settings.headers })
  ).json().data;
const state = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/customs/tnved/state', headers: settings.headers })).json()
    .data;

beforeAll(async () => {
  ctx = await createTestApp();
  settings = await signIn(ctx, ['ROLE_CUSTOMS_SETTINGS']);
  reader = await signIn(ctx, ['ROLE_CUSTOMS_POINT_VIEW']);
});
afterAll(() => ctx?.close());

describe('TNVED library loaded in the job queue', () => {
  it('is enqueued by the customs settings role only', async () => {
    const id = await upload('TNVED.ZIP', tnvedZipOf(tnvedFixture), reader);
    expect((await enqueue([id], reader)).statusCode).toBe(403);
    expect(await jobCount()).toBe(0);
  });

  it('loads TNVED.ZIP as a job: queued with nothing written, done by the queue with its progress and result', async () => {
    const id = await upload('TNVED.ZIP', tnvedZipOf(tnvedEdition2021()));
    const res = await enqueue([id]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ kind: 'file-import', label: 'TNVED.ZIP', state: 'queued' });
    expect(await stored()).toBe(0);
    expect(await ctx.app.queue.drain()).toBe(1);
    const job = await jobOf(res.json().data.id);
    expect(job).toMatchObject({
      state: 'done',
      error: null,
      progress: 100,
      progressMessage: IMPORT_MESSAGES.jobDone,
      progressParams: { create: await stored(), update: 0, unchanged: 0, skip: 0 },
    });
    expect(await state()).toMatchObject({ loaded: true });
    expect((await state()).files[0]).toMatchObject({ file: 'TNVED1', version: '001' });
  });

  it('loads the four text files chosen one by one, a newer edition keeping the history', async () => {
    const before = await stored();
    const ids = await uploadTexts(tnvedFixture, ['tnved1.txt', 'TNVED2.TXT', 'TNVED3.TXT', 'Tnved4.Txt']);
    const res = await enqueue(ids);
    expect(res.statusCode, res.body).toBe(201);
    // The text files live on in the archive the job reads, one temporary upload.
    expect(await ctx.database.db.select().from(files).where(inArray(files.id, ids))).toEqual([]);
    expect(await ctx.app.queue.drain()).toBe(1);
    const job = await jobOf(res.json().data.id);
    expect(job).toMatchObject({ state: 'done', error: null });
    expect(await stored()).toBeGreaterThan(before);
    expect(await state()).toMatchObject({ loaded: true, codes: 47 });
    expect((await state()).files).toContainEqual({ file: 'TNVED4', version: '124', date: '2023-09-15' });
  });

  it('refuses a file in another encoding or cut short naming file and line: no job, nothing written', async () => {
    const before = { entries: await stored(), jobs: await jobCount() };
    const utf8 = await enqueue(
      await uploadTexts({ ...tnvedFixture, TNVED2: Buffer.from(cp866Text(tnvedFixture.TNVED2), 'utf8') }),
    );
    expect(utf8.statusCode).toBe(400);
    expect(errorsOf(utf8)).toEqual({ 'files.TNVED2.lines.2': [M.encoding] });

    const tnved4 = tnvedFixture.TNVED4;
    const lines = cp866Text(tnved4).split('\r\n').length - 1;
    const cut = await enqueue([
      await upload(
        'TNVED.ZIP',
        tnvedZipOf({ ...tnvedFixture, TNVED4: tnved4.subarray(0, tnved4.length - 30) }),
      ),
    ]);
    expect(cut.statusCode).toBe(400);
    expect(errorsOf(cut)).toEqual({ [`files.TNVED4.lines.${lines}`]: [M.cut] });

    expect(errorsOf(await enqueue([await upload('TNVED.ZIP', Buffer.from('not a zip'))]))).toEqual({
      file: [M.notZip],
    });
    expect({ entries: await stored(), jobs: await jobCount() }).toEqual(before);
  });

  it('refuses files that are not the distribution by their names, or one twice, naming each', async () => {
    const before = await jobCount();
    const refused = await enqueue([
      await upload('TNVED1.TXT', tnvedFixture.TNVED1),
      await upload('readme.txt', Buffer.from('readme')),
      await upload('TNVED1.TXT', tnvedFixture.TNVED1),
    ]);
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)).toEqual({ 'fileIds.1': [M.fileName], 'fileIds.2': [M.fileName] });
    const missing = await enqueue([await upload('TNVED1.TXT', tnvedFixture.TNVED1)]);
    expect(errorsOf(missing)).toEqual({ file: [M.fileMissing] });
    // Someone else's upload is not the caller's to load.
    const theirs = await upload('TNVED.ZIP', tnvedZipOf(tnvedFixture), reader);
    expect((await enqueue([theirs])).statusCode).toBe(400);
    expect(await jobCount()).toBe(before);
  });
});

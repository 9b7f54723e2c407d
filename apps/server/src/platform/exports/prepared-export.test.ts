import { once } from 'node:events';
import { existsSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { EXPORT_MESSAGES, MAX_EXPORT_ROWS } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/connection';
import { EDIT_ALL, type Entity, setUpOperations } from '../../test/operations-world';
import { sheetRows } from '../../test/reports-world';
import { type SignedIn, signIn } from '../../test/users';
import { ownerPrincipal } from '../auth/owner';
import { fileStorageOf } from '../files/routes';
import { removeOldJobs } from '../jobs/service';
import { backgroundJobs } from '../jobs/tables';
import type { ExportQuery } from '../resources/service/types';
import { XlsxStreamWriter } from './xlsx-stream';

/**
 * Exports prepared in the background (issue 32, spec §2 `/export`, `/prepared-exports`): the rows its owner
 * reads, as his list shows them, read by keyset page after page, into a file only he downloads.
 */

const ops = setUpOperations();
let admin: SignedIn;
let seller: SignedIn;
let sold: Entity[];
let notMine: Entity;

const prepare = (who: SignedIn, body: Record<string, unknown>) =>
  ops.call('POST', '/api/prepared-exports', who, { lang: 'en', ...body });

/** Queues, runs and downloads `who`'s export; answers the job and the sheet's rows. */
async function prepared(who: SignedIn, body: Record<string, unknown>) {
  const queued = await prepare(who, body);
  expect(queued.statusCode, queued.body).toBe(201);
  expect(await ops.ctx.app.queue.drain()).toBe(1);
  const job = (await ops.call('GET', `/api/background-jobs/${queued.json().data.id}`, who)).json().data;
  expect(job.state, job.error).toBe('done');
  const file = await ops.call('GET', job.result.downloadLink, who);
  expect(file.statusCode).toBe(200);
  return { job, rows: await sheetRows(file.rawPayload) };
}

beforeAll(async () => {
  admin = await signIn(ops.ctx, EDIT_ALL);
  seller = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_OWN']);
  const client = await ops.world.counterparty();
  sold = [];
  for (let i = 0; i < 5; i++) sold.push(await ops.createOrder(admin, client, { sellerId: seller.user.id }));
  notMine = await ops.createOrder(admin, client);
});

describe('a prepared export', () => {
  it("holds what its owner's list holds: his scope, the list's order and columns, his language", async () => {
    const { job, rows } = await prepared(seller, {
      resource: 'order',
      query: { columns: 'number', sort: 'id', order: 'desc' },
    });
    expect(job).toMatchObject({
      kind: 'prepared-export',
      label: 'Orders',
      progress: 100,
      progressMessage: EXPORT_MESSAGES.written,
      progressParams: { count: 5 },
      result: { name: expect.stringMatching(/^Orders \d{4}-\d{2}-\d{2}\.xlsx$/) },
    });
    expect(rows[0]).toEqual(['Number']);
    expect(rows.slice(1).map(([n]) => Number(n))).toEqual(sold.map((o) => o.id).reverse());
    expect(rows.flat().map(Number)).not.toContain(notMine.id);
  });

  it('is read by keyset a page at a time, in the order of the list, every row once', async () => {
    const auth = await ownerPrincipal(ops.db, admin.user.id, ops.ctx.app.registries);
    const ctx = { tx: ops.db, registries: ops.ctx.app.registries, auth };
    const service = ops.ctx.app.registries.resources
      .all()
      .find((r) => r.descriptor.name === 'order')!.service;
    const query = service.schemas.exportQuery.parse({ sort: 'createdAt', order: 'desc' }) as ExportQuery;
    const selection = service.exportSelection(ctx, query);
    const pages: number[][] = [];
    for await (const page of selection.pages(2)) pages.push(page.map((order) => order.id as number));
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2]);
    const listed = await ops.call('GET', '/api/tms/orders?sort=createdAt&order=desc&itemsPerPage=100', admin);
    expect(pages.flat()).toEqual(listed.json().data.collection.map((o: Entity) => o.id));
    expect(await selection.count()).toBe(6);
  });

  it('offers the lists the user may read', async () => {
    const names = async (who: SignedIn) =>
      (await ops.call('GET', '/api/prepared-exports/resources', who))
        .json()
        .data.map((r: { name: string }) => r.name);
    expect(await names(seller)).toContain('order');
    expect(await names(seller)).not.toContain('job');
    expect(await names(admin)).toContain('job');
  });

  it('is downloaded by its owner alone', async () => {
    const { job } = await prepared(admin, { resource: 'order', query: { columns: 'number' } });
    expect((await ops.call('GET', job.result.downloadLink, seller)).statusCode).toBe(404);
    expect((await ops.call('GET', `/api/background-jobs/${job.id}`, seller)).statusCode).toBe(404);
  });

  it('is refused when asked, not in a job that would fail: a list he may not read, a bad column, a fourth at once', async () => {
    const nobody = await signIn(ops.ctx, []);
    expect((await prepare(nobody, { resource: 'order', query: {} })).statusCode).toBe(403);
    expect((await prepare(admin, { resource: 'no-such-list', query: {} })).statusCode).toBe(404);
    const column = await prepare(admin, { resource: 'order', query: { columns: 'number,secret' } });
    expect(column.statusCode).toBe(400);
    for (let i = 0; i < 3; i++)
      expect((await prepare(admin, { resource: 'order', query: {} })).statusCode).toBe(201);
    const fourth = await prepare(admin, { resource: 'order', query: {} });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(EXPORT_MESSAGES.tooManyActive);
    expect(await ops.ctx.app.queue.drain()).toBe(3);
  });

  it('is listed among its owner jobs by kind, and goes after the days it is kept', async () => {
    const listed = await ops.call('GET', '/api/background-jobs?kind=prepared-export,report-export', admin);
    const exports = listed.json().data.collection as { kind: string; finishedAt: string }[];
    expect(exports.length).toBe(4);
    expect(new Set(exports.map((job) => job.kind))).toEqual(new Set(['prepared-export']));
    const [other] = await ops.db
      .insert(backgroundJobs)
      .values({
        kind: 'document-generation',
        payload: {},
        maxAttempts: 3,
        userId: admin.user.id,
        state: 'done',
        finishedAt: new Date(),
      })
      .returning();
    const now = new Date(Date.parse(exports[0]!.finishedAt) + 3 * 86_400_000);
    // The seller's export goes too: every export is kept the same days.
    expect(await removeOldJobs(ops.db, fileStorageOf(ops.ctx.config), now, 2)).toBe(5);
    const left = await ops.call('GET', '/api/background-jobs', admin);
    expect(left.json().data.collection.map((job: { id: number }) => job.id)).toEqual([other!.id]);
  });
});

describe('a prepared export cancelled while it runs', () => {
  it('stops after the page in hand, removes its partial file and offers no file', async () => {
    const owner = await signIn(ops.ctx, EDIT_ALL);
    const { registries } = ops.ctx.app;
    const service = registries.resources.all().find((r) => r.descriptor.name === 'order')!.service;
    // The list read two orders a page (six orders: three pages), each page read counted.
    const pagesRead: number[] = [];
    const select = service.exportSelection.bind(service);
    const selection = vi.spyOn(service, 'exportSelection').mockImplementation((ctx, query) => {
      const chosen = select(ctx, query);
      return {
        ...chosen,
        async *pages() {
          for await (const page of chosen.pages(2)) {
            pagesRead.push(page.length);
            yield page;
          }
        },
      };
    });
    // The file the job writes, and the job held while its first page is made, until the owner has cancelled.
    const written: string[] = [];
    const streams: WriteStream[] = [];
    const begin = XlsxStreamWriter.prototype.begin;
    const writer = vi.spyOn(XlsxStreamWriter.prototype, 'begin').mockImplementation(function (this: unknown) {
      const { out } = this as { out: WriteStream };
      streams.push(out);
      written.push(String(out.path));
      return begin.call(this as XlsxStreamWriter);
    });
    let atFirstPage!: () => void;
    const reached = new Promise<void>((resolve) => {
      atFirstPage = resolve;
    });
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const work = registries.workers.run.bind(registries.workers);
    const workers = vi.spyOn(registries.workers, 'run').mockImplementation(async (task, input) => {
      if (task === 'exports.sheet-rows') {
        atFirstPage();
        await held;
      }
      return work(task, input as never);
    });
    try {
      const queued = await prepare(owner, { resource: 'order', query: { columns: 'number' } });
      expect(queued.statusCode, queued.body).toBe(201);
      const id = queued.json().data.id as number;
      const running = ops.ctx.app.queue.drain();
      await reached;
      // The stream opens its file on a later turn: on a loaded machine it was not open yet at the first page.
      if (streams[0]!.pending) await once(streams[0]!, 'ready');
      expect(existsSync(written[0]!)).toBe(true);
      const cancel = await ops.call('POST', `/api/background-jobs/${id}/cancel`, owner);
      expect(cancel.json().data).toMatchObject({ state: 'running', cancelRequested: true });
      letGo();
      expect(await running).toBe(1);

      const job = (await ops.call('GET', `/api/background-jobs/${id}`, owner)).json().data;
      expect(job).toMatchObject({ state: 'cancelled', cancelRequested: true, result: null });
      // The page in hand was written, the next never read; the partial workbook and its folder are gone.
      expect(pagesRead).toEqual([2]);
      expect(existsSync(written[0]!)).toBe(false);
      expect(existsSync(path.dirname(written[0]!))).toBe(false);
      const [stored] = await rowsOf<{ n: number }>(
        ops.db,
        sql`SELECT count(*)::int AS n FROM files WHERE owner_type = 'background_job' AND owner_id = ${id}`,
      );
      expect(stored!.n).toBe(0);
      const listed = await ops.call('GET', '/api/background-jobs?kind=prepared-export', owner);
      expect(listed.json().data.collection).toEqual([
        expect.objectContaining({ id, state: 'cancelled', result: null }),
      ]);
    } finally {
      letGo();
      workers.mockRestore();
      writer.mockRestore();
      selection.mockRestore();
    }
  });
});

describe("a list's own export", () => {
  it(`is refused over ${MAX_EXPORT_ROWS} rows, to be prepared in the background instead`, {
    timeout: 60_000,
  }, async () => {
    const [{ n }] = (await rowsOf<{ n: number }>(
      ops.db,
      sql`SELECT count(*)::int AS n FROM service_offices`,
    )) as [{ n: number }];
    await ops.db.execute(
      sql`INSERT INTO service_offices (name, code) SELECT 'Офис ' || g, 'X' || g FROM generate_series(1, ${MAX_EXPORT_ROWS + 1 - n}) g`,
    );
    const reader = await signIn(ops.ctx, []);
    const over = await ops.call('GET', '/api/settings/service-offices/export?columns=code', reader);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(EXPORT_MESSAGES.tooManyRows);
  });
});

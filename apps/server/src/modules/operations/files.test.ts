import { APPLICATION_FILE_TAG, FILE_TAG_MESSAGES, OPERATION_MESSAGES as M, MESSAGES } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '../../platform/files/service';
import { files, fileTagTypes } from '../../platform/files/tables';
import { EDIT_ALL, type Entity, errorsOf, setUpOperations } from '../../test/operations-world';
import { type SignedIn, signIn } from '../../test/users';
import { systemOptions } from '../options';
import { moveToColdStorage, operationFilesColdStorageJob } from './files';
import { jobs, orders } from './tables';

const ops = setUpOperations();
let manager: SignedIn;
let viewer: SignedIn;
let stranger: SignedIn;
let archivist: SignedIn;
let client: number;
let cmr: number;
let invoice: number;
let retired: number;
let application: number;

function multipart(name: string, content: string) {
  const boundary = '----tms-files-boundary';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A temporary upload of `who`; answers its id. */
async function upload(who: SignedIn, name = 'CMR.pdf', content = 'pdf'): Promise<number> {
  const body = multipart(name, content);
  const res = await ops.ctx.app.inject({
    method: 'POST',
    url: '/api/file-management/files/temporary',
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function tagType(code: string, enabled = true): Promise<number> {
  const [row] = await ops.db
    .insert(fileTagTypes)
    .values({ code, name: `Тег ${code}`, nameEn: `Tag ${code}`, color: '#228be6', enabled })
    .returning();
  return row!.id;
}

const filesOf = (path: string, who: SignedIn = manager) => ops.call('GET', `${path}/files`, who);
const attach = (path: string, who: SignedIn, fileIds: number[], tagTypeIds: number[] = []) =>
  ops.call('POST', `${path}/files`, who, { fileIds, tagTypeIds });
const orderPath = (order: Entity) => `/api/tms/orders/${order.id}`;

async function lockOrder(id: number, set: Partial<typeof orders.$inferInsert>) {
  await ops.db.update(orders).set(set).where(eq(orders.id, id));
}

beforeAll(async () => {
  manager = await signIn(ops.ctx, EDIT_ALL, { contactName: 'Иван Менеджер' });
  viewer = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_ALL', 'ROLE_JOB_VIEW_ALL']);
  stranger = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_OWN', 'ROLE_ORDER_EDIT_OWN']);
  archivist = await signIn(ops.ctx, [...EDIT_ALL, 'ROLE_ARCHIVED_OPERATION_FILE_UPLOAD']);
  client = await ops.world.counterparty();
  cmr = await tagType('CMR');
  invoice = await tagType('INVOICE');
  retired = await tagType('RETIRED', false);
  const [app] = await ops.db.select().from(fileTagTypes).where(eq(fileTagTypes.code, APPLICATION_FILE_TAG));
  application = app!.id;
});

describe('files of orders and jobs', () => {
  it('attaches uploads with tags, lists them and logs the change without touching the version', async () => {
    const order = await ops.createOrder(manager, client);
    const first = await upload(manager, 'CMR.pdf', 'cmr content');
    const second = await upload(manager, 'Счёт.pdf');
    const res = await attach(orderPath(order), manager, [first, second], [cmr, invoice]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.total).toBe(2);

    const list = (await filesOf(orderPath(order), viewer)).json().data;
    expect(list.total).toBe(2);
    const cmrFile = list.collection.find((f: { id: number }) => f.id === first);
    expect(cmrFile).toMatchObject({
      description: 'CMR.pdf',
      coldStorage: false,
      uploadedById: manager.user.id,
      uploadedByName: 'Иван Менеджер',
      downloadLink: `/api/file-management/files/${first}/download`,
    });
    expect(cmrFile.tags.map((t: { code: string }) => t.code).sort()).toEqual(['CMR', 'INVOICE']);
    expect(cmrFile.tags[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), name: expect.any(String), color: '#228be6' }),
    );

    // Whoever reads the order downloads its files.
    const download = await ops.ctx.app.inject({
      method: 'GET',
      url: cmrFile.downloadLink,
      headers: viewer.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('cmr content');

    const stored = (await ops.call('GET', orderPath(order), manager)).json().data;
    expect(stored.version).toBe(order.version);
    const history = (await ops.call('GET', `${orderPath(order)}/history`, manager)).json().data.collection;
    expect(history[0].changes.files.new).toEqual(
      expect.arrayContaining(['CMR.pdf (CMR, INVOICE)', 'Счёт.pdf (CMR, INVOICE)']),
    );
  });

  it('refuses a file already attached by name and content, and a repeat within one upload; attaches a new version or another name', async () => {
    const order = await ops.createOrder(manager, client);
    expect(
      (await attach(orderPath(order), manager, [await upload(manager, 'CMR.pdf', 'signed')])).statusCode,
    ).toBe(201);

    const again = await attach(orderPath(order), manager, [await upload(manager, 'CMR.pdf', 'signed')]);
    expect(again.statusCode, again.body).toBe(400);
    expect(errorsOf(again)).toEqual({ fileIds: [FILE_MESSAGES.alreadyAttached] });
    // One of several: its index says which, and nothing of the upload is attached.
    const batch = await attach(orderPath(order), manager, [
      await upload(manager, 'Счёт.pdf', 'invoice'),
      await upload(manager, 'Счёт.pdf', 'invoice'),
    ]);
    expect(errorsOf(batch)).toEqual({ 'fileIds.1': [FILE_MESSAGES.alreadyAttached] });
    expect((await filesOf(orderPath(order))).json().data.total).toBe(1);

    const corrected = await upload(manager, 'CMR.pdf', 'signed and stamped');
    const copy = await upload(manager, 'CMR-копия.pdf', 'signed');
    const other = await attach(orderPath(order), manager, [corrected, copy]);
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().data.total).toBe(3);
    // The same file goes to another order.
    const next = await ops.createOrder(manager, client);
    expect(
      (await attach(orderPath(next), manager, [await upload(manager, 'CMR.pdf', 'signed')])).statusCode,
    ).toBe(201);
  });

  it('answers 404 outside the read scope, 403 without the edit scope', async () => {
    const order = await ops.createOrder(manager, client);
    const mine = await upload(manager);
    await attach(orderPath(order), manager, [mine]);

    expect((await filesOf(orderPath(order), stranger)).statusCode).toBe(404);
    expect((await attach(orderPath(order), stranger, [await upload(stranger)])).statusCode).toBe(404);
    const download = await ops.ctx.app.inject({
      method: 'GET',
      url: `/api/file-management/files/${mine}/download`,
      headers: stranger.headers,
    });
    expect(download.statusCode).toBe(404);

    expect((await attach(orderPath(order), viewer, [await upload(viewer)])).statusCode).toBe(403);
    const edit = await ops.call('PUT', `${orderPath(order)}/files/${mine}`, viewer, { tagTypeIds: [] });
    expect(edit.statusCode).toBe(403);
    expect((await ops.call('DELETE', `${orderPath(order)}/files/${mine}`, viewer)).statusCode).toBe(403);
  });

  it("refuses someone else's temporary upload, unknown and disabled tag types, and changes nothing", async () => {
    const order = await ops.createOrder(manager, client);
    const others = await upload(viewer);
    const foreign = await attach(orderPath(order), manager, [others]);
    expect(foreign.statusCode).toBe(400);
    expect(errorsOf(foreign)).toEqual({ fileIds: [FILE_MESSAGES.notAvailable] });

    const own = await upload(manager);
    const tags = await attach(orderPath(order), manager, [own], [cmr, 999_999, retired]);
    expect(tags.statusCode).toBe(400);
    expect(errorsOf(tags)).toEqual({
      'tagTypeIds.1': [MESSAGES.invalid],
      'tagTypeIds.2': [FILE_TAG_MESSAGES.disabled],
    });
    const [row] = await ops.db.select().from(files).where(eq(files.id, own));
    expect(row!.temporary).toBe(true);
    expect((await filesOf(orderPath(order))).json().data.total).toBe(0);

    const empty = await attach(orderPath(order), manager, []);
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(errorsOf(empty))).toEqual(['fileIds']);
  });

  it('renames and retags a file, keeps a tag disabled since, and removes a file', async () => {
    const order = await ops.createOrder(manager, client);
    const other = await ops.createOrder(manager, client);
    const id = await upload(manager, 'scan.pdf');
    const kept = await tagType('KEPT');
    await attach(orderPath(order), manager, [id], [kept]);
    await ops.db.update(fileTagTypes).set({ enabled: false }).where(eq(fileTagTypes.id, kept));

    const res = await ops.call('PUT', `${orderPath(order)}/files/${id}`, manager, {
      description: 'Акт.pdf',
      tagTypeIds: [kept, invoice],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.description).toBe('Акт.pdf');
    expect(
      res
        .json()
        .data.tags.map((t: { code: string }) => t.code)
        .sort(),
    ).toEqual(['INVOICE', 'KEPT']);

    const disabled = await ops.call('PUT', `${orderPath(order)}/files/${id}`, manager, {
      tagTypeIds: [retired],
    });
    expect(errorsOf(disabled)).toEqual({ 'tagTypeIds.0': [FILE_TAG_MESSAGES.disabled] });
    const blank = await ops.call('PUT', `${orderPath(order)}/files/${id}`, manager, {
      description: ' ',
      tagTypeIds: [],
    });
    expect(blank.statusCode).toBe(400);

    // The file belongs to another order: not found there.
    expect(
      (await ops.call('PUT', `${orderPath(other)}/files/${id}`, manager, { tagTypeIds: [] })).statusCode,
    ).toBe(404);
    expect((await ops.call('DELETE', `${orderPath(other)}/files/${id}`, manager)).statusCode).toBe(404);

    const removed = await ops.call('DELETE', `${orderPath(order)}/files/${id}`, manager);
    expect(removed.statusCode).toBe(200);
    expect((await filesOf(orderPath(order))).json().data.total).toBe(0);
    expect(await ops.db.select().from(files).where(eq(files.id, id))).toHaveLength(0);
  });

  it('takes files into an archived or finance-locked order only with the archived-upload role', async () => {
    const order = await ops.createOrder(manager, client);
    const existing = await upload(manager);
    await attach(orderPath(order), manager, [existing]);
    for (const lock of [
      { archived: true, archivedAt: new Date() },
      { archived: false, financeControlStatus: 'ACCEPTED' as const },
    ]) {
      await lockOrder(order.id, lock);
      const refused = await attach(orderPath(order), manager, [await upload(manager)]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.errors).toEqual([M.locked]);
      const edit = await ops.call('PUT', `${orderPath(order)}/files/${existing}`, manager, {
        tagTypeIds: [cmr],
      });
      expect(edit.json().errors.errors).toEqual([M.locked]);
      expect((await ops.call('DELETE', `${orderPath(order)}/files/${existing}`, manager)).statusCode).toBe(
        400,
      );

      // Another document each time: the same name and content again would be refused as already attached.
      const allowed = await attach(orderPath(order), archivist, [
        await upload(archivist, `Акт ${lock.archived}.pdf`),
      ]);
      expect(allowed.statusCode, allowed.body).toBe(201);
      await lockOrder(order.id, { archived: false, archivedAt: null, financeControlStatus: 'NOT_READY' });
    }
    expect((await filesOf(orderPath(order))).json().data.total).toBe(3);
  });

  it('keeps the files of a job apart from its order', async () => {
    const order = await ops.createOrder(manager, client);
    const job = await ops.createJob(manager, [order.id]);
    const res = await attach(`/api/tms/jobs/${job.id}`, manager, [await upload(manager, 'POD.pdf')], [cmr]);
    expect(res.statusCode, res.body).toBe(201);
    expect((await filesOf(`/api/tms/jobs/${job.id}`, viewer)).json().data.collection[0].description).toBe(
      'POD.pdf',
    );
    expect((await filesOf(orderPath(order))).json().data.total).toBe(0);
  });
});

describe('cold storage', () => {
  it('flags files of operations archived long enough ago, once, and refuses their download', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const old = await ops.createOrder(manager, client);
    const recent = await ops.createOrder(manager, client);
    const open = await ops.createOrder(manager, client);
    const oldJob = await ops.createJob(manager, [open.id]);
    const ids: Record<string, number> = {};
    for (const [name, path] of [
      ['old', orderPath(old)],
      ['recent', orderPath(recent)],
      ['open', orderPath(open)],
      ['job', `/api/tms/jobs/${oldJob.id}`],
    ] as const) {
      ids[name] = await upload(manager, `${name}.pdf`);
      await attach(path, manager, [ids[name]!], [application]);
    }
    await lockOrder(old.id, { archived: true, archivedAt: new Date(Date.now() - 400 * DAY) });
    await lockOrder(recent.id, { archived: true, archivedAt: new Date(Date.now() - 10 * DAY) });
    await ops.db
      .update(jobs)
      .set({ archived: true, archivedAt: new Date(Date.now() - 400 * DAY) })
      .where(eq(jobs.id, oldJob.id));
    // A temporary upload is never moved.
    const temporary = await upload(manager);

    await ops.runJob(operationFilesColdStorageJob);
    const cold = async (id: number) =>
      (await ops.db.select().from(files).where(eq(files.id, id)))[0]!.coldStorage;
    expect(await cold(ids.old!)).toBe(true);
    expect(await cold(ids.job!)).toBe(true);
    expect(await cold(ids.recent!)).toBe(false);
    expect(await cold(ids.open!)).toBe(false);
    expect(await cold(temporary)).toBe(false);
    expect(await moveToColdStorage(ops.db, 365)).toBe(0);

    // The option decides: with 5 days the recently archived order's file goes too.
    await ops.db.update(systemOptions).set({ coldStorageAfterDays: 5 });
    await ops.runJob(operationFilesColdStorageJob);
    expect(await cold(ids.recent!)).toBe(true);

    const listed = (await filesOf(orderPath(old))).json().data.collection[0];
    expect(listed.coldStorage).toBe(true);
    const download = await ops.ctx.app.inject({
      method: 'GET',
      url: listed.downloadLink,
      headers: manager.headers,
    });
    expect(download.statusCode).toBe(400);
    expect(download.json().errors.errors).toEqual([FILE_MESSAGES.coldStorage]);
  });
});

import { COUNTERPARTY_MESSAGES, IMPORT_MESSAGES, DATA_IMPORT_MESSAGES as M } from '@tms/domain';
import { asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { LEASE_MS } from '../../platform/jobs/queue';
import { backgroundJobs } from '../../platform/jobs/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { createOrder, EDIT_ALL, type OperationsWorld, operationsWorld } from '../../test/operations-world';
import { currencyId, insertBank, insertLegalEntity } from '../../test/reference-rows';
import { type SignedIn, signIn } from '../../test/users';
import { counterparties } from '../counterparties';
import { bills } from '../finance';
import { jobs } from '../operations';
import { CHUNK_ROWS } from './import';
import { dataImportRuns } from './tables';

let now = new Date('2026-03-02T09:00:00Z');
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

const ROLES = [
  'ROLE_DATA_IMPORT',
  'ROLE_COUNTERPARTY_VIEW_ALL',
  'ROLE_COUNTERPARTY_EDIT_ALL',
  'ROLE_COUNTERPARTY_SET_TYPE',
  'ROLE_COUNTERPARTY_NAME_EDIT',
  'ROLE_BILL_VIEW_ALL',
  'ROLE_BILL_CREATE',
  'ROLE_BILL_EDIT_ALL',
  ...EDIT_ALL,
];

const COUNTERPARTY_COLUMNS = [
  { field: 'inn', header: 'ИНН', alternates: ['INN'] },
  { field: 'name', header: 'Наименование', alternates: ['Name', 'Название'] },
  { field: 'kpp', header: 'КПП', alternates: [] },
  { field: 'countryId', header: 'Страна', alternates: ['Country'], lookup: 'code' },
  { field: 'client', header: 'Клиент', alternates: ['Client'] },
  { field: 'contact.name', header: 'Контакт', alternates: [] },
  { field: 'contact.phone', header: 'Телефон', alternates: [] },
];

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Windows-1251 bytes of a text of Russian and ASCII letters. */
function encode1251(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code >= 0x410 && code <= 0x44f) bytes.push(code - 0x410 + 0xc0);
    else if (code === 0x401) bytes.push(0xa8);
    else if (code === 0x451) bytes.push(0xb8);
    else throw new Error(`not in the test's 1251 table: ${char}`);
  }
  return Buffer.from(bytes);
}

async function xlsx(rows: (string | number)[][], edit?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Лист1');
  for (const row of rows) sheet.addRow(row);
  edit?.(sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('data import', { timeout: 180_000 }, () => {
  let ctx: TestContext;
  let user: SignedIn;
  let world: OperationsWorld;
  let descriptionId: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = user) =>
    ctx.app.inject({ method, url, headers: who.headers, payload });

  const upload = async (name: string, content: Buffer, who = user) => {
    const body = multipart(name, content);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/file-management/files/temporary',
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };

  /** The dry run of a file: a job, run by the queue, whose answer its run keeps for its owner. */
  const preview = async (id: number, fileId: number, extra: object = {}) => {
    const res = await call('POST', `/api/data-import/descriptions/${id}/preview`, { fileId, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.preview).toBeNull();
    expect(await ctx.app.queue.drain()).toBe(1);
    const check = await call('GET', `/api/data-import/runs/${res.json().data.runId}/check`);
    expect(check.statusCode, check.body).toBe(200);
    return check.json().data.preview;
  };

  const describeImport = async (body: object) => {
    const res = await call('POST', '/api/data-import/descriptions', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };

  const byInn = async (inn: string) =>
    (await ctx.database.db.select().from(counterparties).where(eq(counterparties.inn, inn)))[0];

  beforeAll(async () => {
    ctx = await createTestApp({}, [], clock);
    user = await signIn(ctx, ROLES);
    world = await operationsWorld(ctx);
    descriptionId = await describeImport({
      name: 'Контрагенты из 1С',
      target: 'counterparties',
      mode: 'upsert',
      matchKey: 'inn',
      columns: COUNTERPARTY_COLUMNS,
    });
  });
  afterAll(() => ctx?.close());

  describe('descriptions', () => {
    it('offers every target with its fields, a counterparty with its contact and bank account', async () => {
      const res = await call('GET', '/api/data-import/targets');
      expect(res.statusCode).toBe(200);
      const targets = res.json().data as {
        target: string;
        resource: string | null;
        fields: { name: string }[];
      }[];
      const names = (target: string) => targets.find((t) => t.target === target)!.fields.map((f) => f.name);
      expect(names('counterparties')).toEqual(
        expect.arrayContaining(['inn', 'name', 'countryId', 'contact.name', 'bankAccount.iban']),
      );
      expect(names('orderCargo')).toEqual(expect.arrayContaining(['weight', 'placeCount', 'tnvedCode']));
      expect(targets.some((t) => t.target === 'resource' && t.resource === 'country')).toBe(true);
    });

    it('refuses a description whose columns the target does not take, or whose key is not mapped', async () => {
      const res = await call('POST', '/api/data-import/descriptions', {
        name: 'Неверное',
        target: 'counterparties',
        mode: 'update',
        matchKey: 'ogrn',
        columns: [
          { field: 'nope', header: 'X' },
          { field: 'name', header: 'Имя', lookup: 'code' },
          { field: 'name', header: 'Имя2' },
        ],
      });
      expect(res.statusCode).toBe(400);
      const errors = res.json().errors.children;
      expect(errors.columns.children['0'].children.field.errors).toEqual([M.unknownField]);
      expect(errors.columns.children['1'].children.lookup.errors).toEqual([M.lookupNotReference]);
      expect(errors.columns.children['2'].children.field.errors).toEqual([M.duplicateField]);
      expect(errors.matchKey.errors).toEqual([M.matchKeyUnmapped]);
    });

    it('is for the holders of the data import role', async () => {
      const other = await signIn(ctx, ['ROLE_COUNTERPARTY_EDIT_ALL']);
      expect((await call('GET', '/api/data-import/descriptions', undefined, other)).statusCode).toBe(403);
      expect((await call('GET', '/api/data-import/targets', undefined, other)).statusCode).toBe(403);
    });

    it('downloads its template: its headers, each column kept as text', async () => {
      const res = await call('GET', `/api/data-import/descriptions/${descriptionId}/template`);
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(
        COUNTERPARTY_COLUMNS.map((c) => c.header),
      );
      expect(sheet.getColumn(1).numFmt).toBe('@');
    });
  });

  describe('files', () => {
    it('imports a UTF-8 CSV with a BOM: a dry run first, then the run in the job queue; INN keeps its zero', async () => {
      const csv =
        'ИНН;Наименование;КПП;Страна;Клиент;Контакт;Телефон\n0274062111;БАШТЕХСНАБ;027401001;RU;да;Иван Петров;+7 900 000-00-00\n7707083893;Сбер;773601001;RU;+;;\n';
      const fileId = await upload('counterparties.csv', Buffer.concat([BOM, Buffer.from(csv)]));
      const before = (await ctx.database.db.select().from(counterparties)).length;
      const dry = await preview(descriptionId, fileId);
      expect(dry.errorCount, JSON.stringify(dry.errors)).toBe(0);
      expect(dry.counts).toMatchObject({ create: 2, error: 0 });
      expect(dry.rows[0].values.inn).toBe('0274062111');
      expect(dry.columns.map((c: { field: string | null }) => c.field)).toEqual([
        'inn',
        'name',
        'kpp',
        'countryId',
        'client',
        'contact.name',
        'contact.phone',
      ]);
      // The dry run wrote nothing.
      expect((await ctx.database.db.select().from(counterparties)).length).toBe(before);
      const run = await call('POST', `/api/data-import/descriptions/${descriptionId}/runs`, { fileId });
      expect(run.statusCode, run.body).toBe(201);
      expect(await ctx.app.queue.drain()).toBe(1);
      const [job] = await ctx.database.db
        .select()
        .from(backgroundJobs)
        .where(eq(backgroundJobs.id, run.json().data.jobId));
      expect(job).toMatchObject({ state: 'done', progress: 100 });
      const bash = await byInn('0274062111');
      expect(bash).toMatchObject({ name: 'БАШТЕХСНАБ', kpp: '027401001', client: true });
      const contacts = await call('GET', `/api/counterparty-contacts?counterpartyId=${bash!.id}`);
      expect(contacts.json().data.collection).toMatchObject([
        { name: 'Иван Петров', phone: '+7 900 000-00-00' },
      ]);
      expect(await byInn('7707083893')).toMatchObject({ name: 'Сбер', client: true });
    });

    it('imports the same file once: sent again, it answers the run that imported it', async () => {
      const csv = 'ИНН;Наименование;Страна;Клиент\n7704217370;Ozon;RU;да\n';
      const content = Buffer.from(csv);
      const first = await call('POST', `/api/data-import/descriptions/${descriptionId}/runs`, {
        fileId: await upload('a.csv', content),
      });
      expect(first.statusCode, first.body).toBe(201);
      await ctx.app.queue.drain();
      const again = await call('POST', `/api/data-import/descriptions/${descriptionId}/runs`, {
        fileId: await upload('b.csv', content),
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toMatchObject({ id: first.json().data.id, duplicate: true });
      expect(await ctx.app.queue.drain()).toBe(0);
      const dry = await preview(descriptionId, await upload('c.csv', content));
      expect(dry.alreadyImported).toBe(true);
      expect(
        await ctx.database.db.select().from(counterparties).where(eq(counterparties.inn, '7704217370')),
      ).toHaveLength(1);
    });

    it('takes a file larger than one chunk from the reader by chunks: every row checked, then written', async () => {
      // Legal INNs of an unused tax office, their check digit computed.
      const inn = (serial: number) => {
        const body = `5903${String(serial).padStart(5, '0')}`;
        const weights = [2, 4, 10, 3, 5, 9, 4, 6, 8];
        const sum = weights.reduce((total, weight, i) => total + weight * Number(body[i]), 0);
        return body + String((sum % 11) % 10);
      };
      const count = CHUNK_ROWS * 2 + 101;
      const lines = ['ИНН;Наименование;Страна;Клиент'];
      for (let i = 0; i < count; i++) lines.push(`${inn(i)};Чанк ${i};RU;да`);
      const fileId = await upload('chunks.csv', Buffer.from(`${lines.join('\n')}\n`));
      const dry = await preview(descriptionId, fileId);
      expect(dry.errorCount, JSON.stringify(dry.errors)).toBe(0);
      expect(dry.counts).toMatchObject({ create: count, error: 0 });
      expect(dry.hiddenRows).toBe(count - dry.rows.length);
      const run = await call('POST', `/api/data-import/descriptions/${descriptionId}/runs`, { fileId });
      expect(run.statusCode, run.body).toBe(201);
      expect(await ctx.app.queue.drain()).toBe(1);
      const [job] = await ctx.database.db
        .select()
        .from(backgroundJobs)
        .where(eq(backgroundJobs.id, run.json().data.jobId));
      expect(job).toMatchObject({
        state: 'done',
        progress: 100,
        progressParams: { create: count, update: 0 },
      });
      const [written] = await rowsOf<{ n: number }>(
        ctx.database.db,
        sql`SELECT count(*)::int AS n FROM counterparties WHERE inn LIKE '5903%' AND name LIKE 'Чанк %'`,
      );
      expect(written!.n).toBe(count);
      expect(await byInn(inn(count - 1))).toMatchObject({ name: `Чанк ${count - 1}` });
    });

    it('imports the valid rows only when asked: the rows with errors skipped and counted, all or nothing otherwise', async () => {
      const fileId = await upload(
        'valid-rows.csv',
        Buffer.from('ИНН;Наименование;Страна;Клиент\n7740000076;МТС;RU;да\n7702070138;ВТБ;RU;да\n'),
      );
      const url = `/api/data-import/descriptions/${descriptionId}/runs`;
      // Not checked first: the run's job dry-runs the file (never the request), and its error fails the job.
      const unchecked = await call('POST', url, { fileId });
      expect(unchecked.statusCode, unchecked.body).toBe(201);
      expect(await ctx.app.queue.drain()).toBe(1);
      const [failed] = await ctx.database.db
        .select()
        .from(backgroundJobs)
        .where(eq(backgroundJobs.id, unchecked.json().data.jobId));
      expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
      expect(await byInn('7740000076')).toBeUndefined();
      // Checked, the run is refused in the request by the check's kept errors.
      expect((await preview(descriptionId, fileId)).errorCount).toBe(1);
      const whole = await call('POST', url, { fileId });
      expect(whole.statusCode, whole.body).toBe(400);
      expect(Object.keys(whole.json().errors.children.rows.children)).toEqual(['3']);
      const run = await call('POST', url, { fileId, validRowsOnly: true });
      expect(run.statusCode, run.body).toBe(201);
      expect(await ctx.app.queue.drain()).toBe(1);
      const [job] = await ctx.database.db
        .select()
        .from(backgroundJobs)
        .where(eq(backgroundJobs.id, run.json().data.jobId));
      expect(job).toMatchObject({
        state: 'done',
        progressMessage: M.jobDoneSkipped,
        progressParams: { create: 1, update: 0, skipped: 1 },
      });
      expect(await byInn('7740000076')).toMatchObject({ name: 'МТС' });
      expect(await byInn('7702070138')).toBeUndefined();
    });

    it('reads Windows-1251 without a BOM and upserts by INN: the known INN updated, a new one created', async () => {
      const csv =
        'INN,Name,Country,Client\r\n0274062111,Баштехснаб Уфа,RU,да\r\n7728168971,Альфа-Банк,RU,да\r\n';
      const fileId = await upload('cp1251.csv', encode1251(csv));
      const dry = await preview(descriptionId, fileId);
      expect(dry.errorCount, JSON.stringify(dry.errors)).toBe(0);
      expect(dry.counts).toMatchObject({ create: 1, update: 1 });
      const run = await call('POST', `/api/data-import/descriptions/${descriptionId}/runs`, { fileId });
      expect(run.statusCode, run.body).toBe(201);
      await ctx.app.queue.drain();
      expect(await byInn('0274062111')).toMatchObject({ name: 'Баштехснаб Уфа', kpp: '027401001' });
      expect(await byInn('7728168971')).toMatchObject({ name: 'Альфа-Банк' });
    });

    it('upserts a chunk together: the stored records and their contacts updated, a refused row in the middle answered by its cell', async () => {
      const first = await upload(
        'upsert-1.csv',
        Buffer.from(
          'ИНН;Наименование;КПП;Страна;Клиент;Контакт;Телефон\n' +
            '7701001012;Альфа;770101001;RU;да;Анна;+7 900 100-00-01\n' +
            '7701001020;Бета;770101001;RU;да;Борис;+7 900 100-00-02\n' +
            '7701001037;Гамма;770101001;RU;да;Вера;+7 900 100-00-03\n',
        ),
      );
      expect((await preview(descriptionId, first)).counts).toMatchObject({ create: 3, error: 0 });
      const created = await call('POST', `/api/data-import/descriptions/${descriptionId}/runs`, {
        fileId: first,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(await ctx.app.queue.drain()).toBe(1);
      const beta = await byInn('7701001020');

      const second = await upload(
        'upsert-2.csv',
        Buffer.from(
          'ИНН;Наименование;КПП;Страна;Клиент;Контакт;Телефон\n' +
            '7701001012;Альфа 2;770101001;RU;да;Анна;+7 900 200-00-01\n' +
            '7701001020;Бета 2;ABC;RU;да;Борис;+7 900 200-00-02\n' +
            '7701001044;Дельта;770101001;RU;да;Дина;+7 900 200-00-04\n' +
            '7701001037;Гамма 2;770101001;RU;да;Глеб;+7 900 200-00-03\n',
        ),
      );
      const dry = await preview(descriptionId, second);
      expect(dry.rows.map((r: { row: number; action: string }) => [r.row, r.action])).toEqual([
        [2, 'update'],
        [3, 'error'],
        [4, 'create'],
        [5, 'update'],
      ]);
      expect(dry.errors).toEqual([{ row: 3, field: 'kpp', value: 'ABC', message: expect.any(String) }]);
      const run = await call('POST', `/api/data-import/descriptions/${descriptionId}/runs`, {
        fileId: second,
        validRowsOnly: true,
      });
      expect(run.statusCode, run.body).toBe(201);
      expect(await ctx.app.queue.drain()).toBe(1);
      const [job] = await ctx.database.db
        .select()
        .from(backgroundJobs)
        .where(eq(backgroundJobs.id, run.json().data.jobId));
      expect(job).toMatchObject({ state: 'done', progressParams: { create: 1, update: 2, skipped: 1 } });
      const alpha = await byInn('7701001012');
      expect(alpha).toMatchObject({ name: 'Альфа 2' });
      // The refused row left its record as it was.
      expect(await byInn('7701001020')).toMatchObject({
        name: 'Бета',
        kpp: '770101001',
        version: beta!.version,
      });
      expect(await byInn('7701001044')).toMatchObject({ name: 'Дельта' });
      const contactsOf = async (id: number) =>
        (await call('GET', `/api/counterparty-contacts?counterpartyId=${id}&sort=name&order=asc`)).json().data
          .collection;
      // The contact of the same name updated, not made again; another name is a new contact.
      expect(await contactsOf(alpha!.id)).toMatchObject([{ name: 'Анна', phone: '+7 900 200-00-01' }]);
      const gamma = await byInn('7701001037');
      expect(gamma).toMatchObject({ name: 'Гамма 2' });
      expect((await contactsOf(gamma!.id)).map((c: { name: string }) => c.name)).toEqual(['Вера', 'Глеб']);
      // Each update logged as the API's would be, with what changed.
      const history = await call('GET', `/api/counterparties/${alpha!.id}/history`);
      expect(history.statusCode, history.body).toBe(200);
      expect(JSON.stringify(history.json().data)).toContain('Альфа 2');
    });

    it('reads UTF-8 without a BOM', async () => {
      const fileId = await upload(
        'plain.csv',
        Buffer.from('ИНН;Наименование;Страна\n7728168971;Альфа-Банк (АО);RU\n'),
      );
      const dry = await preview(descriptionId, fileId);
      expect(dry.rows[0]).toMatchObject({ action: 'update', values: { name: 'Альфа-Банк (АО)' } });
    });

    it('answers an XLSX with errors by cell, refuses to run it whole and gives its errors as XLSX', async () => {
      const bytes = await xlsx([
        ['ИНН', 'Наименование', 'Страна', 'Клиент'],
        ['7736207543', 'Яндекс', 'ZZ', 'да'],
        ['1234567890', 'Плохой ИНН', 'RU', 'да'],
        ['7736207543', '=HYPERLINK("http://x")', 'RU', 'да'],
        ['7710140679', 'Тинькофф', 'RU', 'да'],
      ]);
      const fileId = await upload('errors.xlsx', bytes);
      const before = (await ctx.database.db.select().from(counterparties)).length;
      const dry = await preview(descriptionId, fileId);
      expect(dry.counts).toMatchObject({ create: 1, error: 3 });
      const errors = dry.errors.map((e: { row: number; field?: string; message: string }) => [
        e.row,
        e.field,
        e.message,
      ]);
      expect(errors).toEqual(
        expect.arrayContaining([
          [2, 'countryId', M.referenceNotFound],
          [3, 'inn', expect.any(String)],
          [4, 'inn', M.duplicateKey],
        ]),
      );
      const run = await call('POST', `/api/data-import/descriptions/${descriptionId}/runs`, { fileId });
      expect(run.statusCode).toBe(400);
      expect(run.json().errors.children.rows.children['2'].children.countryId.errors).toEqual([
        M.referenceNotFound,
      ]);
      expect(await ctx.app.queue.drain()).toBe(0);
      expect((await ctx.database.db.select().from(counterparties)).length).toBe(before);

      const file = await call(
        'GET',
        `/api/data-import/descriptions/${descriptionId}/errors?fileId=${fileId}`,
      );
      expect(file.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const rows: string[][] = [];
      sheet.eachRow((row) => rows.push((row.values as string[]).slice(1).map(String)));
      expect(rows[0]).toEqual(['#', 'ИНН', 'Наименование', 'Страна', 'Клиент', 'Errors / Ошибки']);
      expect(rows.map((r) => r[0])).toEqual(['#', '2', '3', '4']);
      // A formula's text is kept as text, never computed by the spreadsheet.
      expect(rows[3]![2]).toBe('\'=HYPERLINK("http://x")');
      expect(rows[1]![5]).toContain(M.referenceNotFound);
    });

    it('dry-runs a file as a job with progress: its answer kept for its owner, the errors file its result', async () => {
      const fileId = await upload(
        'checked.csv',
        Buffer.from('ИНН;Наименование;Страна;Клиент\n7707329152;Сбер;ZZ;да\n7707329153;Плохой;RU;да\n'),
      );
      const errorsUrl = `/api/data-import/descriptions/${descriptionId}/errors?fileId=${fileId}`;
      // No dry run yet: the errors are not found by one in the request.
      const early = await call('GET', errorsUrl);
      expect(early.statusCode).toBe(404);
      const res = await call('POST', `/api/data-import/descriptions/${descriptionId}/preview`, { fileId });
      expect(res.statusCode, res.body).toBe(201);
      const { runId, jobId } = res.json().data;
      expect(res.json().data).toMatchObject({ fileId, fileName: 'checked.csv', preview: null });
      const url = `/api/data-import/runs/${runId}/check`;
      expect((await call('GET', url)).json().data).toMatchObject({ jobId, preview: null });
      expect((await call('GET', errorsUrl)).json()).toMatchObject({ code: 404, message: M.noCheck });
      // Another user's dry run is not his to read.
      const other = await signIn(ctx, ROLES);
      expect((await call('GET', url, undefined, other)).statusCode).toBe(404);
      expect(await ctx.app.queue.drain()).toBe(1);
      const [job] = await ctx.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, jobId));
      expect(job).toMatchObject({
        kind: 'data-import.preview',
        state: 'done',
        progress: 100,
        progressMessage: M.checkDone,
        progressParams: { count: 2, errors: 2 },
      });
      expect(job!.resultFileId).not.toBeNull();
      const answer = (await call('GET', url)).json().data;
      expect(answer.preview).toMatchObject({ counts: { error: 2 }, errorCount: 2, alreadyImported: false });
      expect(answer.preview.rows.map((r: { row: number }) => r.row)).toEqual([2, 3]);
      // The errors file is the dry run's, read again without another one.
      const file = await call('GET', errorsUrl);
      expect(file.statusCode).toBe(200);
      expect(await ctx.app.queue.drain()).toBe(0);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const rows: string[][] = [];
      book.worksheets[0]!.eachRow((row) => rows.push((row.values as string[]).slice(1).map(String)));
      expect(rows.map((r) => r[0])).toEqual(['#', '2', '3']);
      expect(rows[1]![5]).toContain(M.referenceNotFound);
      // Its run is refused with the errors its dry run found, and no job is made.
      const run = await call('POST', `/api/data-import/descriptions/${descriptionId}/runs`, { fileId });
      expect(run.statusCode).toBe(400);
      expect(Object.keys(run.json().errors.children.rows.children)).toEqual(['2', '3']);
      expect(await ctx.app.queue.drain()).toBe(0);
    });

    it('answers a file in another encoding than chosen, merged headers and too many rows for the file', async () => {
      const strict = await describeImport({
        name: 'Строго UTF-8, 2 строки',
        target: 'counterparties',
        mode: 'insert',
        matchKey: 'inn',
        encoding: 'utf-8',
        maxRows: 2,
        columns: COUNTERPARTY_COLUMNS.slice(0, 2),
      });
      const wrong = await preview(
        strict,
        await upload('1251.csv', encode1251('ИНН;Наименование\n7736207543;Яндекс\n')),
      );
      expect(wrong.errors).toEqual([{ row: 0, message: M.badEncoding }]);
      expect(wrong.rows).toEqual([]);

      const merged = await xlsx(
        [
          ['Реквизиты', '', 'Наименование'],
          ['7736207543', '773601001', 'Яндекс'],
        ],
        (sheet) => sheet.mergeCells('A1:B1'),
      );
      const mergedAnswer = await preview(strict, await upload('merged.xlsx', merged));
      expect(mergedAnswer.errors.map((e: { message: string }) => e.message)).toEqual(
        expect.arrayContaining([M.headerMissing]),
      );
      expect(
        mergedAnswer.errors.some(
          (e: { message: string }) => e.message === M.headerTwice || e.message === M.headerBlank,
        ),
      ).toBe(true);

      const many = await preview(
        strict,
        await upload('many.csv', Buffer.from('ИНН;Наименование\n7736207543;А\n7710140679;Б\n7728168971;В\n')),
      );
      expect(many.errors).toEqual([{ row: 0, message: IMPORT_MESSAGES.tooManyRows }]);
    });

    it('takes a running import again after a restart and imports it once', async () => {
      const fileId = await upload(
        'restart.csv',
        Buffer.from('ИНН;Наименование;Страна;Клиент\n7736207543;Яндекс;RU;да\n'),
      );
      const run = await call('POST', `/api/data-import/descriptions/${descriptionId}/runs`, { fileId });
      expect(run.statusCode, run.body).toBe(201);
      const jobId = run.json().data.jobId as number;
      // The instance running it stopped (a restart): its lease runs out with nothing committed.
      await ctx.database.db
        .update(backgroundJobs)
        .set({
          state: 'running',
          attempts: 1,
          lockedBy: 'a-stopped-instance',
          lockedUntil: new Date(now.getTime() + LEASE_MS),
        })
        .where(eq(backgroundJobs.id, jobId));
      expect(await ctx.app.queue.drain()).toBe(0);
      advance(LEASE_MS + 1);
      expect(await ctx.app.queue.drain()).toBe(1);
      const [job] = await ctx.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, jobId));
      expect(job).toMatchObject({ state: 'done', attempts: 2 });
      expect(
        await ctx.database.db.select().from(counterparties).where(eq(counterparties.inn, '7736207543')),
      ).toHaveLength(1);
      const [record] = await ctx.database.db
        .select()
        .from(dataImportRuns)
        .where(eq(dataImportRuns.jobId, jobId));
      expect(record!.doneAt).not.toBeNull();
    });
  });

  describe('into one order', () => {
    it('sums the cargo lines into the order, through the order update, from /data-import/initiator/order/{id}', async () => {
      const cargo = await describeImport({
        name: 'Упаковочный лист',
        target: 'orderCargo',
        mode: 'insert',
        decimalComma: true,
        columns: [
          { field: 'description', header: 'Товар' },
          { field: 'placeCount', header: 'Мест' },
          { field: 'weight', header: 'Вес, кг' },
          { field: 'tnvedCode', header: 'ТН ВЭД' },
        ],
      });
      const client = await world.counterparty();
      const order = await createOrder(ctx, world, user, client);
      const page = await call('GET', `/api/data-import/initiator/order/${order.id}`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().data.descriptions).toEqual(
        expect.arrayContaining([{ id: cargo, name: 'Упаковочный лист', target: 'orderCargo' }]),
      );
      const fileId = await upload(
        'packing.csv',
        Buffer.from('Товар;Мест;Вес, кг;ТН ВЭД\nСтанок;2;1 250,5;8458110000\nЗапчасти;3;49,5;8466930000\n'),
      );
      // A packing list is not for counterparties, nor without its order.
      expect((await preview(cargo, fileId)).errors).toEqual([{ row: 0, message: M.initiatorRequired }]);
      expect(
        (await preview(descriptionId, fileId, { initiatorType: 'order', initiatorId: order.id })).errors,
      ).toEqual([{ row: 0, message: M.initiatorNotForTarget }]);
      const target = { initiatorType: 'order', initiatorId: order.id };
      const dry = await preview(cargo, fileId, target);
      expect(dry.errorCount, JSON.stringify(dry.errors)).toBe(0);
      const run = await call('POST', `/api/data-import/descriptions/${cargo}/runs`, { fileId, ...target });
      expect(run.statusCode, run.body).toBe(201);
      await ctx.app.queue.drain();
      const saved = (await call('GET', `/api/tms/orders/${order.id}`)).json().data;
      expect(saved.cargo).toMatchObject({
        description: 'Станок; Запчасти',
        placeCount: 5,
        tnvedCodes: ['8458110000', '8466930000'],
      });
      expect(Number(saved.cargo.weight)).toBe(1300);
    });
  });

  describe('counterparties with bank accounts', () => {
    it("writes the row's bank account through its own checks: the BIK keeps its zero, a wrong key is named, the same account is updated", async () => {
      const withAccounts = await describeImport({
        name: 'Контрагенты со счетами',
        target: 'counterparties',
        mode: 'upsert',
        matchKey: 'inn',
        columns: [
          { field: 'inn', header: 'ИНН' },
          { field: 'name', header: 'Наименование' },
          { field: 'countryId', header: 'Страна', lookup: 'code' },
          { field: 'client', header: 'Клиент' },
          { field: 'bankAccount.bik', header: 'БИК' },
          { field: 'bankAccount.account', header: 'Р/с' },
          { field: 'bankAccount.correspondentAccount', header: 'К/с' },
          { field: 'bankAccount.currencyId', header: 'Валюта счёта', lookup: 'code' },
        ],
      });
      const header = 'ИНН;Наименование;Страна;Клиент;БИК;Р/с;К/с;Валюта счёта';
      const sber = '044525225;40702810938000000001;30101810400000000225';
      const bad = await upload(
        'accounts-bad.csv',
        Buffer.from(
          `${header}\n7702070139;ВТБ;RU;да;${sber};RUB\n7725114488;Ромашка;RU;да;044525225;40702810938000000002;30101810400000000225;RUB\n`,
        ),
      );
      const before = (await ctx.database.db.select().from(counterparties)).length;
      const dry = await preview(withAccounts, bad);
      expect(dry.errors).toEqual([
        expect.objectContaining({
          row: 3,
          field: 'bankAccount.account',
          message: COUNTERPARTY_MESSAGES.bankAccount,
        }),
      ]);
      const refused = await call('POST', `/api/data-import/descriptions/${withAccounts}/runs`, {
        fileId: bad,
      });
      expect(refused.statusCode).toBe(400);
      expect((await ctx.database.db.select().from(counterparties)).length).toBe(before);

      const good = await upload('accounts.csv', Buffer.from(`${header}\n7702070139;ВТБ;RU;да;${sber};RUB\n`));
      const run = await call('POST', `/api/data-import/descriptions/${withAccounts}/runs`, { fileId: good });
      expect(run.statusCode, run.body).toBe(201);
      await ctx.app.queue.drain();
      const vtb = await byInn('7702070139');
      const accountsOf = async () =>
        (await call('GET', `/api/counterparty-bank-accounts?counterpartyId=${vtb!.id}`)).json().data
          .collection;
      const rub = await currencyId(ctx.database, 'RUB');
      expect(await accountsOf()).toMatchObject([
        {
          bik: '044525225',
          account: '40702810938000000001',
          correspondentAccount: '30101810400000000225',
          currencyId: rub,
          primary: true,
        },
      ]);
      // The same account in another file: changed, not added.
      const again = await upload(
        'accounts-usd.csv',
        Buffer.from(`${header}\n7702070139;ВТБ;RU;да;${sber};USD\n`),
      );
      const second = await call('POST', `/api/data-import/descriptions/${withAccounts}/runs`, {
        fileId: again,
      });
      expect(second.statusCode, second.body).toBe(201);
      await ctx.app.queue.drain();
      expect(await accountsOf()).toMatchObject([
        { account: '40702810938000000001', currencyId: await currencyId(ctx.database, 'USD') },
      ]);
    });
  });

  describe('jobs of one order', () => {
    it('makes the jobs of the order through the job create: type by code, contractor by name, a refusal in its cell', async () => {
      const jobsImport = await describeImport({
        name: 'Работы заказа',
        target: 'jobs',
        mode: 'insert',
        decimalComma: true,
        columns: [
          { field: 'jobTypeId', header: 'Тип работы', lookup: 'code' },
          { field: 'contractorId', header: 'Подрядчик', lookup: 'name' },
          { field: 'costAmount', header: 'Стоимость' },
          { field: 'costCurrencyId', header: 'Валюта', lookup: 'code' },
        ],
      });
      const client = await world.counterparty();
      await world.counterparty({ name: 'Импортный Перевозчик' });
      const carrier = await world.counterparty({ name: 'Перевозчик Импорта' });
      const order = await createOrder(ctx, world, user, client);
      const target = { initiatorType: 'order', initiatorId: order.id };
      const page = await call('GET', `/api/data-import/initiator/order/${order.id}`);
      expect(page.json().data.descriptions).toEqual(
        expect.arrayContaining([{ id: jobsImport, name: 'Работы заказа', target: 'jobs' }]),
      );
      const ofOrder = () =>
        ctx.database.db
          .select()
          .from(jobs)
          .where(sql`${jobs.orderIds} @> ARRAY[${order.id}]::integer[]`)
          .orderBy(asc(jobs.id));
      const header = 'Тип работы;Подрядчик;Стоимость;Валюта';
      const bad = await upload(
        'jobs-bad.csv',
        Buffer.from(`${header}\nTRUCK;Перевозчик Импорта;85 000,00;RUB\nSHIP;;1;RUB\nFLIGHT;;2;RUB\n`),
      );
      const dry = await preview(jobsImport, bad, target);
      expect(dry.errors).toEqual([
        expect.objectContaining({ row: 3, field: 'jobTypeId', value: 'SHIP', message: M.referenceNotFound }),
        // A job type of another product: the job create's own refusal, under its column.
        expect.objectContaining({ row: 4, field: 'jobTypeId' }),
      ]);
      const refused = await call('POST', `/api/data-import/descriptions/${jobsImport}/runs`, {
        fileId: bad,
        ...target,
      });
      expect(refused.statusCode).toBe(400);
      expect(await ofOrder()).toEqual([]);

      const good = await upload(
        'jobs.csv',
        Buffer.from(`${header}\nTRUCK;перевозчик импорта;85 000,00;RUB\ntruck;;1 200,5;RUB\n`),
      );
      expect((await preview(jobsImport, good, target)).counts).toMatchObject({ create: 2, error: 0 });
      const run = await call('POST', `/api/data-import/descriptions/${jobsImport}/runs`, {
        fileId: good,
        ...target,
      });
      expect(run.statusCode, run.body).toBe(201);
      await ctx.app.queue.drain();
      const made = await ofOrder();
      expect(made).toMatchObject([
        { jobTypeId: world.jobTypeId, contractorId: carrier, orderIds: [order.id] },
        { jobTypeId: world.jobTypeId, contractorId: null, orderIds: [order.id] },
      ]);
      expect(made.map((job) => Number(job.costAmount))).toEqual([85000, 1200.5]);
    });
  });

  describe('bills', () => {
    it('imports bills of an order by number through the bill create, then updates them by number', async () => {
      const rub = await currencyId(ctx.database, 'RUB');
      const company = await insertLegalEntity(ctx.database);
      const bank = await insertBank(ctx.database, 'RU');
      const [form] = await rowsOf<{ id: number }>(
        ctx.database.db,
        sql`INSERT INTO payment_forms (name, legal_entity_id, bank_id, account_number, currency_id)
          VALUES ('Безнал импорта', ${company.id}, ${bank.id}, '40702810938000000001', ${rub}) RETURNING id`,
      );
      const client = await world.counterparty({ name: 'Клиент Импорта Счетов' });
      const order = await createOrder(ctx, world, user, client);
      const billsImport = await describeImport({
        name: 'Счета из 1С',
        target: 'bills',
        mode: 'upsert',
        matchKey: 'number',
        decimalComma: true,
        dateFormat: 'DD.MM.YYYY',
        columns: [
          { field: 'number', header: 'Номер' },
          { field: 'direction', header: 'Вид' },
          { field: 'counterpartyId', header: 'Контрагент', lookup: 'name' },
          { field: 'legalEntityId', header: 'Юрлицо', lookup: 'id' },
          { field: 'paymentFormId', header: 'Форма оплаты', lookup: 'id' },
          { field: 'currencyId', header: 'Валюта', lookup: 'code' },
          { field: 'amount', header: 'Сумма' },
          { field: 'date', header: 'Дата' },
          { field: 'recognitionDate', header: 'Дата признания' },
          { field: 'orderIds', header: 'Заказы', lookup: 'id' },
        ],
      });
      const header = 'Номер;Вид;Контрагент;Юрлицо;Форма оплаты;Валюта;Сумма;Дата;Дата признания;Заказы';
      const line = (number: string, amount: string, party = 'Клиент Импорта Счетов', date = '15.01.2026') =>
        `${number};Доход;${party};${company.id};${form!.id};RUB;${amount};${date};${date};${order.id}`;
      const numbers = [`ИМП-${order.id}-1`, `ИМП-${order.id}-2`];
      const ofOrder = () =>
        ctx.database.db
          .select()
          .from(bills)
          .where(sql`${bills.orderIds} @> ARRAY[${order.id}]::integer[]`)
          .orderBy(asc(bills.id));
      const bad = await upload(
        'bills-bad.csv',
        Buffer.from(
          [
            header,
            line(numbers[0]!, '1 250,50'),
            line(numbers[1]!, '10', 'Никто'),
            line('X', '1', undefined, '31.02.2026'),
          ].join('\n'),
        ),
      );
      const dry = await preview(billsImport, bad);
      expect(dry.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ row: 3, field: 'counterpartyId', message: M.referenceNotFound }),
          expect.objectContaining({ row: 4, field: 'date', message: M.notDate }),
        ]),
      );
      const refused = await call('POST', `/api/data-import/descriptions/${billsImport}/runs`, {
        fileId: bad,
      });
      expect(refused.statusCode).toBe(400);
      expect(await ofOrder()).toEqual([]);

      const good = await upload(
        'bills.csv',
        Buffer.from([header, line(numbers[0]!, '1 250,50'), line(numbers[1]!, '99,90')].join('\n')),
      );
      const run = await call('POST', `/api/data-import/descriptions/${billsImport}/runs`, { fileId: good });
      expect(run.statusCode, run.body).toBe(201);
      await ctx.app.queue.drain();
      expect(await ofOrder()).toMatchObject([
        {
          number: numbers[0],
          direction: 'INCOME',
          counterpartyId: client,
          legalEntityId: company.id,
          paymentFormId: form!.id,
          date: '2026-01-15',
          orderIds: [order.id],
        },
        { number: numbers[1] },
      ]);
      expect((await ofOrder()).map((bill) => Number(bill.amount))).toEqual([1250.5, 99.9]);
      // The same numbers again: the bills are changed, no new ones.
      const update = await upload(
        'bills-again.csv',
        Buffer.from([header, line(numbers[0]!, '1 300,00')].join('\n')),
      );
      expect((await preview(billsImport, update)).counts).toMatchObject({ create: 0, update: 1 });
      const second = await call('POST', `/api/data-import/descriptions/${billsImport}/runs`, {
        fileId: update,
      });
      expect(second.statusCode, second.body).toBe(201);
      await ctx.app.queue.drain();
      expect((await ofOrder()).map((bill) => [bill.number, Number(bill.amount)])).toEqual([
        [numbers[0], 1300],
        [numbers[1], 99.9],
      ]);
    });
  });
});

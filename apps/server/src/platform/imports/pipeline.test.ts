import { BACKGROUND_JOB_MESSAGES, flattenTree, IMPORT_MESSAGES, type ImportAction } from '@tms/domain';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencies } from '../../modules/reference-data';
import { createTestApp, type TestContext } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { type SignedIn, signIn } from '../../test/users';
import type { Principal } from '../auth/context';
import type { HttpError } from '../errors';
import { users } from '../identity/tables';
import { backgroundJobs } from '../jobs/tables';
import { defineModule } from '../modules';
import { asSystem } from '../resources/context';
import { cellsOf, type ImportField, suggestMapping } from './mapping';
import { applyImport, defineImport, previewImport } from './pipeline';
import { readTableIn } from './tasks';
import type { ImportTable } from './types';
import { decimalOf } from './values';

/**
 * A probe import as a module would declare one: currencies by code with a rate, matched against the
 * currencies table; what it applies is kept here (a real import writes through its use cases).
 */
const FIELDS: readonly ImportField<'code' | 'rate'>[] = [
  { name: 'code', headers: ['code', 'код', /валют/] },
  { name: 'rate', headers: ['rate', 'курс'] },
];
const applied: { code: string; rate: string }[][] = [];
/** Who applied each batch (`applied`'s). */
const appliedBy: Principal[] = [];
const probe = defineImport<
  ImportTable | { refusal: string },
  { code: string; rate: string },
  undefined,
  { written: number },
  undefined
>({
  name: 'probe.rates',
  roles: ['ROLE_SETTINGS_CURRENCY_RATES'],
  read: (workers, bytes) => readTableIn(workers, bytes),
  async plan(ctx, table) {
    if ('refusal' in table)
      return { head: undefined, rows: [], errors: [{ row: 0, message: table.refusal }] };
    const mapping = suggestMapping(table.columns, FIELDS);
    const rows = table.rows.map((row) => ({ row: row.number, ...cellsOf(row, mapping, ['code', 'rate']) }));
    const known = new Set(
      (
        await ctx.tx
          .select({ code: currencies.code })
          .from(currencies)
          .where(inArray(currencies.code, [...new Set(rows.map((r) => r.code.toUpperCase()))]))
      ).map((c) => c.code),
    );
    return {
      head: undefined,
      rows: rows.map(({ row, code, rate }) => {
        const errors = [];
        const value = decimalOf(rate);
        if (value === null)
          errors.push({ row, field: 'rate', value: rate, message: IMPORT_MESSAGES.valueRequired });
        const action: ImportAction = errors.length
          ? 'error'
          : code.toUpperCase() === 'RUB'
            ? 'skip'
            : known.has(code.toUpperCase())
              ? 'update'
              : 'create';
        return { row, action, values: { code: code.toUpperCase(), rate: value ?? '' }, errors };
      }),
    };
  },
  async apply(ctx, rows) {
    applied.push(rows.filter((r) => r.action !== 'skip').map((r) => r.values));
    appliedBy.push(ctx.auth);
    return { written: rows.length };
  },
  batchSize: 2,
  combine: (a, b) => ({ written: a.written + b.written }),
});

/** Windows-1251 bytes of a text (Node writes no single-byte Cyrillic code page itself). */
function windows1251(text: string): Buffer {
  const decoder = new TextDecoder('windows-1251');
  const byChar = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) byChar.set(decoder.decode(Uint8Array.of(byte)), byte);
  return Buffer.from([...text].map((char) => byChar.get(char)!));
}

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Курсы');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('the import pipeline', () => {
  let ctx: TestContext;
  let user: SignedIn;
  beforeAll(async () => {
    ctx = await createTestApp({}, [defineModule({ name: 'probe', contributes: { imports: { probe } } })]);
    user = await signIn(ctx, ['ROLE_SETTINGS_CURRENCY_RATES']);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  /** The pipeline called by code (a job, another module): the system here; the door's roles are tested below. */
  const system = () => asSystem({ tx: ctx.database.db, registries: ctx.app.registries }, 'import test');
  const upload = async (bytes: Buffer) => {
    const body = multipart('rates.csv', bytes);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/file-management/files/temporary',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json().data.id as number;
  };

  it('previews a Windows-1251 CSV row by row: create, update, skip and error with the sheet row and cell', async () => {
    const file = windows1251('Валюта;Курс\r\nUSD;91,5\r\nZZZ;"7 000,25"\r\nRUB;1\r\nEUR;много\r\n');
    const preview = await previewImport(system(), probe, file, undefined);
    expect(preview.rows.map((r) => [r.row, r.action])).toEqual([
      [2, 'update'],
      [3, 'create'],
      [4, 'skip'],
      [5, 'error'],
    ]);
    expect(preview.rows[1]!.values).toEqual({ code: 'ZZZ', rate: '7000.25' });
    expect(preview.errors).toEqual([
      { row: 5, field: 'rate', value: 'много', message: IMPORT_MESSAGES.valueRequired },
    ]);
    expect(preview.counts).toEqual({ create: 1, update: 1, unchanged: 0, skip: 1, error: 1 });
  });

  it('refuses an XLSX with errors whole, under rows.<row>.<field>, writing nothing', async () => {
    const file = await workbook([
      ['Код', 'Курс'],
      ['USD', 'x'],
      ['EUR', 99.1],
      ['CNY', ''],
    ]);
    const before = applied.length;
    const refusal = await applyImport(system(), probe, file, undefined).catch((error: HttpError) => error);
    expect(flattenTree((refusal as HttpError).tree!)).toEqual({
      'rows.2.rate': [IMPORT_MESSAGES.valueRequired],
      'rows.4.rate': [IMPORT_MESSAGES.valueRequired],
    });
    expect(applied.length).toBe(before);
  });

  it('applies a file as a job in its declared batches, with progress, as the owner asked', async () => {
    const fileId = await upload(windows1251('Код;Курс\r\nUSD;1\r\nEUR;2\r\nCNY;3\r\nRUB;1\r\nKZT;0,2\r\n'));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports/probe.rates/jobs',
      headers: user.headers,
      payload: { fileId },
    });
    expect(response.statusCode).toBe(201);
    const before = applied.length;
    await ctx.app.queue.drain();
    expect(applied.slice(before)).toEqual([
      [
        { code: 'USD', rate: '1' },
        { code: 'EUR', rate: '2' },
      ],
      [{ code: 'CNY', rate: '3' }],
      [{ code: 'KZT', rate: '0.2' }],
    ]);
    const [job] = await ctx.database.db
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.id, response.json().data.id));
    expect(job).toMatchObject({
      state: 'done',
      progress: 100,
      error: null,
      label: 'rates.csv',
      progressMessage: IMPORT_MESSAGES.jobDone,
      progressParams: { create: 0, update: 4, unchanged: 0, skip: 1 },
    });
    // As its owner, with his roles: not as the system, which would pass every scope.
    expect(appliedBy.slice(-3).map((auth) => [auth.kind, 'userId' in auth && auth.userId])).toEqual(
      Array(3).fill(['user', user.user.id]),
    );
    expect([...appliedBy.at(-1)!.roles]).toEqual(['ROLE_SETTINGS_CURRENCY_RATES']);
  });

  it('fails the job of a user disabled since he enqueued it, with the reason, and writes nothing', async () => {
    const owner = await signIn(ctx, ['ROLE_SETTINGS_CURRENCY_RATES']);
    const body = multipart('rates.csv', Buffer.from('code;rate\nUSD;5\n'));
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/file-management/files/temporary',
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports/probe.rates/jobs',
      headers: owner.headers,
      payload: { fileId: uploaded.json().data.id },
    });
    expect(response.statusCode, response.body).toBe(201);
    await ctx.database.db.update(users).set({ active: false }).where(eq(users.id, owner.user.id));
    const before = applied.length;
    await ctx.app.queue.drain();
    expect(applied.length).toBe(before);
    const [job] = await ctx.database.db
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.id, response.json().data.id));
    expect(job).toMatchObject({ state: 'failed', error: BACKGROUND_JOB_MESSAGES.ownerInactive });
  });

  it("refuses a file with errors before any job exists, and a user without the import's role", async () => {
    const bad = await upload(Buffer.from('code;rate\nUSD;x\n'));
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports/probe.rates/jobs',
      headers: user.headers,
      payload: { fileId: bad },
    });
    expect(refused.statusCode).toBe(400);
    expect(flattenTree(refused.json().errors)).toEqual({ 'rows.2.rate': [IMPORT_MESSAGES.valueRequired] });
    const other = await signIn(ctx, ['ROLE_PAYMENT_CREATE']);
    const forbidden = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports/probe.rates/jobs',
      headers: other.headers,
      payload: { fileId: bad },
    });
    expect(forbidden.statusCode).toBe(403);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports/nothing/jobs',
      headers: user.headers,
      payload: { fileId: bad },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

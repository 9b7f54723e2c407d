import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { columnName, sheetRowsXml, XlsxStreamWriter } from './xlsx-stream';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** Writes the rows in pages as a prepared export does and reads the file back with ExcelJS. */
async function written(
  columns: { header: string; date: boolean; text?: boolean }[],
  pages: (string | number | boolean | Date | null)[][][],
) {
  const dir = await mkdtemp(path.join(tmpdir(), 'xlsx-stream-'));
  dirs.push(dir);
  const file = path.join(dir, 'out.xlsx');
  const writer = new XlsxStreamWriter(createWriteStream(file), 'Заказы: [все]', columns);
  await writer.begin();
  let firstRow = 2;
  for (const rows of pages) {
    await writer.rows(sheetRowsXml({ columns, firstRow, rows }));
    firstRow += rows.length;
  }
  await writer.finish();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

describe('the streamed XLSX of a prepared export', () => {
  it('is a workbook Excel reads: header, every page of rows in order, values of each kind', async () => {
    const when = new Date('2026-03-05T10:30:00Z');
    const sheet = await written(
      [
        { header: 'Номер', date: false, text: true },
        { header: 'Клиент', date: false },
        { header: 'Создан', date: true },
        { header: 'Сумма', date: false },
        { header: 'Активен', date: false },
      ],
      [
        [
          ['000001', 'ООО "Ромашка" & <партнёры>', when, 1250.5, true],
          ['000002', 'Bad\u0001text\ttab', null, 0, false],
        ],
        [['000003', null, when, -3, null]],
      ],
    );
    expect(sheet.name).toBe('Заказы   все');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), (v) => v ?? null)));
    expect(rows).toEqual([
      ['Номер', 'Клиент', 'Создан', 'Сумма', 'Активен'],
      ['000001', 'ООО "Ромашка" & <партнёры>', when, 1250.5, true],
      ['000002', 'Badtext\ttab', null, 0, false],
      ['000003', null, when, -3],
    ]);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('C2').numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(sheet.getCell('A2').numFmt).toBe('@');
  });

  it('names columns past Z as Excel does', () => {
    expect([0, 25, 26, 51, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'ZZ', 'AAA']);
  });
});

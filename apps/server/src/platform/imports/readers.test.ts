import { IMPORT_MESSAGES } from '@tms/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { detectDelimiter, readCsvRecords } from './csv';
import { decodeText, detectEncoding } from './decode';
import { importErrors } from './pipeline';
import { readTable, readXlsx } from './table';
import { decimalOf } from './values';

/** A text in a single-byte Cyrillic code page, written byte by byte (Node has no encoder for them). */
function encode(text: string, encoding: 'windows-1251' | 'ibm866'): Buffer {
  const decoder = new TextDecoder(encoding);
  const byChar = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) byChar.set(decoder.decode(Uint8Array.of(byte)), byte);
  return Buffer.from(
    [...text].map((char) => {
      const byte = byChar.get(char);
      if (byte === undefined) throw new Error(`${char} has no byte in ${encoding}`);
      return byte;
    }),
  );
}

const SAMPLE =
  'Код;Наименование;Сумма\r\n001;"ООО ""Ромашка""; склад";1 234,50\r\nЁж;Съешь ещё этих мягких булок;7\r\n';

describe('decoding an import file', () => {
  it('reads Windows-1251, DOS 866 and UTF-8 (with or without a BOM) as the same text', () => {
    const windows = encode(SAMPLE, 'windows-1251');
    const dos = encode(SAMPLE, 'ibm866');
    expect(detectEncoding(windows)).toBe('windows-1251');
    expect(detectEncoding(dos)).toBe('ibm866');
    expect(decodeText(windows)).toBe(SAMPLE);
    expect(decodeText(dos)).toBe(SAMPLE);
    expect(decodeText(Buffer.from(`\ufeff${SAMPLE}`, 'utf8'))).toBe(SAMPLE);
    expect(decodeText(Buffer.from(SAMPLE, 'utf8'))).toBe(SAMPLE);
  });

  it('takes the code page a marker line reads in, whatever the letters say', () => {
    const text = 'Кодировка=DOS\r\nЁЁЁЁ\r\n';
    expect(detectEncoding(encode(text, 'ibm866'), { marker: /^Кодировка=/m })).toBe('ibm866');
  });

  it('takes the encoding it is given', () => {
    expect(decodeText(encode(SAMPLE, 'ibm866'), { encoding: 'ibm866' })).toBe(SAMPLE);
  });
});

describe('reading CSV', () => {
  it('finds the delimiter of the first line, quotes aside', () => {
    expect(detectDelimiter('a;b;c\n1,5;2,5;3')).toBe(';');
    expect(detectDelimiter('a,b,"c;d"\n')).toBe(',');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
  });

  it('reads quoted fields with delimiters, doubled quotes and line breaks, each record with its first line', () => {
    const records = readCsvRecords('Код;Имя\r\n1;"a;b"\r\n\r\n2;"say ""hi""\nagain"\n3; x \n');
    expect(records).toEqual([
      { line: 1, cells: ['Код', 'Имя'] },
      { line: 2, cells: ['1', 'a;b'] },
      { line: 4, cells: ['2', 'say "hi"\nagain'] },
      { line: 6, cells: ['3', 'x'] },
    ]);
  });

  it('keeps a decimal comma in its cell with a semicolon delimiter, read as a decimal by decimalOf', async () => {
    const table = await readTable(encode(SAMPLE, 'windows-1251'));
    if ('refusal' in table) throw new Error(table.refusal);
    expect(table.columns.map((c) => c.title)).toEqual(['Код', 'Наименование', 'Сумма']);
    expect(table.rows).toEqual([
      { number: 2, cells: { 1: '001', 2: 'ООО "Ромашка"; склад', 3: '1 234,50' } },
      { number: 3, cells: { 1: 'Ёж', 2: 'Съешь ещё этих мягких булок', 3: '7' } },
    ]);
    expect(decimalOf('1 234,50')).toBe('1234.50');
    expect(decimalOf('-0.5')).toBe('-0.5');
    expect(decimalOf('1,2,3')).toBeNull();
  });

  it('stops at the first row past the limit: a long file costs what the limit does', async () => {
    const line = '1;Region;100\n';
    const meter = { steps: 0 };
    const read = await readTable(Buffer.from(`Code;To;Weight\n${line.repeat(5000)}`), { maxRows: 10 }, meter);
    expect(read).toEqual({ refusal: IMPORT_MESSAGES.tooManyRows });
    // Decoding counts the file once; parsing, the 12 lines read (header, 10 rows, one past): not 5,001.
    const decoded = { steps: 0 };
    decodeText(Buffer.from(`Code;To;Weight\n${line.repeat(5000)}`), {}, decoded);
    expect(meter.steps - decoded.steps).toBe('Code;To;Weight\n'.length + 11 * line.length);
  });

  it('takes work linear in the file: twice the rows, twice the work', () => {
    const work = (rows: number) => {
      const meter = { steps: 0 };
      const text = `a;b\n${'1;"x ""y"" z"\n'.repeat(rows)}`;
      decodeText(Buffer.from(text), {}, meter);
      readCsvRecords(text, {}, meter);
      return meter.steps;
    };
    expect(work(40_000) / work(20_000)).toBeLessThan(2.1);
  });
});

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Rates');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('reading XLSX', () => {
  it('answers the header and the rows by their sheet numbers, cells as text', async () => {
    const table = await readXlsx(await workbook([['To', 'Weight'], [], ['Region 1', 100.5]]));
    expect(table).toEqual({
      name: 'Rates',
      columns: [
        { index: 1, title: 'To' },
        { index: 2, title: 'Weight' },
      ],
      rows: [{ number: 3, cells: { 1: 'Region 1', 2: '100.5' } }],
    });
  });

  it("refuses what is no workbook, a sheet without rows and one past the row limit, in the caller's words", async () => {
    expect(await readTable(Buffer.from('PK\u0003\u0004 no zip'), { format: 'xlsx' })).toHaveProperty(
      'refusal',
    );
    expect(await readXlsx(await workbook([['To']]), { messages: { noRows: 'none' } })).toEqual({
      refusal: 'none',
    });
    expect(await readXlsx(await workbook([['To'], ['a'], ['b']]), { maxRows: 1 })).toHaveProperty('refusal');
  });

  it('reads rows as a stream and stops at the first row past the limit: a long sheet costs what the limit does', async () => {
    const body = Array.from({ length: 5000 }, (_, i) => [`Region ${i}`, i, '100.50']);
    const meter = { steps: 0 };
    const read = await readXlsx(await workbook([['To', 'Weight', 'Price'], ...body]), { maxRows: 10 }, meter);
    expect(read).toEqual({ refusal: IMPORT_MESSAGES.tooManyRows });
    // The header, the 10 rows the limit takes and the one past it: 12 rows of 3 cells, not 5,001.
    expect(meter.steps).toBe(12 * 3);
  });

  it('takes work linear in its cells', async () => {
    const work = async (rows: number) => {
      const meter = { steps: 0 };
      const body = Array.from({ length: rows }, (_, i) => [`Region ${i}`, i, '100.50']);
      const read = await readXlsx(await workbook([['To', 'Weight', 'Price'], ...body]), {}, meter);
      expect('rows' in read && read.rows).toHaveLength(rows);
      return meter.steps;
    };
    expect((await work(4000)) / (await work(2000))).toBeLessThan(2.2);
  });
});

describe("a file's errors", () => {
  it('are the first 1,000 by row and the count of all', () => {
    const errors = importErrors();
    for (let row = 3000; row > 0; row--) errors.add({ row, message: 'bad' });
    expect(errors.count).toBe(3000);
    expect(errors.list().map((e) => e.row)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
  });
});

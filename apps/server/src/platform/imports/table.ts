import { Readable } from 'node:stream';
import { IMPORT_MESSAGES, MAX_TABLE_ROWS, type WorkMeter } from '@tms/domain';
import type ExcelJS from 'exceljs';
import { ZIP_MESSAGES, zipRefusal } from '../files/zip-guard';
import { loadExcel } from '../resources/workbook';
import { type CsvDelimiter, csvRecords, csvRow, csvRows } from './csv';
import { decodeText, type ImportEncoding } from './decode';
import { type ImportTable, type TableColumn, type TableRow, tableOf } from './types';

/** The messages a table's refusal says, for imports whose answers name their own (the defaults: IMPORT_MESSAGES). */
export type TableMessages = Partial<Record<'notXlsx' | 'noRows' | 'tooManyRows' | 'unknownFormat', string>>;

export interface TableOptions {
  /** `auto`: an XLSX archive by its signature, else CSV text. */
  format?: 'xlsx' | 'csv' | 'auto';
  /** CSV only; detected unless given. */
  encoding?: ImportEncoding;
  delimiter?: CsvDelimiter;
  /** Whether the first non-blank row is a header (true) or data too (false: columns are numbered). */
  header?: boolean;
  maxRows?: number;
  messages?: TableMessages;
}

/** The text of a cell as the user sees it: numbers in their shortest form, dates as ISO, formulas by their result. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  if ('text' in value) return String(value.text).trim();
  return '';
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/**
 * The first non-empty worksheet of an XLSX file, cells as text (`cellText`), rows numbered as the spreadsheet
 * numbers them; or why it cannot be read. The archive passes the zip guard, then is read as a stream of rows
 * (ExcelJS's streaming reader: no model of the whole workbook), and the reading stops at the first row past
 * the limit, so a sheet of a million rows costs what the limit does; `meter` counts the cells read.
 */
export async function readXlsx(
  bytes: Buffer,
  options: TableOptions = {},
  meter: WorkMeter = { steps: 0 },
): Promise<ImportTable | { refusal: string }> {
  const messages = { ...IMPORT_MESSAGES, ...options.messages };
  // No archive at all is no workbook; an archive the guard refuses (a bomb) says why.
  const unsafe = zipRefusal(bytes);
  if (unsafe) return { refusal: unsafe === ZIP_MESSAGES.invalid ? messages.notXlsx : unsafe };
  const reader = new (await loadExcel()).stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const most = mostRecords(options);
  const records: TableRow[] = [];
  let name = '';
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const cells: Record<number, string> = {};
        row.eachCell({ includeEmpty: false }, (cell, index) => {
          meter.steps++;
          const text = cellText(cell.value);
          if (text) cells[index] = text;
        });
        if (Object.keys(cells).length > 0) records.push({ number: row.number, cells });
        if (records.length >= most) break;
      }
      if (records.length > 0) {
        name = (sheet as unknown as { name: string }).name;
        break;
      }
    }
  } catch {
    return { refusal: messages.notXlsx };
  }
  if (records.length === 0) return { refusal: messages.noRows };
  return checked(tableOf(name, records, options.header ?? true), options);
}

/** The header row and the rows the limit takes, and one more to tell a file past it. */
const mostRecords = (options: TableOptions) =>
  (options.maxRows ?? MAX_TABLE_ROWS) + ((options.header ?? true) ? 2 : 1);

function checked(table: ImportTable, options: TableOptions): ImportTable | { refusal: string } {
  const messages = { ...IMPORT_MESSAGES, ...options.messages };
  if (table.rows.length === 0) return { refusal: messages.noRows };
  if (table.rows.length > (options.maxRows ?? MAX_TABLE_ROWS)) return { refusal: messages.tooManyRows };
  return table;
}

/**
 * A table file read whole: an XLSX workbook's first sheet, or a CSV text in UTF-8, Windows-1251 or DOS 866
 * (detected unless given) with its delimiter (detected unless given). Linear in the file: `meter` counts the
 * cells and characters read.
 */
export async function readTable(
  bytes: Uint8Array,
  options: TableOptions = {},
  meter: WorkMeter = { steps: 0 },
): Promise<ImportTable | { refusal: string }> {
  const zip = ZIP_SIGNATURE.every((byte, i) => bytes[i] === byte);
  const format = options.format === 'auto' || !options.format ? (zip ? 'xlsx' : 'csv') : options.format;
  if (format === 'xlsx') {
    const buffer = Buffer.isBuffer(bytes)
      ? bytes
      : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return readXlsx(buffer, options, meter);
  }
  if (zip) return { refusal: { ...IMPORT_MESSAGES, ...options.messages }.unknownFormat };
  const text = decodeText(bytes, { encoding: options.encoding }, meter);
  const rows = csvRows(text, { delimiter: options.delimiter, most: mostRecords(options) }, meter);
  return checked(tableOf('', rows, options.header ?? true), options);
}

/** What `streamTable` passes on: the header first (or why the file cannot be read), then the rows by chunks. */
export type TablePiece =
  | { head: { name: string; columns: TableColumn[] } }
  | { refusal: string }
  /** Rows of the file, and how much of it is read so far (0..1). */
  | { rows: TableRow[]; read: number };

/**
 * `readTable` (its first row the header) passed on by chunks of `chunkRows` rows as the caller asks for them (a worker's message port:
 * `WorkerPool.stream`): the header, then the rows, never the whole file's rows at once. The reading stops
 * one row past `maxRows` (the caller tells the file has too many by counting); a file with a header and no
 * rows ends without any. A sheet that stops reading midway (a damaged archive) ends with its refusal.
 */
export async function* streamTable(
  bytes: Uint8Array,
  options: Omit<TableOptions, 'header'> & { chunkRows: number },
  meter: WorkMeter = { steps: 0 },
): AsyncGenerator<TablePiece> {
  const messages = { ...IMPORT_MESSAGES, ...options.messages };
  const zip = ZIP_SIGNATURE.every((byte, i) => bytes[i] === byte);
  const format = options.format === 'auto' || !options.format ? (zip ? 'xlsx' : 'csv') : options.format;
  let records: AsyncIterable<TableRow> | Iterable<TableRow>;
  let read: () => number;
  if (format === 'xlsx') {
    const buffer = Buffer.isBuffer(bytes)
      ? bytes
      : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const unsafe = zipRefusal(buffer);
    if (unsafe) {
      yield { refusal: unsafe === ZIP_MESSAGES.invalid ? messages.notXlsx : unsafe };
      return;
    }
    const position = { at: 0 };
    records = xlsxRecords(buffer, meter, position);
    // The share of the archive's bytes the reader has taken (the sheet is most of them).
    read = () => Math.min(1, position.at / buffer.length);
  } else {
    if (zip) {
      yield { refusal: messages.unknownFormat };
      return;
    }
    const text = decodeText(bytes, { encoding: options.encoding }, meter);
    const position = { at: 0 };
    const csv = csvRecords(
      text,
      { delimiter: options.delimiter, most: mostRecords(options) },
      meter,
      position,
    );
    records = (function* () {
      for (const record of csv) yield csvRow(record);
    })();
    read = () => (text.length ? position.at / text.length : 1);
  }
  let chunk: TableRow[] = [];
  let headed = false;
  let seen = 0;
  const most = mostRecords(options);
  try {
    for await (const record of records) {
      if (!headed) {
        headed = true;
        yield { head: tableOf('', [record], true) };
        continue;
      }
      chunk.push(record);
      if (chunk.length >= options.chunkRows) {
        yield { rows: chunk, read: read() };
        chunk = [];
      }
      if (++seen >= most - 1) break;
    }
  } catch {
    yield { refusal: messages.notXlsx };
    return;
  }
  if (!headed) {
    yield { refusal: messages.noRows };
    return;
  }
  if (chunk.length) yield { rows: chunk, read: 1 };
}

/** The first non-empty sheet's rows of an XLSX archive (`readXlsx` row by row); `position.at`: the bytes taken. */
async function* xlsxRecords(
  buffer: Buffer,
  meter: WorkMeter,
  position: { at: number },
): AsyncGenerator<TableRow> {
  const pieces = function* () {
    for (let at = 0; at < buffer.length; at += 64 * 1024) {
      position.at = Math.min(buffer.length, at + 64 * 1024);
      yield buffer.subarray(at, position.at);
    }
  };
  const rows = { count: 0 };
  const reader = new (await loadExcel()).stream.xlsx.WorkbookReader(Readable.from(pieces()), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const cells: Record<number, string> = {};
      row.eachCell({ includeEmpty: false }, (cell, index) => {
        meter.steps++;
        const text = cellText(cell.value);
        if (text) cells[index] = text;
      });
      if (Object.keys(cells).length > 0) {
        rows.count++;
        yield { number: row.number, cells };
      }
    }
    if (rows.count > 0) return;
  }
}

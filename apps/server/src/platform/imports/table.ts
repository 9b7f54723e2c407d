import { Readable } from 'node:stream';
import { IMPORT_MESSAGES, MAX_TABLE_ROWS, type WorkMeter } from '@tms/domain';
import type ExcelJS from 'exceljs';
import { ZIP_MESSAGES, zipRefusal } from '../files/zip-guard';
import { loadExcel } from '../resources/workbook';
import { type CsvDelimiter, csvRows } from './csv';
import { decodeText, type ImportEncoding } from './decode';
import { type ImportTable, type TableRow, tableOf } from './types';

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

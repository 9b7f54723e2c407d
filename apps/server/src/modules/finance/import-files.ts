import {
  type CurrencyRateImportError,
  dottedDate,
  RATE_IMPORT_MESSAGES as M,
  rateImportErrors,
  rateValueSchema,
  type WorkMeter,
} from '@tms/domain';
import type ExcelJS from 'exceljs';
import { ZIP_MESSAGES, zipRefusal } from '../../platform/files/zip-guard';
import { loadExcel } from '../../platform/resources/workbook';

/**
 * Reading the files of finance's imports (bank statements, the Bank of Russia's XML, XLSX sheets of rates):
 * pure CPU work, run in the worker threads (`tasks.ts`).
 */

/** A rate to store: `nominal` units of the currency cost `rate` base units on `date`. */
export interface RateInput {
  row: number;
  date: string;
  currency: string;
  nominal: number;
  rate: string;
}

/** An XLSX sheet of rates as read: its rows, and its errors (the first ones and the count). */
export interface RateSheet {
  rows: RateInput[];
  errors: CurrencyRateImportError[];
  errorCount: number;
}

/**
 * The file's text. The format names its own code page in the line `Кодировка=Windows` (Windows-1251) or
 * `Кодировка=DOS` (866): the code page in which that key reads is the file's. UTF-8 with a BOM is taken as such.
 */
export function decodeBankStatement(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  const windows = new TextDecoder('windows-1251').decode(bytes);
  if (/^Кодировка=/m.test(windows)) return windows;
  const dos = new TextDecoder('ibm866').decode(bytes);
  return /^Кодировка=/m.test(dos) ? dos : windows;
}

/** An XML file's text in the code page its declaration names (the Bank of Russia writes windows-1251). */
export function decodeXml(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const label = /encoding=["']([\w-]+)["']/i.exec(head)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** A cell's text as typed (a number's shortest decimal form, a rich text's plain text). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value)
    return value.richText
      .map((p) => p.text)
      .join('')
      .trim();
  if (typeof value === 'object' && 'result' in value) return cellText(value.result as ExcelJS.CellValue);
  return String(value).trim();
}

/** A date cell, a `DD.MM.YYYY` or ISO text, or a spreadsheet day number. */
function cellDate(value: ExcelJS.CellValue): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 2_958_466) {
    return new Date(Date.UTC(1899, 11, 30) + value * 86_400_000).toISOString().slice(0, 10);
  }
  const text = cellText(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const [y, m, d] = text.split('-').map(Number);
    const date = new Date(Date.UTC(y!, m! - 1, d!));
    return date.getUTCDate() === d && date.getUTCMonth() === m! - 1 ? text : null;
  }
  return dottedDate(text);
}

/**
 * The rows of an XLSX sheet of rates (columns: date, currency code, nominal, rate; a first row that is no
 * date is a header). Blank rows are passed over; an empty nominal is 1. Errors carry the sheet's row number
 * (the first `MAX_FILE_ERRORS`, and the count). The archive passes the zip guard before ExcelJS unpacks it;
 * `meter` counts the rows read.
 */
export async function readRateSheet(bytes: Buffer, meter: WorkMeter = { steps: 0 }): Promise<RateSheet> {
  // No archive at all is no workbook; an archive the guard refuses (a bomb) says why.
  const unsafe = zipRefusal(bytes);
  const refusal = unsafe === ZIP_MESSAGES.invalid ? M.notXlsx : unsafe;
  if (refusal) return { rows: [], errors: [{ row: 0, message: refusal }], errorCount: 1 };
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { rows: [], errors: [{ row: 0, message: M.notXlsx }], errorCount: 1 };
  }
  const sheet = workbook.worksheets[0];
  const rows: RateInput[] = [];
  const errors = rateImportErrors();
  sheet?.eachRow({ includeEmpty: false }, (row, number) => {
    meter.steps++;
    const [dateCell, codeCell, nominalCell, rateCell] = [1, 2, 3, 4].map((c) => row.getCell(c).value);
    const texts = [dateCell, codeCell, nominalCell, rateCell].map((v) => cellText(v ?? null));
    if (texts.every((t) => t === '')) return;
    const date = cellDate(dateCell ?? null);
    if (number === 1 && !date) return;
    const error = (field: string, message: string) => errors.add({ row: number, field, message });
    if (!date) error('date', M.date);
    const currency = (texts[1] ?? '').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) error('currency', M.cbrCode);
    const nominalText = texts[2] || '1';
    const nominal = /^\d{1,7}$/.test(nominalText) ? Number(nominalText) : 0;
    if (nominal < 1 || nominal > 1_000_000) error('nominal', M.nominal);
    const rate = (texts[3] ?? '').replace(/\s/g, '').replace(',', '.');
    if (!rateValueSchema.safeParse(rate).success) error('rate', M.rate);
    rows.push({ row: number, date: date ?? '', currency, nominal, rate });
  });
  if (rows.length === 0 && errors.count === 0) errors.add({ row: 0, message: M.noRows });
  return { rows, errors: errors.list(), errorCount: errors.count };
}

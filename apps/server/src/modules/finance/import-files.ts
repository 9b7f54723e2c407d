import {
  BANK_STATEMENT_MESSAGES,
  type BankStatementPreview,
  type CurrencyRateImportError,
  dottedDate,
  RATE_IMPORT_MESSAGES as M,
  MAX_RATE_SHEET_ROWS,
  rateImportErrors,
  rateValueSchema,
  type WorkMeter,
} from '@tms/domain';
import { parseBankStatement } from '@tms/domain/finance/bank-statement';
import { decodeText } from '../../platform/imports/decode';
import { readXlsx } from '../../platform/imports/table';

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
 * A 1C client-bank exchange file's text. The format names its own code page in the line `Кодировка=Windows`
 * (Windows-1251) or `Кодировка=DOS` (866): the code page in which that key reads is the file's.
 */
export const decodeBankStatement = (bytes: Uint8Array): string =>
  decodeText(bytes, { marker: /^Кодировка=/m });

/** The key `Кодировка=` as UTF-8 bytes: a file holding them was written in UTF-8, whatever its value says. */
const UTF8_MARKER = Buffer.from('Кодировка=', 'utf8');

/**
 * A statement read: its text (`decodeBankStatement`) parsed. A file saved in UTF-8 keeps the header
 * `Кодировка=Windows` its bank wrote, and is read as UTF-8 all the same; one whose key is UTF-8 but with bytes
 * that are not (a line pasted in from a Windows-1251 file) is refused at its first such line, the message
 * naming the encodings, rather than read as Windows-1251 into unrelated errors of every section's line.
 */
export function readBankStatement(bytes: Uint8Array): BankStatementPreview {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.indexOf(UTF8_MARKER) >= 0) {
    const text = new TextDecoder('utf-8').decode(bytes);
    const broken = text.indexOf('\uFFFD');
    if (broken >= 0) {
      const line = text.slice(0, broken).split(/\r\n|\r|\n/).length;
      const message = BANK_STATEMENT_MESSAGES.encodingMismatch;
      return { statement: null, errors: [{ line, message }], errorCount: 1, warnings: [] };
    }
    return parseBankStatement(text);
  }
  return parseBankStatement(decodeBankStatement(bytes));
}

/** A date cell (as text: ISO), a `DD.MM.YYYY` text, or a spreadsheet day number. */
function cellDate(text: string): string | null {
  if (/^\d{1,7}$/.test(text)) {
    const day = Number(text);
    return day > 0 && day < 2_958_466
      ? new Date(Date.UTC(1899, 11, 30) + day * 86_400_000).toISOString().slice(0, 10)
      : null;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const [y, m, d] = text.split('-').map(Number);
    const date = new Date(Date.UTC(y!, m! - 1, d!));
    return date.getUTCDate() === d && date.getUTCMonth() === m! - 1 ? text : null;
  }
  return dottedDate(text);
}

/**
 * The rows of an XLSX sheet of rates, read by the import pipeline's XLSX reader (columns: date, currency code,
 * nominal, rate; a first row that is no date is a header). Blank rows are passed over; an empty nominal is 1.
 * Errors carry the sheet's row number (the first `MAX_FILE_ERRORS`, and the count); `meter` counts the cells
 * and rows read.
 */
export async function readRateSheet(bytes: Buffer, meter: WorkMeter = { steps: 0 }): Promise<RateSheet> {
  const table = await readXlsx(
    bytes,
    {
      header: false,
      maxRows: MAX_RATE_SHEET_ROWS,
      messages: { notXlsx: M.notXlsx, noRows: M.noRows, tooManyRows: M.tooManySheetRates },
    },
    meter,
  );
  if ('refusal' in table) {
    return table.refusal === M.noRows
      ? { rows: [], errors: [{ row: 0, message: M.noRows }], errorCount: 1 }
      : { rows: [], errors: [{ row: 0, message: table.refusal }], errorCount: 1 };
  }
  const rows: RateInput[] = [];
  const errors = rateImportErrors();
  for (const row of table.rows) {
    meter.steps++;
    const [dateText, codeText, nominalCell, rateCell] = [1, 2, 3, 4].map((c) => row.cells[c] ?? '');
    if (!dateText && !codeText && !nominalCell && !rateCell) continue;
    const date = cellDate(dateText!);
    if (row.number === 1 && !date) continue;
    const error = (field: string, message: string) => errors.add({ row: row.number, field, message });
    if (!date) error('date', M.date);
    const currency = codeText!.toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) error('currency', M.cbrCode);
    const nominalText = nominalCell || '1';
    const nominal = /^\d{1,7}$/.test(nominalText) ? Number(nominalText) : 0;
    if (nominal < 1 || nominal > 1_000_000) error('nominal', M.nominal);
    const rate = rateCell!.replace(/\s/g, '').replace(',', '.');
    if (!rateValueSchema.safeParse(rate).success) error('rate', M.rate);
    rows.push({ row: row.number, date: date ?? '', currency, nominal, rate });
  }
  if (rows.length === 0 && errors.count === 0) errors.add({ row: 0, message: M.noRows });
  return { rows, errors: errors.list(), errorCount: errors.count };
}

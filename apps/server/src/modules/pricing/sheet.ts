import type { Readable } from 'node:stream';
import { PRICING_MESSAGES as M, MAX_IMPORT_ROWS, type SheetColumn, type SheetRow } from '@tms/domain';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Tx } from '../../db/connection';
import type { AuthContext } from '../../platform/auth/context';
import { fieldError } from '../../platform/errors';
import { FILE_MESSAGES } from '../../platform/files/service';
import type { FileStorage } from '../../platform/files/storage';
import { files } from '../../platform/files/tables';

/** A sheet as the import reads it: the header's columns and the data rows under it. */
export interface RateSheet {
  name: string;
  columns: SheetColumn[];
  rows: SheetRow[];
}

/** The text of a cell as the user sees it: numbers in their shortest form, formulas by their result. */
function textOf(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('result' in value) return textOf((value.result ?? null) as ExcelJS.CellValue);
  if ('text' in value) return String(value.text).trim();
  return '';
}

async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The first worksheet of the user's own temporary upload `fileId`: the first non-empty row is the header,
 * the rows under it are data (numbered as the spreadsheet numbers them). A file of someone else, an
 * attached file or an unreadable one is refused under `fileId`.
 */
export async function readRateSheet(
  tx: Tx,
  storage: FileStorage,
  auth: AuthContext,
  fileId: number,
): Promise<RateSheet> {
  const [file] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.uploadedBy, auth.userId), eq(files.temporary, true)));
  if (!file) throw fieldError(['fileId'], FILE_MESSAGES.notFound);
  const stream = await storage.get(file.storageKey);
  if (!stream) throw fieldError(['fileId'], FILE_MESSAGES.contentGone);
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load((await bufferOf(stream)) as unknown as ArrayBuffer);
  } catch {
    throw fieldError(['fileId'], M.notXlsx);
  }
  const sheet = book.worksheets.find((candidate) => candidate.actualRowCount > 0);
  if (!sheet) throw fieldError(['fileId'], M.noRows);
  const rows: SheetRow[] = [];
  let columns: SheetColumn[] | null = null;
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: Record<number, string> = {};
    row.eachCell({ includeEmpty: false }, (cell, index) => {
      const text = textOf(cell.value);
      if (text) cells[index] = text;
    });
    if (Object.keys(cells).length === 0) return;
    if (!columns) {
      columns = Object.entries(cells).map(([index, title]) => ({ index: Number(index), title }));
      return;
    }
    rows.push({ number, cells });
  });
  if (!columns || rows.length === 0) throw fieldError(['fileId'], M.noRows);
  if (rows.length > MAX_IMPORT_ROWS) throw fieldError(['fileId'], M.tooManyRows);
  return { name: sheet.name, columns, rows };
}

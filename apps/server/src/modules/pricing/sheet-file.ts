import {
  PRICING_MESSAGES as M,
  MAX_IMPORT_ROWS,
  type SheetColumn,
  type SheetRow,
  type WorkMeter,
} from '@tms/domain';
import type ExcelJS from 'exceljs';
import { ZIP_MESSAGES, zipRefusal } from '../../platform/files/zip-guard';
import { loadExcel } from '../../platform/resources/workbook';

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

/**
 * The first worksheet of an XLSX file: the first non-empty row is the header, the rows under it are data
 * (numbered as the spreadsheet numbers them); or why the file cannot be read (a stable message). The archive
 * passes the zip guard before ExcelJS unpacks it; `meter` counts the cells read.
 */
export async function readSheet(
  bytes: Buffer,
  meter: WorkMeter = { steps: 0 },
): Promise<RateSheet | { refusal: string }> {
  // No archive at all is no workbook; an archive the guard refuses (a bomb) says why.
  const unsafe = zipRefusal(bytes);
  if (unsafe) return { refusal: unsafe === ZIP_MESSAGES.invalid ? M.notXlsx : unsafe };
  const book = new (await loadExcel()).Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { refusal: M.notXlsx };
  }
  const sheet = book.worksheets.find((candidate) => candidate.actualRowCount > 0);
  if (!sheet) return { refusal: M.noRows };
  const rows: SheetRow[] = [];
  let columns: SheetColumn[] | null = null;
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: Record<number, string> = {};
    row.eachCell({ includeEmpty: false }, (cell, index) => {
      meter.steps++;
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
  if (!columns || rows.length === 0) return { refusal: M.noRows };
  if (rows.length > MAX_IMPORT_ROWS) return { refusal: M.tooManyRows };
  return { name: sheet.name, columns, rows };
}

import type ExcelJS from 'exceljs';

/** ExcelJS loads with the first task that needs it: a thread starts without it. */
export const loadExcel = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;

/** An XLSX file's media type. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A sheet's name from a title: at most 31 characters, none of []:*?/\ (Excel refuses them). */
export const sheetNameOf = (title: string) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);

/** What a cell of an export holds: structured-clonable, so the rows cross to the worker thread as they are. */
export type CellValue = string | number | boolean | Date | null;

export interface WorkbookInput {
  /** The sheet's title (the resource's, in the export's language). */
  title: string;
  /** `text`: the column's cells are text (`@`), so what is typed in it keeps its leading zeros. */
  columns: readonly { header: string; date: boolean; text?: boolean }[];
  rows: readonly (readonly CellValue[])[];
}

/** The XLSX of one sheet: the header row bold and frozen, dates as `dd.mm.yyyy hh:mm`. */
export async function writeWorkbook({ title, columns, rows }: WorkbookInput): Promise<Uint8Array> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(sheetNameOf(title));
  sheet.columns = columns.map(({ header, date, text }) => ({
    header,
    width: Math.max(12, Math.min(50, header.length + 4)),
    style: date ? { numFmt: 'dd.mm.yyyy hh:mm' } : text ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) sheet.addRow([...row]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

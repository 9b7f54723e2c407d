import type ExcelJS from 'exceljs';
import { loadExcel, sheetNameOf } from '../../platform/resources/workbook';
import type { StatementCell, StatementInput } from './statement';

/** Per half: date, document, debit, credit (in characters); our half A–D, the counterparty's E–H. */
const WIDTHS = [11, 27, 14, 14];
const LAST = WIDTHS.length * 2;
/** The characters a line of the sheet's full width holds at the body's size, and a line's height in points. */
const LINE_CHARS = 120;
const LINE_HEIGHT = 13;
const THIN = { style: 'thin' } as const;
const BOX = { top: THIN, left: THIN, bottom: THIN, right: THIN };

/** A cell as Excel keeps it: amounts as numbers (their text is exact to two places), days as dates. */
function excelValue(cell: StatementCell): ExcelJS.CellValue {
  if (typeof cell === 'string') return cell || null;
  return 'money' in cell ? Number(cell.money) : new Date(`${cell.day}T00:00:00Z`);
}

/**
 * The reconciliation statement as a workbook in its printed form (what `statement-pdf.ts` prints, from the
 * same builder, `statement.ts`): the title, the period and the parties, the preamble, per currency the table
 * of two halves (ours filled, the counterparty's to fill in) and our conclusion, the signature blocks. One
 * sheet fitted to the width of a portrait A4. Plain data in, bytes out (run in a worker thread).
 */
export async function writeStatementWorkbook(input: StatementInput): Promise<Uint8Array> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(sheetNameOf(input.title), {
    pageSetup: { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = [...WIDTHS, ...WIDTHS].map((width) => ({ width }));
  let at = 0;
  /** A text across the columns `from`–`to` of the current row, wrapped. */
  const text = (
    value: string,
    options: { from?: number; to?: number; bold?: boolean; size?: number; align?: 'center' | 'justify' },
  ) => {
    const { from = 1, to = LAST } = options;
    sheet.mergeCells(at, from, at, to);
    const cell = sheet.getCell(at, from);
    cell.value = value;
    cell.font = { bold: options.bold ?? false, size: options.size ?? 10 };
    cell.alignment = { horizontal: options.align ?? 'left', vertical: 'top', wrapText: true };
    // Excel fits no merged cell's height to its text: as many lines as the text takes in its share.
    const chars = (LINE_CHARS * (to - from + 1)) / LAST;
    const row = sheet.getRow(at);
    row.height = Math.max(row.height ?? 0, Math.ceil(value.length / chars) * LINE_HEIGHT + 2);
    return cell;
  };
  const next = (skip = 1) => {
    at += skip;
  };

  next();
  text(input.title, { bold: true, size: 13, align: 'center' });
  next();
  text(input.period, { align: 'center' });
  next();
  text(input.between, { align: 'center' });
  next(2);
  text(input.preamble, { align: 'justify' });
  next();
  const half = WIDTHS.length;
  for (const section of input.sections) {
    next(2);
    text(section.ours, { to: half, bold: true }).border = BOX;
    text(section.theirs, { from: half + 1, bold: true }).border = BOX;
    for (const { cells, bold } of section.rows) {
      next();
      const row = sheet.getRow(at);
      cells.forEach((value, i) => {
        const cell = row.getCell(i + 1);
        cell.value = excelValue(value);
        cell.font = { bold, size: 9 };
        cell.border = BOX;
        const amount = i % half >= 2;
        cell.alignment = { horizontal: amount ? 'right' : 'left', vertical: 'top', wrapText: !amount };
        if (typeof value !== 'string') cell.numFmt = 'money' in value ? '#,##0.00' : 'dd.mm.yyyy';
      });
    }
    next(2);
    text(section.conclusion, {});
  }
  const { signatures } = input;
  next(3);
  text(signatures.ours, { to: half, bold: true });
  text(signatures.theirs, { from: half + 1, bold: true });
  next();
  text(signatures.position, { to: half });
  text(signatures.position, { from: half + 1 });
  next(2);
  text(signatures.line, { to: half });
  text(signatures.line, { from: half + 1 });
  next();
  text(signatures.stamp, { to: half });
  text(signatures.stamp, { from: half + 1 });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

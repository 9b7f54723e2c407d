import { createRequire } from 'node:module';

// The fonts ship in an npm package: Cyrillic renders without system fonts.
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/**
 * A new pdfkit document with the fonts `regular` and `bold` (DejaVu Sans) registered, and `finish`, which ends
 * it and answers its bytes. The printed forms (printable bills, certificates, reports, the акт сверки) are
 * written on it in worker threads; pdfkit loads with the first PDF, so a thread starts without it.
 */
export async function pdfDocument(options: PDFKit.PDFDocumentOptions) {
  const PDF = (await import('pdfkit')).default;
  const doc = new PDF({ ...options, info: { Producer: 'TMS', ...options.info } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  return {
    doc,
    finish(): Promise<Buffer> {
      doc.end();
      return done;
    },
  };
}

/** How a table's rows are drawn: where its cells stand, their type and lines. */
export interface PdfTable {
  /** The x of the first cell, and each cell's width. */
  left: number;
  widths: readonly number[];
  /** The cells written flush right (amounts, counts), by position. */
  right?: readonly boolean[];
  fontSize: number;
  /** A row's least height; else its tallest cell's text and the padding. */
  minHeight?: number;
  /** `grid`: every cell boxed (a printed form); `rule`: a line under each row (a report's table). */
  lines: 'grid' | 'rule';
  /** Draws what a new page repeats (the header row) after a row moved to it. */
  onNewPage?: () => void;
}

/**
 * One row of a table at `doc.y`, its cells wrapped in their widths with 2 points of padding; a row that does
 * not fit above the bottom margin starts a new page (after `onNewPage`). Leaves `doc.y` under the row.
 */
export function pdfTableRow(
  doc: PDFKit.PDFDocument,
  table: PdfTable,
  cells: readonly string[],
  bold = false,
): void {
  const font = () => doc.font(bold ? 'bold' : 'regular').fontSize(table.fontSize);
  font();
  const widthOf = (i: number) => table.widths[i]!;
  const height = Math.max(
    table.minHeight ?? 0,
    ...cells.map((text, i) => doc.heightOfString(text, { width: widthOf(i) - 4 }) + 4),
  );
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    doc.y = doc.page.margins.top;
    if (table.onNewPage) {
      table.onNewPage();
      font();
    }
  }
  const top = doc.y;
  let x = table.left;
  cells.forEach((text, i) => {
    doc.text(text, x + 2, top + 2, { width: widthOf(i) - 4, align: table.right?.[i] ? 'right' : 'left' });
    if (table.lines === 'grid') doc.rect(x, top, widthOf(i), height).lineWidth(0.4).stroke();
    x += widthOf(i);
  });
  if (table.lines === 'rule')
    doc
      .moveTo(table.left, top + height)
      .lineTo(x, top + height)
      .lineWidth(0.3)
      .stroke();
  doc.y = top + height;
}

import type { ExportLanguage } from '@tms/domain';
import { type PdfTable, pdfDocument, pdfTableRow } from '../../platform/pdf/document';
import { cellText } from './pdf';
import type { StatementCell, StatementInput } from './statement';

/** A cell as printed: amounts grouped with two decimals, days as dd.mm.yyyy. */
function textOf(cell: StatementCell, lang: ExportLanguage): string {
  if (typeof cell === 'string') return cell;
  return 'money' in cell ? cellText('money', cell.money, lang) : cellText('date', cell.day, lang);
}

/**
 * The reconciliation statement in the usual Russian form, on portrait A4: the title, the period and the
 * parties, the preamble, then per currency a table of two halves (our books filled, the counterparty's half
 * empty for him to fill in) and our conclusion, and the two signature blocks with the place for the stamp.
 * What stands where comes from the builder (`statement.ts`); this places it on the page. Plain data in,
 * bytes out (run in a worker thread).
 */
export async function writeStatementPdf(input: StatementInput): Promise<Uint8Array> {
  const { doc, finish } = await pdfDocument({
    size: 'A4',
    margin: 36,
    info: { Title: `${input.title} ${input.period}` },
  });
  const left = 36;
  const width = doc.page.width - 72;
  const bottom = doc.page.height - 36;
  const half = width / 2;
  // Per half: date, document, debit, credit.
  const shares = [0.2, 0.38, 0.21, 0.21].map((share) => share * half);

  doc.font('bold').fontSize(13).text(input.title, left, 36, { width, align: 'center' });
  doc.font('regular').fontSize(9).text(input.period, { width, align: 'center' });
  doc.text(input.between, { width, align: 'center' });
  doc.moveDown(0.8);
  doc.fontSize(8.5).text(input.preamble, left, doc.y, { width, align: 'justify' });
  doc.moveDown(0.8);

  const ensure = (height: number) => {
    if (doc.y + height <= bottom) return;
    doc.addPage();
    doc.y = 36;
  };
  const sides: PdfTable = { left, widths: [half, half], fontSize: 8, lines: 'grid' };
  const amounts = [false, false, true, true];
  const table: PdfTable = {
    left,
    widths: [...shares, ...shares],
    right: [...amounts, ...amounts],
    fontSize: 7.5,
    minHeight: 12,
    lines: 'grid',
  };

  for (const section of input.sections) {
    ensure(60);
    pdfTableRow(doc, sides, [section.ours, section.theirs], true);
    for (const row of section.rows)
      pdfTableRow(
        doc,
        table,
        row.cells.map((cell) => textOf(cell, input.lang)),
        row.bold,
      );
    doc.moveDown(0.6);
    ensure(30);
    doc.font('regular').fontSize(8.5).text(section.conclusion, left, doc.y, { width });
    doc.moveDown(1);
  }

  ensure(90);
  const top = doc.y + 6;
  const sign = (x: number, party: string) => {
    doc
      .font('bold')
      .fontSize(8.5)
      .text(party, x, top, { width: half - 16 });
    doc
      .font('regular')
      .fontSize(8.5)
      .text(input.signatures.position, x, doc.y + 10, { width: half - 16 });
    doc.text(input.signatures.line, x, doc.y + 14, { width: half - 16 });
    doc.text(input.signatures.stamp, x, doc.y + 10, { width: half - 16 });
  };
  sign(left, input.signatures.ours);
  sign(left + half + 8, input.signatures.theirs);
  return new Uint8Array(await finish());
}

import { pdfDocument } from '../../platform/pdf/document';

/** One line of a side of the statement: its date, what it is, and the amounts, already written as text. */
export interface StatementLine {
  date: string;
  document: string;
  debit: string;
  credit: string;
}

/** The settlements in one currency: our side filled, the counterparty's left for him to fill in. */
export interface StatementSection {
  /** "По данным ООО «Альфа», RUB" and "По данным ООО «Бета», RUB". */
  ours: string;
  theirs: string;
  opening: StatementLine;
  lines: StatementLine[];
  turnover: StatementLine;
  closing: StatementLine;
  /** "По данным ООО «Альфа» на 31.03.2026 задолженность в пользу ... составляет ...". */
  conclusion: string;
}

/** The акт сверки as printed (docs/reports.md "Reconciliation statement"): texts ready in the reader's language. */
export interface StatementPdfInput {
  title: string;
  period: string;
  between: string;
  preamble: string;
  headers: { date: string; document: string; debit: string; credit: string };
  sections: StatementSection[];
  signatures: { ours: string; theirs: string; position: string; stamp: string };
}

/**
 * The reconciliation statement in the usual Russian form, on portrait A4: the title, the period and the
 * parties, the preamble, then per currency a table of two halves (our books filled: opening balance, each
 * document, turnover, closing balance; the counterparty's half empty for him to fill in) and our conclusion,
 * and the two signature blocks with the place for the stamp. Plain data in, bytes out (run in a worker thread).
 */
export async function writeStatementPdf(input: StatementPdfInput): Promise<Uint8Array> {
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
  /** One row of the table: our half's cells and the counterparty's. */
  const row = (ours: readonly string[], theirs: readonly string[], bold: boolean) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(7.5);
    const cells = [...ours, ...theirs];
    const widthOf = (i: number) => shares[i % 4]!;
    const height = Math.max(
      12,
      ...cells.map((text, i) => doc.heightOfString(text, { width: widthOf(i) - 4 }) + 4),
    );
    ensure(height);
    const top = doc.y;
    let x = left;
    cells.forEach((text, i) => {
      doc.text(text, x + 2, top + 2, { width: widthOf(i) - 4, align: i % 4 >= 2 ? 'right' : 'left' });
      doc.rect(x, top, widthOf(i), height).lineWidth(0.4).stroke();
      x += widthOf(i);
    });
    doc.y = top + height;
  };
  const blank = ['', '', '', ''];
  const cellsOf = (line: StatementLine) => [line.date, line.document, line.debit, line.credit];
  const { headers } = input;

  for (const section of input.sections) {
    ensure(60);
    doc.font('bold').fontSize(8);
    const top = doc.y;
    doc.text(section.ours, left + 2, top + 2, { width: half - 4 });
    doc.text(section.theirs, left + half + 2, top + 2, { width: half - 4 });
    const titleHeight =
      Math.max(
        doc.heightOfString(section.ours, { width: half - 4 }),
        doc.heightOfString(section.theirs, { width: half - 4 }),
      ) + 4;
    doc.rect(left, top, half, titleHeight).lineWidth(0.4).stroke();
    doc
      .rect(left + half, top, half, titleHeight)
      .lineWidth(0.4)
      .stroke();
    doc.y = top + titleHeight;
    const header = [headers.date, headers.document, headers.debit, headers.credit];
    row(header, header, true);
    row(cellsOf(section.opening), blank, true);
    for (const line of section.lines) row(cellsOf(line), blank, false);
    row(cellsOf(section.turnover), blank, true);
    row(cellsOf(section.closing), blank, true);
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
    doc.text('________________ / ________________ /', x, doc.y + 14, { width: half - 16 });
    doc.text(input.signatures.stamp, x, doc.y + 10, { width: half - 16 });
  };
  sign(left, input.signatures.ours);
  sign(left + half + 8, input.signatures.theirs);
  return new Uint8Array(await finish());
}

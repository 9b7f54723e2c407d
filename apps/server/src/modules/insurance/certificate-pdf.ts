import { pdfDocument } from '../../platform/pdf/document';

/** The certificate as the PDF prints it: texts already in the reader's language, values already formatted. */
export interface CertificateDocument {
  heading: string;
  subheading: string;
  sections: { title: string; rows: [string, string][] }[];
  footer: string;
}

/**
 * An insurance certificate on one A4 page: the heading with its number and the policy, then each section as
 * a two-column table of label and value, the footer (who issued it, when). Plain data in, bytes out.
 */
export async function renderCertificatePdf(data: CertificateDocument): Promise<Buffer> {
  const { doc, finish } = await pdfDocument({ size: 'A4', margin: 40, info: { Title: data.heading } });
  const left = 40;
  const width = 515;
  const labelWidth = 190;
  doc.font('bold').fontSize(15).text(data.heading, left, 40, { width, align: 'center' });
  doc.font('regular').fontSize(10).text(data.subheading, { width, align: 'center' });
  let y = doc.y + 14;
  doc.lineWidth(0.5);
  for (const section of data.sections) {
    doc.font('bold').fontSize(10).text(section.title, left, y, { width });
    y = doc.y + 4;
    for (const [label, value] of section.rows) {
      const text = value || '—';
      const height =
        Math.max(
          doc
            .font('regular')
            .fontSize(9)
            .heightOfString(label, { width: labelWidth - 8 }),
          doc.heightOfString(text, { width: width - labelWidth - 8 }),
        ) + 6;
      if (y + height > 790) {
        doc.addPage();
        y = 40;
      }
      doc.rect(left, y, labelWidth, height).stroke();
      doc.rect(left + labelWidth, y, width - labelWidth, height).stroke();
      doc.fillColor('#444').text(label, left + 4, y + 3, { width: labelWidth - 8 });
      doc.fillColor('#000').text(text, left + labelWidth + 4, y + 3, { width: width - labelWidth - 8 });
      y += height;
    }
    y += 12;
  }
  doc.font('regular').fontSize(8).fillColor('#444').text(data.footer, left, y, { width });
  return finish();
}

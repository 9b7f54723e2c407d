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

import type { ExportLanguage, ReportCellKind } from '@tms/domain';
import { type PdfTable, pdfDocument, pdfTableRow } from '../../platform/pdf/document';

export interface ReportPdfInput {
  title: string;
  /** What the report was asked for (the period, the counterparty), printed under the title. */
  subtitle: string;
  lang: ExportLanguage;
  columns: readonly { header: string; kind: ReportCellKind }[];
  rows: readonly (readonly (string | number | null)[])[];
  totals: readonly (readonly (string | number | null)[])[];
}

const NUMERIC: readonly ReportCellKind[] = ['money', 'count', 'percent'];

/** A cell as the screen writes it: money grouped with two decimals, days as dd.mm.yyyy. */
export function cellText(kind: ReportCellKind, value: string | number | null, lang: ExportLanguage): string {
  if (value === null || value === '') return '';
  const text = String(value);
  if (kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(text)) return text.split('-').reverse().join('.');
  if (kind === 'month' && /^\d{4}-\d{2}$/.test(text)) return text.split('-').reverse().join('.');
  if (kind === 'money' || kind === 'count') {
    const [whole = '', fraction] = text.split('.');
    const sign = whole.startsWith('-') ? '-' : '';
    const grouped = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'ru' ? '\u00a0' : ',');
    return `${sign}${grouped}${fraction === undefined ? '' : `${lang === 'ru' ? ',' : '.'}${fraction}`}`;
  }
  if (kind === 'percent') return `${text} %`;
  return text;
}

/**
 * A report as a PDF: its title and what it was asked for, then the screen's table with its totals in bold,
 * on landscape A4 pages repeating the header. Plain data in, bytes out (run in a worker thread).
 */
export async function writeReportPdf(input: ReportPdfInput): Promise<Uint8Array> {
  const { doc, finish } = await pdfDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 36,
    info: { Title: input.title },
  });
  const left = 36;
  const width = doc.page.width - 72;
  doc.font('bold').fontSize(14).text(input.title, left, 36, { width });
  doc.font('regular').fontSize(9).text(input.subtitle, { width });
  doc.moveDown(0.8);
  // Numbers get a fixed share, texts the rest.
  const weights = input.columns.map((c) => (NUMERIC.includes(c.kind) ? 1 : c.kind === 'date' ? 0.8 : 1.6));
  const unit = width / weights.reduce((a, b) => a + b, 0);
  const headers = input.columns.map((c) => c.header);
  const table: PdfTable = {
    left,
    widths: weights.map((w) => w * unit),
    right: input.columns.map((c) => NUMERIC.includes(c.kind)),
    fontSize: 8,
    lines: 'rule',
    onNewPage: () => pdfTableRow(doc, table, headers, true),
  };
  pdfTableRow(doc, table, headers, true);
  const texts = (cells: readonly (string | number | null)[]) =>
    cells.map((value, i) => cellText(input.columns[i]!.kind, value, input.lang));
  for (const row of input.rows) pdfTableRow(doc, table, texts(row), false);
  for (const row of input.totals) pdfTableRow(doc, table, texts(row), true);
  return new Uint8Array(await finish());
}

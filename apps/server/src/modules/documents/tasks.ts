import type { GeneratedFormat, InitiatorField, PdfConverter, TemplateTagWarning } from '@tms/domain';
import { zipRefusal } from '../../platform/files/zip-guard';
import { asBuffer } from '../../platform/workers/tasks';
import { docxToPdf } from './docx-pdf';
import { renderDocx, TEMPLATE_ZIP_LIMITS, templateRefusal } from './docx-template';
import { SofficeFailure, sofficePath, sofficePdf } from './soffice-pdf';
import { unknownTags } from './template-tags';

/**
 * The document generator's CPU work, run in the app's worker threads (`registries.workers`): a template's
 * Word file is checked, filled and turned into a PDF there, never on the request loop. A refusal of the file
 * is answered as data (`{ refusal }`, a stable message): errors lose their class between threads.
 */

export interface FillInput {
  template: Uint8Array;
  data: Record<string, unknown>;
  format: GeneratedFormat;
  /** The PDF's title. */
  title: string;
}

export interface Filled {
  content: Uint8Array;
  /** The tags that printed nothing (the generation report). */
  emptyTags: string[];
  /** Who made the PDF (null for a .docx); `builtin` also when LibreOffice failed or passed its time limit. */
  converter: PdfConverter | null;
  /**
   * Why LibreOffice made no PDF when it was tried and the built-in converter made it instead (its exit,
   * its time limit), for the caller to log: the threads have no logger. Unset otherwise.
   */
  fallback?: string;
}

/**
 * The PDF of a filled .docx: LibreOffice where installed (`binary`), else (or when it fails: `fallback` says
 * why) the pure-JS converter.
 */
export async function pdfOf(
  docx: Buffer,
  title: string,
  binary: string | null = sofficePath(),
): Promise<Pick<Filled, 'content' | 'converter' | 'fallback'>> {
  if (binary) {
    try {
      return { content: await sofficePdf(docx, binary), converter: 'libreoffice' };
    } catch (error) {
      if (!(error instanceof SofficeFailure)) throw error;
      return { content: await docxToPdf(docx, title), converter: 'builtin', fallback: error.message };
    }
  }
  return { content: await docxToPdf(docx, title), converter: 'builtin' };
}

export const documentTasks = {
  'documents.check-template': (zip: Uint8Array): Promise<string | null> => templateRefusal(asBuffer(zip)),
  /** The template's tags no field of the initiator prints, where they are; a refusal as for the check. */
  async 'documents.template-warnings'({
    template,
    fields,
  }: {
    template: Uint8Array;
    fields: readonly InitiatorField[];
  }): Promise<{ warnings: TemplateTagWarning[] } | { refusal: string }> {
    const zip = asBuffer(template);
    const refusal = await templateRefusal(zip);
    return refusal ? { refusal } : { warnings: unknownTags(zip, fields) };
  },
  /** Whether this installation makes PDFs with LibreOffice. */
  'documents.pdf-converter': async (): Promise<PdfConverter> => (sofficePath() ? 'libreoffice' : 'builtin'),
  /** The template filled with the record's values, as .docx or PDF; a template the zip guard refuses is not. */
  async 'documents.fill'({
    template,
    data,
    format,
    title,
  }: FillInput): Promise<Filled | { refusal: string }> {
    const zip = asBuffer(template);
    const refusal = zipRefusal(zip, TEMPLATE_ZIP_LIMITS);
    if (refusal) return { refusal };
    const { docx, emptyTags } = await renderDocx(zip, data);
    if (format !== 'pdf') return { content: docx, emptyTags, converter: null };
    return { ...(await pdfOf(docx, title)), emptyTags };
  },
};

type DocumentTasks = typeof documentTasks;
declare module '../../platform/workers/tasks' {
  interface WorkerTasks extends DocumentTasks {}
}

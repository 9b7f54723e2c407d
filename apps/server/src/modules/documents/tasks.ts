import type { GeneratedFormat } from '@tms/domain';
import { zipRefusal } from '../../platform/files/zip-guard';
import { asBuffer } from '../../platform/workers/tasks';
import { docxToPdf } from './docx-pdf';
import { renderDocx, templateRefusal } from './docx-template';

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

export const documentTasks = {
  'documents.check-template': (zip: Uint8Array): Promise<string | null> => templateRefusal(asBuffer(zip)),
  /** The template filled with the record's values, as .docx or PDF; a template the zip guard refuses is not. */
  async 'documents.fill'({
    template,
    data,
    format,
    title,
  }: FillInput): Promise<Uint8Array | { refusal: string }> {
    const zip = asBuffer(template);
    const refusal = zipRefusal(zip);
    if (refusal) return { refusal };
    const docx = await renderDocx(zip, data);
    return format === 'pdf' ? docxToPdf(docx, title) : docx;
  },
};

type DocumentTasks = typeof documentTasks;
declare module '../../platform/workers/tasks' {
  interface WorkerTasks extends DocumentTasks {}
}

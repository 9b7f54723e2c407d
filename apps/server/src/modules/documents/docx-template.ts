import { TEMPLATE_MESSAGES } from '@tms/domain';
import type Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { zipRefusal } from '../../platform/files/zip-guard';

/** The document generator's templates: checked and filled in the worker threads (`tasks.ts`). */

/** Docxtemplater over a checked archive: `{tag}`, loops `{#items}…{/items}`, a missing value prints nothing. */
async function compile(zip: Buffer): Promise<Docxtemplater> {
  // Loaded with the first template: a worker thread starts without it.
  const Template: typeof Docxtemplater = (await import('docxtemplater')).default;
  return new Template(new PizZip(zip), {
    paragraphLoop: true,
    linebreaks: true,
    nullGetter: () => '',
    // A refused template is answered to the user; docxtemplater's own console report would be noise.
    errorLogging: false,
  });
}

/**
 * Why a file cannot be a template, or null: no .docx, parts not UTF-8, tags that do not compile; the archive
 * passes the zip guard before anything unpacks it.
 */
export async function templateRefusal(zip: Buffer): Promise<string | null> {
  const unsafe = zipRefusal(zip);
  if (unsafe) return unsafe;
  let archive: PizZip;
  try {
    archive = new PizZip(zip);
  } catch {
    return TEMPLATE_MESSAGES.onlyDocx;
  }
  if (!archive.file('word/document.xml')) return TEMPLATE_MESSAGES.onlyDocx;
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  for (const entry of Object.values(archive.files)) {
    if (entry.dir || !/\.(xml|rels)$/i.test(entry.name)) continue;
    try {
      utf8.decode(entry.asUint8Array());
    } catch {
      return TEMPLATE_MESSAGES.utf8;
    }
  }
  try {
    await compile(zip);
  } catch {
    return TEMPLATE_MESSAGES.invalidTemplate;
  }
  return null;
}

/** The filled template as a .docx. */
export async function renderDocx(template: Buffer, data: Record<string, unknown>): Promise<Buffer> {
  const doc = await compile(template);
  doc.render(data);
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}

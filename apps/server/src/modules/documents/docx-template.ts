import { TEMPLATE_MESSAGES } from '@tms/domain';
import type Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { type ZipLimits, zipRefusal } from '../../platform/files/zip-guard';

/** The document generator's templates: checked and filled in the worker threads (`tasks.ts`). */

/**
 * What a template may unpack to: a Word form of a few pages is a document part of kilobytes and a stamp or a
 * logo of a few megabytes. A part of 40 MB took a worker thread 46 s to refuse for want of memory; beyond
 * these it is refused at once, by the archive's directory.
 */
export const TEMPLATE_ZIP_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxEntryBytes: 5 * 1024 * 1024,
};

/**
 * Docxtemplater over a checked archive: `{tag}`, loops `{#items}…{/items}`, a missing value prints nothing;
 * `empty`, when given, collects the tags that printed nothing (missing, null or blank).
 */
async function compile(zip: Buffer, empty?: Set<string>): Promise<Docxtemplater> {
  // Loaded with the first template: a worker thread starts without it.
  const Template: typeof Docxtemplater = (await import('docxtemplater')).default;
  return new Template(new PizZip(zip), {
    paragraphLoop: true,
    linebreaks: true,
    nullGetter: (part) => {
      if (part.value && part.module !== 'loop') empty?.add(part.value);
      return '';
    },
    // The default lookup, noting a value that is there but blank (a missing one goes to `nullGetter`).
    parser: (tag) => ({
      get(scope: Record<string, unknown> | null) {
        if (tag === '.') return scope;
        const value = scope?.[tag];
        if (value === '' && empty) empty.add(tag);
        return value;
      },
    }),
    // A refused template is answered to the user; docxtemplater's own console report would be noise.
    errorLogging: false,
  });
}

/**
 * Why a file cannot be a template, or null: no .docx, parts not UTF-8, tags that do not compile; the archive
 * passes the zip guard before anything unpacks it.
 */
export async function templateRefusal(zip: Buffer): Promise<string | null> {
  const unsafe = zipRefusal(zip, TEMPLATE_ZIP_LIMITS);
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

/** The filled template as a .docx, and the tags that came out empty (the generation's report). */
export async function renderDocx(
  template: Buffer,
  data: Record<string, unknown>,
): Promise<{ docx: Buffer; emptyTags: string[] }> {
  const empty = new Set<string>();
  const doc = await compile(template, empty);
  doc.render(data);
  const docx = doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
  return { docx, emptyTags: [...empty].sort() };
}

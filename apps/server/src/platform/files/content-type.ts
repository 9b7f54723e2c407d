import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

export const OCTET_STREAM = 'application/octet-stream';

/** How much of an upload's beginning its type is read from (file-type needs ~4 KB; Office files a bit more). */
export const SNIFF_BYTES = 64 * 1024;

/** Text formats, known by their extension and confirmed by a look at the content: no magic bytes tell them. */
const TEXT_TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  md: 'text/markdown',
  json: 'application/json',
  xml: 'application/xml',
};

/**
 * A media type as a header may carry it: printable ASCII, at most 255 characters (RFC 6838 allows 127 for
 * each of type and subtype). A declared type past that is hostile, and a stored one is never sent.
 */
export function isSaneMediaType(value: string): boolean {
  return /^[\x20-\x7e]{1,255}$/.test(value);
}

/** Text has no NUL and no control characters but tab, line breaks, form feed and escape (any 8-bit encoding). */
function looksLikeText(head: Uint8Array): boolean {
  return head.every((byte) => byte >= 0x20 || [0x09, 0x0a, 0x0c, 0x0d, 0x1b].includes(byte));
}

/**
 * The type a file is stored and served with, from its content: its magic bytes (file-type), else a text
 * format its extension names when the content is text, else application/octet-stream. What the client
 * declared plays no part: a script declared as a PDF stays a byte stream.
 */
export async function storedTypeOf(head: Uint8Array, filename: string): Promise<string> {
  const detected = await fileTypeFromBuffer(head);
  if (detected) return detected.mime;
  const text = TEXT_TYPES[path.extname(filename).slice(1).toLowerCase()];
  return text && head.length > 0 && looksLikeText(head) ? text : OCTET_STREAM;
}

import type { WorkMeter } from '@tms/domain';

/** The code pages an import file may come in: Russian banks and 1C write Windows-1251 or DOS (866). */
export const IMPORT_ENCODINGS = ['utf-8', 'windows-1251', 'ibm866'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

const BOM = [0xef, 0xbb, 0xbf];
const hasBom = (bytes: Uint8Array) => BOM.every((byte, i) => bytes[i] === byte);

/** Whether the bytes are valid UTF-8 (one pass; a single-byte Cyrillic file almost never is). */
function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Russian letters (А-я, Ё, ё): the text read in the right code page has the most of them. */
function russianLetters(text: string, meter: WorkMeter): number {
  meter.steps += text.length;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 0x410 && code <= 0x44f) || code === 0x401 || code === 0x451) count++;
  }
  return count;
}

/**
 * A text file's encoding: UTF-8 with a BOM or valid as UTF-8; else, between Windows-1251 and DOS 866, the one
 * a `marker` (a line the format writes, such as 1C's `Кодировка=`) reads in, or else the one giving the more
 * Russian letters (a 1251 text read as 866 turns its capitals and half its small letters into box drawing).
 * One pass per candidate: linear in the file.
 */
export function detectEncoding(
  bytes: Uint8Array,
  options: { marker?: RegExp } = {},
  meter: WorkMeter = { steps: 0 },
): ImportEncoding {
  meter.steps += bytes.length;
  if (hasBom(bytes) || isUtf8(bytes)) return 'utf-8';
  const windows = new TextDecoder('windows-1251').decode(bytes);
  const dos = new TextDecoder('ibm866').decode(bytes);
  if (options.marker) {
    if (options.marker.test(windows)) return 'windows-1251';
    if (options.marker.test(dos)) return 'ibm866';
  }
  return russianLetters(dos, meter) > russianLetters(windows, meter) ? 'ibm866' : 'windows-1251';
}

/** The file's text in the encoding given, or the one detected (`detectEncoding`); a BOM is dropped. */
export function decodeText(
  bytes: Uint8Array,
  options: { encoding?: ImportEncoding; marker?: RegExp } = {},
  meter: WorkMeter = { steps: 0 },
): string {
  // TextDecoder drops a UTF-8 BOM itself.
  return new TextDecoder(options.encoding ?? detectEncoding(bytes, options, meter)).decode(bytes);
}

/** An XML file's text in the code page its declaration names (the Bank of Russia writes windows-1251). */
export function decodeXml(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const label = /encoding=["']([\w-]+)["']/i.exec(head)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

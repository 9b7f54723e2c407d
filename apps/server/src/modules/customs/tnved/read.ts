import {
  FileErrors,
  type ImportError,
  TNVED_MESSAGES as M,
  MAX_TNVED_LINES,
  MAX_TNVED_UNPACKED_BYTES,
  type TnvedLevel,
  tnvedDepth,
  tnvedPlainName,
} from '@tms/domain';
import PizZip from 'pizzip';
import { ZIP_LIMITS, zipRefusal } from '../../../platform/files/zip-guard';
import { detectEncoding } from '../../../platform/imports/decode';

/** One version of an entry as a line of the files gives it. */
export interface TnvedLine {
  file: TnvedFile;
  line: number;
  level: TnvedLevel;
  code: string;
  parentCode: string | null;
  treeKey: string;
  name: string;
  depth: number;
  notes: string | null;
  validFrom: string;
  validTo: string | null;
}

export const TNVED_FILES = ['TNVED1', 'TNVED2', 'TNVED3', 'TNVED4'] as const;
export type TnvedFile = (typeof TNVED_FILES)[number];

export interface TnvedEdition {
  file: TnvedFile;
  version: string;
  date: string;
}

export type TnvedRead =
  | { editions: TnvedEdition[]; lines: TnvedLine[] }
  | { errors: ImportError[]; errorCount: number };

/** The fields of each file's line (the FNS layout), the last one empty: every line ends with "|". */
const LAYOUT: Record<TnvedFile, { fields: number; codes: RegExp[] }> = {
  TNVED1: { fields: 6, codes: [/^\d{2}$/] },
  TNVED2: { fields: 7, codes: [/^\d{2}$/, /^\d{2}$/] },
  TNVED3: { fields: 6, codes: [/^\d{2}$/, /^\d{2}$/] },
  TNVED4: { fields: 7, codes: [/^\d{2}$/, /^\d{2}$/, /^\d{6}$/] },
};

/** "01.01.2022" → "2022-01-01", or null when it is no calendar date. */
function isoDate(text: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) ? iso : null;
}

/** "20220811" → "2022-08-11", or null. */
function headerDate(text: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  return m ? isoDate(`${m[3]}.${m[2]}.${m[1]}`) : null;
}

/** The 1-based line of the first byte above ASCII (where a wrong code page shows first). */
function firstNonAsciiLine(bytes: Uint8Array): number {
  let line = 1;
  for (const byte of bytes) {
    if (byte === 0x0a) line++;
    else if (byte >= 0x80) return line;
  }
  return 1;
}

/** The archive's entries by file (TNVED1..4, any case, in any folder), or why it cannot be read. */
function unpack(zip: Uint8Array): Map<TnvedFile, Uint8Array> | { refusal: string } {
  const buffer = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const unsafe = zipRefusal(buffer, { ...ZIP_LIMITS, maxUncompressedBytes: MAX_TNVED_UNPACKED_BYTES });
  if (unsafe) return { refusal: M.notZip };
  let archive: PizZip;
  try {
    archive = new PizZip(buffer);
  } catch {
    return { refusal: M.notZip };
  }
  const found = new Map<TnvedFile, Uint8Array>();
  for (const entry of Object.values(archive.files)) {
    const name = /(?:^|\/)(TNVED[1-4])\.TXT$/i.exec(entry.name)?.[1]?.toUpperCase() as TnvedFile | undefined;
    if (name && !entry.dir) found.set(name, entry.asUint8Array());
  }
  return found;
}

/** The name of one of the distribution's text files ("tnved4.txt" too), or null. */
export function tnvedFileOf(name: string): TnvedFile | null {
  return (/^(TNVED[1-4])\.TXT$/i.exec(name.trim())?.[1]?.toUpperCase() as TnvedFile | undefined) ?? null;
}

/**
 * The distribution's text files chosen one by one, packed as the TNVED.ZIP the import reads (stored, not
 * compressed: the reader unpacks it at once); the indexes of those not named TNVED1..4.TXT, or named twice,
 * when any is.
 */
export function packTnvedFiles(
  files: readonly { name: string; bytes: Uint8Array }[],
): { zip: Uint8Array } | { refused: number[] } {
  const seen = new Set<TnvedFile>();
  const refused: number[] = [];
  files.forEach((file, index) => {
    const name = tnvedFileOf(file.name);
    if (!name || seen.has(name)) refused.push(index);
    else seen.add(name);
  });
  if (refused.length) return { refused };
  const zip = new PizZip();
  for (const file of files) zip.file(`${tnvedFileOf(file.name)}.TXT`, file.bytes);
  return { zip: zip.generate({ type: 'uint8array', compression: 'STORE' }) };
}

/**
 * Reads the FNS distribution TNVED.ZIP (TNVED1..4.TXT, DOS 866, pipe-delimited, first line `version|YYYYMMDD|`,
 * dates DD.MM.YYYY, the end of validity empty while valid): every version of every entry, or every error by
 * file and line (the first 1,000 and their count). A file in another code page, cut short or with a bad
 * line refuses the whole archive. Linear in the archive.
 */
export function readTnvedZip(zip: Uint8Array): TnvedRead {
  const unpacked = unpack(zip);
  if ('refusal' in unpacked) return { errors: [{ row: 0, message: unpacked.refusal }], errorCount: 1 };
  if (TNVED_FILES.some((file) => !unpacked.has(file))) {
    return { errors: [{ row: 0, message: M.fileMissing }], errorCount: 1 };
  }
  const errors = new FileErrors<ImportError>(
    (a, b) => (a.field ?? '').localeCompare(b.field ?? '') || a.row - b.row,
  );
  const editions: TnvedEdition[] = [];
  const lines: TnvedLine[] = [];
  // A group's section, from TNVED2, places its headings and codes in the tree.
  const sectionOf = new Map<string, string>();
  for (const file of TNVED_FILES) {
    const bytes = unpacked.get(file)!;
    const fail = (line: number, message: string, value?: string) =>
      errors.add({ row: line, field: file, message, ...(value === undefined ? {} : { value }) });
    if (detectEncoding(bytes) !== 'ibm866' && bytes.some((byte) => byte >= 0x80)) {
      fail(firstNonAsciiLine(bytes), M.encoding);
      continue;
    }
    const text = new TextDecoder('ibm866').decode(bytes);
    const rows = text.split(/\r?\n/);
    // A whole file ends with its last line's line break; without it the last line was cut.
    const cut = !text.endsWith('\n');
    if (cut) fail(rows.length, M.cut);
    while (rows.length && rows[rows.length - 1] === '') rows.pop();
    if (rows.length > MAX_TNVED_LINES + 1) {
      fail(0, M.tooManyLines);
      continue;
    }
    const header = /^(\d{1,6})\|(\d{8})\|/.exec(rows[0] ?? '');
    const date = header ? headerDate(header[2]!) : null;
    if (!header || !date) fail(1, M.header, rows[0]?.slice(0, 40));
    else editions.push({ file, version: header[1]!, date });
    const seen = new Set<string>();
    const layout = LAYOUT[file];
    for (let i = 1; i < rows.length; i++) {
      const number = i + 1;
      if (cut && i === rows.length - 1) break;
      const parts = rows[i]!.split('|');
      if (parts.length !== layout.fields || parts[parts.length - 1] !== '') {
        fail(number, M.fields);
        continue;
      }
      const codes = parts.slice(0, layout.codes.length).map((p) => p.trim());
      const bad = codes.findIndex((code, index) => !layout.codes[index]!.test(code));
      if (bad >= 0) {
        fail(number, M.code, codes[bad]);
        continue;
      }
      const [fromText, toText] = parts.slice(layout.fields - 3, layout.fields - 1).map((p) => p.trim());
      const validFrom = isoDate(fromText!);
      const validTo = toText ? isoDate(toText) : null;
      if (!validFrom || (toText && !validTo)) {
        fail(number, M.date, validFrom ? toText : fromText);
        continue;
      }
      if (validTo && validTo < validFrom) {
        fail(number, M.period);
        continue;
      }
      const entry = entryOf(file, codes, parts, sectionOf);
      const key = `${entry.code}/${validFrom}`;
      if (seen.has(key)) {
        fail(number, M.duplicate, entry.code);
        continue;
      }
      seen.add(key);
      lines.push({ file, line: number, ...entry, validFrom, validTo });
    }
  }
  if (errors.count) return { errors: errors.list(), errorCount: errors.count };
  return { editions, lines };
}

function entryOf(
  file: TnvedFile,
  codes: string[],
  parts: string[],
  sectionOf: Map<string, string>,
): Pick<TnvedLine, 'level' | 'code' | 'parentCode' | 'treeKey' | 'name' | 'depth' | 'notes'> {
  const notesOf = (text: string | undefined) => tnvedPlainName(text ?? '') || null;
  switch (file) {
    case 'TNVED1':
      return {
        level: 'section',
        code: codes[0]!,
        parentCode: null,
        treeKey: codes[0]!,
        name: tnvedPlainName(parts[1]!),
        depth: 0,
        notes: notesOf(parts[2]),
      };
    case 'TNVED2': {
      const [section, group] = codes as [string, string];
      sectionOf.set(group, section);
      return {
        level: 'group',
        code: group,
        parentCode: section,
        treeKey: `${section}/${group}`,
        name: tnvedPlainName(parts[2]!),
        depth: 0,
        notes: notesOf(parts[3]),
      };
    }
    case 'TNVED3': {
      const [group, heading] = codes as [string, string];
      const section = sectionOf.get(group) ?? '';
      return {
        level: 'heading',
        code: group + heading,
        parentCode: group,
        treeKey: `${section}/${group}/${group}${heading}`,
        name: tnvedPlainName(parts[2]!),
        depth: 0,
        notes: null,
      };
    }
    case 'TNVED4': {
      const [group, heading, sub] = codes as [string, string, string];
      const section = sectionOf.get(group) ?? '';
      return {
        level: 'code',
        code: group + heading + sub,
        parentCode: group + heading,
        treeKey: `${section}/${group}/${group}${heading}${sub}`,
        name: tnvedPlainName(parts[3]!),
        depth: tnvedDepth(parts[3]!),
        notes: null,
      };
    }
  }
}

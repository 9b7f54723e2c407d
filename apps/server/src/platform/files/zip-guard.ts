import { inflateRawSync } from 'node:zlib';

/**
 * What a zip-based upload (.docx, .xlsx) may hold. An office document has a few dozen entries and unpacks
 * to a few megabytes; the limits leave room for large spreadsheets and refuse archives made to exhaust the
 * server (a zip bomb) or to write outside their folder (zip slip).
 */
export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
  /** Most bytes one entry unpacks to (a document's text part); unset, only the total counts. */
  maxEntryBytes?: number;
}

export const ZIP_LIMITS: ZipLimits = { maxEntries: 5000, maxUncompressedBytes: 200 * 1024 * 1024 };

export const ZIP_MESSAGES = {
  invalid: 'The file is not a valid document archive.',
  tooManyEntries: 'The archive holds too many entries.',
  tooLarge: 'The archive unpacks to more than is allowed.',
  unsafePath: 'The archive holds an entry with an unsafe path.',
} as const;

export class ZipRefusal extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

function endOfCentralDirectory(zip: Buffer): number {
  const floor = Math.max(0, zip.length - EOCD_SIZE - MAX_COMMENT);
  for (let at = zip.length - EOCD_SIZE; at >= floor; at--) {
    if (zip.readUInt32LE(at) === EOCD) return at;
  }
  throw new ZipRefusal(ZIP_MESSAGES.invalid);
}

/** A path that an unpacker could resolve outside its target folder, or that names no plain file. */
export function unsafeEntryPath(name: string): boolean {
  if (name.length === 0 || name.includes('\0') || name.includes('\\')) return true;
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return true;
  return name.split('/').some((segment) => segment === '..');
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

/** Reads the central directory only: every entry's name and declared sizes, nothing unpacked. */
function centralDirectory(zip: Buffer, limits: ZipLimits): Entry[] {
  const eocd = endOfCentralDirectory(zip);
  const count = zip.readUInt16LE(eocd + 10);
  const size = zip.readUInt32LE(eocd + 12);
  const offset = zip.readUInt32LE(eocd + 16);
  // ZIP64 markers: an archive past 65,535 entries or 4 GB is beyond any limit here anyway.
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    throw new ZipRefusal(ZIP_MESSAGES.tooLarge);
  }
  if (count > limits.maxEntries) throw new ZipRefusal(ZIP_MESSAGES.tooManyEntries);
  if (offset + size > eocd) throw new ZipRefusal(ZIP_MESSAGES.invalid);
  const entries: Entry[] = [];
  let total = 0;
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > offset + size || zip.readUInt32LE(at) !== CENTRAL)
      throw new ZipRefusal(ZIP_MESSAGES.invalid);
    const flags = zip.readUInt16LE(at + 8);
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (next > offset + size) throw new ZipRefusal(ZIP_MESSAGES.invalid);
    const entry: Entry = {
      name: zip.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      uncompressedSize: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
    };
    // Encrypted entries cannot be checked (nor read by the document libraries).
    if (flags & 0x1) throw new ZipRefusal(ZIP_MESSAGES.invalid);
    if (unsafeEntryPath(entry.name)) throw new ZipRefusal(ZIP_MESSAGES.unsafePath);
    if (limits.maxEntryBytes !== undefined && entry.uncompressedSize > limits.maxEntryBytes) {
      throw new ZipRefusal(ZIP_MESSAGES.tooLarge);
    }
    total += entry.uncompressedSize;
    if (total > limits.maxUncompressedBytes) throw new ZipRefusal(ZIP_MESSAGES.tooLarge);
    entries.push(entry);
    at = next;
  }
  return entries;
}

/**
 * The declared sizes may lie: each entry is inflated into memory capped at its declared size (the sum of
 * which is within the limit), so a bomb stops at the cap instead of filling the memory of the unpacker.
 */
function verifySizes(zip: Buffer, entries: readonly Entry[]): void {
  for (const entry of entries) {
    const at = entry.localOffset;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new ZipRefusal(ZIP_MESSAGES.invalid);
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const end = start + entry.compressedSize;
    if (end > zip.length) throw new ZipRefusal(ZIP_MESSAGES.invalid);
    const data = zip.subarray(start, end);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) throw new ZipRefusal(ZIP_MESSAGES.invalid);
      continue;
    }
    if (entry.method !== 8) throw new ZipRefusal(ZIP_MESSAGES.invalid);
    let inflated: Buffer;
    try {
      inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ZipRefusal(code === 'ERR_BUFFER_TOO_LARGE' ? ZIP_MESSAGES.tooLarge : ZIP_MESSAGES.invalid);
    }
    if (inflated.length !== entry.uncompressedSize) throw new ZipRefusal(ZIP_MESSAGES.invalid);
  }
}

/**
 * Throws a `ZipRefusal` naming what is wrong with the archive; answers its entry names when it is safe. Every
 * reader of a .docx or .xlsx upload calls it before any library unpacks the file, in its worker task: the
 * inflating is CPU work.
 */
export function checkZip(zip: Buffer, limits: ZipLimits = ZIP_LIMITS): string[] {
  if (zip.length < EOCD_SIZE) throw new ZipRefusal(ZIP_MESSAGES.invalid);
  const entries = centralDirectory(zip, limits);
  verifySizes(zip, entries);
  return entries.map((entry) => entry.name);
}

/** What is wrong with the archive (a `ZIP_MESSAGES` text), or null when it is safe to unpack. */
export function zipRefusal(zip: Buffer, limits: ZipLimits = ZIP_LIMITS): string | null {
  try {
    checkZip(zip, limits);
    return null;
  } catch (error) {
    if (error instanceof ZipRefusal) return error.message;
    throw error;
  }
}

import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/connection';
import { actingUserId, type Principal } from '../auth/context';
import { ErrorCollector, fieldError, HttpError, notFound } from '../errors';
import { isSaneMediaType, OCTET_STREAM, SNIFF_BYTES, storedTypeOf } from './content-type';
import type { FileStorage } from './storage';
import { files } from './tables';

export type FileRow = typeof files.$inferSelect;

export const FILE_MESSAGES = {
  notFound: 'File not found.',
  noFileSelected: 'No file selected.',
  coldStorage: 'The file is in cold storage.',
  notAvailable: 'This file cannot be used here.',
  alreadyAttached: 'This file is already attached (same name and content).',
  typeInvalid: 'The declared file type is not valid.',
  contentGone: 'The content of this file is no longer available.',
} as const;

/**
 * Who may read files attached to an owner type: the owning module answers for its records, declaring the
 * rule in its definition (`fileOwners`); the app's registries hold them by owner type.
 */
export type OwnerAccess = (auth: Principal, ownerId: number, tx: Tx) => Promise<boolean>;

/**
 * Files attached to a resource's records are read by whoever may read the record: its read roles and scope,
 * the counterparty of a cabinet.
 */
export const recordFileOwner =
  (service: { canRead(ctx: { tx: Tx; auth: Principal }, id: number): Promise<boolean> }): OwnerAccess =>
  (auth, ownerId, tx) =>
    service.canRead({ tx, auth }, ownerId);
export type FileOwners = ReadonlyMap<string, OwnerAccess>;

/** What the API answers about a stored file (`fileMetadata`). */
export const fileMetadataSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  coldStorage: z.boolean(),
  createdAt: z.string(),
  downloadLink: z.string(),
});

export function fileMetadata(row: FileRow) {
  return {
    id: row.id,
    description: row.description,
    mimeType: row.mimeType,
    size: row.size,
    coldStorage: row.coldStorage,
    createdAt: row.createdAt.toISOString(),
    downloadLink: `/api/file-management/files/${row.id}/download`,
  };
}

/** The whole content of a stored file; 410 when it is gone from the storage. */
export async function storedContent(storage: FileStorage, row: FileRow): Promise<Buffer> {
  const stream = await storage.get(row.storageKey);
  if (!stream) throw new HttpError(410, FILE_MESSAGES.contentGone);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Streams an upload into storage, hashing and counting it and keeping its beginning on the way; the row is
 * temporary. Its type is read from the content (`storedTypeOf`); a declared type that no header could
 * carry is refused before anything is stored.
 */
export async function storeUpload(
  tx: Tx,
  storage: FileStorage,
  upload: { filename: string; mimetype: string; file: Readable & { truncated?: boolean } },
  /** The staff user; null for a cabinet's upload, which its route attaches at once. */
  uploadedBy: number | null,
): Promise<FileRow> {
  if (upload.mimetype && !isSaneMediaType(upload.mimetype)) {
    upload.file.resume();
    throw fieldError(['file'], FILE_MESSAGES.typeInvalid);
  }
  const key = newStorageKey(new Date());
  const hash = createHash('sha256');
  let size = 0;
  const head: Buffer[] = [];
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      if (size < SNIFF_BYTES) head.push(chunk.subarray(0, SNIFF_BYTES - size));
      size += chunk.length;
      done(null, chunk);
    },
  });
  await storage.put(key, upload.file.pipe(meter).pipe(new PassThrough()));
  if (upload.file.truncated) {
    await storage.remove(key);
    throw new HttpError(413, 'The request is too large.');
  }
  const description = path.basename(upload.filename || 'file').slice(0, 255);
  const [row] = await tx
    .insert(files)
    .values({
      storageKey: key,
      description,
      mimeType: await storedTypeOf(Buffer.concat(head), description),
      size,
      sha256: hash.digest('hex'),
      uploadedBy,
    })
    .returning();
  return row!;
}

/** A new storage key: the month it was stored in, then a random name. */
export function newStorageKey(now: Date): string {
  return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
}

/**
 * Stores content the server made (a job's result) as a file of `owner`, attached at once. The content goes
 * to storage first; if the row cannot be written, the caller removes `storageKey` (its transaction failed).
 */
export async function storeMadeFile(
  tx: Tx,
  storage: FileStorage,
  file: {
    name: string;
    mimeType: string;
    content: Buffer | Readable;
    owner: { type: string; id: number };
    madeFor: number | null;
  },
  now: Date,
): Promise<FileRow> {
  const key = newStorageKey(now);
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const source = Buffer.isBuffer(file.content) ? Readable.from([file.content]) : file.content;
  await storage.put(key, source.pipe(meter));
  try {
    const [row] = await tx
      .insert(files)
      .values({
        storageKey: key,
        description: path.basename(file.name).slice(0, 255) || 'file',
        mimeType: isSaneMediaType(file.mimeType) ? file.mimeType : OCTET_STREAM,
        size,
        sha256: hash.digest('hex'),
        temporary: false,
        ownerType: file.owner.type,
        ownerId: file.owner.id,
        uploadedBy: file.madeFor,
      })
      .returning();
    return row!;
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
}

export async function canReadFile(
  tx: Tx,
  auth: Principal,
  row: FileRow,
  ownerAccess: FileOwners,
): Promise<boolean> {
  if (auth.roles.has('ROLE_ADMIN') || (row.uploadedBy !== null && row.uploadedBy === actingUserId(auth))) {
    return true;
  }
  if (row.temporary || !row.ownerType || row.ownerId === null) return false;
  const check = ownerAccess.get(row.ownerType);
  return check ? check(auth, row.ownerId, tx) : false;
}

export async function readableFile(
  tx: Tx,
  auth: Principal,
  id: number,
  owners: FileOwners,
): Promise<FileRow> {
  const [row] = await tx.select().from(files).where(eq(files.id, id));
  // A file the user may not read is answered as missing: its existence is not disclosed.
  if (!row || !(await canReadFile(tx, auth, row, owners))) throw notFound(FILE_MESSAGES.notFound);
  return row;
}

/**
 * Attaches files chosen in a form to the record being saved. Each must be the user's own temporary upload
 * or already attached to this record; errors land under `field` (and its index for collections).
 */
export async function attachFiles(
  tx: Tx,
  auth: Principal,
  ids: readonly number[],
  owner: { type: string; id: number },
  field: readonly PropertyKey[],
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx
    .select()
    .from(files)
    .where(inArray(files.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const errors = new ErrorCollector();
  ids.forEach((id, index) => {
    const row = byId.get(id);
    const attachedHere = row && !row.temporary && row.ownerType === owner.type && row.ownerId === owner.id;
    const ownUpload = row?.temporary && row.uploadedBy !== null && row.uploadedBy === actingUserId(auth);
    if (!attachedHere && !ownUpload) {
      errors.add(ids.length > 1 ? [...field, index] : field, FILE_MESSAGES.notAvailable);
    }
  });
  errors.throwIfAny();
  await tx
    .update(files)
    .set({ temporary: false, ownerType: owner.type, ownerId: owner.id })
    .where(and(inArray(files.id, [...ids]), eq(files.temporary, true)));
}

/** A temporary upload stored in vain (a repeated upload answered with the first one's file). */
export async function discardUpload(tx: Tx, storage: FileStorage, id: number): Promise<void> {
  const [gone] = await tx
    .delete(files)
    .where(and(eq(files.id, id), eq(files.temporary, true)))
    .returning({ storageKey: files.storageKey });
  if (gone) await storage.remove(gone.storageKey);
}

/** Temporary uploads nobody attached within a day. */
export async function removeStaleUploads(tx: Tx, storage: FileStorage, olderThan: Date): Promise<number> {
  const stale = await tx
    .delete(files)
    .where(and(eq(files.temporary, true), lt(files.createdAt, olderThan)))
    .returning({ storageKey: files.storageKey });
  for (const { storageKey } of stale) await storage.remove(storageKey);
  return stale.length;
}

import type { Readable } from 'node:stream';
import { IMPORT_MESSAGES, MAX_IMPORT_BYTES } from '@tms/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { fieldError, HttpError } from '../errors';
import { FILE_MESSAGES } from '../files/service';
import type { FileStorage } from '../files/storage';
import { files } from '../files/tables';

/** The `uploadLimit` of an import's upload route: its files' most bytes, refused as an import's file. */
export const importUploadLimit = (bytes: number) => ({ bytes, message: IMPORT_MESSAGES.tooLarge });

/** A file's bytes read whole, refused (413) past the import limit before it is all in memory. */
export async function importBytes(stream: Readable, limit = MAX_IMPORT_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      throw new HttpError(413, IMPORT_MESSAGES.tooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The bytes of `userId`'s own temporary upload `fileId` (`POST /api/file-management/files/temporary`): a file
 * of someone else, an attached one or one whose content is gone is refused under `field`.
 */
export async function uploadedImportFile(
  tx: Tx,
  storage: FileStorage,
  userId: number,
  fileId: number,
  field = 'fileId',
): Promise<Buffer> {
  return (await uploadedImport(tx, storage, userId, fileId, field)).bytes;
}

/** `uploadedImportFile` with the file's name as it was uploaded (what an import job is about). */
export async function uploadedImport(
  tx: Tx,
  storage: FileStorage,
  userId: number,
  fileId: number,
  field = 'fileId',
): Promise<{ bytes: Buffer; name: string }> {
  const [file] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.uploadedBy, userId), eq(files.temporary, true)));
  if (!file) throw fieldError([field], FILE_MESSAGES.notFound);
  const stream = await storage.get(file.storageKey);
  if (!stream) throw fieldError([field], FILE_MESSAGES.contentGone);
  return { bytes: await importBytes(stream), name: file.description };
}

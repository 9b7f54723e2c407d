import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import type { AuthContext } from '../../platform/auth/context';
import { fieldError } from '../../platform/errors';
import { FILE_MESSAGES } from '../../platform/files/service';
import type { FileStorage } from '../../platform/files/storage';
import { files } from '../../platform/files/tables';
import type { WorkerPool } from '../../platform/workers/pool';
import type { RateSheet } from './sheet-file';

async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The first worksheet of the user's own temporary upload `fileId`, read in a worker thread (`readSheet`). A
 * file of someone else, an attached file or an unreadable one is refused under `fileId`.
 */
export async function readRateSheet(
  tx: Tx,
  storage: FileStorage,
  workers: WorkerPool,
  auth: AuthContext,
  fileId: number,
): Promise<RateSheet> {
  const [file] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.uploadedBy, auth.userId), eq(files.temporary, true)));
  if (!file) throw fieldError(['fileId'], FILE_MESSAGES.notFound);
  const stream = await storage.get(file.storageKey);
  if (!stream) throw fieldError(['fileId'], FILE_MESSAGES.contentGone);
  const sheet = await workers.run('pricing.read-sheet', await bufferOf(stream));
  if ('refusal' in sheet) throw fieldError(['fileId'], sheet.refusal);
  return sheet;
}

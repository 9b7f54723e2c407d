import { MAX_IMPORT_BYTES } from '@tms/domain';
import type { FastifyRequest } from 'fastify';
import { fieldError } from '../../platform/errors';
import { FILE_MESSAGES } from '../../platform/files/service';
import { importBytes } from '../../platform/imports';

/** The most bytes the route's file may have (its `uploadLimit`). */
export const uploadLimitOf = (request: FastifyRequest) =>
  request.routeOptions.config.uploadLimit?.bytes ?? MAX_IMPORT_BYTES;

/**
 * The one file of a multipart body (field "file") in memory: imports read it whole before writing anything.
 * A file past the route's `uploadLimit` is refused with a 413 as soon as it passes it.
 */
export async function uploadedFile(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  const upload = request.isMultipart() ? await request.file() : undefined;
  if (!upload) throw fieldError(['file'], FILE_MESSAGES.noFileSelected);
  return { name: upload.filename, bytes: await importBytes(upload.file, uploadLimitOf(request)) };
}

import type { FastifyRequest } from 'fastify';
import { fieldError } from '../../platform/errors';
import { FILE_MESSAGES } from '../../platform/files/service';

/** The one file of a multipart body (field "file") in memory: imports read it whole before writing anything. */
export async function uploadedFile(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  const upload = request.isMultipart() ? await request.file() : undefined;
  if (!upload) throw fieldError(['file'], FILE_MESSAGES.noFileSelected);
  return { name: upload.filename, bytes: await upload.toBuffer() };
}

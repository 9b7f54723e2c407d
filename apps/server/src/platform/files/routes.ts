import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { dataSchema, ERROR_MESSAGES, idParamSchema } from '@tms/domain';
import type { Config } from '../../config';
import { principalOf } from '../auth/context';
import { fieldError, HttpError } from '../errors';
import { claimUpload } from '../http/idempotency';
import type { App } from '../http/types';
import type { ScheduledJob } from '../jobs/scheduler';
import { isSaneMediaType, OCTET_STREAM } from './content-type';
import {
  discardUpload,
  FILE_MESSAGES,
  fileMetadata,
  fileMetadataSchema,
  readableFile,
  removeStaleUploads,
  storeUpload,
} from './service';
import { type FileStorage, LocalDiskStorage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    fileStorage: FileStorage;
  }
}

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** Content-Disposition that keeps non-Latin file names (RFC 6266 / 5987). */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // A round trip through UTF-8 turns a lone surrogate (a rename may store one) into U+FFFD, which
  // encodeURIComponent takes instead of throwing.
  const utf8 = Buffer.from(name, 'utf8').toString('utf8');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(utf8)}`;
}

export default async function filesModule(app: App): Promise<void> {
  app.decorate('fileStorage', fileStorageOf(app.appConfig));
  // One file, and the few fields a door reads beside it (a statement's decisions): a body of a million parts
  // or of megabytes of field text is refused (413) while it streams, whatever route it is sent to.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 * 1024 },
  });

  app.post(
    '/file-management/files/temporary',
    {
      config: { uploadLimit: { bytes: MAX_UPLOAD_BYTES, message: ERROR_MESSAGES.tooLarge } },
      schema: {
        tags: ['files'],
        summary:
          'Upload one file (multipart field "file"); it stays temporary until a saved form attaches it',
        consumes: ['multipart/form-data'],
        response: { 201: dataSchema(fileMetadataSchema) },
      },
    },
    async (request, reply) => {
      const upload = request.isMultipart() ? await request.file() : undefined;
      if (!upload) throw fieldError(['file'], FILE_MESSAGES.noFileSelected);
      const row = await storeUpload(app.database.db, app.fileStorage, upload, request.auth!.userId);
      // A repeat with the upload's Idempotency-Key gets the first file; this copy is dropped.
      const read = { sha256: row.sha256, size: row.size, name: row.description };
      const goesOn = await claimUpload(request, reply, read).catch(async (error: unknown) => {
        await discardUpload(app.database.db, app.fileStorage, row.id);
        throw error;
      });
      if (!goesOn) {
        await discardUpload(app.database.db, app.fileStorage, row.id);
        return reply;
      }
      return reply.code(201).send({ data: fileMetadata(row) });
    },
  );

  app.get(
    '/file-management/files/:id',
    {
      // A cabinet reads the files of its counterparty's records (the owners' rules decide).
      config: { cabinet: 'also' },
      schema: { tags: ['files'], params: idParamSchema, response: { 200: dataSchema(fileMetadataSchema) } },
    },
    async (request) => ({
      data: fileMetadata(
        await readableFile(
          app.database.db,
          principalOf(request),
          request.params.id,
          app.registries.fileOwners,
        ),
      ),
    }),
  );

  app.get(
    '/file-management/files/:id/download',
    {
      config: { urlCredential: 'signedLink', cabinet: 'also' },
      schema: {
        tags: ['files'],
        summary: 'File content; a browser opens it as a signed link (POST /api/auth/download-link)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const row = await readableFile(
        app.database.db,
        principalOf(request),
        request.params.id,
        app.registries.fileOwners,
      );
      if (row.coldStorage) throw fieldError([], FILE_MESSAGES.coldStorage);
      const stream = await app.fileStorage.get(row.storageKey);
      if (!stream) throw new HttpError(410, FILE_MESSAGES.contentGone);
      return reply
        .header('content-type', isSaneMediaType(row.mimeType) ? row.mimeType : OCTET_STREAM)
        .header('content-length', row.size)
        .header('content-disposition', disposition(row.description))
        .send(stream);
    },
  );
}

export function fileStorageOf(config: Config): FileStorage {
  return new LocalDiskStorage(path.join(config.dataDir, 'files'));
}

export const staleUploadsJob: ScheduledJob = {
  name: 'stale-uploads',
  intervalMs: 60 * 60 * 1000,
  async run({ database, config }) {
    await removeStaleUploads(database.db, fileStorageOf(config), new Date(Date.now() - 24 * 60 * 60 * 1000));
  },
};

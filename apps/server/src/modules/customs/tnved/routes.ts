import { Readable } from 'node:stream';
import {
  backgroundJobSchema,
  dataSchema,
  TNVED_MESSAGES as M,
  MAX_TNVED_ZIP_BYTES,
  TNVED_LEVELS,
  TNVED_ROLES,
  type TnvedLevel,
  type TnvedListQuery,
  tnvedHistorySchema,
  tnvedImportSummarySchema,
  tnvedListQuerySchema,
  tnvedListSchema,
  tnvedLoadJobSchema,
  tnvedStateSchema,
} from '@tms/domain';
import { z } from 'zod';
import { ErrorCollector, fieldError } from '../../../platform/errors';
import { discardUpload, FILE_MESSAGES, storeUpload } from '../../../platform/files/service';
import type { App } from '../../../platform/http/types';
import {
  applyImport,
  enqueueImport,
  importBytes,
  importUploadLimit,
  uploadedImport,
} from '../../../platform/imports';
import { requestContext } from '../../../platform/resources';
import { tnvedImport } from './import';
import { dayOf, listTnved, tnvedHistory, tnvedState } from './library';
import { tnvedFileOf } from './read';

const TAGS = ['tnved'];
const VIEW = { roles: TNVED_ROLES.view };

/** The TNVED library (`/tnved-library`): list and search, an entry's versions, what is loaded, the loading. */
export function registerTnvedRoutes(app: App): void {
  const today = () => dayOf(app.clock());

  app.get(
    '/customs/tnved',
    {
      config: VIEW,
      schema: {
        tags: TAGS,
        summary: 'The classifier: newest version of each entry, by code prefix or words (Russian morphology)',
        querystring: tnvedListQuerySchema,
        response: { 200: dataSchema(tnvedListSchema) },
      },
    },
    async (request) => ({
      data: await listTnved(app.database.db, request.query as TnvedListQuery, today()),
    }),
  );

  app.get(
    '/customs/tnved/state',
    {
      config: VIEW,
      schema: {
        tags: TAGS,
        summary: 'The editions loaded and the number of codes valid today',
        response: { 200: dataSchema(tnvedStateSchema) },
      },
    },
    async () => ({ data: await tnvedState(app.database.db, today()) }),
  );

  app.get(
    '/customs/tnved/:level/:code/history',
    {
      config: VIEW,
      schema: {
        tags: TAGS,
        summary: 'Every version of an entry, newest first',
        params: z.object({ level: z.enum(TNVED_LEVELS), code: z.string().regex(/^\d{2,10}$/) }),
        response: { 200: dataSchema(tnvedHistorySchema) },
      },
    },
    async (request) => {
      const { level, code } = request.params as { level: TnvedLevel; code: string };
      return { data: await tnvedHistory(app.database.db, level, code, today()) };
    },
  );

  app.post(
    '/customs/tnved/import',
    {
      config: { roles: TNVED_ROLES.load, uploadLimit: importUploadLimit(MAX_TNVED_ZIP_BYTES) },
      schema: {
        tags: TAGS,
        summary: 'Load the FNS distribution TNVED.ZIP (multipart field "file") whole, or refuse it whole',
        consumes: ['multipart/form-data'],
        response: { 200: dataSchema(tnvedImportSummarySchema) },
      },
    },
    async (request) => {
      const upload = request.isMultipart() ? await request.file() : undefined;
      if (!upload) throw fieldError(['file'], FILE_MESSAGES.noFileSelected);
      const bytes = await importBytes(upload.file, MAX_TNVED_ZIP_BYTES);
      const data = await app.database.db.transaction((tx) =>
        applyImport({ ...requestContext(request, tx), auth: request.auth! }, tnvedImport, bytes, undefined),
      );
      return { data };
    },
  );

  app.post(
    '/customs/tnved/jobs',
    {
      config: { roles: TNVED_ROLES.load },
      schema: {
        tags: TAGS,
        summary:
          'Load TNVED.ZIP, or its files TNVED1..4.TXT, from temporary uploads in the job queue (checked first: a file with errors is refused, no job)',
        body: tnvedLoadJobSchema,
        response: { 201: dataSchema(backgroundJobSchema) },
      },
    },
    async (request, reply) => {
      const { fileIds } = request.body as z.infer<typeof tnvedLoadJobSchema>;
      const userId = request.auth!.userId;
      const storage = app.fileStorage;
      let stored: string | null = null;
      try {
        const data = await app.database.db.transaction(async (tx) => {
          const uploads = [];
          for (const id of fileIds) uploads.push({ id, ...(await uploadedImport(tx, storage, userId, id)) });
          const [first] = uploads;
          // One file not named as a text file of the distribution is the archive (the reader says if it is not).
          if (uploads.length === 1 && tnvedFileOf(first!.name) === null) {
            return enqueueImport(
              { ...requestContext(request, tx), auth: request.auth! },
              tnvedImport.name,
              first!,
              undefined,
            );
          }
          const packed = await app.registries.workers.run(
            'customs.pack-tnved',
            uploads.map((upload) => ({ name: upload.name, bytes: new Uint8Array(upload.bytes) })),
          );
          if ('refused' in packed) {
            const errors = new ErrorCollector();
            for (const index of packed.refused) errors.add(['fileIds', index], M.fileName);
            errors.throwIfAny();
            throw new Error('unreachable: a refusal without errors');
          }
          const bytes = Buffer.from(packed.zip);
          const zip = await storeUpload(
            tx,
            storage,
            { filename: 'TNVED.ZIP', mimetype: 'application/zip', file: Readable.from([bytes]) },
            userId,
          );
          stored = zip.storageKey;
          const job = await enqueueImport(
            { ...requestContext(request, tx), auth: request.auth! },
            tnvedImport.name,
            { id: zip.id, bytes, name: zip.description },
            undefined,
          );
          // The text files live on in the archive the job reads.
          for (const upload of uploads) await discardUpload(tx, storage, upload.id);
          return job;
        });
        return reply.code(201).send({ data });
      } catch (error) {
        // Refused: the archive packed for it goes with the transaction's rows.
        if (stored) await storage.remove(stored);
        throw error;
      }
    },
  );
}

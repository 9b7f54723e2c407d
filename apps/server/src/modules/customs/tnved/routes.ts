import {
  dataSchema,
  MAX_TNVED_ZIP_BYTES,
  TNVED_LEVELS,
  TNVED_ROLES,
  type TnvedLevel,
  type TnvedListQuery,
  tnvedHistorySchema,
  tnvedImportSummarySchema,
  tnvedListQuerySchema,
  tnvedListSchema,
  tnvedStateSchema,
} from '@tms/domain';
import { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import { FILE_MESSAGES } from '../../../platform/files/service';
import type { App } from '../../../platform/http/types';
import { applyImport, importBytes, importUploadLimit } from '../../../platform/imports';
import { requestContext } from '../../../platform/resources';
import { tnvedImport } from './import';
import { dayOf, listTnved, tnvedHistory, tnvedState } from './library';

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
}

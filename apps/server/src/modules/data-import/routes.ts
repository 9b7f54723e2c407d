import {
  DATA_IMPORT_INITIATOR_TARGETS,
  DATA_IMPORT_MESSAGES,
  DATA_IMPORT_ROLES,
  type DataImportFile,
  type DataImportRunBody,
  dataImportCheckSchema,
  dataImportFileSchema,
  dataImportInitiatorSchema,
  dataImportRunBodySchema,
  dataImportRunSchema,
  dataImportTargetSchema,
  dataSchema,
  idParamSchema,
  recordIdSchema,
} from '@tms/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/connection';
import { fieldError, notFound } from '../../platform/errors';
import { storedContent } from '../../platform/files/service';
import { files } from '../../platform/files/tables';
import type { App } from '../../platform/http/types';
import { uploadedImport } from '../../platform/imports';
import { registerResourceRoutes, requestContext } from '../../platform/resources';
import { asBuffer } from '../../platform/workers/tasks';
import { descriptionService } from './descriptions';
import { optionsOf } from './import';
import { checkErrorsFile, checkFile, readCheck, runImport } from './runs';
import { dataImportDescriptions } from './tables';
import { targetList, targetResource } from './targets';

const roles = DATA_IMPORT_ROLES;
const tags = ['data_import_description'];
/** A download's name: ASCII for the plain parameter (a header holds no other), the real one UTF-8 encoded. */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const errorsQuerySchema = z.object({
  fileId: recordIdSchema,
  initiatorType: z.enum(['order']).optional(),
  initiatorId: recordIdSchema.optional(),
});

/**
 * Data import (spec §2 `/data-import/descriptions`, `/data-import/initiator/{type}/{id}`; §6 "Data import"):
 * descriptions as a resource; a file's dry run, its errors as XLSX, its template; the run in the job queue.
 */
export default async function dataImportRoutes(app: App): Promise<void> {
  const db = () => app.database.db;
  registerResourceRoutes(app, descriptionService);

  /** The description, the uploaded file and the run's options, for the caller. */
  async function fileOf(
    request: Parameters<typeof requestContext>[0],
    id: number,
    body: DataImportFile & { validRowsOnly?: boolean },
    tx: Tx = db(),
  ) {
    // Everything in the caller's transaction: the embedded database has one connection.
    const ctx = { ...requestContext(request, tx), auth: request.auth! };
    const description = await descriptionService.find(ctx, id, { access: 'read' });
    if ((body.initiatorType === undefined) !== (body.initiatorId === undefined)) {
      throw fieldError(['initiatorId'], 'This value should not be blank.');
    }
    const file = await uploadedImport(tx, app.fileStorage, request.auth!.userId, body.fileId);
    return {
      ctx,
      description,
      file,
      options: optionsOf(description, body.initiatorId ?? null, body.validRowsOnly ?? false),
    };
  }

  app.get(
    '/data-import/targets',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'What an import may write: each target and resource with the fields it takes',
        response: { 200: dataSchema(z.array(dataImportTargetSchema)) },
      },
    },
    async () => ({ data: targetList(app.registries) }),
  );

  app.post(
    '/data-import/descriptions/:id/preview',
    {
      config: { roles, creates: true },
      schema: {
        tags,
        summary:
          'The dry run of an uploaded file in the job queue (every row through the services, rolled back): its job, followed with progress; its answer at GET /data-import/runs/{runId}/check',
        params: idParamSchema,
        body: dataImportFileSchema,
        response: { 201: dataSchema(dataImportCheckSchema) },
      },
    },
    async (request, reply) => {
      const body = request.body as DataImportFile;
      const data = await db().transaction(async (tx) => {
        const { ctx, file, options } = await fileOf(request, request.params.id, body, tx);
        return checkFile({ ...ctx, clock: app.clock }, { id: body.fileId, ...file }, options);
      });
      return reply.code(201).send({ data });
    },
  );

  app.get(
    '/data-import/runs/:id/check',
    {
      config: { roles },
      schema: {
        tags,
        summary:
          "A file's dry run as its owner follows it: its job and, once done, the first rows, the errors and the counts",
        params: idParamSchema,
        response: { 200: dataSchema(dataImportCheckSchema) },
      },
    },
    async (request) => {
      const ctx = { ...requestContext(request, db()), auth: request.auth! };
      return { data: await readCheck(ctx, request.params.id) };
    },
  );

  app.get(
    '/data-import/descriptions/:id/errors',
    {
      config: { roles, urlCredential: 'signedLink' },
      schema: {
        tags,
        summary:
          "An uploaded file's rows with errors as XLSX (its cells, formulas neutralised, and the messages), as its dry run found them",
        params: idParamSchema,
        querystring: errorsQuerySchema,
        produces: [XLSX],
      },
    },
    async (request, reply) => {
      const query = request.query as z.infer<typeof errorsQuerySchema>;
      const { ctx, description, file, options } = await fileOf(request, request.params.id, query);
      const fileId = await checkErrorsFile(ctx, file, options);
      const [stored] = await db().select().from(files).where(eq(files.id, fileId));
      if (!stored) throw notFound(DATA_IMPORT_MESSAGES.noCheck);
      const content = await storedContent(app.fileStorage, stored);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', attachment(`${description.name}-errors.xlsx`))
        .send(content);
    },
  );

  app.get(
    '/data-import/descriptions/:id/template',
    {
      config: { roles, urlCredential: 'signedLink' },
      schema: {
        tags,
        summary: "The description's template: an XLSX sheet with its headers, its columns kept as text",
        params: idParamSchema,
        produces: [XLSX],
      },
    },
    async (request, reply) => {
      const ctx = requestContext(request, db());
      const description = await descriptionService.find(ctx, request.params.id, { access: 'read' });
      const bytes = await app.registries.workers.run('resources.export-xlsx', {
        title: description.name,
        columns: description.columns.map((column) => ({ header: column.header, date: false, text: true })),
        rows: [],
      });
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', attachment(`${description.name}.xlsx`))
        .send(asBuffer(bytes));
    },
  );

  app.post(
    '/data-import/descriptions/:id/runs',
    {
      config: { roles, creates: true },
      schema: {
        tags,
        summary:
          'Run an uploaded file in the job queue: a file whose kept check found errors is refused (unless only its valid rows are asked for), one without a kept check is dry-run by the job first; the same file again answers its run',
        params: idParamSchema,
        body: dataImportRunBodySchema,
        response: { 201: dataSchema(dataImportRunSchema), 200: dataSchema(dataImportRunSchema) },
      },
    },
    async (request, reply) => {
      const body = request.body as DataImportRunBody;
      const data = await db().transaction(async (tx) => {
        const { ctx, description, file, options } = await fileOf(request, request.params.id, body, tx);
        return runImport(
          { ...ctx, clock: app.clock },
          { id: body.fileId, ...file },
          options,
          description.version,
        );
      });
      return reply.code(data.duplicate ? 200 : 201).send({ data });
    },
  );

  app.get(
    '/data-import/initiator/order/:id',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'An order to import into, with the descriptions that import into one order',
        params: idParamSchema,
        response: { 200: dataSchema(dataImportInitiatorSchema) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, db());
      const order = (await targetResource(app.registries, 'orders', null)!.service.find(
        ctx,
        request.params.id,
        {
          access: 'write',
        },
      )) as { id: number; number: number };
      const descriptions = await ctx.tx
        .select({
          id: dataImportDescriptions.id,
          name: dataImportDescriptions.name,
          target: dataImportDescriptions.target,
        })
        .from(dataImportDescriptions)
        .where(inArray(dataImportDescriptions.target, [...DATA_IMPORT_INITIATOR_TARGETS.order]))
        .orderBy(asc(dataImportDescriptions.name));
      return {
        data: {
          type: 'order' as const,
          id: order.id,
          label: String(order.number).padStart(6, '0'),
          descriptions: descriptions as { id: number; name: string; target: 'orderCargo' | 'jobs' }[],
        },
      };
    },
  );
}

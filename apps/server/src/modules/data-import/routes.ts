import {
  DATA_IMPORT_INITIATOR_TARGETS,
  DATA_IMPORT_PREVIEW_ROWS,
  DATA_IMPORT_ROLES,
  type DataImportFile,
  type DataImportRunBody,
  dataImportFileSchema,
  dataImportInitiatorSchema,
  dataImportPreviewSchema,
  dataImportRunBodySchema,
  dataImportRunSchema,
  dataImportTargetSchema,
  dataSchema,
  idParamSchema,
  recordIdSchema,
} from '@tms/domain';
import { asc, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/connection';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { planImport, uploadedImport } from '../../platform/imports';
import { registerResourceRoutes, requestContext } from '../../platform/resources';
import { asBuffer } from '../../platform/workers/tasks';
import { descriptionService } from './descriptions';
import { dataImport, fileHashOf, optionsOf } from './import';
import { alreadyRun, rememberChecked, runImport } from './runs';
import { dataImportDescriptions } from './tables';
import { targetList, targetResource } from './targets';

const roles = DATA_IMPORT_ROLES;
const tags = ['data_import_description'];
/** A download's name: ASCII for the plain parameter (a header holds no other), the real one UTF-8 encoded. */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Formula prefixes neutralised: a spreadsheet shows such a cell's text instead of computing it. */
export const safeCell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

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

  async function dryRun(request: Parameters<typeof requestContext>[0], id: number, body: DataImportFile) {
    const { ctx, description, file, options } = await fileOf(request, id, body);
    const read = await dataImport.read(app.registries.workers, file.bytes, options);
    const preview = await planImport(ctx, dataImport, read, options);
    return { ctx, description, file, options, preview };
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
      config: { roles },
      schema: {
        tags,
        summary: 'The dry run of an uploaded file: every row through the services, rolled back',
        params: idParamSchema,
        body: dataImportFileSchema,
        response: { 200: dataSchema(dataImportPreviewSchema) },
      },
    },
    async (request) => {
      const body = request.body as DataImportFile;
      const { ctx, description, file, options, preview } = await dryRun(request, request.params.id, body);
      const fileHash = fileHashOf(file.bytes);
      if (preview.errorCount === 0) {
        await rememberChecked({ ...ctx, clock: app.clock }, file, options, description.version);
      }
      return {
        data: {
          fileHash,
          columns: preview.head.columns,
          rows: preview.rows
            .slice(0, DATA_IMPORT_PREVIEW_ROWS)
            .map((row) => ({ ...row, errors: [...(row.errors ?? [])] })),
          hiddenRows: Math.max(0, preview.rows.length - DATA_IMPORT_PREVIEW_ROWS),
          errors: preview.errors,
          errorCount: preview.errorCount,
          counts: preview.counts,
          alreadyImported: await alreadyRun(ctx, request.params.id, fileHash, options.orderId),
        },
      };
    },
  );

  app.get(
    '/data-import/descriptions/:id/errors',
    {
      config: { roles, urlCredential: 'signedLink' },
      schema: {
        tags,
        summary:
          "An uploaded file's rows with errors as XLSX: its cells (formulas neutralised) and the messages",
        params: idParamSchema,
        querystring: errorsQuerySchema,
        produces: [XLSX],
      },
    },
    async (request, reply) => {
      const query = request.query as z.infer<typeof errorsQuerySchema>;
      const { description, preview } = await dryRun(request, request.params.id, query);
      const columns = preview.head.columns.filter((column) => column.field !== null);
      const byField = new Map(description.columns.map((column) => [column.field, column.header]));
      const rows: string[][] = [];
      for (const error of preview.errors.filter((e) => e.row === 0)) {
        rows.push(['0', ...columns.map(() => ''), safeCell(error.message)]);
      }
      for (const row of preview.rows.filter((r) => r.errors?.length)) {
        const messages = row.errors!.map((e) =>
          e.field ? `${byField.get(e.field) ?? e.field}: ${e.message}` : e.message,
        );
        rows.push([
          String(row.row),
          ...columns.map((column) => safeCell(row.values[column.field!] ?? '')),
          safeCell(messages.join('\n')),
        ]);
      }
      const bytes = await app.registries.workers.run('resources.export-xlsx', {
        title: description.name,
        columns: [
          { header: '#', date: false },
          ...columns.map((column) => ({ header: column.title, date: false, text: true })),
          { header: 'Errors / Ошибки', date: false },
        ],
        rows,
      });
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', attachment(`${description.name}-errors.xlsx`))
        .send(asBuffer(bytes));
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
          'Run an uploaded file in the job queue (dry-run first: a file with errors is refused, unless only its valid rows are asked for); the same file again answers its run',
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

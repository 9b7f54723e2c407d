import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  backgroundJobSchema,
  dataSchema,
  EXPORT_MESSAGES,
  MAX_PREPARED_EXPORT_ROWS,
  PREPARED_EXPORT_KIND,
  type PreparedExportRequest,
  preparedExportRequestSchema,
} from '@tms/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ownerPrincipal } from '../auth/owner';
import { HttpError, notFound } from '../errors';
import type { App } from '../http/types';
import { textOf } from '../i18n/dictionaries';
import { JobFailure } from '../jobs/queue';
import { backgroundJobs } from '../jobs/tables';
import { defineTask } from '../jobs/tasks';
import type { Registries } from '../modules';
import { requestContext } from '../resources/context';
import { cellValue } from '../resources/export';
import { readRolesOf } from '../resources/service/roles';
import type { ExportQuery } from '../resources/service/types';
import { XlsxStreamWriter } from './xlsx-stream';

/** Exports one user may have waiting or running at once: each may read a million rows. */
export const MAX_ACTIVE_EXPORTS = 3;

const exportableSchema = z.object({
  name: z.string(),
  path: z.string(),
  title: z.object({ ru: z.string(), en: z.string() }),
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The resource an export names, if the app serves it (the same lists the screens show). */
function resourceOf(registries: Registries, name: string) {
  return registries.resources.all().find((found) => found.descriptor.name === name);
}

/** The list's query as its export route parses it; a bad filter is refused (400) as there. */
const exportQueryOf = (
  service: { schemas: { exportQuery: { parse(input: unknown): unknown } } },
  query: unknown,
) => service.schemas.exportQuery.parse(query) as ExportQuery;

/**
 * A list's export prepared in the job queue (spec §2 `/export`, `/prepared-exports`): the rows its owner
 * reads now (his roles and scope when it runs, `ownerPrincipal`), with the list's filters, search and order,
 * read page by page by keyset, each page's XML made in a worker thread and streamed, deflated, into a file,
 * which the queue stores as the job's result for its owner alone. Progress after each page; a cancel stops
 * it at the next page.
 */
export const preparedExportTask = defineTask({
  name: PREPARED_EXPORT_KIND,
  payload: preparedExportRequestSchema,
  maxAttempts: 2,
  async run({ database, registries, clock, job, progress }, { resource, query, lang }) {
    const found = resourceOf(registries, resource);
    if (!found) throw new JobFailure(EXPORT_MESSAGES.unknownResource);
    if (job.userId === null) throw new Error('A prepared export has an owner');
    const auth = await ownerPrincipal(database.db, job.userId, registries);
    const ctx = { tx: database.db, registries, clock, auth };
    const selection = found.service.exportSelection(ctx, exportQueryOf(found.service, query));
    progress(0, EXPORT_MESSAGES.counting);
    const total = await selection.count();
    if (total > MAX_PREPARED_EXPORT_ROWS) throw new JobFailure(EXPORT_MESSAGES.tooManyForSheet);
    const { fields } = selection;
    const title = textOf(found.descriptor.title, lang) ?? found.descriptor.name;
    const columns = fields.map((field) => ({
      header: textOf(field.label, lang) ?? field.name,
      date: field.type === 'datetime',
    }));
    const dir = await mkdtemp(path.join(tmpdir(), 'tms-export-'));
    const file = path.join(dir, 'export.xlsx');
    let written = 0;
    try {
      const writer = new XlsxStreamWriter(createWriteStream(file), title, columns);
      await writer.begin();
      for await (const entities of selection.pages()) {
        // Rows added since the count may carry the sheet past its last row.
        if (written + entities.length > MAX_PREPARED_EXPORT_ROWS)
          throw new JobFailure(EXPORT_MESSAGES.tooManyForSheet);
        const rows = entities.map((entity) =>
          fields.map((field) => cellValue(field, entity[field.name], lang)),
        );
        await writer.rows(
          await registries.workers.run('exports.sheet-rows', { columns, firstRow: written + 2, rows }),
        );
        written += rows.length;
        const of = Math.max(total, written);
        progress(Math.min(99, Math.floor((written * 100) / of)), EXPORT_MESSAGES.writing, {
          done: written,
          total: of,
        });
      }
      await writer.finish();
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    const content = createReadStream(file);
    content.once('close', () => void rm(dir, { recursive: true, force: true }));
    const day = clock().toISOString().slice(0, 10);
    return {
      file: { name: `${title} ${day}.xlsx`, mimeType: XLSX, content },
      summary: { message: EXPORT_MESSAGES.written, params: { count: written } },
    };
  },
});

/**
 * `POST /api/prepared-exports`: queues a list's export for the signed-in user. What the list's export would
 * refuse is refused now (a list the user may not read: 403; an unknown column or a bad filter: 400), not in
 * a job that would fail later. The exports are then followed as the user's background jobs
 * (`GET /api/background-jobs?kind=prepared-export,report-export`), their files downloaded by him alone.
 */
export async function preparedExportRoutes(app: App): Promise<void> {
  app.get(
    '/prepared-exports/resources',
    {
      schema: {
        tags: ['prepared-exports'],
        summary: 'The lists the signed-in user may export: each resource he may read',
        response: { 200: dataSchema(z.array(exportableSchema)) },
      },
    },
    async (request) => {
      const { roles } = request.auth!;
      const readable = app.registries.resources.all().filter(({ descriptor }) => {
        const wanted = readRolesOf(descriptor);
        return roles.has('ROLE_ADMIN') || !wanted.length || wanted.some((role) => roles.has(role));
      });
      return {
        data: readable.map(({ descriptor }) => ({
          name: descriptor.name,
          path: descriptor.path,
          title: {
            ru: textOf(descriptor.title, 'ru') ?? descriptor.name,
            en: textOf(descriptor.title, 'en') ?? descriptor.name,
          },
        })),
      };
    },
  );

  app.post(
    '/prepared-exports',
    {
      schema: {
        tags: ['prepared-exports'],
        summary: "Prepare a list's XLSX export in the background",
        body: preparedExportRequestSchema,
        response: { 201: dataSchema(backgroundJobSchema) },
      },
    },
    async (request, reply) => {
      const body = request.body as PreparedExportRequest;
      const found = resourceOf(app.registries, body.resource);
      if (!found) throw notFound();
      const ctx = requestContext(request);
      found.service.exportSelection(ctx, exportQueryOf(found.service, body.query));
      const data = await app.database.db.transaction(async (tx) => {
        const [active] = await tx
          .select({ n: count() })
          .from(backgroundJobs)
          .where(
            and(
              eq(backgroundJobs.userId, request.auth!.userId),
              eq(backgroundJobs.kind, PREPARED_EXPORT_KIND),
              inArray(backgroundJobs.state, ['queued', 'running']),
            ),
          );
        if (active!.n >= MAX_ACTIVE_EXPORTS) throw new HttpError(429, EXPORT_MESSAGES.tooManyActive);
        return preparedExportTask.enqueue(requestContext(request, tx), body, {
          label: textOf(found.descriptor.title, body.lang) ?? found.descriptor.name,
        });
      });
      return reply.code(201).send({ data });
    },
  );
}

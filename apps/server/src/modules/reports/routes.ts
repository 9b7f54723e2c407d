import {
  backgroundJobSchema,
  dataSchema,
  REPORT_SCREEN_ROWS,
  reportAnswerSchema,
  reportCellQuerySchema,
  reportDrillSchema,
} from '@tms/domain';
import { z } from 'zod';
import type { App } from '../../platform/http/types';
import { requestContext } from '../../platform/resources';
import { REPORT_USE_CASES } from './catalogue';
import { reportExportPayload, reportExportTask, reportText } from './export';
import { parseReportQuery, todayOf } from './framework';

const tags = ['reports'];
/** The filters as the address carries them: the report's schema reads them (400 with its tree otherwise). */
const filters = z.record(z.string(), z.string());

/**
 * A report's parameters by name, as text (`filters`), for the API's strict queries: one it does not
 * declare is a 400; the report's own schema then reads their values.
 */
const namedFilters = (...schemas: z.ZodObject[]) =>
  z.object(
    Object.fromEntries(
      schemas
        .flatMap((schema) => Object.keys(schema.shape))
        .map((name) => [name, z.string().max(2000).optional()]),
    ),
  );
const exportBody = z.object({
  query: filters.default({}),
  lang: reportExportPayload.shape.lang.default('ru'),
  format: reportExportPayload.shape.format,
});

/**
 * Every report of the framework gets the same three doors, guarded by its role: its answer, the drill-down
 * of one of its figures and its XLSX export, prepared as a background job of the caller.
 */
export default async function routes(app: App): Promise<void> {
  for (const { report, answer, drill } of REPORT_USE_CASES) {
    const config = { roles: [...report.roles] };
    app.get(
      `/reports/${report.key}`,
      {
        config,
        schema: {
          tags,
          summary: `${reportText(report.title, 'en')}: the report for the filters`,
          querystring: namedFilters(report.query),
          response: { 200: dataSchema(reportAnswerSchema) },
        },
      },
      async (request) => {
        const ctx = { ...requestContext(request), screenRows: REPORT_SCREEN_ROWS };
        const query = parseReportQuery(report, request.query as Record<string, string>, todayOf(ctx));
        return { data: await answer.run(ctx, query) };
      },
    );
    app.get(
      `/reports/${report.key}/drill`,
      {
        config,
        schema: {
          tags,
          summary: `${reportText(report.title, 'en')}: the bills, orders or payments behind one figure`,
          querystring: namedFilters(report.query, reportCellQuerySchema),
          response: { 200: dataSchema(reportDrillSchema) },
        },
      },
      async (request) => {
        const ctx = requestContext(request);
        const query = parseReportQuery(
          report,
          request.query as Record<string, string>,
          todayOf(ctx),
          reportCellQuerySchema,
        );
        return { data: await drill.run(ctx, query) };
      },
    );
    app.post(
      `/reports/${report.key}/export`,
      {
        config: { roles: [...report.exportRoles] },
        schema: {
          tags,
          summary: `${reportText(report.title, 'en')}: prepare its XLSX or PDF in the background`,
          body: exportBody,
          response: { 201: dataSchema(backgroundJobSchema) },
        },
      },
      async (request, reply) => {
        const { query, lang, format } = request.body as z.infer<typeof exportBody>;
        // Bad filters are refused now, not in a job that would fail later.
        parseReportQuery(report, query, todayOf(requestContext(request)));
        const data = await app.database.db.transaction((tx) =>
          reportExportTask.enqueue(
            requestContext(request, tx),
            { report: report.key, query, lang, format },
            { label: reportText(report.title, lang) },
          ),
        );
        return reply.code(201).send({ data });
      },
    );
  }
}

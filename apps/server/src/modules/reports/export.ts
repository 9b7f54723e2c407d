import { type ExportLanguage, REPORT_MESSAGES, type ReportAnswer, type ReportColumn } from '@tms/domain';
import { z } from 'zod';
import { ownerPrincipal } from '../../platform/auth/owner';
import { JobFailure } from '../../platform/jobs/queue';
import { defineTask } from '../../platform/jobs/tasks';
import { XLSX_MIME } from '../../platform/resources/workbook';
import { asBuffer } from '../../platform/workers/tasks';
import { reportUseCasesOf } from './catalogue';
import { parseReportQuery, reportText, todayOf } from './framework';

/**
 * What the screen shows as the export writes it: the columns' headers in `lang`, the rows' cells in column
 * order, the totals below with "Total" in the first column they leave empty.
 */
export function reportSheet(answer: ReportAnswer, lang: ExportLanguage) {
  const cellsOf = (cells: Record<string, string | number | null>) =>
    answer.columns.map((column: ReportColumn) => {
      const value = cells[column.key] ?? null;
      return column.kind === 'label' && typeof value === 'string' ? reportText(value, lang) : value;
    });
  return {
    columns: answer.columns.map((column) => ({
      header: reportText(column.label, lang, column.params),
      kind: column.kind,
    })),
    rows: answer.rows.map((row) => cellsOf(row.cells)),
    totals: answer.totals.map((row) => {
      const cells = cellsOf(row.cells);
      if (cells[0] === null) cells[0] = reportText('reports:total', lang);
      return cells;
    }),
  };
}

const dotted = (day: unknown) => String(day).split('-').reverse().join('.');

/** A report's period (or as-of date) as a PDF's caption writes it. */
export function periodCaption(query: Record<string, unknown>, lang: ExportLanguage): string {
  if (query.from && query.to)
    return `${reportText('reports:filters.period', lang)}: ${dotted(query.from)} – ${dotted(query.to)}`;
  if (query.asOf) return `${reportText('reports:filters.asOf', lang)} ${dotted(query.asOf)}`;
  return '';
}

export const reportExportPayload = z.object({
  report: z.string(),
  query: z.record(z.string(), z.string()),
  lang: z.enum(['ru', 'en']),
  /** An XLSX workbook (the default) or a printed PDF of the same table (a printed form: the form in both). */
  format: z.enum(['xlsx', 'pdf']).default('xlsx'),
});

/**
 * A report's XLSX or PDF, prepared in the job queue (spec §2 `/report-export`; the owner downloads it from his
 * background jobs): the report is computed as its owner now (his role and scope as they are when it runs),
 * the workbook written in a worker thread, equal to the screen with its totals.
 */
export const reportExportTask = defineTask({
  name: 'report-export',
  payload: reportExportPayload,
  maxAttempts: 2,
  async run({ database, registries, clock, job, progress }, { report: key, query, lang, format }) {
    const report = reportUseCasesOf(key);
    if (!report) throw new JobFailure(`No report ${key}`);
    if (job.userId === null) throw new Error('A report export has an owner');
    const auth = await ownerPrincipal(database.db, job.userId, registries);
    const ctx = { tx: database.db, registries, clock, auth };
    progress(0, REPORT_MESSAGES.preparing);
    const parsed = parseReportQuery(report.report, query, todayOf(ctx));
    const answer = await report.answer.run(ctx, parsed);
    progress(60, REPORT_MESSAGES.writing, { count: answer.rows.length });
    const title = reportText(report.report.title, lang);
    const sheet = reportSheet(answer, lang);
    if (format === 'pdf') {
      const subtitle = report.caption ? await report.caption(ctx, parsed, lang) : periodCaption(parsed, lang);
      const bytes = report.print
        ? await report.print(ctx, parsed, answer, lang, 'pdf')
        : await registries.workers.run('reports.export-pdf', { title, subtitle, lang, ...sheet });
      return {
        file: { name: `${title} ${todayOf(ctx)}.pdf`, mimeType: 'application/pdf', content: asBuffer(bytes) },
      };
    }
    const bytes = report.print
      ? await report.print(ctx, parsed, answer, lang, 'xlsx')
      : await registries.workers.run('reports.export-xlsx', { title, ...sheet });
    return {
      file: {
        name: `${title} ${todayOf(ctx)}.xlsx`,
        mimeType: XLSX_MIME,
        content: asBuffer(bytes),
      },
    };
  },
});

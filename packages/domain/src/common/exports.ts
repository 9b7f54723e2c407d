import { z } from 'zod';

/**
 * Exports prepared in the background (spec §2 `/export`, `/prepared-exports`, `/report-export`): jobs of the
 * queue whose result is the file, listed for their owner at `/prepared-exports` and kept for a configurable
 * number of days (`PREPARED_EXPORT_DAYS`).
 */
export const PREPARED_EXPORT_KIND = 'prepared-export';
/** The kinds of job `/prepared-exports` lists: a list's export and a report's. */
export const PREPARED_EXPORT_KINDS = [PREPARED_EXPORT_KIND, 'report-export'] as const;

/** Most rows a list's own export button writes at once, in the request; more are prepared in the background. */
export const MAX_EXPORT_ROWS = 100_000;
/** Most rows of one prepared export: one XLSX sheet holds 1,048,576 rows, the header among them. */
export const MAX_PREPARED_EXPORT_ROWS = 1_048_575;

export const EXPORT_MESSAGES = {
  /** The list's own export refused a selection over `MAX_EXPORT_ROWS`. */
  tooManyRows: 'More than 100,000 rows: prepare the export in the background.',
  /** A prepared export over `MAX_PREPARED_EXPORT_ROWS`. */
  tooManyForSheet: 'More than 1,048,575 rows do not fit one sheet: narrow the filters.',
  unknownResource: 'There is no such list to export.',
  /** A user's fourth export while three are waiting or running. */
  tooManyActive: 'Three of your exports are being prepared: wait until one of them ends.',
  counting: 'Counting the rows',
  writing: 'Writing rows: {{done}} of {{total}}',
  written: 'Rows written: {{count}}',
} as const;

/** `POST /api/prepared-exports`: a list's rows as its reader sees them (scope, filters, search, order). */
export const preparedExportRequestSchema = z
  .object({
    /** The resource's name (`order`), one the user may read. */
    resource: z.string().min(1).max(100),
    /** The list's query as its export takes it: filters, search, sort and order; `columns` comma-separated. */
    query: z.record(z.string(), z.union([z.string().max(2000), z.array(z.string().max(200)).max(1000)])),
    lang: z.enum(['ru', 'en']).default('ru'),
  })
  .strict();
export type PreparedExportRequest = z.infer<typeof preparedExportRequestSchema>;

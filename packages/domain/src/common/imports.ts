import { z } from 'zod';

/**
 * The import pipeline's shared contract (apps/server/src/platform/imports, docs/decisions/015-import-pipeline.md):
 * what an import would do with each row of a file, and the stable English messages of reading files.
 */
export const IMPORT_MESSAGES = {
  notXlsx: 'The file is not an XLSX workbook.',
  noRows: 'The file holds no rows under its header.',
  tooManyRows: 'The file has more rows than one import takes.',
  tooLarge: 'The file is larger than an import takes.',
  unknownFormat: 'The file is neither a CSV nor an XLSX table.',
  columnMissing: 'The file has no column for this field.',
  valueRequired: 'A value is required.',
  hasErrors: 'The file has errors; nothing was imported.',
  unknownImport: 'There is no such import.',
  /** A finished import job's result, with its counts (`ImportCounts` less errors: a file with one is refused). */
  jobDone: 'Rows created: {{create}}, updated: {{update}}, unchanged: {{unchanged}}, skipped: {{skip}}',
} as const;

/** Most bytes of one import file, and most data rows of one table (a sheet, a CSV). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_TABLE_ROWS = 100_000;

/** What an import does with a row: a new record, a change of one, nothing (the same, or passed over), or refused. */
export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'skip', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** A refused cell (`field`) or row, by the file's row (a sheet's row number, a text file's line; 0: the file). */
export const importErrorSchema = z.object({
  row: z.number().int(),
  field: z.string().optional(),
  /** The cell's text as read, where the message is about a cell. */
  value: z.string().optional(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** How many rows of a previewed file each action takes. */
export const importCountsSchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  skip: z.number().int(),
  error: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

import {
  IMPORT_ACTIONS,
  type ImportAction,
  type ImportCounts,
  type ImportError,
  MORE_FILE_ERRORS,
} from '@tms/domain';
import { validationErrorsOf } from '../widgets/fieldErrors';

/**
 * A row of a file as its import would take it (the server's plan): its row in the file, what would become of
 * it, the values a screen shows, and why not (its cells' messages, `field` naming the column).
 */
export interface PreviewRow<T> {
  row: number;
  action: ImportAction;
  values: T;
  errors: readonly ImportError[];
}

/** A file previewed: its rows, the first errors (row 0: the file's own) and how many there are in all. */
export interface ImportPreviewData<T> {
  rows: readonly PreviewRow<T>[];
  errors: readonly ImportError[];
  errorCount: number;
}

/** From this many rows on, a file is imported in the job queue, with its progress, not in the request. */
export const IMPORT_JOB_ROWS = 1000;
/** The rows the preview's table shows at once; the rest are counted (the errors-only view shows them all). */
export const PREVIEW_ROWS_SHOWN = 500;

/** How many rows each action takes. */
export function countActions(rows: readonly { action: ImportAction }[]): ImportCounts {
  const counts = Object.fromEntries(IMPORT_ACTIONS.map((action) => [action, 0])) as ImportCounts;
  for (const row of rows) counts[row.action]++;
  return counts;
}

/**
 * The preview of an import that answers its rows and its errors apart (the rows it could read, the errors
 * by row): each error goes to its row, which becomes an error; an error of a row not among them (a row it
 * could not read) comes as a row of its own, with `missing` values; the file's (row 0) stay the file's.
 */
export function previewOf<T>(
  rows: readonly { row: number; action: ImportAction; values: T }[],
  errors: readonly ImportError[],
  errorCount: number,
  missing: T,
): ImportPreviewData<T> {
  const byRow = new Map<number, ImportError[]>();
  for (const error of errors) {
    if (error.row > 0) byRow.set(error.row, [...(byRow.get(error.row) ?? []), error]);
  }
  const known = new Set(rows.map((row) => row.row));
  const merged: PreviewRow<T>[] = rows.map((row) => {
    const found = byRow.get(row.row) ?? [];
    return { ...row, action: found.length ? 'error' : row.action, errors: found };
  });
  for (const [row, found] of byRow) {
    if (!known.has(row)) merged.push({ row, action: 'error', values: missing, errors: found });
  }
  merged.sort((a, b) => a.row - b.row);
  return { rows: merged, errors, errorCount };
}

/** The rows the table shows: all, or those with errors; at most `limit`, and how many are left out. */
export function shownRows<T>(
  rows: readonly PreviewRow<T>[],
  errorsOnly: boolean,
  limit = PREVIEW_ROWS_SHOWN,
): { rows: readonly PreviewRow<T>[]; hidden: number } {
  const chosen = errorsOnly ? rows.filter((row) => row.action === 'error') : rows;
  return { rows: chosen.slice(0, limit), hidden: Math.max(0, chosen.length - limit) };
}

/** A row's errors split by where they show: under the cell of a shown column, or for the row as a whole. */
export function errorsByCell(
  errors: readonly ImportError[],
  fields: ReadonlySet<string>,
): { cells: Map<string, ImportError[]>; row: ImportError[] } {
  const cells = new Map<string, ImportError[]>();
  const row: ImportError[] = [];
  for (const error of errors) {
    if (error.field && fields.has(error.field))
      cells.set(error.field, [...(cells.get(error.field) ?? []), error]);
    else row.push(error);
  }
  return { cells, row };
}

/**
 * A refused import's errors by row from the 400 tree: `rows.<row>.<field>` (or `<prefix>.<row>...`, as a
 * statement names its lines), the file's own (`file`, or any other path) under row 0; the "more errors"
 * word is left out (the count says it). Anything but a validation answer is one error of the file.
 */
export function refusalErrors(error: unknown, prefix = 'rows'): ImportError[] {
  const tree = validationErrorsOf(error);
  if (!tree) return [{ row: 0, message: error instanceof Error ? error.message : 'Error' }];
  const pattern = new RegExp(`^${prefix}\\.(\\d+)(?:\\.(\\w+))?`);
  return Object.entries(tree).flatMap(([path, messages]) => {
    const [, row, field] = pattern.exec(path) ?? [];
    return messages
      .filter((message) => message !== MORE_FILE_ERRORS)
      .map((message) => ({ row: row ? Number(row) : 0, ...(field ? { field } : {}), message }));
  });
}

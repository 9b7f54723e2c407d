import type { TableColumn, TableRow } from './types';

/** A field an import reads from a table: its name, and the header texts (or patterns) that name its column. */
export interface ImportField<F extends string = string> {
  name: F;
  /** Header texts in any language, compared in lower case with blanks collapsed, or patterns tried on it. */
  headers: readonly (string | RegExp)[];
  /** The column it is in when no header names it (a sheet without a header; 1-based). */
  position?: number;
}

/** Which column holds each field (1-based); a field without one is not in the file. */
export type ColumnMapping<F extends string = string> = Partial<Record<F, number | null>>;

const normal = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The mapping the header texts suggest: each field, in the order given (most specific first), to the first
 * column not yet taken whose header is one of its names; else its declared position where that column exists.
 */
export function suggestMapping<F extends string>(
  columns: readonly TableColumn[],
  fields: readonly ImportField<F>[],
): ColumnMapping<F> {
  const mapping: ColumnMapping<F> = {};
  const taken = new Set<number>();
  for (const field of fields) {
    const found = columns.find((column) => {
      if (taken.has(column.index)) return false;
      const title = normal(column.title);
      return field.headers.some((name) =>
        typeof name === 'string' ? normal(name) === title : name.test(title),
      );
    });
    const index =
      found?.index ??
      (field.position !== undefined &&
      columns.some((c) => c.index === field.position) &&
      !taken.has(field.position)
        ? field.position
        : undefined);
    if (index !== undefined) {
      mapping[field.name] = index;
      taken.add(index);
    }
  }
  return mapping;
}

/** A row's cells under a mapping: each mapped field's text ('' when the cell is blank or the field unmapped). */
export function cellsOf<F extends string>(
  row: TableRow,
  mapping: ColumnMapping<F>,
  fields: readonly F[],
): Record<F, string> {
  const cells = {} as Record<F, string>;
  for (const field of fields) {
    const index = mapping[field];
    cells[field] = index == null ? '' : (row.cells[index] ?? '').trim();
  }
  return cells;
}

import { type SQL, sql } from 'drizzle-orm';
import { boolean, type ExtraConfigColumn, index, text } from 'drizzle-orm/pg-core';

/**
 * The free-text search column of a list: the searchable columns (database names) lower-cased into one
 * stored value. One trigram index over it serves `search`, and LIKE on pre-lowered text is several times
 * cheaper than ILIKE over each column. The engine uses it when the table has a `searchText` column; it
 * must name the same columns as the descriptor's searchable fields.
 */
export function searchTextColumn(...columns: string[]) {
  const parts = columns.map((c) => `coalesce(${JSON.stringify(c)}::text, '')`).join(` || E'\\n' || `);
  return text('search_text').generatedAlwaysAs((): SQL => sql.raw(`lower(${parts})`));
}

/**
 * Indexes a list needs: a btree per sortable column followed by the id, in the list's own order (the id
 * breaks ties), so a page is read off the index even when many rows share a value (a status, a date),
 * and a pg_trgm GIN over the search text (LIKE '%term%' without a sequential scan).
 */
export function listIndexes(
  table: string,
  { id }: { id: ExtraConfigColumn },
  { sortable = [], searchText }: { sortable?: ExtraConfigColumn[]; searchText?: ExtraConfigColumn },
) {
  return [
    ...sortable.map((column) => index(`${table}_${column.name}_idx`).on(column, id)),
    ...(searchText ? [index(`${table}_search_trgm`).using('gin', searchText.op('gin_trgm_ops'))] : []),
  ];
}

/**
 * The columns every simple dictionary shares (matching `common/dictionary.ts` of the domain): a unique
 * machine code, Russian and English names, the enabled flag, and the search text over the three texts.
 */
export function dictionaryColumns() {
  return {
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('code', 'name', 'name_en'),
  };
}

import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  type ExtraConfigColumn,
  index,
  type PgColumnBuilderBase,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns';

/**
 * The free-text search column of a list: the searchable columns (database names) lower-cased into one
 * stored value. One trigram index over it serves `search`, and LIKE on pre-lowered text is several times
 * cheaper than ILIKE over each column. The engine uses it when the table has a `searchText` column; it
 * must name the same columns as the descriptor's searchable fields.
 */
export function searchTextColumn(...columns: string[]) {
  // A new table's migration sets the column's statistics target, as 0051_search_text_statistics did.
  const parts = columns.map((c) => `coalesce(${JSON.stringify(c)}::text, '')`).join(` || E'\\n' || `);
  return text('search_text').generatedAlwaysAs((): SQL => sql.raw(`lower(${parts})`));
}

/**
 * The statistics target of every search text column (`ALTER TABLE ... ALTER COLUMN search_text SET
 * STATISTICS`): a search's estimate is the share of the column's histogram that matches, and the default 101
 * entries miss a term in 2 % of the rows about one time in ten (decision 011 decides by that estimate).
 */
export const SEARCH_TEXT_STATISTICS = 1000;

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

/** Column keys of a resource table, for `resourceTable`'s indexes. */
type Keys<C> = readonly (Extract<keyof C, string> | 'updatedAt' | 'createdAt')[];

/**
 * A resource's table in one call: `entityColumns()` and `columns`, a unique index per `unique` column
 * (`<table>_<column>_uq`: a duplicate answers "This value is already used." on that field), a plain index per
 * `indexed` column (foreign keys, `<table>_<column>_idx`) and the list's `listIndexes` over `sortable` and
 * the `searchText` column when there is one. A table needing more (partial or composite indexes) uses
 * `pgTable` directly.
 */
export function resourceTable<C extends Record<string, PgColumnBuilderBase>>(
  name: string,
  columns: C,
  {
    unique = [],
    indexed = [],
    sortable = [],
  }: { unique?: Keys<C>; indexed?: Keys<C>; sortable?: Keys<C> } = {},
) {
  return pgTable(name, { ...entityColumns(), ...columns }, (t) => {
    const column = (key: string) => (t as unknown as Record<string, ExtraConfigColumn>)[key]!;
    const snake = (key: string) => column(key).name;
    return [
      ...unique.map((key) => uniqueIndex(`${name}_${snake(key)}_uq`).on(column(key))),
      // A sortable column's list index serves lookups by it too.
      ...indexed
        .filter((key) => !sortable.includes(key))
        .map((key) => index(`${name}_${snake(key)}_idx`).on(column(key))),
      ...listIndexes(name, t, {
        sortable: sortable.map(column),
        searchText: 'searchText' in t ? column('searchText') : undefined,
      }),
    ];
  });
}

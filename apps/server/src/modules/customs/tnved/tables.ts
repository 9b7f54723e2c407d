import type { TnvedLevel } from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns } from '../../../platform/columns';
import { users } from '../../../platform/identity/tables';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Every version of every classifier entry (docs/customs.md "TNVED"): sections, groups, headings and codes,
 * one row per (level, code, start of validity) as the FNS files list them. A newer edition updates the
 * versions it repeats and adds its new ones; none is ever deleted, so the history stays.
 */
export const tnvedEntries = pgTable(
  'tnved_entries',
  {
    ...entityColumns(),
    level: text('level').$type<TnvedLevel>().notNull(),
    code: text('code').notNull(),
    parentCode: text('parent_code'),
    /** Section/group/heading/code, so one order walks the tree: "16/85/8517", "16/85/8517130000". */
    treeKey: text('tree_key').notNull(),
    /** The name without its level dashes; `depth` counts them. */
    name: text('name').notNull(),
    depth: integer('depth').notNull().default(0),
    notes: text('notes'),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    /** The entry's newest version (the latest start of validity): the one the library lists. */
    latest: boolean('latest').notNull().default(false),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => sql.raw(`to_tsvector('russian'::regconfig, "name")`),
    ),
  },
  (t) => [
    uniqueIndex('tnved_entries_version_uq').on(t.level, t.code, t.validFrom),
    index('tnved_entries_tree_idx').on(t.treeKey, t.id).where(sql`${t.latest}`),
    index('tnved_entries_code_prefix_idx').on(t.code.op('text_pattern_ops')).where(sql`${t.latest}`),
    index('tnved_entries_search_idx').using('gin', t.searchVector),
  ],
);

/** The edition of each file loaded last (the header's version and date) and who loaded it. */
export const tnvedFiles = pgTable('tnved_files', {
  ...entityColumns(),
  file: text('file').notNull().unique(),
  fileVersion: text('file_version').notNull(),
  fileDate: date('file_date').notNull(),
  loadedById: integer('loaded_by_id').references(() => users.id),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

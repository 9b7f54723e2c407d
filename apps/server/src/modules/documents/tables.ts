import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { files } from '../../platform/files/tables';
import { listIndexes, searchTextColumn } from '../../platform/resources/indexes';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Folders of documents (spec §3 "document ... folders"); a folder without a parent is at the top. */
export const documentFolders = pgTable(
  'document_folders',
  {
    ...entityColumns(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => documentFolders.id),
    searchText: searchTextColumn('name'),
  },
  (t) => [
    index('document_folders_parent_id_idx').on(t.parentId),
    ...listIndexes('document_folders', t, { sortable: [t.name, t.updatedAt], searchText: t.searchText }),
  ],
);

/**
 * Text documents: rich text (sanitized HTML) in a folder, with files (the files table, owner type
 * `document`). `searchVector` is the full text of the name and the text without its markup, Russian
 * stemming (Latin words take the English stemmer), kept by the database.
 */
export const documents = pgTable(
  'documents',
  {
    ...entityColumns(),
    folderId: integer('folder_id')
      .notNull()
      .references(() => documentFolders.id),
    name: text('name').notNull(),
    text: text('text').notNull().default(''),
    processed: boolean('processed').notNull().default(false),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    searchText: searchTextColumn('name'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql.raw(
          `to_tsvector('russian'::regconfig, "name" || ' ' || regexp_replace("text", '<[^>]*>', ' ', 'g'))`,
        ),
    ),
  },
  (t) => [
    index('documents_folder_id_idx').on(t.folderId, t.name),
    index('documents_search_vector_idx').using('gin', t.searchVector),
    ...listIndexes('documents', t, {
      sortable: [t.name, t.processed, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** .docx templates of the document generator; the template file is a file of owner type `document_template`. */
export const documentTemplates = pgTable(
  'document_templates',
  {
    ...entityColumns(),
    name: text('name').notNull(),
    initiatorType: text('initiator_type').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    fileName: text('file_name').notNull(),
    stageTypeIds: integer('stage_type_ids').array().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name'),
  },
  (t) => [
    index('document_templates_file_id_idx').on(t.fileId),
    ...listIndexes('document_templates', t, {
      sortable: [t.name, t.initiatorType, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

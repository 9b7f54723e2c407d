import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns';
import { dictionaryColumns, listIndexes } from '../resources/indexes';

/** Kinds of tags on files, with the colour of their chip. */
export const fileTagTypes = pgTable(
  'file_tag_types',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
    color: text('color'),
  },
  (t) => [
    uniqueIndex('file_tag_types_code_uq').on(t.code),
    ...listIndexes('file_tag_types', t, {
      sortable: [t.name, t.nameEn, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/**
 * An uploaded file. It is temporary (only its uploader may use it) until a form that references it is
 * saved and attaches it to its owner; unattached temporary files are removed after a day.
 */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    storageKey: text('storage_key').notNull().unique(),
    /** The name shown to people: the original file name unless renamed. */
    description: text('description').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    temporary: boolean('temporary').notNull().default(true),
    coldStorage: boolean('cold_storage').notNull().default(false),
    ownerType: text('owner_type'),
    ownerId: integer('owner_id'),
    uploadedBy: integer('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerType, t.ownerId),
    index('files_temporary_idx').on(t.temporary, t.createdAt),
  ],
);

/**
 * The file tag types put on a file (spec §3 "File tag"); any owner's files (orders, jobs, later documents
 * and bills) carry their tags here. A tag type in use cannot be deleted, only disabled.
 */
export const fileTags = pgTable(
  'file_tags',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    tagTypeId: integer('tag_type_id')
      .notNull()
      .references(() => fileTagTypes.id),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.tagTypeId] }), index('file_tags_tag_type_idx').on(t.tagTypeId)],
);

import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

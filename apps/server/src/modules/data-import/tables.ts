import type { DataImportColumn, DataImportMode, DataImportStoredPreview } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/identity/tables';
import { backgroundJobs } from '../../platform/jobs/tables';
import { resourceTable, searchTextColumn } from '../../platform/resources/indexes';

/** An import description (spec §2): what a table file becomes, checked as a whole on every save. */
export const dataImportDescriptions = resourceTable(
  'data_import_descriptions',
  {
    name: text('name').notNull(),
    target: text('target').notNull(),
    resource: text('resource'),
    mode: text('mode').$type<DataImportMode>().notNull(),
    matchKey: text('match_key'),
    columns: jsonb('columns').$type<DataImportColumn[]>().notNull().default([]),
    encoding: text('encoding').notNull().default('auto'),
    delimiter: text('delimiter').notNull().default('auto'),
    dateFormat: text('date_format').notNull().default('DD.MM.YYYY'),
    decimalComma: boolean('decimal_comma').notNull().default(true),
    maxRows: integer('max_rows').notNull().default(100_000),
    description: text('description'),
    searchText: searchTextColumn('name'),
  },
  { unique: ['name'], sortable: ['name', 'updatedAt'] },
);

/**
 * A file run with a description (into one record, for an initiator's import): one per file content, so the
 * same file sent twice is imported once. The job that imports it marks it `done` in the transaction that
 * writes the rows: a job taken again after a restart finds it done, or finds nothing written.
 */
export const dataImportRuns = pgTable(
  'data_import_runs',
  {
    id: serial('id').primaryKey(),
    descriptionId: integer('description_id')
      .notNull()
      .references(() => dataImportDescriptions.id),
    fileHash: text('file_hash').notNull(),
    fileName: text('file_name').notNull(),
    /** `order:12` for an import into one order; '' for one into the target's records. */
    initiator: text('initiator').notNull().default(''),
    jobId: integer('job_id').references(() => backgroundJobs.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id),
    doneAt: timestamp('done_at', { withTimezone: true }),
    counts: jsonb('counts').$type<Record<string, number>>(),
    /**
     * The file's dry run passed (no error) at that moment, for `checkedBy` with the description at
     * `checkedVersion`: the run and its job then write without dry-running the file again.
     */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkedBy: integer('checked_by').references(() => users.id),
    checkedVersion: integer('checked_version'),
    /**
     * The file's last dry run, a job (`data-import.preview`): the job, and once it ended its answer (the
     * first rows, the errors, the counts); the rows with errors are its job's result file (XLSX).
     */
    previewJobId: integer('preview_job_id').references(() => backgroundJobs.id, { onDelete: 'set null' }),
    preview: jsonb('preview').$type<DataImportStoredPreview>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('data_import_runs_file_uq').on(t.descriptionId, t.fileHash, t.initiator)],
);

import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { importCountsSchema, importErrorSchema, MAX_TABLE_ROWS } from '../common/imports';
import type { LocalizedText } from '../common/resource';
import { MESSAGES } from '../common/validation';

/**
 * Data import descriptions (spec §2 `/data-import/descriptions`): what a table file becomes, stored as data
 * and run on the import pipeline (docs/data-import.md). A description names its target, how a row finds the
 * record it changes (the match key), what it may do (insert, update, upsert), which column holds each field
 * (a header and its other names, a reference looked up by code, name or id) and how the file is read.
 */

export const DATA_IMPORT_ROLES = ['ROLE_DATA_IMPORT'] as const;

/**
 * What rows become: counterparties (a contact and a bank account on the same row), orders, jobs, bills, the
 * cargo lines of one order (summed into its cargo), or any other resource the kernel serves (`resource`).
 */
export const DATA_IMPORT_TARGET_LABELS = {
  counterparties: {
    ru: 'Контрагенты (с контактами и счетами)',
    en: 'Counterparties (with contacts and accounts)',
  },
  orders: { ru: 'Заказы', en: 'Orders' },
  jobs: { ru: 'Работы', en: 'Jobs' },
  orderCargo: { ru: 'Грузовые места заказа', en: 'Cargo lines of an order' },
  bills: { ru: 'Счета', en: 'Bills' },
  resource: { ru: 'Другой справочник или реестр', en: 'Another resource' },
} as const satisfies Record<string, LocalizedText>;
export type DataImportTarget = keyof typeof DATA_IMPORT_TARGET_LABELS;
export const DATA_IMPORT_TARGETS = Object.keys(DATA_IMPORT_TARGET_LABELS) as [
  DataImportTarget,
  ...DataImportTarget[],
];

/** The targets that import into one record of an initiator (`/data-import/initiator/order/{id}`). */
export const DATA_IMPORT_INITIATOR_TARGETS = {
  order: ['orderCargo', 'jobs'],
} as const satisfies Record<string, readonly DataImportTarget[]>;
export type DataImportInitiatorType = keyof typeof DATA_IMPORT_INITIATOR_TARGETS;
export const DATA_IMPORT_INITIATOR_TYPES = Object.keys(DATA_IMPORT_INITIATOR_TARGETS) as [
  DataImportInitiatorType,
];

export const DATA_IMPORT_MODE_LABELS = {
  insert: { ru: 'Только добавлять', en: 'Insert only' },
  update: { ru: 'Только обновлять', en: 'Update only' },
  upsert: { ru: 'Добавлять и обновлять', en: 'Insert or update' },
} as const satisfies Record<string, LocalizedText>;
export type DataImportMode = keyof typeof DATA_IMPORT_MODE_LABELS;

export const DATA_IMPORT_ENCODING_LABELS = {
  auto: { ru: 'Определить автоматически', en: 'Detect' },
  'utf-8': { ru: 'UTF-8', en: 'UTF-8' },
  'windows-1251': { ru: 'Windows-1251', en: 'Windows-1251' },
  ibm866: { ru: 'DOS 866', en: 'DOS 866' },
} as const satisfies Record<string, LocalizedText>;
export type DataImportEncoding = keyof typeof DATA_IMPORT_ENCODING_LABELS;

export const DATA_IMPORT_DELIMITER_LABELS = {
  auto: { ru: 'Определить автоматически', en: 'Detect' },
  semicolon: { ru: 'Точка с запятой (;)', en: 'Semicolon (;)' },
  comma: { ru: 'Запятая (,)', en: 'Comma (,)' },
  tab: { ru: 'Табуляция', en: 'Tab' },
  pipe: { ru: 'Вертикальная черта (|)', en: 'Pipe (|)' },
} as const satisfies Record<string, LocalizedText>;
export type DataImportDelimiter = keyof typeof DATA_IMPORT_DELIMITER_LABELS;
export const DATA_IMPORT_DELIMITER_CHARS = {
  semicolon: ';',
  comma: ',',
  tab: '\t',
  pipe: '|',
} as const satisfies Record<Exclude<DataImportDelimiter, 'auto'>, string>;

export const DATA_IMPORT_DATE_FORMAT_LABELS = {
  'DD.MM.YYYY': { ru: 'ДД.ММ.ГГГГ', en: 'DD.MM.YYYY' },
  'YYYY-MM-DD': { ru: 'ГГГГ-ММ-ДД', en: 'YYYY-MM-DD' },
  'DD/MM/YYYY': { ru: 'ДД/ММ/ГГГГ', en: 'DD/MM/YYYY' },
  'MM/DD/YYYY': { ru: 'ММ/ДД/ГГГГ', en: 'MM/DD/YYYY' },
} as const satisfies Record<string, LocalizedText>;
export type DataImportDateFormat = keyof typeof DATA_IMPORT_DATE_FORMAT_LABELS;

export const DATA_IMPORT_LOOKUP_LABELS = {
  id: { ru: 'по id', en: 'by id' },
  code: { ru: 'по коду', en: 'by code' },
  name: { ru: 'по названию', en: 'by name' },
} as const satisfies Record<string, LocalizedText>;
export type DataImportLookup = keyof typeof DATA_IMPORT_LOOKUP_LABELS;

export const DATA_IMPORT_MESSAGES = {
  unknownResource: 'There is no such resource to import into.',
  resourceRequired: 'Choose the resource to import into.',
  unknownField: 'The target has no such field.',
  duplicateField: 'This field has a column already.',
  matchKeyUnmapped: 'The match key must be one of the mapped fields.',
  matchKeyRequired: 'Updating needs a match key.',
  noColumns: 'Map at least one column.',
  lookupNotReference: 'Only a reference is looked up.',
  lookupUnavailable: 'The referenced records cannot be looked up this way.',
  headerMissing: 'The file has no column for this field.',
  headerBlank: 'A column has data but no header (merged or empty header cells): name every column.',
  headerTwice: 'A header is in the file twice (merged header cells?).',
  badEncoding: 'The file is not in the chosen encoding: choose another or let it be detected.',
  notNumber: 'This is not a number.',
  notInteger: 'This is not a whole number.',
  notDate: "This is not a date in the description's date format.",
  notBoolean: 'This is not yes or no.',
  notChoice: 'This is not one of the choices.',
  referenceNotFound: 'Nothing is found for this value.',
  referenceAmbiguous: 'Several records are found for this value: look it up by code or id.',
  duplicateKey: 'The file has this key in an earlier row.',
  exists: 'A record with this key exists already (the import only inserts).',
  notFound: 'No record has this key (the import only updates).',
  keyBlank: 'The match key is blank.',
  initiatorRequired: 'This import runs from its record (an order).',
  initiatorNotForTarget: 'This import does not run from an order.',
  alreadyImported: 'This file was imported with this description already.',
  noCheck: 'This file has no finished check with errors: check it first.',
  checkDone: 'Rows checked: {{count}}; with errors: {{errors}}',
  checking: 'Checked {{count}} of {{total}} rows',
  jobDone: 'Rows created: {{create}}, updated: {{update}}',
  jobDoneSkipped: 'Rows created: {{create}}, updated: {{update}}; rows with errors skipped: {{skipped}}',
  noValidRows: 'No row of the file can be imported.',
  inUse: 'The description has imports: it cannot be deleted.',
} as const;

export const MAX_DATA_IMPORT_COLUMNS = 200;

/** A column of the file and the field it fills: its header, other names it may have, a reference's lookup. */
export const dataImportColumnSchema = z.object({
  /** The target's field (`contact.name`, `bankAccount.account` for a counterparty's parts). */
  field: z
    .string()
    .trim()
    .min(1, MESSAGES.blank)
    .max(120)
    .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)?$/, MESSAGES.invalid),
  header: z.string().trim().min(1, MESSAGES.blank).max(255),
  alternates: z.array(z.string().trim().min(1).max(255)).max(20).default([]),
  lookup: z.enum(['id', 'code', 'name']).nullable().optional(),
});
export type DataImportColumn = z.infer<typeof dataImportColumnSchema>;

export const dataImportDescriptionResource = declareResource({
  name: 'data_import_description',
  path: '/data-import/descriptions',
  title: 'dataImport.descriptions.title',
  itemTitle: 'dataImport.descriptions.item',
  keys: 'dataImport.descriptions.fields',
  fields: {
    name: f.text({ max: 255 }).listed().searchable().sortable().width('wide'),
    target: f.enum(DATA_IMPORT_TARGET_LABELS).listed().filterable(),
    /** The kernel resource's name for the target `resource` (`country`, `bank`, ...). */
    resource: f.text({ max: 120 }).optional().hiddenInForm(),
    mode: f.enum(DATA_IMPORT_MODE_LABELS).listed(),
    matchKey: f.text({ max: 120 }).optional().hiddenInForm(),
    columns: f.of(
      'json',
      z.array(dataImportColumnSchema).max(MAX_DATA_IMPORT_COLUMNS),
      z.array(dataImportColumnSchema),
    ),
    encoding: f.enum(DATA_IMPORT_ENCODING_LABELS).defaulted(),
    delimiter: f.enum(DATA_IMPORT_DELIMITER_LABELS).defaulted(),
    dateFormat: f.enum(DATA_IMPORT_DATE_FORMAT_LABELS).defaulted(),
    decimalComma: f.boolean().defaulted(),
    maxRows: f.integer({ min: 1, max: MAX_TABLE_ROWS }).defaulted(),
    description: f.textarea({ max: 2000 }).optional(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: DATA_IMPORT_ROLES, edit: DATA_IMPORT_ROLES },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
});
export const dataImportDescriptionSchema = dataImportDescriptionResource.entity;
export type DataImportDescription = z.infer<typeof dataImportDescriptionSchema>;
export type DataImportDescriptionCreate = z.input<typeof dataImportDescriptionResource.create>;

/** A field a target takes, as the editor offers it. */
export const dataImportFieldSchema = z.object({
  name: z.string(),
  /** The field's label key (`<namespace>.<key>`, as a descriptor's); a part's name is its prefix. */
  label: z.string(),
  type: z.string(),
  required: z.boolean(),
  /** A reference: what it may be looked up by. */
  lookups: z.array(z.enum(['id', 'code', 'name'])),
});
export type DataImportField = z.infer<typeof dataImportFieldSchema>;

export const dataImportTargetSchema = z.object({
  target: z.enum(DATA_IMPORT_TARGETS),
  /** For `resource`: the kernel resource's name. */
  resource: z.string().nullable(),
  /** Its title's key (`<namespace>.<key>`). */
  label: z.string(),
  fields: z.array(dataImportFieldSchema),
});
export type DataImportTargetInfo = z.infer<typeof dataImportTargetSchema>;

/** Where a file goes: a description, an uploaded file, and the record it imports into (an order). */
export const dataImportFileSchema = z.object({
  fileId: z.number().int().positive(),
  initiatorType: z.enum(DATA_IMPORT_INITIATOR_TYPES).optional(),
  initiatorId: z.number().int().positive().optional(),
});
export type DataImportFile = z.infer<typeof dataImportFileSchema>;

/**
 * A run of a file: all or nothing by default; `validRowsOnly` imports the rows that pass and skips the rows
 * with errors (the job's summary counts them; the file's errors download as XLSX).
 */
export const dataImportRunBodySchema = dataImportFileSchema.extend({
  validRowsOnly: z.boolean().optional(),
});
export type DataImportRunBody = z.infer<typeof dataImportRunBodySchema>;

/** The dry run of a file: its columns and their fields, each row's action and cells, the errors. */
export const dataImportPreviewSchema = z.object({
  fileHash: z.string(),
  /** The file's header as read, and the field each column fills (null: a column the description ignores). */
  columns: z.array(z.object({ index: z.number().int(), title: z.string(), field: z.string().nullable() })),
  rows: z.array(
    z.object({
      row: z.number().int(),
      action: z.enum(['create', 'update', 'unchanged', 'skip', 'error']),
      values: z.record(z.string(), z.string()),
      errors: z.array(importErrorSchema),
    }),
  ),
  /** Rows left out of `rows` (the first ones are shown; every row was checked). */
  hiddenRows: z.number().int(),
  errors: z.array(importErrorSchema),
  errorCount: z.number().int(),
  counts: importCountsSchema,
  /** A run of this file with this description that is done or under way already. */
  alreadyImported: z.boolean(),
});
export type DataImportPreview = z.infer<typeof dataImportPreviewSchema>;

/** A dry run as its job keeps it on the file's run: the preview less what is asked when it is read. */
export const dataImportStoredPreviewSchema = dataImportPreviewSchema
  .omit({ fileHash: true, alreadyImported: true })
  .extend({ descriptionVersion: z.number().int() });
export type DataImportStoredPreview = z.infer<typeof dataImportStoredPreviewSchema>;

/**
 * The dry run of a file in the job queue (`POST .../preview` enqueues it): its run (one per file content,
 * description and order), the upload it reads, the job that dry-runs it (its progress), and its answer once
 * the job is done (null before, or when it failed).
 */
export const dataImportCheckSchema = z.object({
  runId: z.number().int(),
  descriptionId: z.number().int(),
  fileId: z.number().int(),
  fileName: z.string(),
  jobId: z.number().int(),
  initiatorType: z.enum(DATA_IMPORT_INITIATOR_TYPES).nullable(),
  initiatorId: z.number().int().nullable(),
  preview: dataImportPreviewSchema.nullable(),
});
export type DataImportCheck = z.infer<typeof dataImportCheckSchema>;

/** The rows a preview answers in full; the rest are counted (their errors are all in the error file). */
export const DATA_IMPORT_PREVIEW_ROWS = 200;

/** A run of a file: its job, or the earlier run of the same file that this one is. */
export const dataImportRunSchema = z.object({
  id: z.number().int(),
  descriptionId: z.number().int(),
  fileHash: z.string(),
  fileName: z.string(),
  jobId: z.number().int().nullable(),
  /** An earlier run of the same file and description answered instead of a new one. */
  duplicate: z.boolean(),
});
export type DataImportRun = z.infer<typeof dataImportRunSchema>;

/** What `/data-import/initiator/order/{id}` shows: the record and the descriptions that import into it. */
export const dataImportInitiatorSchema = z.object({
  type: z.enum(DATA_IMPORT_INITIATOR_TYPES),
  id: z.number().int(),
  label: z.string(),
  descriptions: z.array(
    z.object({ id: z.number().int(), name: z.string(), target: z.enum(DATA_IMPORT_TARGETS) }),
  ),
});
export type DataImportInitiator = z.infer<typeof dataImportInitiatorSchema>;

import type {
  CustomFieldDefinition,
  CustomFieldOption,
  CustomFieldStorageType,
  CustomFieldType,
} from '@tms/domain';
import { boolean, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';

/** The customer request's custom field definitions, one row each (spec §3). */
export const customerRequestCustomFields = pgTable(
  'customer_request_custom_fields',
  {
    ...entityColumns(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    descriptionEn: text('description_en'),
    type: text('type').$type<CustomFieldType>().notNull(),
    required: boolean('required').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    defaultValue: jsonb('default_value'),
    emptyText: text('empty_text'),
    options: jsonb('options').$type<CustomFieldOption[]>().notNull().default([]),
    optionsUrl: text('options_url'),
    selectedUrl: text('selected_url'),
    multiple: boolean('multiple').notNull().default(false),
    children: jsonb('children').$type<CustomFieldDefinition[]>().notNull().default([]),
    additionalOptions: jsonb('additional_options').$type<CustomFieldDefinition['additionalOptions']>(),
    warnIfEmpty: boolean('warn_if_empty').notNull().default(false),
    notEditableAfterCreation: boolean('not_editable_after_creation').notNull().default(false),
    inheritOnCopy: boolean('inherit_on_copy').notNull().default(false),
    inheritOnJobCreation: boolean('inherit_on_job_creation').notNull().default(false),
    blockArchiveIfEmpty: boolean('block_archive_if_empty').notNull().default(false),
    searchDisplay: boolean('search_display').notNull().default(false),
    strictFilter: boolean('strict_filter').notNull().default(false),
    storageType: text('storage_type').$type<CustomFieldStorageType>().notNull().default('text'),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('customer_request_custom_fields_code_uq').on(t.code)],
);

/** A named set of definitions for operations (orders, jobs); the set is one document. */
export const operationCustomFieldGroups = pgTable(
  'operation_custom_field_groups',
  {
    ...entityColumns(),
    name: text('name').notNull(),
    definitions: jsonb('definitions').$type<CustomFieldDefinition[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('operation_custom_field_groups_name_uq').on(t.name)],
);

import { z } from 'zod';

/** The 17 widget types of a custom field (spec §3). */
export const CUSTOM_FIELD_TYPES = [
  'text',
  'number',
  'date',
  'checkbox',
  'switch',
  'select',
  'lazy-select',
  'lazy-select-full-load',
  'country',
  'country-select',
  'file',
  'file-collection',
  'form',
  'form-collection',
  'expanded-select',
  'textarea',
  'user-defined-list',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** How a value is indexed for search and filters (spec §3 "storage type"). */
export const CUSTOM_FIELD_STORAGE_TYPES = ['text', 'number', 'date'] as const;
export type CustomFieldStorageType = (typeof CUSTOM_FIELD_STORAGE_TYPES)[number];

/** How a user-defined-list field keeps the chosen row: its id, or the row itself ({id, fields}). */
export const CUSTOM_FIELD_STORE_AS = ['identifier', 'object'] as const;

/** Types whose value may be a list when the definition's multi-select flag is on. */
export const MULTI_SELECT_TYPES: ReadonlySet<CustomFieldType> = new Set([
  'select',
  'lazy-select',
  'lazy-select-full-load',
  'expanded-select',
  'country-select',
  'user-defined-list',
]);
/** Types that take their options from an address (items URL or expanded-select source URL). */
export const URL_OPTION_TYPES: ReadonlySet<CustomFieldType> = new Set([
  'lazy-select',
  'lazy-select-full-load',
  'expanded-select',
]);
/** Types holding child fields. */
export const FORM_TYPES: ReadonlySet<CustomFieldType> = new Set(['form', 'form-collection']);
/** Types holding uploaded files (ids of the files service). */
export const FILE_TYPES: ReadonlySet<CustomFieldType> = new Set(['file', 'file-collection']);

/** The settings of a definition (spec §3), each a flag except the storage type. */
export const CUSTOM_FIELD_FLAGS = [
  'warnIfEmpty',
  'notEditableAfterCreation',
  'inheritOnCopy',
  'inheritOnJobCreation',
  'blockArchiveIfEmpty',
  'searchDisplay',
  'strictFilter',
] as const;
export type CustomFieldFlag = (typeof CUSTOM_FIELD_FLAGS)[number];

/** A field code: a JSON key of the values object and a path segment of errors. */
export const customFieldCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/);

/** An address of the product's API the browser calls, e.g. `/settings/currencies` or `/lazy-select/country/all`. */
export const apiAddress = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/[A-Za-z0-9_\-./{}?=&%]*$/);

export const customFieldOptionSchema = z.object({
  value: z.string().trim().min(1).max(255),
  label: z.string().trim().min(1).max(255),
  labelEn: z.string().trim().max(255).nullable().optional(),
});
export type CustomFieldOption = z.infer<typeof customFieldOptionSchema>;

export const customFieldAdditionalOptionsSchema = z.object({
  /** The user-defined list a `user-defined-list` field picks rows from. */
  list: z.number().int().positive().nullable().optional(),
  /** Field of the row (or of the lazy-select item) shown as its label. */
  labelFieldCode: z.string().trim().max(64).nullable().optional(),
  storeAs: z.enum(CUSTOM_FIELD_STORE_AS).optional(),
});

export interface CustomFieldDefinition {
  code: string;
  description: string;
  descriptionEn?: string | null;
  type: CustomFieldType;
  required: boolean;
  enabled: boolean;
  defaultValue?: unknown;
  emptyText?: string | null;
  options: CustomFieldOption[];
  optionsUrl?: string | null;
  selectedUrl?: string | null;
  multiple: boolean;
  children: CustomFieldDefinition[];
  additionalOptions?: z.infer<typeof customFieldAdditionalOptionsSchema> | null;
  warnIfEmpty: boolean;
  notEditableAfterCreation: boolean;
  inheritOnCopy: boolean;
  inheritOnJobCreation: boolean;
  blockArchiveIfEmpty: boolean;
  searchDisplay: boolean;
  strictFilter: boolean;
  storageType?: CustomFieldStorageType;
  position: number;
}

/** The storage type in force: the definition's, else its type's own. */
export function storageTypeOf(definition: {
  type: CustomFieldType;
  storageType?: CustomFieldStorageType | null;
}): CustomFieldStorageType {
  return definition.storageType ?? storageTypesOf(definition.type)[0]!;
}

/** Storage types a field type may use: numbers and dates keep their own, choices and text any. */
export function storageTypesOf(type: CustomFieldType): readonly CustomFieldStorageType[] {
  if (type === 'number') return ['number'];
  if (type === 'date') return ['date'];
  if (type === 'text' || type === 'textarea' || type === 'select' || type === 'expanded-select') {
    return CUSTOM_FIELD_STORAGE_TYPES;
  }
  return ['text'];
}

import { z } from 'zod';
import type { Role } from '../permissions';
import type { FieldRoles } from './field-roles';

/**
 * A resource declared once (ARCHITECTURE.md "The resource engine"): the server derives its routes,
 * validation, permissions, change log and OpenAPI entries from it; the web derives list, form, delete and
 * history screens.
 */
export type FieldType =
  | 'text'
  | 'textarea'
  | 'email'
  | 'integer'
  | 'number'
  | 'money'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'tags'
  | 'reference'
  | 'references'
  | 'roles'
  | 'translations'
  | 'json';

/** A text in both languages of the product, for places without the web's dictionaries (XLSX export). */
export interface LocalizedText {
  ru: string;
  en: string;
}

/**
 * The dictionary of a text key: `settings.currencies.title` is key `currencies.title` of namespace
 * `settings` (`apps/web/src/locales/<lang>/settings.json`); a key without a dot is in `resources`.
 */
export function textKeyParts(key: string): { ns: string; key: string } {
  const dot = key.indexOf('.');
  return dot < 0 ? { ns: 'resources', key } : { ns: key.slice(0, dot), key: key.slice(dot + 1) };
}

/**
 * Options made from the records of another resource's list: the value is `prefix` and the record's
 * `valueField`, the label `labelPrefix` in the reader's language and the record's label (`labelField`).
 */
export interface GeneratedOptions {
  path: string;
  prefix: string;
  valueField: string;
  labelPrefix: LocalizedText;
  labelField: string;
}

export interface FieldDescriptor {
  /** JSON name (camelCase, the spec's names); also the key of its column in the server's table. */
  name: string;
  type: FieldType;
  /** Translation key of the field's label (`<namespace>.<key>`: `apps/web/src/locales/{ru,en}/<namespace>.json`). */
  label: string;
  /** Shown as a column by default. */
  listed?: boolean;
  /** Matched by the free-text `search`. */
  searchable?: boolean;
  /** Offered as a list filter, by its name in the query. */
  filterable?: boolean;
  sortable?: boolean;
  /** Set by the server; shown, never sent. */
  readOnly?: boolean;
  /** Enum values; labels are `${optionsKey ?? label}.${value}` translation keys unless `optionLabels` is given. */
  options?: readonly string[];
  /** Where the option labels live when the label key cannot hold them (it is a text, not a group). */
  optionsKey?: string;
  /** Wording of each enum value in both languages (used by the web and the export instead of keys). */
  optionLabels?: Readonly<Record<string, LocalizedText>>;
  /** Options beyond `options`, one per record of another resource (a stage type's `CUSTOMS_<product>`). */
  optionsFrom?: GeneratedOptions;
  /** For reference(s): the API path of the referenced resource's list and its label field. */
  reference?: {
    path: string;
    labelField: string;
    /** The label is a number shown padded to 6 digits (order and job numbers). */
    padded?: boolean;
  };
  /** Filter width (spec §9): narrow, normal or wide. */
  filterWidth?: 'short' | 'normal' | 'wide';
  /** A number shown with its digits only, never grouped (a year, a code): 2026, not "2 026". */
  ungrouped?: boolean;
  /** Hidden from the generated form (a custom screen edits it). */
  hiddenInForm?: boolean;
  /**
   * Not a column of its own: a list shows it by this other field (an order's client by the client's name
   * kept with the order, which sorts), so the column choice never offers the same column twice.
   */
  shownBy?: string;
  /**
   * A json field as one cell of the XLSX export, the text its list cell shows (an order's route: "Москва →
   * Berlin"), in the export's (or the reader's) language; a json field without it is left out of the
   * export, and shown as such in a record's history.
   */
  exportText?: (value: unknown, lang: ExportLanguage) => string | null;
  /** Answered with the record only: list rows leave it out, and no list offers it as a column. */
  recordOnly?: boolean;
  /** What a list row carries of the value (the part its cell shows); the record answers it whole. */
  listValue?: (value: unknown) => unknown;
}

export interface ResourceRoles {
  /** Any of these lets a user list and read. */
  view: readonly Role[];
  /** Any of these lets a user create, update, toggle and delete (unless narrowed below). */
  edit: readonly Role[];
  create?: readonly Role[];
  delete?: readonly Role[];
}

export interface ResourceDescriptor<
  Entity extends z.ZodObject = z.ZodObject,
  Create extends z.ZodObject = z.ZodObject,
> {
  /** Entity type in the change log and history, e.g. `currency`. */
  name: string;
  /** The list route of the screen, e.g. `/settings/currencies`; the API is `/api` + this. */
  path: string;
  /**
   * Translation key of the screen's title (plural), its one source: the menu, the change log's entity types
   * and the export's sheet and file names read its texts in both languages from the dictionaries.
   */
  title: string;
  /** Translation key of one record's name (singular). */
  itemTitle: string;
  /** The full entity as answered by the API. */
  entity: Entity;
  /**
   * A row of the list as answered by the API, when it differs from the entity (fields answered with the
   * record only, or in part: `FieldDescriptor.recordOnly`, `listValue`).
   */
  listEntity?: z.ZodObject;
  /** The create body; the update body is its partial plus `version`. */
  create: Create;
  fields: readonly FieldDescriptor[];
  roles: ResourceRoles;
  /** Field shown when a record is chosen in a select. */
  labelField: string;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** Has `enabled` and the enable/disable toggles. */
  toggle?: boolean;
  /** Records can be deleted (false for reference data that is only disabled). */
  deletable?: boolean;
  /** Records can be created through the API (false for reference data loaded by the server). */
  creatable?: boolean;
  /** A view for reading only (list, export, get): no writes and no history, whatever the other flags say. */
  readOnly?: boolean;
  /**
   * Screens routes.txt does not have: `create: false` on a creatable resource creates in a dialog of the list
   * instead of at `/new`; `edit: false` leaves records read-only on the web.
   */
  screens?: {
    /** false: created in the list's dialog; 'elsewhere': only from another record's screen (no create button). */
    create?: boolean | 'elsewhere';
    edit?: boolean;
  };
  /**
   * How a search without a sort (a reference dropdown) ranks its matches beyond the code and the label:
   * `codes`, fields ranked as the code (a country's alpha-3 and numeric codes); `aliases`, text fields of
   * other names, one a line, ranked as the label ("Россия" finds the Russian Federation first).
   */
  searchRank?: { codes?: readonly string[]; aliases?: readonly string[] };
  /** Fields only holders of a role may set or change; the resource service checks every write against it. */
  // biome-ignore lint/suspicious/noExplicitAny: a declaration of any record type fits every descriptor.
  fieldRoles?: FieldRoles<any>;
}

/** Stable English messages of the generic resource routes. */
export const RESOURCE_MESSAGES = {
  /** Deletion refused because other records refer to this one (no more specific message applies). */
  inUse: 'The record is in use and cannot be deleted.',
  /** An update without `version` in the body or `If-Match`. */
  versionRequired: 'This value should not be blank.',
  /** A sort by a field that is not sortable. */
  notSortable: 'The value you selected is not a valid choice.',
  /** A create or update that would leave the record outside what its author may read. */
  outOfScope: 'You would no longer see the record after this change.',
  /** A page asked after or before a row of another sort, or a mangled position. */
  staleCursor: 'The list has changed its order since this page was opened; open its first page.',
} as const;

/** The export of a list: XLSX, headers in the asked language. */
export const EXPORT_LANGUAGES = ['ru', 'en'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

/** Server-managed fields every entity carries. */
export const entityBase = {
  id: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export function defineResource<E extends z.ZodObject, C extends z.ZodObject>(
  descriptor: ResourceDescriptor<E, C>,
): ResourceDescriptor<E, C> {
  return descriptor;
}

/** The update body: any subset of the create body, with the `version` it was based on. */
export function updateSchemaOf<C extends z.ZodObject>(create: C) {
  return create.partial().extend({ version: z.number().int().positive() });
}

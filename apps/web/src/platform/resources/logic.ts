import {
  can,
  DEFAULT_ITEMS_PER_PAGE,
  type FieldDescriptor,
  type GeneratedOptions,
  type LocalizedText,
  NAV_CATALOGUE,
  type NavEntry,
  type ResourceDescriptor,
  textKeyParts,
} from '@tms/domain';
import type { z } from 'zod';
import { labelOfRow } from '../format';

/** Pure rules of the resource screens: keys, list queries, columns, form values and access. */

export type Row = Record<string, unknown> & { id: number; version?: number };
export type Language = 'ru' | 'en';

/** Namespace of keys without a dot, and of the generic screen texts. */
export const RESOURCES_NS = 'resources';

/** `settings.currencies.title` → namespace `settings`, key `currencies.title` (the server reads keys alike). */
export const splitKey = textKeyParts;

/** Every dictionary a descriptor's texts may live in; loaded before its screens paint. */
export function namespacesOf(descriptor: ResourceDescriptor): string[] {
  const keys = [descriptor.title, descriptor.itemTitle, ...descriptor.fields.map((f) => f.label)];
  return [...new Set([RESOURCES_NS, ...keys.map((k) => splitKey(k).ns)])];
}

/**
 * The text of a key: the dictionary in the user's language, else the descriptor's own wording in that
 * language, else the fallback language's dictionary, else `orElse` or the key's last segment.
 */
export function resolveText(
  key: string,
  lang: Language,
  lookup: (lang: Language, ns: string, key: string) => unknown,
  own?: LocalizedText,
  orElse?: string,
): string {
  const { ns, key: inner } = splitKey(key);
  const found = lookup(lang, ns, inner);
  if (typeof found === 'string') return found;
  if (own?.[lang]) return own[lang];
  const fallback = lookup(lang === 'ru' ? 'en' : 'ru', ns, inner);
  if (typeof fallback === 'string') return fallback;
  return orElse ?? inner.slice(inner.lastIndexOf('.') + 1);
}

/** The menu entry of a route, for the page title (the `nav` dictionary is always loaded). */
export function navEntryOf(
  route: string,
  entries: readonly NavEntry[] = NAV_CATALOGUE,
): NavEntry | undefined {
  for (const entry of entries) {
    if (entry.route === route) return entry;
    const child = navEntryOf(route, entry.children ?? []);
    if (child) return child;
  }
  return undefined;
}

/** Namespace of the change log's texts, read by a record's History tab too. */
export const CHANGELOG_NS = 'changelog';

/** A descriptor's key (`operations.fields.clientId`) as an i18next key with its namespace (`operations:fields.clientId`). */
export function i18nKeyOf(key: string): string {
  const { ns, key: inner } = splitKey(key);
  return `${ns}:${inner}`;
}

/**
 * A changed field's label, the same in a record's History tab and in the change log: the descriptor's
 * label from its dictionary, else the change log dictionary's (members kept outside the descriptor, e.g. an
 * order's `files`), else the name. `t` reads the change log namespace and the descriptor's namespaces;
 * `keys` is where the dictionary keeps the labels of members outside the descriptor.
 */
export function changedFieldLabel(
  field: FieldDescriptor | undefined,
  name: string,
  t: (key: string, options?: Record<string, unknown>) => string,
  keys = 'fields.',
): string {
  return field
    ? t(i18nKeyOf(field.label), { defaultValue: name })
    : t(`${keys}${name}`, { defaultValue: name });
}

// ---------------------------------------------------------------------------------------------- access

export interface Access {
  edit: boolean;
  /** May create on the create screen (`/new`). */
  create: boolean;
  /** May create in the list's dialog: the API creates records but routes.txt has no create screen. */
  createInDialog: boolean;
  delete: boolean;
}

/** What the user may do with a resource; the server checks the same roles. */
export function accessOf(descriptor: ResourceDescriptor, roles: readonly string[]): Access {
  const edit = can(roles, descriptor.roles.edit);
  const creates =
    descriptor.creatable !== false && can(roles, descriptor.roles.create ?? descriptor.roles.edit);
  return {
    edit,
    create: creates && descriptor.screens?.create !== false,
    createInDialog: creates && descriptor.screens?.create === false,
    delete: descriptor.deletable !== false && can(roles, descriptor.roles.delete ?? descriptor.roles.edit),
  };
}

// ---------------------------------------------------------------------------------------------- lists

export const PAGE_SIZES = [20, 40, 100, 200] as const;
/** Selecting more than this many items warns that the application may slow down (spec §5, §9). */
export const SELECTION_WARNING_THRESHOLD = 100;
/** Filter widths of spec §9 in pixels. */
export const FILTER_WIDTHS = { short: 150, normal: 220, wide: 320 } as const;

const DATE_TYPES = new Set(['date', 'datetime']);

export const isDateField = (field: FieldDescriptor) => DATE_TYPES.has(field.type);

/** The query parameters a filter of this field uses. */
export function filterParams(field: FieldDescriptor): string[] {
  return isDateField(field) ? [`${field.name}From`, `${field.name}To`] : [field.name];
}

export interface ListState {
  page: number;
  itemsPerPage: number;
  sort: string;
  order: 'asc' | 'desc';
  search: string;
  /** Filter parameters by name, as the API takes them. */
  filters: Record<string, string>;
  /** The page starts after (or ends before) a row of the previous page: read by the index, not counted off. */
  after?: string;
  before?: string;
}

/** The list's state read from the address (so Back returns to the same page, sort and filters). */
export function listStateOf(descriptor: ResourceDescriptor, params: URLSearchParams): ListState {
  const page = Number(params.get('page'));
  const size = Number(params.get('itemsPerPage'));
  const sort = params.get('sort');
  const sortable = sort && (sort === 'id' || descriptor.fields.some((f) => f.name === sort && f.sortable));
  const filters: Record<string, string> = {};
  for (const field of descriptor.fields) {
    if (!field.filterable) continue;
    for (const name of filterParams(field)) {
      const value = params.get(name);
      if (value) filters[name] = value;
    }
  }
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    itemsPerPage: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_ITEMS_PER_PAGE,
    sort: sortable ? sort : descriptor.defaultSort.field,
    order: sortable ? (params.get('order') === 'desc' ? 'desc' : 'asc') : descriptor.defaultSort.order,
    search: params.get('search') ?? '',
    filters,
    ...cursorOf(params, page),
  };
}

function cursorOf(params: URLSearchParams, page: number): Pick<ListState, 'after' | 'before'> {
  if (!(page > 1)) return {};
  const after = params.get('after');
  const before = params.get('before');
  return after ? { after } : before ? { before } : {};
}

/**
 * The state of another page: the next or the previous one starts from the row the answer named for it (a
 * deep page then costs what the first does); any other page, and one without a cursor, by its number.
 */
export function pageState(
  state: ListState,
  page: number,
  answer: { nextCursor?: string; previousCursor?: string } | undefined,
): ListState {
  const { after: _after, before: _before, ...rest } = state;
  if (page === state.page + 1 && answer?.nextCursor) return { ...rest, page, after: answer.nextCursor };
  if (page === state.page - 1 && page > 1 && answer?.previousCursor) {
    return { ...rest, page, before: answer.previousCursor };
  }
  return { ...rest, page };
}

/** The address parameters of a list state; defaults are left out to keep links short. */
export function paramsOf(descriptor: ResourceDescriptor, state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.itemsPerPage !== DEFAULT_ITEMS_PER_PAGE) params.set('itemsPerPage', String(state.itemsPerPage));
  const { field, order } = descriptor.defaultSort;
  if (state.sort !== field || state.order !== order) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  if (state.search.trim()) params.set('search', state.search.trim());
  for (const [name, value] of Object.entries(state.filters)) if (value) params.set(name, value);
  if (state.page > 1 && state.after) params.set('after', state.after);
  else if (state.page > 1 && state.before) params.set('before', state.before);
  return params;
}

/** The API query of one page of the list. */
export function listQueryOf(state: ListState): Record<string, string | number> {
  return {
    page: state.page,
    itemsPerPage: state.itemsPerPage,
    sort: state.sort,
    order: state.order,
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
    ...state.filters,
    ...(state.after ? { after: state.after } : state.before ? { before: state.before } : {}),
  };
}

/** The export query: the list's filter and sort (no paging), the chosen columns, the language, and the ids of a selection. */
export function exportQueryOf(
  state: ListState,
  columns: readonly string[],
  lang: Language,
  ids: readonly number[] = [],
): Record<string, string | number | readonly number[]> {
  const { page: _page, itemsPerPage: _size, after: _after, before: _before, ...rest } = listQueryOf(state);
  return { ...rest, lang, columns: columns.join(','), ...(ids.length ? { id: ids } : {}) };
}

// ---------------------------------------------------------------------------------------------- columns

/**
 * The fields a list can show as columns: no structured values, but for those a list lists (with a cell of
 * its own), and nothing list rows leave out (`recordOnly`).
 */
export const columnFields = (descriptor: ResourceDescriptor) =>
  descriptor.fields.filter(
    (f) => f.type !== 'roles' && !f.shownBy && !f.recordOnly && (f.type !== 'json' || f.listed === true),
  );

export const defaultColumns = (descriptor: ResourceDescriptor) =>
  columnFields(descriptor)
    .filter((f) => f.listed)
    .map((f) => f.name);

/** Where this browser kept a user's column choice before it moved to the server; read once to move it. */
export const columnsStorageKey = (userId: number, resource: string) => `tms.columns.${userId}.${resource}`;

/** A column choice kept in this browser, keeping only fields that still exist; nothing usable → the defaults. */
export function readColumns(descriptor: ResourceDescriptor, stored: string | null): string[] {
  if (!stored) return defaultColumns(descriptor);
  try {
    const parsed: unknown = JSON.parse(stored);
    const known = new Set(columnFields(descriptor).map((f) => f.name));
    const chosen = Array.isArray(parsed)
      ? parsed.filter((n): n is string => typeof n === 'string' && known.has(n))
      : [];
    return chosen.length ? chosen : defaultColumns(descriptor);
  } catch {
    return defaultColumns(descriptor);
  }
}

// ---------------------------------------------------------------------------------------------- forms

/** One choice of a select: its value and what the reader sees. */
export interface Choice {
  value: string;
  label: string;
}

/**
 * The choices of a list field with known values (a stage type's behaviours): every known value under its
 * label, then those made from another list's records (`optionsFrom`: a product's customs behaviour), then
 * any value the record holds beyond them (one the server also takes, an older code) under its own text, so
 * nothing it holds disappears from the input. Null for a list of free text.
 */
export function listChoicesOf(
  field: Pick<FieldDescriptor, 'options'>,
  value: unknown,
  label: (value: string) => string,
  generated: readonly Choice[] = [],
): Choice[] | null {
  if (!field.options?.length) return null;
  const known = [...field.options.map((code) => ({ value: code, label: label(code) })), ...generated];
  const values = new Set(known.map((choice) => choice.value));
  const held = Array.isArray(value) ? value.map(String) : [];
  const extra = held.filter((code) => !values.has(code));
  return [...known, ...extra.map((code) => ({ value: code, label: code }))];
}

/** The choices `optionsFrom` makes of the records of its list, in the reader's language. */
export function generatedChoicesOf(
  source: GeneratedOptions,
  rows: readonly Record<string, unknown>[],
  language: 'ru' | 'en',
): Choice[] {
  return rows
    .filter((row) => typeof row[source.valueField] === 'string' && row[source.valueField] !== '')
    .map((row) => ({
      value: `${source.prefix}${row[source.valueField]}`,
      label: `${source.labelPrefix[language]}${labelOfRow(row, source.labelField, false, language)}`,
    }));
}

type Shape = Record<string, z.ZodType>;
const shapeOf = (descriptor: ResourceDescriptor): Shape => descriptor.create.shape as Shape;

/** Fields the generated form shows: the create body's fields, and on an existing record the read-only ones. */
export function formFields(descriptor: ResourceDescriptor, existing: boolean): FieldDescriptor[] {
  const shape = shapeOf(descriptor);
  return descriptor.fields.filter((field) => {
    if (field.hiddenInForm) return false;
    if (field.readOnly) return existing;
    return field.name in shape;
  });
}

const emptyValue = (field: FieldDescriptor): unknown => {
  switch (field.type) {
    case 'boolean':
      return false;
    case 'tags':
    case 'references':
    case 'roles':
      return [];
    case 'text':
    case 'textarea':
    case 'email':
      return '';
    default:
      return null;
  }
};

/** The form's starting values: the record's (edit) or empty ones (create), for every create field. */
export function formValuesOf(descriptor: ResourceDescriptor, record?: Row | null): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of descriptor.fields) {
    if (!(field.name in shapeOf(descriptor))) continue;
    const value = record?.[field.name];
    values[field.name] = value === null || value === undefined ? emptyValue(field) : value;
  }
  return values;
}

/**
 * The body to send: only create fields; an emptied optional input as null, or left out when its schema
 * takes no null (an optional number without a value); text is trimmed by the schema later.
 */
export function bodyOf(
  descriptor: ResourceDescriptor,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const shape = shapeOf(descriptor);
  for (const [name, schema] of Object.entries(shape)) {
    if (!(name in values)) continue;
    const value = values[name];
    const blank = value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
    if (blank && schema.safeParse(null).success) body[name] = null;
    else if (blank && schema.safeParse(undefined).success) continue;
    // A required value stays as it is so the schema reports it blank.
    else body[name] = value;
  }
  return body;
}

/** A field the user must fill: its schema takes neither nothing nor null nor an empty text. */
export function isRequired(descriptor: ResourceDescriptor, name: string): boolean {
  const schema = shapeOf(descriptor)[name];
  if (!schema) return false;
  return (
    !schema.safeParse(undefined).success && !schema.safeParse(null).success && !schema.safeParse('').success
  );
}

/** A headed group of a list's filters: a text key and the filter fields in it, in order. */
export interface FilterGroup {
  label: string;
  fields: readonly string[];
}

/**
 * The filters in their groups (each group's fields in its order, a group with none of them left out), and
 * those of no group last in a group without a label.
 */
export function groupFilters<F extends { name: string }>(
  fields: readonly F[],
  groups: readonly FilterGroup[],
): { label: string | null; fields: F[] }[] {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const placed = new Set<string>();
  const sections: { label: string | null; fields: F[] }[] = [];
  for (const group of groups) {
    const members = group.fields.flatMap((name) => {
      const field = byName.get(name);
      if (!field || placed.has(name)) return [];
      placed.add(name);
      return [field];
    });
    if (members.length) sections.push({ label: group.label, fields: members });
  }
  const rest = fields.filter((field) => !placed.has(field.name));
  if (rest.length) sections.push({ label: null, fields: rest });
  return sections;
}

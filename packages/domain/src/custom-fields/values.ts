import { MESSAGES } from '../common/validation';
import {
  type CustomFieldDefinition,
  FILE_TYPES,
  FORM_TYPES,
  MULTI_SELECT_TYPES,
  storageTypeOf,
} from './kinds';

/** Custom field values of a record: field code → value (spec §3); forms hold objects, collections lists. */
export type CustomFieldValues = Record<string, unknown>;

export const CUSTOM_FIELD_MESSAGES = {
  notEditable: 'This value cannot be changed after creation.',
  disabled: 'This field is disabled.',
} as const;

export interface ValueIssue {
  /** Relative to the values object; the caller prefixes it (`customFields`). */
  path: (string | number)[];
  message: string;
}

export interface ValidateValuesOptions {
  /** The stored values of the record being updated; absent on create. */
  existing?: CustomFieldValues | null;
}

export interface ValidatedValues {
  values: CustomFieldValues;
  issues: ValueIssue[];
}

const TEXT_MAX = 1000;
const TEXTAREA_MAX = 10_000;
const MAX_ITEMS = 100;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMERIC = /^-?\d+(\.\d+)?$/;

export function isBlankValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (isObject(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical(value[key])]),
    );
  }
  return value;
}

/** Same value regardless of key order; blanks are equal to each other. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isBlankValue(a) && isBlankValue(b)) return true;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function isValidDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

type Check = { value: unknown } | { message: string };
const ok = (value: unknown): Check => ({ value });
const bad = (message: string): Check => ({ message });

/** One scalar (a list's item) of a type; answers the normalized value or a message. */
function checkScalar(definition: CustomFieldDefinition, raw: unknown): Check {
  switch (definition.type) {
    case 'text':
    case 'textarea': {
      if (typeof raw !== 'string') return bad(MESSAGES.type);
      if (raw.length > (definition.type === 'text' ? TEXT_MAX : TEXTAREA_MAX)) return bad(MESSAGES.tooLong);
      const storage = storageTypeOf(definition);
      if (storage === 'number' && !NUMERIC.test(raw.trim())) return bad(MESSAGES.type);
      if (storage === 'date' && !isValidDate(raw.trim())) return bad(MESSAGES.date);
      return ok(storage === 'text' ? raw : raw.trim());
    }
    case 'number': {
      const number = typeof raw === 'string' && NUMERIC.test(raw.trim()) ? Number(raw) : raw;
      if (typeof number !== 'number' || !Number.isFinite(number)) return bad(MESSAGES.type);
      return ok(number);
    }
    case 'date':
      if (typeof raw !== 'string') return bad(MESSAGES.type);
      return isValidDate(raw) ? ok(raw) : bad(MESSAGES.date);
    case 'checkbox':
    case 'switch':
      return typeof raw === 'boolean' ? ok(raw) : bad(MESSAGES.type);
    case 'select': {
      if (typeof raw !== 'string') return bad(MESSAGES.type);
      return definition.options.some((option) => option.value === raw) ? ok(raw) : bad(MESSAGES.choice);
    }
    case 'lazy-select':
    case 'lazy-select-full-load':
    case 'expanded-select': {
      if (typeof raw === 'number' && Number.isInteger(raw)) return ok(raw);
      if (typeof raw === 'string' && raw.length <= 255) return ok(raw);
      return bad(MESSAGES.type);
    }
    case 'country':
      return typeof raw === 'string' && /^[A-Z]{2}$/.test(raw) ? ok(raw) : bad(MESSAGES.choice);
    case 'country-select':
    case 'file':
    case 'file-collection':
      return typeof raw === 'number' && Number.isInteger(raw) && raw > 0 ? ok(raw) : bad(MESSAGES.type);
    case 'user-defined-list': {
      if (definition.additionalOptions?.storeAs === 'object') {
        if (!isObject(raw) || typeof raw.id !== 'string' || !raw.id || raw.id.length > 64)
          return bad(MESSAGES.type);
        const fields = raw.fields ?? {};
        if (!isObject(fields)) return bad(MESSAGES.type);
        return ok({ id: raw.id, fields });
      }
      return typeof raw === 'string' && raw.length > 0 && raw.length <= 64 ? ok(raw) : bad(MESSAGES.type);
    }
    default:
      return bad(MESSAGES.type);
  }
}

const blankOf = (definition: CustomFieldDefinition): unknown =>
  definition.type === 'file-collection' ||
  definition.type === 'form-collection' ||
  (definition.multiple && MULTI_SELECT_TYPES.has(definition.type))
    ? []
    : null;

/** Checks one field's value; issues are added with the field's path. */
function checkValue(
  definition: CustomFieldDefinition,
  raw: unknown,
  existing: unknown,
  path: (string | number)[],
  issues: ValueIssue[],
): unknown {
  if (isBlankValue(raw) && !FORM_TYPES.has(definition.type)) return blankOf(definition);
  const list =
    definition.type === 'file-collection' || (definition.multiple && MULTI_SELECT_TYPES.has(definition.type));
  if (definition.type === 'form') {
    if (raw === null || raw === undefined) return null;
    if (!isObject(raw)) {
      issues.push({ path, message: MESSAGES.type });
      return null;
    }
    const nested = validateCustomFieldValues(definition.children, raw, {
      existing: isObject(existing) ? existing : existing === undefined ? undefined : null,
    });
    for (const issue of nested.issues) issues.push({ ...issue, path: [...path, ...issue.path] });
    return nested.values;
  }
  if (definition.type === 'form-collection') {
    if (raw === null || raw === undefined) return [];
    if (!Array.isArray(raw)) {
      issues.push({ path, message: MESSAGES.type });
      return [];
    }
    if (raw.length > MAX_ITEMS) issues.push({ path, message: MESSAGES.tooBig });
    const before = Array.isArray(existing) ? existing : [];
    return raw.slice(0, MAX_ITEMS).map((row, index) => {
      if (!isObject(row)) {
        issues.push({ path: [...path, index], message: MESSAGES.type });
        return {};
      }
      const previous = before[index];
      const nested = validateCustomFieldValues(definition.children, row, {
        existing: existing === undefined ? undefined : isObject(previous) ? previous : null,
      });
      for (const issue of nested.issues) issues.push({ ...issue, path: [...path, index, ...issue.path] });
      return nested.values;
    });
  }
  if (list) {
    if (!Array.isArray(raw)) {
      issues.push({ path, message: MESSAGES.type });
      return [];
    }
    if (raw.length > MAX_ITEMS) {
      issues.push({ path, message: MESSAGES.tooBig });
      return [];
    }
    const out: unknown[] = [];
    raw.forEach((item, index) => {
      const checked = checkScalar(definition, item);
      if ('message' in checked) issues.push({ path: [...path, index], message: checked.message });
      else if (out.some((seen) => sameValue(seen, checked.value))) {
        issues.push({ path: [...path, index], message: MESSAGES.duplicate });
      } else out.push(checked.value);
    });
    return out;
  }
  const checked = checkScalar(definition, raw);
  if ('message' in checked) {
    issues.push({ path, message: checked.message });
    return null;
  }
  return checked.value;
}

/**
 * Validates a record's custom field values against a definition set (spec §3, §5). On create (no
 * `existing`) a missing value takes the definition's default; on update a missing value keeps the stored
 * one. Unknown codes, wrong types, blank required fields, values of disabled fields and changes of fields
 * not editable after creation are issues; answers the normalized values of every defined field.
 */
export function validateCustomFieldValues(
  definitions: readonly CustomFieldDefinition[],
  input: unknown,
  options: ValidateValuesOptions = {},
): ValidatedValues {
  const issues: ValueIssue[] = [];
  const values: CustomFieldValues = {};
  const raw = input === null || input === undefined ? {} : input;
  if (!isObject(raw)) return { values, issues: [{ path: [], message: MESSAGES.type }] };
  const existing = options.existing;
  const updating = existing !== undefined;
  const byCode = new Map(definitions.map((definition) => [definition.code, definition]));
  for (const code of Object.keys(raw)) {
    if (!byCode.has(code)) issues.push({ path: [code], message: MESSAGES.extraField });
  }
  for (const definition of definitions) {
    const { code } = definition;
    const path = [code];
    const stored = existing?.[code];
    const sent = Object.hasOwn(raw, code);
    if (!definition.enabled) {
      // A disabled field is not shown: it keeps what it had and takes nothing new.
      if (sent && !sameValue(raw[code], updating ? stored : (definition.defaultValue ?? null))) {
        issues.push({ path, message: CUSTOM_FIELD_MESSAGES.disabled });
      }
      values[code] = updating ? (stored ?? blankOf(definition)) : blankOf(definition);
      continue;
    }
    const candidate = sent ? raw[code] : updating ? stored : (definition.defaultValue ?? undefined);
    const before = issues.length;
    const value = checkValue(definition, candidate, updating ? (stored ?? null) : undefined, path, issues);
    values[code] = value;
    if (issues.length > before) continue;
    if (definition.required && isBlankValue(value)) issues.push({ path, message: MESSAGES.blank });
    else if (
      updating &&
      definition.notEditableAfterCreation &&
      !isBlankValue(stored) &&
      !sameValue(value, stored)
    ) {
      issues.push({ path, message: CUSTOM_FIELD_MESSAGES.notEditable });
    }
  }
  return { values, issues };
}

/** One defined value met while walking a values object, forms included. */
export interface ValueVisit {
  definition: CustomFieldDefinition;
  value: unknown;
  path: (string | number)[];
}

/** Every non-blank leaf value with its definition and path, rows of form collections included. */
export function walkCustomFieldValues(
  definitions: readonly CustomFieldDefinition[],
  values: CustomFieldValues | null | undefined,
  path: (string | number)[] = [],
): ValueVisit[] {
  const out: ValueVisit[] = [];
  if (!values) return out;
  for (const definition of definitions) {
    const value = values[definition.code];
    const here = [...path, definition.code];
    if (definition.type === 'form' && isObject(value)) {
      out.push(...walkCustomFieldValues(definition.children, value, here));
    } else if (definition.type === 'form-collection' && Array.isArray(value)) {
      value.forEach((row, index) => {
        if (isObject(row)) out.push(...walkCustomFieldValues(definition.children, row, [...here, index]));
      });
    } else if (!isBlankValue(value)) {
      out.push({ definition, value, path: here });
    }
  }
  return out;
}

/** The file ids a values object refers to, per field path (for attaching them to the saved record). */
export function customFieldFiles(
  definitions: readonly CustomFieldDefinition[],
  values: CustomFieldValues | null | undefined,
): { path: (string | number)[]; ids: number[] }[] {
  return walkCustomFieldValues(definitions, values)
    .filter((visit) => FILE_TYPES.has(visit.definition.type))
    .map((visit) => ({
      path: visit.path,
      ids: (Array.isArray(visit.value) ? visit.value : [visit.value]) as number[],
    }));
}

export type InheritanceKind = 'copy' | 'job';

/**
 * The values a new record takes from its source: a copy keeps the fields flagged "inherit on copy", a job
 * created from an order those flagged "inherit on job creation". Files stay with their record (an attached
 * file has one owner), so file fields are never inherited.
 */
export function inheritedCustomFieldValues(
  definitions: readonly CustomFieldDefinition[],
  source: CustomFieldValues | null | undefined,
  kind: InheritanceKind,
): CustomFieldValues {
  const out: CustomFieldValues = {};
  if (!source) return out;
  for (const definition of definitions) {
    const inherit = kind === 'copy' ? definition.inheritOnCopy : definition.inheritOnJobCreation;
    if (!inherit || !definition.enabled || FILE_TYPES.has(definition.type)) continue;
    const value = source[definition.code];
    if (isBlankValue(value)) continue;
    out[definition.code] = FORM_TYPES.has(definition.type)
      ? withoutFiles(definition, value)
      : cloneJson(value);
  }
  return out;
}

/**
 * The values a record takes from a record of another scope (an order made from a customer request): those
 * of the fields the target defines with the same code and type as the source, as the target's field
 * accepts them. Files stay with their record; a list field of another list, a form's children the target
 * does not define and a value the target's field would refuse are left out.
 */
export function carriedCustomFieldValues(
  source: readonly CustomFieldDefinition[],
  target: readonly CustomFieldDefinition[],
  values: CustomFieldValues | null | undefined,
): CustomFieldValues {
  const out: CustomFieldValues = {};
  if (!values) return out;
  const sourceByCode = new Map(source.map((definition) => [definition.code, definition]));
  for (const definition of target) {
    const from = sourceByCode.get(definition.code);
    if (!from || from.type !== definition.type || !definition.enabled || FILE_TYPES.has(definition.type))
      continue;
    if (
      definition.type === 'user-defined-list' &&
      from.additionalOptions?.list !== definition.additionalOptions?.list
    )
      continue;
    const value = values[definition.code];
    if (isBlankValue(value)) continue;
    const copy = FORM_TYPES.has(definition.type) ? withoutFiles(definition, value) : cloneJson(value);
    if (validateCustomFieldValues([definition], { [definition.code]: copy }).issues.length) continue;
    out[definition.code] = copy;
  }
  return out;
}

/** Values are JSON: a round trip copies them deeply. */
const cloneJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function withoutFiles(definition: CustomFieldDefinition, value: unknown): unknown {
  const strip = (row: unknown) => {
    if (!isObject(row)) return row;
    const copy: CustomFieldValues = {};
    for (const child of definition.children) {
      if (FILE_TYPES.has(child.type) || !Object.hasOwn(row, child.code)) continue;
      copy[child.code] = cloneJson(row[child.code]);
    }
    return copy;
  };
  return Array.isArray(value) ? value.map(strip) : strip(value);
}

/** Codes of enabled fields flagged "block archive if empty" that are empty: the record may not be archived. */
export function archiveBlockingFields(
  definitions: readonly CustomFieldDefinition[],
  values: CustomFieldValues | null | undefined,
): string[] {
  return definitions
    .filter((d) => d.enabled && d.blockArchiveIfEmpty && isBlankValue(values?.[d.code]))
    .map((d) => d.code);
}

/** Codes of enabled fields flagged "warn if empty" that are empty: the form warns without refusing. */
export function emptyWarningFields(
  definitions: readonly CustomFieldDefinition[],
  values: CustomFieldValues | null | undefined,
): string[] {
  return definitions
    .filter((d) => d.enabled && d.warnIfEmpty && isBlankValue(values?.[d.code]))
    .map((d) => d.code);
}

/**
 * The value as indexed for search and filters by the definition's storage type: numbers as numbers, dates
 * as ISO dates, the rest as text (lists joined by ", "). Null when it is blank or not indexable.
 */
export function indexedCustomFieldValue(
  definition: CustomFieldDefinition,
  value: unknown,
): { text: string | null; number: number | null; date: string | null } {
  const none = { text: null, number: null, date: null };
  if (isBlankValue(value) || FORM_TYPES.has(definition.type)) return none;
  const items = Array.isArray(value) ? value : [value];
  const text = items
    .map((item) => (isObject(item) ? String(item.id ?? '') : String(item)))
    .filter(Boolean)
    .join(', ');
  const storage = storageTypeOf(definition);
  if (storage === 'number') {
    const number = typeof value === 'number' ? value : Number(text);
    return Number.isFinite(number) ? { ...none, number } : none;
  }
  if (storage === 'date') return isValidDate(text) ? { ...none, date: text } : none;
  return { ...none, text };
}

/** Values for a new record's form: every enabled field's default, blanks elsewhere. */
export function defaultCustomFieldValues(definitions: readonly CustomFieldDefinition[]): CustomFieldValues {
  const out: CustomFieldValues = {};
  for (const definition of definitions) {
    out[definition.code] = definition.defaultValue ?? blankOf(definition);
  }
  return out;
}

import type { FieldDescriptor, ResourceDescriptor } from '@tms/domain';
import { roleLabel } from '@tms/domain';
import { formatDate, formatDateTime, padId } from '../../platform/format';
import { changedFieldLabel, namespacesOf, splitKey } from '../../platform/resources/logic';

type Language = 'ru' | 'en';
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the change log knows of one entity type: its name, its screen and its fields' labels. */
export interface EntityType {
  label: string;
  /** The list route of its screen; a record opens at `${path}/${id}`. */
  path: string | null;
  fields: Map<string, FieldDescriptor>;
  /** Where labels of fields without a descriptor live, e.g. `options:fields.`. */
  fieldKeys?: string;
}

export interface Catalogue {
  byName: Map<string, EntityType>;
  /** Choices of the entity type filter, by label. */
  types: { value: string; label: string }[];
}

const isDescriptor = (value: unknown): value is ResourceDescriptor =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ResourceDescriptor).name === 'string' &&
  typeof (value as ResourceDescriptor).path === 'string' &&
  Array.isArray((value as ResourceDescriptor).fields);

/** Entity types written by code outside the resource engine, and where their field labels live. */
const OTHER_TYPES: Record<string, string | undefined> = {
  systemOptions: 'options:fields.',
  companyStructureSettings: 'companyStructure:settings.',
  contact: undefined,
};

/** The dictionaries holding the descriptors' field labels (the log shows the fields of every entity). */
export function descriptorNamespaces(domain: Record<string, unknown>): string[] {
  return [...new Set(Object.values(domain).filter(isDescriptor).flatMap(namespacesOf))];
}

/** Every entity type: the domain's resource descriptors plus the few types written elsewhere. */
export function catalogueOf(domain: Record<string, unknown>, lang: Language, t: Translate): Catalogue {
  const byName = new Map<string, EntityType>();
  for (const value of Object.values(domain)) {
    if (!isDescriptor(value) || byName.has(value.name)) continue;
    // The resource's title from its dictionary (loaded with the descriptors' namespaces).
    const title = splitKey(value.title);
    byName.set(value.name, {
      label: t(`${title.ns}:${title.key}`, { defaultValue: value.name }),
      path: value.path,
      fields: new Map(value.fields.map((f) => [f.name, f])),
    });
  }
  for (const [name, fieldKeys] of Object.entries(OTHER_TYPES)) {
    byName.set(name, { label: t(`types.${name}`), path: null, fields: new Map(), fieldKeys });
  }
  const types = [...byName.entries()]
    .map(([value, type]) => ({ value, label: type.label }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));
  return { byName, types };
}

export type ShownChange =
  | { kind: 'value'; label: string; old: string | null; new: string | null }
  | { kind: 'list'; label: string; added: string[]; removed: string[] };

const SECRET = '***';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function item(field: FieldDescriptor | undefined, value: unknown, lang: Language): string {
  if (field?.type === 'roles' && typeof value === 'string') return roleLabel(value, lang);
  if (field?.type === 'references' && typeof value === 'number') return padId(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** One value as a person reads it; null when there is nothing to show. */
export function formatValue(
  field: FieldDescriptor | undefined,
  value: unknown,
  lang: Language,
  t: Translate,
): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value === SECRET) return t('hidden');
  if (typeof value === 'boolean') return t(value ? 'yes' : 'no');
  if (Array.isArray(value)) return value.length ? value.map((v) => item(field, v, lang)).join(', ') : null;
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatDateTime(value);
  if (typeof value === 'string' && ISO_DATE.test(value)) return formatDate(value);
  if (field?.type === 'reference' && typeof value === 'number') return padId(value);
  if (typeof value === 'object') {
    const translations = value as Record<string, unknown>;
    if (field?.type === 'translations') return String(translations[lang] ?? translations.ru ?? '');
    return JSON.stringify(value);
  }
  return String(value);
}

/**
 * A field's change as the log shows it: lists as the items added and removed, other values as old → new
 * (a created record has no old value, a deleted one no new value).
 */
export function describeChange(
  type: EntityType | undefined,
  name: string,
  change: { old: unknown; new: unknown },
  action: string,
  lang: Language,
  t: Translate,
): ShownChange {
  const field = type?.fields.get(name);
  const label = changedFieldLabel(field, name, t, type?.fieldKeys);
  const oldList = Array.isArray(change.old) || change.old === null;
  const newList = Array.isArray(change.new) || change.new === null;
  if (oldList && newList && (Array.isArray(change.old) || Array.isArray(change.new))) {
    const before = ((change.old as unknown[] | null) ?? []).map((v) => item(field, v, lang));
    const after = ((change.new as unknown[] | null) ?? []).map((v) => item(field, v, lang));
    return {
      kind: 'list',
      label,
      added: after.filter((v) => !before.includes(v)),
      removed: before.filter((v) => !after.includes(v)),
    };
  }
  const empty = '—';
  return {
    kind: 'value',
    label,
    old: action === 'create' ? null : (formatValue(field, change.old, lang, t) ?? empty),
    new: action === 'delete' ? null : (formatValue(field, change.new, lang, t) ?? empty),
  };
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The changes an entry lists: every changed field of an update; of a created or deleted record only the
 * filled fields a person knows (derived members such as ids are left out).
 */
export function shownChanges(
  type: EntityType | undefined,
  changes: Record<string, { old: unknown; new: unknown }>,
  action: string,
): [string, { old: unknown; new: unknown }][] {
  const entries = Object.entries(changes).filter(([name]) => name !== 'id');
  if (action !== 'create' && action !== 'delete') return entries;
  const known = (name: string) => !type?.fields.size || type.fields.has(name);
  return entries.filter(
    ([name, change]) => known(name) && !isEmpty(action === 'create' ? change.new : change.old),
  );
}

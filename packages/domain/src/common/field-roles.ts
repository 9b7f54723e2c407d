import type { Role } from '../permissions';

/**
 * Field roles (spec §6): fields of a record only holders of a role may set or change. A resource declares
 * them once (`defineFieldRoles`, as `fieldRoles` of its descriptor); the server's resource service refuses
 * a write changing such a field without the role (403 "Field edit access denied.") and the web disables
 * the input with `fieldRoleOf`.
 */
export interface FieldRoles<Existing = Record<string, unknown>> {
  /** Field → the role needed to set or change it. */
  readonly roles: Readonly<Record<string, Role>>;
  /** Fields whoever creates a record sets freely (checked on update only). */
  readonly freeOnCreate?: readonly string[];
  /** Further exceptions that depend on the stored record (`existing` null: a new record). */
  readonly isFree?: (field: string, existing: Existing | null) => boolean;
  /** The values a new record starts with: a create "changes" a field only when it sends something else. */
  readonly createDefaults?: Readonly<Record<string, unknown>>;
}

export const FIELD_ROLE_MESSAGES = {
  /** A changed field needs a role the user lacks. */
  fieldEditDenied: 'Field edit access denied.',
} as const;

export function defineFieldRoles<Existing = Record<string, unknown>>(
  declaration: FieldRoles<Existing>,
): FieldRoles<Existing> {
  return declaration;
}

/** The role needed to set `field` (`existing` null: on a new record), or undefined when edit access is enough. */
export function fieldRoleOf<Existing>(
  declaration: FieldRoles<Existing>,
  field: string,
  existing: Existing | null,
): Role | undefined {
  if (existing === null && declaration.freeOnCreate?.includes(field)) return undefined;
  if (declaration.isFree?.(field, existing)) return undefined;
  return declaration.roles[field];
}

function normalized(value: unknown): unknown {
  if (value === undefined || value === '' || value === null) return null;
  if (Array.isArray(value)) return [...value].sort();
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * Equal as the user means it: empty text is null, lists in any order, a missing flag is false, an amount
 * "150000" is the stored "150000.00" (only amounts: codes such as an OKPO keep their leading zeros).
 */
export function sameFieldValue(a: unknown, b: unknown): boolean {
  const x = normalized(a);
  const y = normalized(b);
  const numeric = (v: unknown) => typeof v === 'string' && /^\d+(\.\d+)?$/.test(v);
  if (numeric(x) && numeric(y) && `${x}${y}`.includes('.')) return Number(x) === Number(y);
  if (typeof x === 'boolean' || typeof y === 'boolean') return (x ?? false) === (y ?? false);
  return JSON.stringify(x) === JSON.stringify(y);
}

/** The members of `values` that differ from the record (`existing` null: from a new record's defaults). */
export function changedFieldsOf(
  values: Readonly<Record<string, unknown>>,
  existing: Readonly<Record<string, unknown>> | null,
  createDefaults: Readonly<Record<string, unknown>> = {},
): string[] {
  return Object.keys(values).filter((key) => {
    const before = existing ? existing[key] : createDefaults[key];
    return values[key] !== undefined && !sameFieldValue(values[key], before);
  });
}

/** The fields a write changes whose role `holds` says the user lacks. */
export function deniedFields<Existing>(
  declaration: FieldRoles<Existing>,
  values: Readonly<Record<string, unknown>>,
  existing: Existing | null,
  holds: (role: Role) => boolean,
): string[] {
  const changed = changedFieldsOf(
    values,
    existing as Readonly<Record<string, unknown>> | null,
    declaration.createDefaults,
  );
  return changed.filter((field) => {
    const role = fieldRoleOf(declaration, field, existing);
    return role !== undefined && !holds(role);
  });
}

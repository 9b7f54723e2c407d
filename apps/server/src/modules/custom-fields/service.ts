import {
  archiveBlockingFields,
  type CustomFieldDefinition,
  type CustomFieldScope,
  type CustomFieldValues,
  completeDefinition,
  customFieldFiles,
  type InheritanceKind,
  inheritedCustomFieldValues,
  MESSAGES,
  sortDefinitions,
  validateCustomFieldValues as validateValues,
  walkCustomFieldValues,
} from '@tms/domain';
import { eq, inArray } from 'drizzle-orm';
import { readAll, type Tx } from '../../db/connection';
import type { AuthContext } from '../../platform/auth/context';
import { ErrorCollector, notFound } from '../../platform/errors';
import { attachFiles } from '../../platform/files/service';
import { countries } from '../reference-data';
import { missingListRows } from '../user-defined-lists';
import { customerRequestCustomFields, operationCustomFieldGroups } from './tables';

/** Where a record's values sit in its body and in error trees. */
export const CUSTOM_FIELDS_KEY = 'customFields';

type DefinitionRow = typeof customerRequestCustomFields.$inferSelect;

/** A stored definition row as the domain's complete definition. */
export function definitionOfRow(row: DefinitionRow): CustomFieldDefinition {
  return completeDefinition({
    ...row,
    type: row.type as CustomFieldDefinition['type'],
    storageType: row.storageType as CustomFieldDefinition['storageType'],
  });
}

/** The definitions in force for a scope, in display order; an unknown operation group is a 404. */
export async function customFieldsForScope(
  tx: Tx,
  scope: CustomFieldScope,
): Promise<CustomFieldDefinition[]> {
  if (scope.kind === 'customer-request') {
    const rows = await tx.select().from(customerRequestCustomFields);
    return sortDefinitions(rows.map(definitionOfRow));
  }
  const [group] = await tx
    .select({ definitions: operationCustomFieldGroups.definitions })
    .from(operationCustomFieldGroups)
    .where(eq(operationCustomFieldGroups.id, scope.groupId));
  if (!group) throw notFound();
  return sortDefinitions(group.definitions.map((d) => completeDefinition(d)));
}

/** References the database must hold: countries by code and id, rows of user-defined lists. */
async function referenceIssues(
  tx: Tx,
  definitions: readonly CustomFieldDefinition[],
  values: CustomFieldValues,
) {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const visits = walkCustomFieldValues(definitions, values);
  const items = (value: unknown) =>
    Array.isArray(value) ? value.map((v, i) => [v, i] as const) : [[value, null] as const];

  const codes = visits.filter((v) => v.definition.type === 'country');
  const ids = visits.filter((v) => v.definition.type === 'country-select');
  if (codes.length || ids.length) {
    const wantedCodes = codes.map((v) => v.value as string);
    const wantedIds = ids.flatMap((v) => items(v.value).map(([id]) => id as number));
    const [byCode, byId] = await readAll(tx, [
      () =>
        wantedCodes.length
          ? tx.select({ code: countries.code }).from(countries).where(inArray(countries.code, wantedCodes))
          : [],
      () =>
        wantedIds.length
          ? tx.select({ id: countries.id }).from(countries).where(inArray(countries.id, wantedIds))
          : [],
    ]);
    const knownCodes = new Set(byCode.map((r) => r.code));
    const knownIds = new Set(byId.map((r) => r.id));
    for (const visit of codes) {
      if (!knownCodes.has(visit.value as string)) issues.push({ path: visit.path, message: MESSAGES.choice });
    }
    for (const visit of ids) {
      for (const [id, index] of items(visit.value)) {
        if (!knownIds.has(id as number))
          issues.push({
            path: index === null ? visit.path : [...visit.path, index],
            message: MESSAGES.choice,
          });
      }
    }
  }

  for (const visit of visits.filter((v) => v.definition.type === 'user-defined-list')) {
    const listId = visit.definition.additionalOptions?.list;
    if (!listId) continue;
    const chosen = items(visit.value).map(
      ([v, index]) => [typeof v === 'string' ? v : (v as { id: string }).id, index] as const,
    );
    const missing = await missingListRows(
      tx,
      listId,
      chosen.map(([id]) => id),
    );
    for (const [id, index] of chosen) {
      if (missing.has(id))
        issues.push({ path: index === null ? visit.path : [...visit.path, index], message: MESSAGES.choice });
    }
  }
  return issues;
}

export interface ValidateOptions {
  /** The stored values of the record being updated; absent on create. */
  existing?: CustomFieldValues | null;
}

/**
 * Checks a record's custom field values against its scope's definitions (types, required, enabled, not
 * editable after creation, storage type, countries and list rows that exist). Throws the Validation Failed
 * tree with paths `customFields.<code>[.<row>.<child>]`; answers the normalized values to store.
 */
export async function validateCustomFieldValues(
  tx: Tx,
  scope: CustomFieldScope,
  values: unknown,
  options: ValidateOptions = {},
): Promise<CustomFieldValues> {
  const definitions = await customFieldsForScope(tx, scope);
  const result = validateValues(definitions, values, {
    existing: options.existing ?? (options.existing === null ? null : undefined),
  });
  const errors = new ErrorCollector();
  for (const issue of result.issues) errors.add([CUSTOM_FIELDS_KEY, ...issue.path], issue.message);
  errors.throwIfAny();
  for (const issue of await referenceIssues(tx, definitions, result.values)) {
    errors.add([CUSTOM_FIELDS_KEY, ...issue.path], issue.message);
  }
  errors.throwIfAny();
  return result.values;
}

/**
 * Attaches the files a saved record's values refer to (the user's temporary uploads, or files already
 * attached to this record); errors land under `customFields.<path>`.
 */
export async function attachCustomFieldFiles(
  tx: Tx,
  auth: AuthContext,
  scope: CustomFieldScope,
  values: CustomFieldValues,
  owner: { type: string; id: number },
): Promise<void> {
  const definitions = await customFieldsForScope(tx, scope);
  for (const { path, ids } of customFieldFiles(definitions, values)) {
    await attachFiles(tx, auth, ids, owner, [CUSTOM_FIELDS_KEY, ...path]);
  }
}

/** The values a copy (or a job created from an order) takes from its source record. */
export async function copyForInheritance(
  tx: Tx,
  scope: CustomFieldScope,
  source: CustomFieldValues | null | undefined,
  kind: InheritanceKind,
): Promise<CustomFieldValues> {
  return inheritedCustomFieldValues(await customFieldsForScope(tx, scope), source, kind);
}

/** Codes of empty fields flagged "block archive if empty"; archiving refuses while any is left. */
export async function archiveBlockers(
  tx: Tx,
  scope: CustomFieldScope,
  values: CustomFieldValues | null | undefined,
): Promise<string[]> {
  return archiveBlockingFields(await customFieldsForScope(tx, scope), values);
}

/** Ids of user-defined lists that some definition picks rows from (such a list cannot be deleted). */
export async function listsInUse(tx: Tx): Promise<Set<number>> {
  const [rows, groups] = await readAll(tx, [
    () =>
      tx
        .select({
          additionalOptions: customerRequestCustomFields.additionalOptions,
          children: customerRequestCustomFields.children,
        })
        .from(customerRequestCustomFields),
    () => tx.select({ definitions: operationCustomFieldGroups.definitions }).from(operationCustomFieldGroups),
  ]);
  const used = new Set<number>();
  const visit = (definition: Pick<CustomFieldDefinition, 'additionalOptions' | 'children'>) => {
    if (definition.additionalOptions?.list) used.add(definition.additionalOptions.list);
    for (const child of definition.children ?? []) visit(child);
  };
  for (const row of rows) visit(row);
  for (const group of groups) for (const definition of group.definitions) visit(definition);
  return used;
}

import { MESSAGES, RESOURCE_MESSAGES } from '@tms/domain';
import { getTableColumns } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { conflict, fieldError, HttpError } from '../errors';

interface PgErrorLike {
  code?: string;
  constraint?: string;
  constraint_name?: string;
}

/** The driver's error under Drizzle's wrapper (pg and PGlite both carry SQLSTATE `code` and `constraint`). */
export function pgError(error: unknown): PgErrorLike | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as PgErrorLike & { cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    current = e.cause;
  }
  return undefined;
}

/** Constraint name → JSON field, from the table's unique indexes/constraints and foreign keys. */
export function constraintFields(table: PgTable): Map<string, string> {
  const keyOf = new Map<string, string>();
  for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, PgColumn>)) {
    keyOf.set(column.name, key);
  }
  const map = new Map<string, string>();
  const config = getTableConfig(table);
  for (const idx of config.indexes) {
    const name = idx.config.name;
    const first = idx.config.columns[0] as { name?: string } | undefined;
    if (idx.config.unique && name && first?.name && keyOf.has(first.name)) {
      map.set(name, keyOf.get(first.name)!);
    }
  }
  for (const unique of config.uniqueConstraints) {
    const first = unique.columns[0];
    const name = unique.getName();
    if (name && first && keyOf.has(first.name)) map.set(name, keyOf.get(first.name)!);
  }
  for (const fk of config.foreignKeys) {
    const first = fk.reference().columns[0];
    if (first && keyOf.has(first.name)) map.set(fk.getName(), keyOf.get(first.name)!);
  }
  return map;
}

/**
 * Turns constraint violations of a write into the contract's answers: a duplicate into a 400 under the
 * offending field, a dangling reference into a 400 under its field, a referenced row's delete into 409.
 */
export function mapConstraintError(
  error: unknown,
  fields: ReadonlyMap<string, string>,
  action: 'write' | 'delete',
  inUseMessage: string = RESOURCE_MESSAGES.inUse,
): unknown {
  if (error instanceof HttpError) return error;
  const e = pgError(error);
  if (!e) return error;
  const constraint = e.constraint ?? e.constraint_name ?? '';
  if (e.code === '23505') {
    const field = fields.get(constraint);
    return field ? fieldError([field], MESSAGES.duplicate) : fieldError([], MESSAGES.duplicate);
  }
  if (e.code === '23503') {
    if (action === 'delete') return conflict(inUseMessage);
    const field = fields.get(constraint);
    return fieldError(field ? [field] : [], MESSAGES.invalid);
  }
  return error;
}

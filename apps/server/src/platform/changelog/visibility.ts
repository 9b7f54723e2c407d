import { can } from '@tms/domain';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../auth/context';
import { changeLog } from './tables';

/**
 * Which change-log entries of one entity type a principal may read, as a condition on the entry's record
 * id: `true` all, `false` none. A resource's rule is its service's `changeLogAccess` (its read roles and
 * scope); a module declares the rule of any other type it logs (`changeLog` of its definition).
 */
export type ChangeLogRule = (auth: AuthContext, entityId: AnyPgColumn) => SQL | boolean;

/**
 * The entries of the change log a principal may read: of each entity type, those its rule lets through;
 * a type without a rule only the administrator reads. One condition, so the log stays a paged query;
 * `onlyType` when the caller filters by one entity type.
 */
export function visibleChanges(
  auth: AuthContext,
  rules: ReadonlyMap<string, ChangeLogRule>,
  onlyType?: string,
): SQL | undefined {
  if (can(auth.roles, [])) return undefined;
  if (onlyType !== undefined) {
    // The list is of one type already: its own rule alone, not an OR over every type the planner
    // cannot use an index for.
    const rule = rules.get(onlyType);
    const access = rule ? rule(auth, changeLog.entityId) : false;
    return access === true ? undefined : access === false ? sql`false` : access;
  }
  const everyEntry: string[] = [];
  const someEntries: SQL[] = [];
  for (const [type, rule] of rules) {
    const access = rule(auth, changeLog.entityId);
    if (access === true) everyEntry.push(type);
    else if (access !== false) someEntries.push(and(eq(changeLog.entityType, type), access)!);
  }
  // The types read whole as one array parameter: a hundred names are not a hundred parameters to render and bind.
  const parts = [
    ...(everyEntry.length ? [sql`${changeLog.entityType} = ANY(${sql.param(everyEntry)}::text[])`] : []),
    ...someEntries,
  ];
  return parts.length ? or(...parts) : sql`false`;
}

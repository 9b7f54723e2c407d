import { and, arrayContains, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { accessGroups } from '../../platform/identity/tables';
import { checkReferences } from '../../platform/resources';

/** Checks that every id names an access group (400 under `<field>.<index>` otherwise); drops repeats. */
export function checkAccessGroupIds(
  tx: Tx,
  field: string,
  ids: readonly number[] | undefined,
): Promise<number[] | undefined> {
  return checkReferences(tx, accessGroups, field, ids);
}

/** Whether any of these groups (enabled or not: it can be enabled later) grants the administrator role. */
export async function groupsGrantAdmin(tx: Tx, ids: readonly number[]): Promise<boolean> {
  if (!ids.length) return false;
  const rows = await tx
    .select({ id: accessGroups.id })
    .from(accessGroups)
    .where(and(inArray(accessGroups.id, [...ids]), arrayContains(accessGroups.roles, ['ROLE_ADMIN'])))
    .limit(1);
  return rows.length > 0;
}

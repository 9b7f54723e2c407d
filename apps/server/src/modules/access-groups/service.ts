import { inArray } from 'drizzle-orm';
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

/** Every role these groups give (enabled or not: a group can be enabled later). */
export async function rolesOfGroups(tx: Tx, ids: readonly number[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({ roles: accessGroups.roles })
    .from(accessGroups)
    .where(inArray(accessGroups.id, [...ids]));
  return [...new Set(rows.flatMap((row) => row.roles))];
}

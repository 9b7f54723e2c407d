import { type SQL, sql } from 'drizzle-orm';
import type { SubordinatesOf } from '../../platform/auth/context';
import { structureHolders, structureItems, structurePaths, structureSettings } from './tables';

/**
 * The users under a user (an SQL integer expression), himself included: the holders of every position below
 * a position he holds, directly or not, and, for a head position, of everything in its block or department.
 * Read from the closure when the statement runs, so a change of the structure counts in the very next query,
 * in the same transaction too; with the settings' "subordinates follow the structure" off, himself alone.
 */
export function subordinatesSql(userId: SQL): SQL {
  return sql`ARRAY(
    SELECT ${userId}
    UNION
    SELECT below.user_id
    FROM ${structureHolders} mine
    JOIN ${structureItems} p ON p.id = mine.item_id
    JOIN ${structurePaths} c
      ON c.ancestor_id = CASE WHEN p.head AND p.parent_id IS NOT NULL THEN p.parent_id ELSE p.id END
      AND c.depth > 0 AND c.descendant_id <> p.id
    JOIN ${structureHolders} below ON below.item_id = c.descendant_id
    WHERE mine.user_id = ${userId}
      AND (SELECT s.subordinates_follow_structure FROM ${structureSettings} s WHERE s.id = 1)
  )`;
}

/** The subordinates dimension of every signed-in user's scopes (`AuthContext.subordinates`). */
export const structureSubordinates: SubordinatesOf = (userId) => subordinatesSql(sql`${userId}::integer`);

import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/connection';
import { structureItems, structurePaths, structureSettings } from './tables';

/**
 * Serializes every change of the tree's shape on the settings row: two moves running side by side could
 * otherwise each pass the cycle check and together build a loop.
 */
export async function lockStructure(tx: Tx): Promise<void> {
  await tx
    .select({ id: structureSettings.id })
    .from(structureSettings)
    .where(eq(structureSettings.id, 1))
    .for('update');
}

/** A new node's paths: itself at depth 0 and every ancestor of its parent one level further. */
export async function addPaths(tx: Tx, id: number, parentId: number | null): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${structurePaths} (ancestor_id, descendant_id, depth)
    SELECT ${id}::integer, ${id}::integer, 0
    UNION ALL
    SELECT p.ancestor_id, ${id}::integer, p.depth + 1 FROM ${structurePaths} p WHERE p.descendant_id = ${parentId}::integer`);
}

/** Whether `candidate` is `id` itself or lies below it (moving `id` under it would close a loop). */
export async function isWithin(tx: Tx, id: number, candidate: number): Promise<boolean> {
  const [row] = await tx
    .select({ depth: structurePaths.depth })
    .from(structurePaths)
    .where(and(eq(structurePaths.ancestorId, id), eq(structurePaths.descendantId, candidate)));
  return row !== undefined;
}

/**
 * Moves the subtree of `id` under `parentId` (null: the top): the paths from the node's old ancestors into
 * the subtree go, and every new ancestor gets a path to every node of the subtree. The caller checked the
 * move makes no cycle and holds `lockStructure`.
 */
export async function movePaths(tx: Tx, id: number, parentId: number | null): Promise<void> {
  await tx.execute(sql`
    DELETE FROM ${structurePaths} p
    USING ${structurePaths} sub, ${structurePaths} up
    WHERE sub.ancestor_id = ${id}::integer AND p.descendant_id = sub.descendant_id
      AND up.descendant_id = ${id}::integer AND up.depth > 0 AND p.ancestor_id = up.ancestor_id`);
  if (parentId === null) return;
  await tx.execute(sql`
    INSERT INTO ${structurePaths} (ancestor_id, descendant_id, depth)
    SELECT up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1
    FROM ${structurePaths} up, ${structurePaths} sub
    WHERE up.descendant_id = ${parentId}::integer AND sub.ancestor_id = ${id}::integer`);
}

/**
 * The closure computed afresh from the parents by a recursive walk, as `ancestor:descendant:depth` keys:
 * what `company_structure_paths` must always equal (the property test compares them).
 */
export async function walkedPaths(tx: Tx): Promise<string[]> {
  const rows = await rowsOf<{ ancestor_id: number; descendant_id: number; depth: number }>(
    tx,
    sql`
    WITH RECURSIVE walk(ancestor_id, descendant_id, depth) AS (
      SELECT id, id, 0 FROM ${structureItems}
      UNION ALL
      SELECT w.ancestor_id, c.id, w.depth + 1 FROM walk w JOIN ${structureItems} c ON c.parent_id = w.descendant_id
    )
    SELECT ancestor_id, descendant_id, depth FROM walk`,
  );
  return rows.map((r) => `${r.ancestor_id}:${r.descendant_id}:${r.depth}`).sort();
}

/** The stored closure as the same keys. */
export async function storedPaths(tx: Tx): Promise<string[]> {
  const rows = await tx.select().from(structurePaths);
  return rows.map((r) => `${r.ancestorId}:${r.descendantId}:${r.depth}`).sort();
}

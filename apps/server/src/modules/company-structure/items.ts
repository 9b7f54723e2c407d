import {
  COMPANY_STRUCTURE_MESSAGES as M,
  MESSAGES,
  type StructureItemKind,
  structureItemResource,
} from '@tms/domain';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { groupBy } from '../../platform/collections';
import { conflict, fieldError } from '../../platform/errors';
import {
  afterUpdate,
  type CreateInput,
  defaultEntity,
  type ResourceContext,
  type ResourceService,
  resourceService,
} from '../../platform/resources';
import { addPaths, lockStructure } from './paths';
import { readSettings } from './settings';
import { structureHolders, structureItems } from './tables';

export type StructureItemRow = typeof structureItems.$inferSelect;
type ItemInput = CreateInput<typeof structureItemResource>;

/** Where each kind may stand (null: at the top). */
const PARENTS: Record<StructureItemKind, readonly (StructureItemKind | null)[]> = {
  block: [null, 'block'],
  department: [null, 'block', 'department'],
  position: ['block', 'department', 'position'],
};
const PLACEMENT_MESSAGE: Record<StructureItemKind, string> = {
  block: M.blockParent,
  department: M.departmentParent,
  position: M.positionParent,
};

async function kindOf(tx: Tx, id: number): Promise<StructureItemKind | undefined> {
  const [row] = await tx
    .select({ kind: structureItems.kind })
    .from(structureItems)
    .where(eq(structureItems.id, id));
  return row?.kind;
}

/**
 * The rules of a node at a place: its kind may stand under that parent; a head is a position directly in a
 * block or department, the only head there; only positions are held by users. `self`: the node's own id
 * (an update or a move), not counted as the unit's other head.
 */
export async function checkPlacement(
  tx: Tx,
  node: { kind: StructureItemKind; parentId: number | null; head: boolean; holders: number },
  self: number | null,
  field: 'parentId' | 'head' = 'parentId',
): Promise<void> {
  const parentKind = node.parentId === null ? null : await kindOf(tx, node.parentId);
  if (parentKind === undefined) throw fieldError(['parentId'], MESSAGES.invalid);
  if (!PARENTS[node.kind].includes(parentKind)) throw fieldError(['parentId'], PLACEMENT_MESSAGE[node.kind]);
  if (node.holders > 0 && node.kind !== 'position') throw fieldError(['userIds'], M.holdersOnPositions);
  if (!node.head) return;
  if (node.kind !== 'position' || (parentKind !== 'block' && parentKind !== 'department'))
    throw fieldError([field], M.headOnPositions);
  const [other] = await tx
    .select({ id: structureItems.id })
    .from(structureItems)
    .where(
      and(
        eq(structureItems.parentId, node.parentId!),
        eq(structureItems.head, true),
        self === null ? undefined : ne(structureItems.id, self),
      ),
    );
  if (other) throw fieldError([field], M.secondHead);
}

/** The holders of each node, by node id. */
export async function holdersOf(tx: Tx, ids: readonly number[]): Promise<Map<number, number[]>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(structureHolders)
    .where(inArray(structureHolders.itemId, [...ids]))
    .orderBy(asc(structureHolders.userId));
  const grouped = groupBy(rows, (row) => row.itemId);
  return new Map([...grouped].map(([id, list]) => [id, list.map((row) => row.userId)]));
}

async function setHolders(tx: Tx, itemId: number, userIds: readonly number[]): Promise<void> {
  await tx.delete(structureHolders).where(eq(structureHolders.itemId, itemId));
  const unique = [...new Set(userIds)];
  if (unique.length) await tx.insert(structureHolders).values(unique.map((userId) => ({ itemId, userId })));
}

/** Spec §8: a position with users, a department with positions, a block with departments stay. */
async function checkDelete(tx: Tx, row: StructureItemRow): Promise<void> {
  if (row.kind === 'position') {
    const [holder] = await tx
      .select()
      .from(structureHolders)
      .where(eq(structureHolders.itemId, row.id))
      .limit(1);
    if (holder) throw conflict(M.positionHasUsers);
  }
  const [child] = await tx
    .select({ id: structureItems.id })
    .from(structureItems)
    .where(eq(structureItems.parentId, row.id))
    .limit(1);
  if (!child) return;
  if (row.kind === 'block') throw conflict(M.blockHasDepartments);
  if (row.kind === 'department') throw conflict(M.departmentHasPositions);
  throw conflict(M.positionHasChildren);
}

/** A new block or department gets its head position at once when the settings say so. */
async function addHeadPosition(ctx: ResourceContext, row: StructureItemRow): Promise<void> {
  if (row.kind === 'position') return;
  const settings = await readSettings(ctx.tx);
  if (!settings.createHeadPosition) return;
  await itemService.create(ctx, {
    kind: 'position',
    name: settings.headPositionName,
    nameEn: settings.headPositionNameEn,
    parentId: row.id,
    head: true,
    userIds: [],
  });
}

/** The structure's nodes: the kernel's CRUD with the tree's rules, its closure and its holders. */
export const itemService: ResourceService<StructureItemRow> = resourceService(
  structureItemResource,
  structureItems,
  {
    virtual: ['userIds'],
    constraints: { company_structure_items_head_uq: 'head' },
    hooks: {
      entityColumns: [],
      async toEntities(rows, ctx) {
        const holders = await holdersOf(
          ctx.tx,
          rows.map((row) => row.id),
        );
        return rows.map((row) => ({
          ...defaultEntity(structureItemResource, row),
          userIds: holders.get(row.id) ?? [],
        }));
      },
      async beforeCreate({ tx }, values: ItemInput) {
        await lockStructure(tx);
        await checkPlacement(
          tx,
          {
            kind: values.kind,
            parentId: values.parentId ?? null,
            head: values.head ?? false,
            holders: values.userIds?.length ?? 0,
          },
          null,
          'head',
        );
        return undefined;
      },
      async beforeUpdate({ tx }, values, existing) {
        if (values.kind !== undefined && values.kind !== existing.kind)
          throw fieldError(['kind'], M.kindFixed);
        if (values.parentId !== undefined && (values.parentId ?? null) !== existing.parentId)
          throw fieldError(['parentId'], M.moveByAction);
        const next = afterUpdate(values, existing);
        const holders = values.userIds ?? (await holdersOf(tx, [existing.id])).get(existing.id) ?? [];
        await lockStructure(tx);
        await checkPlacement(
          tx,
          {
            kind: existing.kind,
            parentId: existing.parentId,
            head: next.head ?? false,
            holders: holders.length,
          },
          existing.id,
          'head',
        );
        return undefined;
      },
      async beforeDelete({ tx }, row) {
        await lockStructure(tx);
        await checkDelete(tx, row);
      },
      async onChange(ctx, event) {
        const row = event.after;
        if (!row) return;
        if (event.action === 'create') await addPaths(ctx.tx, row.id, row.parentId);
        const userIds = (event.input as { userIds?: number[] }).userIds;
        if (userIds !== undefined) await setHolders(ctx.tx, row.id, userIds);
        // After the node's own paths: the head's are built from them.
        if (event.action === 'create') await addHeadPosition(ctx, row);
      },
    },
  },
);

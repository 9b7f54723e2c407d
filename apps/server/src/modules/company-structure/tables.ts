import type { StructureItemKind } from '@tms/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { users } from '../../platform/identity/tables';
import { dictionaryColumns, listIndexes, searchTextColumn } from '../../platform/resources/indexes';

/** The staff positions' catalogue (reference data). */
export const staffPositions = pgTable(
  'staff_positions',
  { ...entityColumns(), ...dictionaryColumns() },
  (t) => [
    uniqueIndex('staff_positions_code_uq').on(t.code),
    ...listIndexes('staff_positions', t, {
      sortable: [t.name, t.nameEn, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/**
 * The nodes of the company structure: blocks, departments and positions, one parent each (docs/company-structure.md).
 * `parent_id` changes only through the move use case, which keeps `company_structure_paths` with it.
 */
export const structureItems = pgTable(
  'company_structure_items',
  {
    ...entityColumns(),
    kind: text('kind').$type<StructureItemKind>().notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    parentId: integer('parent_id').references((): AnyPgColumn => structureItems.id),
    staffPositionId: integer('staff_position_id').references(() => staffPositions.id),
    head: boolean('head').notNull().default(false),
    searchText: searchTextColumn('name', 'name_en'),
  },
  (t) => [
    index('company_structure_items_parent_id_idx').on(t.parentId),
    index('company_structure_items_staff_position_id_idx').on(t.staffPositionId),
    // One head position per block or department.
    uniqueIndex('company_structure_items_head_uq').on(t.parentId).where(sql`${t.head}`),
    check('company_structure_items_kind_ck', sql`${t.kind} IN ('block', 'department', 'position')`),
    ...listIndexes('company_structure_items', t, {
      sortable: [t.name, t.kind, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Who holds a position: a user may hold several, a position may be held by several people. */
export const structureHolders = pgTable(
  'company_structure_holders',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => structureItems.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.userId] }),
    index('company_structure_holders_user_idx').on(t.userId),
  ],
);

/**
 * The closure of the tree: a row per node and each of its ancestors, itself included at depth 0. Written in
 * the transaction of every create, move and delete, so "everything under X" is one indexed join.
 */
export const structurePaths = pgTable(
  'company_structure_paths',
  {
    ancestorId: integer('ancestor_id')
      .notNull()
      .references(() => structureItems.id, { onDelete: 'cascade' }),
    descendantId: integer('descendant_id')
      .notNull()
      .references(() => structureItems.id, { onDelete: 'cascade' }),
    depth: integer('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index('company_structure_paths_descendant_idx').on(t.descendantId),
  ],
);

/**
 * The structure's settings, one row (id 1, made by the migration). Its row is also the lock every structural
 * write takes first, so two concurrent moves cannot build a cycle between them.
 */
export const structureSettings = pgTable('company_structure_settings', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(1),
  subordinatesFollowStructure: boolean('subordinates_follow_structure').notNull().default(true),
  createHeadPosition: boolean('create_head_position').notNull().default(true),
  headPositionName: text('head_position_name').notNull().default('Руководитель'),
  headPositionNameEn: text('head_position_name_en').notNull().default('Head'),
});

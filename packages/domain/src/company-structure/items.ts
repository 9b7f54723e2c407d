import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { colleagueReference } from '../users';
import { staffPositionResource } from './staff-positions';

export const COMPANY_STRUCTURE_PATH = '/company-structure/tree-structure/items';

/** The kinds of a structure node: blocks hold blocks and departments, departments departments and positions. */
export const STRUCTURE_ITEM_KINDS = {
  block: { ru: 'Блок', en: 'Block' },
  department: { ru: 'Отдел', en: 'Department' },
  position: { ru: 'Должность', en: 'Position' },
} as const;
export type StructureItemKind = keyof typeof STRUCTURE_ITEM_KINDS;

/** Stable English messages of the structure's rules; the web translates them (messages.json). */
export const COMPANY_STRUCTURE_MESSAGES = {
  blockParent: 'A block can be placed only in another block or at the top.',
  departmentParent: 'A department can be placed only in a block, in another department or at the top.',
  positionParent: 'A position must be placed in a block, a department or under another position.',
  cycle: 'A node cannot be moved under itself or under a node below it.',
  moveByAction: 'A node changes its place only with the Move action.',
  kindFixed: 'The kind of a node cannot be changed.',
  holdersOnPositions: 'Only a position can be held by users.',
  headOnPositions: 'Only a position placed directly in a block or department can be its head.',
  secondHead: 'This block or department already has a head position.',
  positionHasUsers: 'The position is held by users.',
  positionHasChildren: 'Other positions report to this position.',
  departmentHasPositions: 'The department has positions or departments.',
  blockHasDepartments: 'The block has departments or positions.',
  staffPositionInUse: 'The staff position is used in the company structure.',
} as const;

/** How a node is referenced (its own parent field, and other resources). */
export const structureItemReference = { path: COMPANY_STRUCTURE_PATH, labelField: 'name' } as const;

/**
 * A node of the company structure (spec §3 "company structure tree item"): a block, a department or a
 * position held by users. The tree is one parent per node; a position's parent position is the one it
 * reports to, and a head position (`head`) manages the whole of its block or department. The parent
 * changes only with the move action (its own use case), so a cycle is checked in one place.
 */
export const structureItemResource = declareResource({
  name: 'company_structure_item',
  path: COMPANY_STRUCTURE_PATH,
  title: 'companyStructure.items.title',
  itemTitle: 'companyStructure.items.item',
  keys: 'companyStructure.items',
  fields: {
    kind: f.enum(STRUCTURE_ITEM_KINDS).listed().filterable().sortable(),
    name: f.text({ max: 255 }).listed().searchable().sortable(),
    nameEn: f.text({ max: 255 }).optional().listed().searchable(),
    parentId: f.reference(structureItemReference).optional().listed().filterable(),
    staffPositionId: f.reference(staffPositionResource).optional().listed().filterable(),
    head: f.boolean().defaulted().listed(),
    userIds: f.references(colleagueReference, undefined, { max: 200 }).defaulted().listed(),
    updatedAt: f.updatedAt(),
  },
  roles: {
    view: ['ROLE_COMPANY_STRUCTURE_VIEW', 'ROLE_COMPANY_STRUCTURE_EDIT'],
    edit: ['ROLE_COMPANY_STRUCTURE_EDIT'],
  },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export const structureItemSchema = structureItemResource.entity;
export type StructureItem = z.infer<typeof structureItemSchema>;

/** The move action's body: the new parent (null: the top), with the version the user saw. */
export const moveStructureItemBody = z.strictObject({
  parentId: z.number().int().positive().nullable(),
  version: z.number().int().positive().optional(),
});

/** One node of the whole tree as the tree and chart screens draw it. */
export const structureNodeSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  kind: z.enum(['block', 'department', 'position']),
  name: z.string(),
  nameEn: z.string().nullable(),
  parentId: z.number().int().nullable(),
  head: z.boolean(),
  staffPositionId: z.number().int().nullable(),
  staffPositionName: z.string().nullable(),
  users: z.array(z.object({ id: z.number().int(), name: z.string(), active: z.boolean() })),
  /** The people in the node and below it (a person holding two positions there counts once). */
  headCount: z.number().int(),
});
export type StructureNode = z.infer<typeof structureNodeSchema>;

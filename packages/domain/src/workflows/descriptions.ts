import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import type { LocalizedText } from '../common/resource';
import { MESSAGES } from '../common/validation';
import { isKnownRole } from '../permissions';

/**
 * Workflow descriptions (spec §3 "Workflow description"): a state machine stored as data for one kind of
 * record, its initiator. States keep stable ids (a UUID made by the editor), so renaming one keeps the
 * instances standing in it; transitions name their source and target by those ids.
 */

/** The kinds of record a workflow runs on; each needs a server-side initiator declaring its fields. */
export const WORKFLOW_INITIATOR_LABELS = {
  order: { ru: 'Заказ', en: 'Order' },
  job: { ru: 'Работа', en: 'Job' },
  request: { ru: 'Запрос клиента', en: 'Customer request' },
  bill: { ru: 'Счёт', en: 'Bill' },
} as const satisfies Record<string, LocalizedText>;
export type WorkflowInitiatorType = keyof typeof WORKFLOW_INITIATOR_LABELS;
export const WORKFLOW_INITIATOR_TYPES = Object.keys(WORKFLOW_INITIATOR_LABELS) as [
  WorkflowInitiatorType,
  ...WorkflowInitiatorType[],
];

/** The stable id of a state or a transition. */
export const workflowNodeId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, MESSAGES.invalid);

export const WORKFLOW_CONDITION_RULES = ['filled', 'empty'] as const;
export type WorkflowConditionRule = (typeof WORKFLOW_CONDITION_RULES)[number];

/** "Must be filled" / "must be empty" on a field of the initiator (`customFields.<code>` for a custom field). */
export const workflowConditionSchema = z.object({
  field: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_-]+)?$/, MESSAGES.invalid),
  rule: z.enum(WORKFLOW_CONDITION_RULES),
});
export type WorkflowCondition = z.infer<typeof workflowConditionSchema>;

export const workflowStateSchema = z.object({
  id: workflowNodeId,
  name: z.string().trim().min(1).max(120),
  nameEn: z.string().trim().max(120).nullable().optional(),
});
export type WorkflowState = z.infer<typeof workflowStateSchema>;

export const workflowTransitionSchema = z.object({
  id: workflowNodeId,
  /** The button's text; unset: the target state's name. */
  name: z.string().trim().max(120).nullable().optional(),
  source: workflowNodeId,
  target: workflowNodeId,
  /** Who may make it: any of these roles (the administrator always). */
  roles: z.array(z.string().refine(isKnownRole, MESSAGES.choice)).min(1, MESSAGES.blank).max(50),
  conditions: z.array(workflowConditionSchema).max(50).default([]),
});
export type WorkflowTransition = z.infer<typeof workflowTransitionSchema>;

export const workflowDescriptionResource = declareResource({
  name: 'workflow_description',
  path: '/workflow-descriptions',
  title: 'workflows.descriptions.title',
  itemTitle: 'workflows.descriptions.item',
  keys: 'workflows.descriptions.fields',
  fields: {
    name: f.text({ max: 255 }).listed().searchable().sortable().width('wide'),
    initiatorType: f.enum(WORKFLOW_INITIATOR_LABELS).listed().filterable(),
    /** Checked by the graph rules, so a missing one is "initial state not specified" rather than a blank. */
    initialState: f.of('json', workflowNodeId.nullable().optional(), z.string().nullable()),
    states: f.of('json', z.array(workflowStateSchema).max(100), z.array(workflowStateSchema)),
    transitions: f.of('json', z.array(workflowTransitionSchema).max(300), z.array(workflowTransitionSchema)),
    description: f.textarea({ max: 2000 }).optional(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: ['ROLE_SETTINGS_WORKFLOW'], edit: ['ROLE_SETTINGS_WORKFLOW'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
});
export const workflowDescriptionSchema = workflowDescriptionResource.entity;
export type WorkflowDescription = z.infer<typeof workflowDescriptionSchema>;
export type WorkflowDescriptionCreate = z.input<typeof workflowDescriptionResource.create>;

/** A field a condition may name, as the initiator declares it (custom fields included). */
export const workflowFieldSchema = z.object({
  key: z.string(),
  label: z.object({ ru: z.string(), en: z.string() }),
});
export type WorkflowField = z.infer<typeof workflowFieldSchema>;

/** An initiator as the editor reads it: its type, its name and the fields conditions may name. */
export const workflowInitiatorSchema = z.object({
  type: z.enum(WORKFLOW_INITIATOR_TYPES),
  label: z.object({ ru: z.string(), en: z.string() }),
  fields: z.array(workflowFieldSchema),
});
export type WorkflowInitiator = z.infer<typeof workflowInitiatorSchema>;

import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import {
  WORKFLOW_INITIATOR_LABELS,
  WORKFLOW_INITIATOR_TYPES,
  workflowDescriptionResource,
  workflowNodeId,
  workflowStateSchema,
} from './descriptions';

/**
 * A workflow instance (spec §3): one description running on one record, standing in one state. Started by
 * `POST /workflow-instances`, moved by its transitions; the list and the record are the resource's.
 */
export const workflowInstanceResource = declareResource({
  name: 'workflow_instance',
  path: '/workflow-instances',
  title: 'workflows.instances.title',
  itemTitle: 'workflows.instances.item',
  keys: 'workflows.instances.fields',
  fields: {
    descriptionId: f.reference(workflowDescriptionResource).listed().filterable(),
    initiatorType: f.enum(WORKFLOW_INITIATOR_LABELS).listed().filterable(),
    initiatorId: f.integer({ min: 1 }).listed().filterable().sortable(),
    stateId: f.text().readOnly(),
    /** The state it stands in, for the lists (computed from the description). */
    state: f.of('json', workflowStateSchema.nullable(), workflowStateSchema.nullable()).readOnly().listed(),
    createdAt: f.createdAt().listed().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: {
    view: ['ROLE_SETTINGS_WORKFLOW_ACCESS', 'ROLE_SETTINGS_WORKFLOW'],
    edit: ['ROLE_SETTINGS_WORKFLOW'],
  },
  labelField: 'initiatorId',
  defaultSort: { field: 'createdAt', order: 'desc' },
  creatable: false,
  deletable: true,
});
export const workflowInstanceSchema = workflowInstanceResource.entity;
export type WorkflowInstance = z.infer<typeof workflowInstanceSchema>;

/** `POST /workflow-instances`: a description started on a record, in its initial state. */
export const workflowStartSchema = z.object({
  descriptionId: z.number().int().positive(),
  initiatorType: z.enum(WORKFLOW_INITIATOR_TYPES),
  initiatorId: z.number().int().positive(),
});
export type WorkflowStart = z.infer<typeof workflowStartSchema>;

/** `POST /workflow-instances/{id}/move`: the state to move to, and the version the move is based on. */
export const workflowMoveSchema = z.object({
  to: workflowNodeId,
  version: z.number().int().positive().optional(),
});
export type WorkflowMove = z.infer<typeof workflowMoveSchema>;

/** A move as the history lists it; `from` is null for the start. */
export const workflowMoveRowSchema = z.object({
  id: z.number().int(),
  from: workflowStateSchema.nullable(),
  to: workflowStateSchema.nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  at: z.string(),
});
export type WorkflowMoveRow = z.infer<typeof workflowMoveRowSchema>;

/** A transition out of the current state as the reader sees it: allowed by his roles, and what is unmet. */
export const workflowOptionSchema = z.object({
  transitionId: z.string(),
  name: z.string().nullable(),
  target: workflowStateSchema,
  allowed: z.boolean(),
  unmet: z.array(
    z.object({ field: z.string(), label: z.object({ ru: z.string(), en: z.string() }), message: z.string() }),
  ),
});
export type WorkflowOption = z.infer<typeof workflowOptionSchema>;

/** An instance with what its screens show: the description's name, the record, history and options. */
export const workflowInstanceViewSchema = z.object({
  instance: workflowInstanceSchema,
  descriptionName: z.string(),
  record: z.object({ title: z.string(), link: z.string() }),
  states: z.array(workflowStateSchema),
  transitions: z.array(z.object({ id: z.string(), source: z.string(), target: z.string() })),
  moves: z.array(workflowMoveRowSchema),
  options: z.array(workflowOptionSchema),
});
export type WorkflowInstanceView = z.infer<typeof workflowInstanceViewSchema>;

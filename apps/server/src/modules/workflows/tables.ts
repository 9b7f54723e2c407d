import type { WorkflowState, WorkflowTransition } from '@tms/domain';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { users } from '../../platform/identity/tables';
import { listIndexes, resourceTable, searchTextColumn } from '../../platform/resources/indexes';

/** A workflow description (spec §3): the graph as data, validated as a whole on every save. */
export const workflowDescriptions = resourceTable(
  'workflow_descriptions',
  {
    name: text('name').notNull(),
    initiatorType: text('initiator_type').notNull(),
    initialState: text('initial_state'),
    states: jsonb('states').$type<WorkflowState[]>().notNull().default([]),
    transitions: jsonb('transitions').$type<WorkflowTransition[]>().notNull().default([]),
    description: text('description'),
    searchText: searchTextColumn('name'),
  },
  { unique: ['name'], sortable: ['name', 'updatedAt'] },
);

/**
 * A description running on one record; `stateId` is a state's stable id, never its name. One instance per
 * description and record: starting it again is refused, not duplicated.
 */
export const workflowInstances = pgTable(
  'workflow_instances',
  {
    ...entityColumns(),
    descriptionId: integer('description_id')
      .notNull()
      .references(() => workflowDescriptions.id),
    initiatorType: text('initiator_type').notNull(),
    initiatorId: integer('initiator_id').notNull(),
    stateId: text('state_id').notNull(),
  },
  (t) => [
    uniqueIndex('workflow_instances_record_uq').on(t.descriptionId, t.initiatorType, t.initiatorId),
    index('workflow_instances_initiator_idx').on(t.initiatorType, t.initiatorId),
    ...listIndexes('workflow_instances', t, { sortable: [t.initiatorId, t.createdAt] }),
  ],
);

/** The history of an instance: its start (`fromState` null) and every move, with who made it. */
export const workflowMoves = pgTable(
  'workflow_moves',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => workflowInstances.id, { onDelete: 'cascade' }),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    transitionId: text('transition_id'),
    userId: integer('user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_moves_instance_idx').on(t.instanceId, t.id)],
);

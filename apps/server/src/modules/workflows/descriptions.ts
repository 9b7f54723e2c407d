import {
  WORKFLOW_MESSAGES,
  type WorkflowState,
  type WorkflowTransition,
  workflowDescriptionResource,
  workflowGraphIssues,
} from '@tms/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { conflict, ErrorCollector } from '../../platform/errors';
import {
  type CreateInput,
  type ResourceContext,
  type ResourceHooks,
  resourceService,
} from '../../platform/resources';
import { initiatorFields, initiatorSource } from './initiators';
import { workflowDescriptions, workflowInstances } from './tables';

type DescriptionRow = typeof workflowDescriptions.$inferSelect;
type DescriptionInput = CreateInput<typeof workflowDescriptionResource>;

interface Graph {
  initiatorType: string;
  initialState?: string | null;
  states: WorkflowState[];
  transitions: WorkflowTransition[];
}

/** The state ids other descriptions use, among `ids`: a transition there is "another workflow's state". */
async function foreignStates(tx: Tx, ids: string[], self: number | null): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: sql<string>`s.value->>'id'` })
    .from(sql`${workflowDescriptions}, jsonb_array_elements(${workflowDescriptions.states}) as s(value)`)
    .where(
      and(self === null ? undefined : ne(workflowDescriptions.id, self), inArray(sql`s.value->>'id'`, ids)),
    );
  return new Set(rows.map((row) => row.id));
}

/** The states of `existing` that `next` no longer has and that instances stand in. */
async function removedStatesInUse(tx: Tx, existing: DescriptionRow, next: readonly WorkflowState[]) {
  const kept = new Set(next.map((state) => state.id));
  const removed = existing.states.filter((state) => !kept.has(state.id)).map((state) => state.id);
  if (!removed.length) return [];
  const rows = await tx
    .selectDistinct({ stateId: workflowInstances.stateId })
    .from(workflowInstances)
    .where(
      and(eq(workflowInstances.descriptionId, existing.id), inArray(workflowInstances.stateId, removed)),
    );
  return rows.map((row) => row.stateId);
}

async function hasInstances(tx: Tx, descriptionId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: workflowInstances.id })
    .from(workflowInstances)
    .where(eq(workflowInstances.descriptionId, descriptionId))
    .limit(1);
  return row !== undefined;
}

/**
 * The whole graph checked before anything is written (spec §3, §8; brief §3): the graph rules of the domain
 * with the initiator's fields and the other descriptions' states, a removed state no instance stands in,
 * and no change of the initiator once instances run. Every problem is reported at once, under its field.
 */
async function checkGraph(ctx: ResourceContext, graph: Graph, existing: DescriptionRow | null) {
  const errors = new ErrorCollector();
  const source = await errors.collect(async () => initiatorSource(ctx.registries, graph.initiatorType));
  const fields = source ? new Set((await initiatorFields(ctx.tx, source)).map((field) => field.key)) : null;
  const ends = graph.transitions.flatMap((t) => [t.source, t.target]);
  const foreign = await foreignStates(ctx.tx, [...new Set(ends)], existing?.id ?? null);
  for (const issue of workflowGraphIssues(graph, fields ?? new Set(), foreign)) {
    // Without a known initiator, its fields cannot be judged: the initiator's error says why.
    if (!fields && issue.message === WORKFLOW_MESSAGES.unknownField) continue;
    errors.add(issue.path, issue.message);
  }
  if (existing) {
    if ((await removedStatesInUse(ctx.tx, existing, graph.states)).length) {
      errors.add(['states'], WORKFLOW_MESSAGES.stateHoldsInstances);
    }
    if (graph.initiatorType !== existing.initiatorType && (await hasInstances(ctx.tx, existing.id))) {
      errors.add(['initiatorType'], WORKFLOW_MESSAGES.initiatorInUse);
    }
  }
  errors.throwIfAny();
}

const hooks: ResourceHooks<DescriptionRow, DescriptionInput> = {
  async beforeCreate(ctx, values) {
    await checkGraph(ctx, values, null);
    return values;
  },
  async beforeUpdate(ctx, values, existing) {
    const graph: Graph = {
      initiatorType: values.initiatorType ?? existing.initiatorType,
      initialState: values.initialState !== undefined ? values.initialState : existing.initialState,
      states: values.states ?? existing.states,
      transitions: values.transitions ?? existing.transitions,
    };
    await checkGraph(ctx, graph, existing);
    return values;
  },
  async beforeDelete({ tx }, row) {
    if (await hasInstances(tx, row.id)) throw conflict(WORKFLOW_MESSAGES.hasInstances);
  },
};

export const descriptionService = resourceService(workflowDescriptionResource, workflowDescriptions, {
  hooks,
});

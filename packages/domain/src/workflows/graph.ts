import { MESSAGES } from '../common/validation';
import type { WorkflowState, WorkflowTransition } from './descriptions';

/** Stable English messages of the workflow rules; the web translates them (messages.json). */
export const WORKFLOW_MESSAGES = {
  initialStateMissing: 'Initial state not specified.',
  unknownState: 'This state is not in the workflow.',
  foreignState: 'This state belongs to another workflow.',
  unreachable: 'This state cannot be reached from the initial state.',
  duplicateTransition: 'A transition between these states already exists.',
  selfTransition: 'A transition must lead to another state.',
  unknownField: 'The record has no such field.',
  unknownInitiator: 'The record kind has no workflows.',
  duplicateCondition: 'This field already has a condition.',
  stateHoldsInstances: 'Records stand in this state: move them before removing it.',
  initiatorInUse: 'The workflow has instances: its kind of record cannot change.',
  hasInstances: 'Cannot delete a workflow description with instances.',
  alreadyRunning: 'This workflow already runs on the record.',
  unknownDescription: 'There is no such workflow.',
  wrongInitiator: 'This workflow is not for this kind of record.',
  noTransition: 'No transition leads there from the current state.',
  transitionRefused: 'Your roles do not allow this transition.',
  mustBeFilled: 'Must be filled for this transition.',
  mustBeEmpty: 'Must be empty for this transition.',
} as const;

export interface GraphIssue {
  path: (string | number)[];
  message: string;
}

export interface WorkflowGraph {
  initialState?: string | null;
  states: readonly WorkflowState[];
  transitions: readonly WorkflowTransition[];
}

/**
 * The rules of a description's graph (spec §3; brief §3): an initial state among the states, unique ids,
 * transitions between two different states of this graph, one transition per pair, every state reachable
 * from the initial one, conditions only on `fields` the initiator has, each field once per transition.
 * `foreignStates` are ids of other descriptions' states: a transition to one is told so rather than "unknown".
 */
export function workflowGraphIssues(
  graph: WorkflowGraph,
  fields: ReadonlySet<string>,
  foreignStates: ReadonlySet<string> = new Set(),
): GraphIssue[] {
  const issues: GraphIssue[] = [];
  const ids = new Set<string>();
  graph.states.forEach((state, index) => {
    if (ids.has(state.id)) issues.push({ path: ['states', index, 'id'], message: MESSAGES.duplicate });
    ids.add(state.id);
  });
  if (!graph.initialState) {
    issues.push({ path: ['initialState'], message: WORKFLOW_MESSAGES.initialStateMissing });
  } else if (!ids.has(graph.initialState)) {
    issues.push({ path: ['initialState'], message: WORKFLOW_MESSAGES.unknownState });
  }

  const transitionIds = new Set<string>();
  const pairs = new Set<string>();
  graph.transitions.forEach((transition, index) => {
    const at = (...rest: (string | number)[]) => ['transitions', index, ...rest];
    if (transitionIds.has(transition.id)) issues.push({ path: at('id'), message: MESSAGES.duplicate });
    transitionIds.add(transition.id);
    for (const end of ['source', 'target'] as const) {
      const id = transition[end];
      if (ids.has(id)) continue;
      const message = foreignStates.has(id) ? WORKFLOW_MESSAGES.foreignState : WORKFLOW_MESSAGES.unknownState;
      issues.push({ path: at(end), message });
    }
    if (transition.source === transition.target) {
      issues.push({ path: at('target'), message: WORKFLOW_MESSAGES.selfTransition });
    }
    const pair = `${transition.source}\u0000${transition.target}`;
    if (pairs.has(pair)) issues.push({ path: at('target'), message: WORKFLOW_MESSAGES.duplicateTransition });
    pairs.add(pair);
    const named = new Set<string>();
    transition.conditions.forEach((condition, c) => {
      if (!fields.has(condition.field)) {
        issues.push({ path: at('conditions', c, 'field'), message: WORKFLOW_MESSAGES.unknownField });
      } else if (named.has(condition.field)) {
        issues.push({ path: at('conditions', c, 'field'), message: WORKFLOW_MESSAGES.duplicateCondition });
      }
      named.add(condition.field);
    });
  });

  if (graph.initialState && ids.has(graph.initialState)) {
    const reached = reachableStates(graph.initialState, graph.transitions);
    graph.states.forEach((state, index) => {
      if (!reached.has(state.id))
        issues.push({ path: ['states', index, 'name'], message: WORKFLOW_MESSAGES.unreachable });
    });
  }
  return issues;
}

/** The states reachable from `from` along the transitions (itself included). */
export function reachableStates(from: string, transitions: readonly WorkflowTransition[]): Set<string> {
  const next = new Map<string, string[]>();
  for (const t of transitions) next.set(t.source, [...(next.get(t.source) ?? []), t.target]);
  const reached = new Set([from]);
  const queue = [from];
  while (queue.length) {
    for (const target of next.get(queue.shift() as string) ?? []) {
      if (!reached.has(target)) {
        reached.add(target);
        queue.push(target);
      }
    }
  }
  return reached;
}

/** Whether a field's value counts as filled: not null, not blank text, not an empty list or object. */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** The conditions of a transition the record's values do not meet, each with its message. */
export function unmetConditions(
  transition: Pick<WorkflowTransition, 'conditions'>,
  values: Readonly<Record<string, unknown>>,
): { field: string; message: string }[] {
  return transition.conditions.flatMap((condition): { field: string; message: string }[] => {
    const filled = isFilled(values[condition.field]);
    if (condition.rule === 'filled' && !filled)
      return [{ field: condition.field, message: WORKFLOW_MESSAGES.mustBeFilled }];
    if (condition.rule === 'empty' && filled)
      return [{ field: condition.field, message: WORKFLOW_MESSAGES.mustBeEmpty }];
    return [];
  });
}

/** A state's name in a language (the Russian one when the English is missing). */
export function stateName(
  state: Pick<WorkflowState, 'name' | 'nameEn'> | undefined,
  lang: 'ru' | 'en',
): string {
  if (!state) return '';
  return lang === 'en' && state.nameEn ? state.nameEn : state.name;
}

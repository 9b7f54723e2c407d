import { z } from 'zod';
import { entityBase, updateSchemaOf } from '../common/resource';
import { rolesOfScopedPermission } from '../permissions';
import { holdsRole, OPERATION_TYPES, type OperationActor, SYSTEM_ACTOR } from './actor';
import { OPERATION_MESSAGES as M, type OperationIssue } from './messages';
import type { StageType } from './stage-types';
import {
  type FinanceControlStatus,
  financeControlTransition,
  type MarkingStatus,
  markingTransition,
} from './statuses';

/** Who works with stages: any scope of stage management, or the forwarder's stages permission. */
export const STAGE_ROLES = {
  manage: [...rolesOfScopedPermission('ROLE_STAGE_MANAGE'), 'ROLE_FORWARDER_STAGES'],
  reopen: ['ROLE_STAGE_REOPEN'],
} as const;

const id = z.number().int().positive();

/** The body of `POST /api/tms/{orders|jobs}/{id}/stages`; the update body is its partial plus `version`. */
export const stageCreateSchema = z.object({
  stageTypeId: id,
  expectedDate: z.iso.date().nullable().optional(),
  comment: z.string().trim().max(2000).nullable().optional(),
});
export type StageCreate = z.infer<typeof stageCreateSchema>;
export const stageUpdateSchema = updateSchemaOf(stageCreateSchema);

/** The body of `POST .../stages/{stageId}/close`: the day it happened (today unless told). */
export const stageCloseSchema = z.object({
  actualDate: z.iso.date().optional(),
  version: z.number().int().positive(),
});
/** The body of `POST .../stages/{stageId}/reopen` (ROLE_STAGE_REOPEN). */
export const stageReopenSchema = z.object({ version: z.number().int().positive() });

/**
 * A stage of an order or job. Its names, visibility, behaviours and order come from its stage type when it
 * is created (`stageFromType`), so renaming a type later does not rewrite history.
 */
export const stageSchema = z.object({
  ...entityBase,
  operationType: z.enum(OPERATION_TYPES),
  operationId: z.number().int(),
  stageTypeId: z.number().int(),
  name: z.string(),
  pccName: z.string(),
  pccVisible: z.boolean(),
  opsName: z.string(),
  opsVisible: z.boolean(),
  behaviours: z.array(z.string()),
  sortOrder: z.number().int(),
  expectedDate: z.string().nullable(),
  actualDate: z.string().nullable(),
  closed: z.boolean(),
  closedAt: z.string().nullable(),
  closedById: z.number().int().nullable(),
  comment: z.string().nullable(),
});
export type Stage = z.infer<typeof stageSchema>;

/** What a new stage takes from its type: the PCC and OPS names fall back to the type's name. */
export function stageFromType(
  type: Pick<
    StageType,
    'name' | 'pccName' | 'pccVisible' | 'opsName' | 'opsVisible' | 'behaviours' | 'sortOrder'
  >,
): Pick<Stage, 'name' | 'pccName' | 'pccVisible' | 'opsName' | 'opsVisible' | 'behaviours' | 'sortOrder'> {
  return {
    name: type.name,
    pccName: type.pccName || type.name,
    pccVisible: type.pccVisible,
    opsName: type.opsName || type.name,
    opsVisible: type.opsVisible,
    behaviours: [...type.behaviours],
    sortOrder: type.sortOrder,
  };
}

type StageFacts = Pick<Stage, 'closed' | 'actualDate'>;

/** The actual date of the last closed stage, or null. */
export function lastClosedStageDate(stages: readonly StageFacts[]): string | null {
  let last: string | null = null;
  for (const stage of stages) {
    if (stage.closed && stage.actualDate && (last === null || stage.actualDate > last))
      last = stage.actualDate;
  }
  return last;
}

/**
 * A stage is overdue when it is still open and its expected date has passed: on the expected day itself it
 * is not yet late. `today` is the reader's calendar day (YYYY-MM-DD), passed in so the rule needs no clock.
 */
export function isStageOverdue(
  stage: { closed: boolean; expectedDate: string | null | undefined },
  today: string,
): boolean {
  return !stage.closed && !!stage.expectedDate && stage.expectedDate.slice(0, 10) < today;
}

/** An expected date must be later than the last closed stage of the same operation. */
export function expectedDateIssue(
  expectedDate: string | null | undefined,
  stages: readonly StageFacts[],
): OperationIssue | null {
  const last = lastClosedStageDate(stages);
  if (!expectedDate || last === null || expectedDate > last) return null;
  return { path: ['expectedDate'], message: M.expectedDate };
}

/** Facts a closure check looks at. */
export interface StageClosureContext {
  stage: Pick<Stage, 'id' | 'sortOrder' | 'closed' | 'behaviours'>;
  /** Every stage of the same operation, the closing one included. */
  stages: readonly Pick<Stage, 'id' | 'sortOrder' | 'closed'>[];
}
export type StageClosureCheck = (context: StageClosureContext) => OperationIssue | null;

const BUILT_IN_CLOSURE_CHECKS: readonly [string, StageClosureCheck][] = [
  [
    // Stages close in their order: the ones before must be closed first.
    'previousStagesClosed',
    ({ stage, stages }) =>
      stages.some((s) => s.id !== stage.id && !s.closed && s.sortOrder < stage.sortOrder)
        ? { path: [], message: M.openStages }
        : null,
  ],
];

/**
 * Why a stage cannot close, or []: already closed, a future date, or a closure check (skipped for holders
 * of ROLE_IGNORE_STAGE_CLOSURE_CHECKS and for the system).
 */
export function stageCloseIssues(
  context: StageClosureContext & { actualDate: string; today: string; actor: OperationActor },
  rules: StageRules = DEFAULT_STAGE_RULES,
): OperationIssue[] {
  if (context.stage.closed) return [{ path: [], message: M.stageClosed }];
  const issues: OperationIssue[] = [];
  if (context.actualDate > context.today) issues.push({ path: ['actualDate'], message: M.futureDate });
  const ignoreChecks = context.actor.isSystem || holdsRole(context.actor, 'ROLE_IGNORE_STAGE_CLOSURE_CHECKS');
  if (!ignoreChecks) {
    for (const check of rules.closureChecks.values()) {
      const issue = check(context);
      if (issue) issues.push(issue);
    }
  }
  return issues;
}

/** Re-opening needs ROLE_STAGE_REOPEN (the route answers 403 without it) and a closed stage. */
export function canReopenStage(actor: OperationActor): boolean {
  return actor.isSystem || holdsRole(actor, 'ROLE_STAGE_REOPEN');
}
export function stageReopenIssue(stage: Pick<Stage, 'closed'>): OperationIssue | null {
  return stage.closed ? null : { path: [], message: M.stageOpen };
}

/**
 * What closing or re-opening a stage does to its order (for a job's stage: to each order of the job).
 * `module` effects are for behaviours another module handles (WMS advices, customs, documents).
 */
export type OrderEffect =
  | { type: 'financeControl'; status: FinanceControlStatus }
  /** Sets the completion date; with `replaces`, only when the current date is that one. */
  | { type: 'completionDate'; date: string | null; replaces?: string | null }
  | { type: 'failure'; value: boolean }
  | { type: 'inWarehouse'; value: boolean }
  | { type: 'marking'; status: MarkingStatus }
  | { type: 'expensesFiled'; value: boolean }
  | { type: 'module'; behaviour: string; event: StageEvent };

export type StageEvent = 'close' | 'reopen';

export interface StageEffectContext {
  /** The stage's actual date (when closing: the new one; when re-opening: the one it had). */
  actualDate: string | null;
}

/** What a behaviour does; a module that reacts to stages adds its behaviour to the stage rules. */
export interface StageBehaviourEffects {
  close?: (context: StageEffectContext) => OrderEffect[];
  reopen?: (context: StageEffectContext) => OrderEffect[];
  /** The stage does not count for the archiver (may stay open, is not "the last closed stage"). */
  ignoredByArchiver?: boolean;
  /** The stage's date does not count as the start of the operation. */
  ignoredForStartDate?: boolean;
}

const BUILT_IN_BEHAVIOURS: readonly [string, StageBehaviourEffects][] = [
  ['MARK_ORDER_READY', { close: () => [{ type: 'financeControl', status: 'READY' }] }],
  [
    'AUTO_SET_ORDER_COMPLETION_DATE',
    {
      close: ({ actualDate }) => [{ type: 'completionDate', date: actualDate }],
      reopen: ({ actualDate }) => [{ type: 'completionDate', date: null, replaces: actualDate }],
    },
  ],
  [
    'FAILURE',
    {
      close: () => [{ type: 'failure', value: true }],
      reopen: () => [{ type: 'failure', value: false }],
    },
  ],
  [
    'WAREHOUSE_IN',
    {
      close: () => [{ type: 'inWarehouse', value: true }],
      reopen: () => [{ type: 'inWarehouse', value: false }],
    },
  ],
  [
    'WAREHOUSE_OUT',
    {
      close: () => [{ type: 'inWarehouse', value: false }],
      reopen: () => [{ type: 'inWarehouse', value: true }],
    },
  ],
  [
    'EXPENSES_FILED',
    {
      close: () => [{ type: 'expensesFiled', value: true }],
      reopen: () => [{ type: 'expensesFiled', value: false }],
    },
  ],
  [
    'CZ_MARKING_STARTED',
    {
      close: () => [{ type: 'marking', status: 'marking' }],
      reopen: () => [{ type: 'marking', status: 'required' }],
    },
  ],
  [
    'CZ_MARKING_COMPLETED',
    {
      close: () => [{ type: 'marking', status: 'marked' }],
      reopen: () => [{ type: 'marking', status: 'marking' }],
    },
  ],
  ['IGNORE_ARCHIVER', { ignoredByArchiver: true }],
  ['IGNORE_OP_START_DATE', { ignoredForStartDate: true }],
];

/**
 * The stage rules in force: the checks a stage must pass to close, by name, and what each behaviour does,
 * by code. Plain data, never changed once built: the functions below take it as an argument (the built-in
 * rules by default), and the server's operations module builds its app's rules from the built-in ones and
 * what its modules add.
 */
export interface StageRules {
  closureChecks: ReadonlyMap<string, StageClosureCheck>;
  behaviours: ReadonlyMap<string, StageBehaviourEffects>;
}

/** What modules add to the built-in stage rules (e.g. the WMS: a closure check, what WMS_AR does). */
export interface StageRuleAdditions {
  closureChecks?: Readonly<Record<string, StageClosureCheck>>;
  behaviours?: Readonly<Record<string, StageBehaviourEffects>>;
}

function joined<T>(
  what: string,
  builtIn: readonly [string, T][],
  added: readonly (Readonly<Record<string, T>> | undefined)[],
): ReadonlyMap<string, T> {
  const out = new Map(builtIn);
  for (const entries of added) {
    for (const [name, value] of Object.entries(entries ?? {})) {
      if (out.has(name)) throw new Error(`${what} "${name}" is defined twice`);
      out.set(name, value);
    }
  }
  return out;
}

/** The built-in stage rules with these additions; a name or code given twice is refused. */
export function stageRules(...additions: readonly StageRuleAdditions[]): StageRules {
  return {
    closureChecks: joined(
      'Stage closure check',
      BUILT_IN_CLOSURE_CHECKS,
      additions.map((a) => a.closureChecks),
    ),
    behaviours: joined(
      'Stage behaviour',
      BUILT_IN_BEHAVIOURS,
      additions.map((a) => a.behaviours),
    ),
  };
}

/** The built-in rules alone. */
export const DEFAULT_STAGE_RULES: StageRules = stageRules();

/** The effects of a behaviour under these rules, if any. */
export function stageBehaviourEffects(
  code: string,
  rules: StageRules = DEFAULT_STAGE_RULES,
): StageBehaviourEffects | undefined {
  return rules.behaviours.get(code);
}

/** The behaviours of marking stages: once one has closed, the marking status follows the stages. */
export const MARKING_BEHAVIOURS: readonly string[] = ['CZ_MARKING_STARTED', 'CZ_MARKING_COMPLETED'];

/** A marking stage of the order has closed (the `markingStageClosed` fact of the marking transitions). */
export function markingStageClosed(stages: readonly Pick<Stage, 'closed' | 'behaviours'>[]): boolean {
  return stages.some((s) => s.closed && s.behaviours.some((code) => MARKING_BEHAVIOURS.includes(code)));
}

/** What closing (or re-opening) a stage with these behaviours does to its order, in behaviour order. */
export function behaviourEffects(
  behaviours: readonly string[],
  event: StageEvent = 'close',
  context: StageEffectContext = { actualDate: null },
  rules: StageRules = DEFAULT_STAGE_RULES,
): OrderEffect[] {
  return behaviours.flatMap((code) => rules.behaviours.get(code)?.[event]?.(context) ?? []);
}

/** The behaviours whose stages the archiver does not count. */
export function archiverIgnoredBehaviours(rules: StageRules = DEFAULT_STAGE_RULES): string[] {
  return [...rules.behaviours].filter(([, effects]) => effects.ignoredByArchiver).map(([code]) => code);
}

/** The stage does not count for the archiver. */
export function ignoredByArchiver(
  behaviours: readonly string[],
  rules: StageRules = DEFAULT_STAGE_RULES,
): boolean {
  return behaviours.some((code) => rules.behaviours.get(code)?.ignoredByArchiver);
}

/** The start of an operation: the earliest actual date of its closed stages, except IGNORE_OP_START_DATE. */
export function operationStartDate(
  stages: readonly Pick<Stage, 'closed' | 'actualDate' | 'behaviours'>[],
  rules: StageRules = DEFAULT_STAGE_RULES,
): string | null {
  const dates = stages
    .filter((s) => s.closed && s.actualDate)
    .filter((s) => !s.behaviours.some((code) => rules.behaviours.get(code)?.ignoredForStartDate))
    .map((s) => s.actualDate as string)
    .sort();
  return dates[0] ?? null;
}

/** The state of an order the stage effects touch. */
export interface OrderEffectState {
  archived: boolean;
  financeControlStatus: FinanceControlStatus;
  markingStatus: MarkingStatus;
  completionDate: string | null;
  failure: boolean;
  inWarehouse: boolean;
  expensesFiled: boolean;
  /** A fact the effects read, never change: whether the order's bills are complete (MARK_ORDER_READY). */
  billsComplete: boolean;
}

/**
 * The order after the effects, applied as the system: a status changes only where its transitions allow
 * the system (MARK_ORDER_READY leaves an ACCEPTED order as it is). `module` effects are left to their
 * module and returned in `moduleEffects`.
 */
export function applyOrderEffects(
  state: OrderEffectState,
  effects: readonly OrderEffect[],
): { state: OrderEffectState; changed: (keyof OrderEffectState)[]; moduleEffects: OrderEffect[] } {
  const next = { ...state };
  const moduleEffects: OrderEffect[] = [];
  for (const effect of effects) {
    switch (effect.type) {
      case 'financeControl':
        if (
          financeControlTransition(next.financeControlStatus, effect.status, SYSTEM_ACTOR, {
            archived: next.archived,
            billsComplete: next.billsComplete,
          }).ok
        ) {
          next.financeControlStatus = effect.status;
        }
        break;
      case 'marking':
        if (markingTransition(next.markingStatus, effect.status, SYSTEM_ACTOR).ok) {
          next.markingStatus = effect.status;
        }
        break;
      case 'completionDate':
        if (effect.replaces === undefined || next.completionDate === effect.replaces) {
          next.completionDate = effect.date;
        }
        break;
      case 'failure':
        next.failure = effect.value;
        break;
      case 'inWarehouse':
        next.inWarehouse = effect.value;
        break;
      case 'expensesFiled':
        next.expensesFiled = effect.value;
        break;
      case 'module':
        moduleEffects.push(effect);
        break;
    }
  }
  const changed = (Object.keys(next) as (keyof OrderEffectState)[]).filter((key) => next[key] !== state[key]);
  return { state: next, changed, moduleEffects };
}

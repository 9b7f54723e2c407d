import { z } from 'zod';
import type { LocalizedText } from '../common/resource';
import { defineStateMachine, type StateMachine } from '../common/state-machine';
import type { Role } from '../permissions';
import { canEditOperation, holdsRole, type OperationActor, type OperationType } from './actor';
import { OPERATION_MESSAGES as M, type OperationMessage } from './messages';

/**
 * The statuses of orders and jobs (spec §4) and the transitions docs/operations.md allows. Every change
 * goes through `statusTransition`: a change outside the tables is "current status cannot be changed
 * manually", and nothing is written.
 */

export const FINANCE_CONTROL_STATUSES = ['NOT_READY', 'READY', 'ACCEPTED', 'REJECTED'] as const;
export type FinanceControlStatus = (typeof FINANCE_CONTROL_STATUSES)[number];
export const FINANCE_CONTROL_STATUS_LABELS: Readonly<Record<FinanceControlStatus, LocalizedText>> = {
  NOT_READY: { ru: 'Не готов', en: 'Not ready' },
  READY: { ru: 'Ожидает проверки', en: 'Awaiting verification' },
  ACCEPTED: { ru: 'Принят', en: 'Accepted' },
  REJECTED: { ru: 'Отклонён', en: 'Rejected' },
};
/** Finance control statuses that lock the operation's edits, its jobs' money and its route. */
export const LOCKING_FINANCE_CONTROL_STATUSES: readonly FinanceControlStatus[] = ['ACCEPTED'];

export const CARGO_INSURANCE_STATUSES = [
  'NOT_READY',
  'READY',
  'ACCEPTED',
  'REJECTED',
  'INSURED',
  'CANCELLED',
] as const;
export type CargoInsuranceStatus = (typeof CARGO_INSURANCE_STATUSES)[number];
export const CARGO_INSURANCE_STATUS_LABELS: Readonly<Record<CargoInsuranceStatus, LocalizedText>> = {
  NOT_READY: { ru: 'Не готово', en: 'Not ready' },
  READY: { ru: 'Готово к страхованию', en: 'Ready for insurance' },
  ACCEPTED: { ru: 'Принято страховщиком', en: 'Accepted by the insurer' },
  REJECTED: { ru: 'Отклонено страховщиком', en: 'Rejected by the insurer' },
  INSURED: { ru: 'Застраховано', en: 'Insured' },
  CANCELLED: { ru: 'Страхование отменено', en: 'Insurance cancelled' },
};

export const TNVED_CONTROL_STATUSES = ['NOT_READY', 'READY', 'VERIFIED'] as const;
export type TnvedControlStatus = (typeof TNVED_CONTROL_STATUSES)[number];
export const TNVED_CONTROL_STATUS_LABELS: Readonly<Record<TnvedControlStatus, LocalizedText>> = {
  NOT_READY: { ru: 'Не готово', en: 'Not ready' },
  READY: { ru: 'Готово к проверке', en: 'Ready for verification' },
  VERIFIED: { ru: 'Проверено', en: 'Verified' },
};

export const TRANSFERS_STATUSES = ['not-required', 'not-ready', 'ready'] as const;
export type TransfersStatus = (typeof TRANSFERS_STATUSES)[number];
export const TRANSFERS_STATUS_LABELS: Readonly<Record<TransfersStatus, LocalizedText>> = {
  'not-required': { ru: 'Не требуются', en: 'Not required' },
  'not-ready': { ru: 'Не готовы', en: 'Not ready' },
  ready: { ru: 'Готовы', en: 'Ready' },
};

export const MARKING_STATUSES = ['not_required', 'required', 'marking', 'marked'] as const;
export type MarkingStatus = (typeof MARKING_STATUSES)[number];
export const MARKING_STATUS_LABELS: Readonly<Record<MarkingStatus, LocalizedText>> = {
  not_required: { ru: 'Не требуется', en: 'Not required' },
  required: { ru: 'Требуется', en: 'Required' },
  marking: { ru: 'Маркируется', en: 'Marking in progress' },
  marked: { ru: 'Промаркировано', en: 'Marked' },
};

/**
 * Who may make a transition: the system, or a user with the operation's edit scope (`edit`) and/or a role.
 * A transition lists several authorities when any of them may make it.
 */
export type TransitionAuthority = { system: true } | { edit?: true; role?: Role };

/** What must hold, besides the authority, for a transition (the facts come from the server). */
export type TransitionCondition =
  /** The operation is not archived (also for the system). */
  | 'notArchived'
  /** A reason from the configured finance control reasons is given. */
  | 'reason'
  /** Insured amount, period and cargo description are filled in. */
  | 'insuranceDetails'
  /** The cargo has TNVED codes (each was checked against the classifier when it was saved). */
  | 'cargoCoded'
  /** No marking stage (CZ_MARKING_*) of the order has closed. */
  | 'noMarkingStageClosed'
  /** The operation's bills are complete (docs/operations.md "Finance control"). */
  | 'billsComplete';

export interface StatusTransition<S extends string> {
  from: S;
  to: S;
  by: readonly TransitionAuthority[];
  conditions?: readonly TransitionCondition[];
}

/** Facts about the operation the conditions need; a fact left out counts as not met. */
export interface TransitionFacts {
  /** Which operation is changed; decides the edit permission when the actor has no `canEdit`. */
  operation?: OperationType;
  archived?: boolean;
  reasonId?: number | null;
  insuranceDetailsComplete?: boolean;
  cargoCoded?: boolean;
  markingStageClosed?: boolean;
  billsComplete?: boolean;
}

export type TransitionResult =
  | { ok: true }
  | {
      ok: false;
      error: OperationMessage;
      /** Where the error goes in the change body's Validation Failed tree ([] = root). */
      path: string[];
    };

const EDIT: TransitionAuthority = { edit: true };
const SYSTEM: TransitionAuthority = { system: true };
const role = (name: Role): TransitionAuthority => ({ role: name });

export const FINANCE_CONTROL_TRANSITIONS: readonly StatusTransition<FinanceControlStatus>[] = [
  { from: 'NOT_READY', to: 'READY', by: [EDIT, SYSTEM], conditions: ['notArchived', 'billsComplete'] },
  { from: 'READY', to: 'NOT_READY', by: [EDIT] },
  { from: 'READY', to: 'ACCEPTED', by: [role('ROLE_ORDER_FINANCE_CONTROL')] },
  { from: 'READY', to: 'REJECTED', by: [role('ROLE_ORDER_FINANCE_CONTROL')], conditions: ['reason'] },
  { from: 'REJECTED', to: 'READY', by: [EDIT], conditions: ['billsComplete'] },
  // Finance reopens the money: the only way out of ACCEPTED.
  { from: 'ACCEPTED', to: 'NOT_READY', by: [role('ROLE_ORDER_FINANCE_CONTROL')] },
];

export const CARGO_INSURANCE_TRANSITIONS: readonly StatusTransition<CargoInsuranceStatus>[] = [
  { from: 'NOT_READY', to: 'READY', by: [EDIT], conditions: ['insuranceDetails'] },
  { from: 'READY', to: 'NOT_READY', by: [EDIT] },
  { from: 'READY', to: 'ACCEPTED', by: [role('ROLE_INSURANCE_BANK_INSURER')] },
  { from: 'READY', to: 'REJECTED', by: [role('ROLE_INSURANCE_BANK_INSURER')] },
  // The certificate is issued by the insurance module.
  { from: 'ACCEPTED', to: 'INSURED', by: [SYSTEM] },
  // A linked insurer declines an application it took (docs/insurance.md "Insurer link").
  { from: 'ACCEPTED', to: 'REJECTED', by: [SYSTEM] },
  { from: 'REJECTED', to: 'READY', by: [EDIT], conditions: ['insuranceDetails'] },
  { from: 'NOT_READY', to: 'CANCELLED', by: [EDIT] },
  { from: 'READY', to: 'CANCELLED', by: [EDIT] },
  { from: 'ACCEPTED', to: 'CANCELLED', by: [EDIT] },
  { from: 'INSURED', to: 'CANCELLED', by: [{ edit: true, role: 'ROLE_INSURANCE_CASE_REMOVE' }] },
];

/**
 * The system sets READY when the cargo's codes change and every one is valid (docs/customs.md "TNVED
 * control"), which also undoes a verification; by hand READY needs codes.
 */
export const TNVED_CONTROL_TRANSITIONS: readonly StatusTransition<TnvedControlStatus>[] = [
  { from: 'NOT_READY', to: 'READY', by: [EDIT, SYSTEM], conditions: ['cargoCoded'] },
  { from: 'VERIFIED', to: 'READY', by: [SYSTEM] },
  { from: 'READY', to: 'VERIFIED', by: [role('ROLE_ORDER_CUSTOMS_SPECIALIST_ACCEPTANCE')] },
  // The system when the cargo codes change; the customs specialist by hand.
  { from: 'READY', to: 'NOT_READY', by: [SYSTEM, role('ROLE_ORDER_CUSTOMS_SPECIALIST_ACCEPTANCE')] },
  { from: 'VERIFIED', to: 'NOT_READY', by: [SYSTEM, role('ROLE_ORDER_CUSTOMS_SPECIALIST_ACCEPTANCE')] },
];

/** Set by the system from the transfer plan, any way round; never by hand. */
export const TRANSFERS_TRANSITIONS: readonly StatusTransition<TransfersStatus>[] = TRANSFERS_STATUSES.flatMap(
  (from) => TRANSFERS_STATUSES.filter((to) => to !== from).map((to) => ({ from, to, by: [SYSTEM] })),
);

export const MARKING_TRANSITIONS: readonly StatusTransition<MarkingStatus>[] = [
  // The order's editors, or whoever holds the marking status permission (spec §6).
  {
    from: 'not_required',
    to: 'required',
    by: [EDIT, role('ROLE_MARKING_STATUS')],
    conditions: ['noMarkingStageClosed'],
  },
  {
    from: 'required',
    to: 'not_required',
    by: [EDIT, role('ROLE_MARKING_STATUS')],
    conditions: ['noMarkingStageClosed'],
  },
  // CZ_MARKING_STARTED and CZ_MARKING_COMPLETED closing; re-opening the stage takes the status back.
  { from: 'required', to: 'marking', by: [SYSTEM] },
  { from: 'marking', to: 'marked', by: [SYSTEM] },
  { from: 'marking', to: 'required', by: [SYSTEM] },
  { from: 'marked', to: 'marking', by: [SYSTEM] },
];

function authorized(authority: TransitionAuthority, actor: OperationActor, facts: TransitionFacts): boolean {
  if ('system' in authority) return actor.isSystem;
  if (actor.isSystem) return false;
  if (authority.edit && !canEditOperation(actor, facts.operation ?? 'order')) return false;
  return authority.role === undefined || holdsRole(actor, authority.role);
}

const refuse = (error: OperationMessage, path: string[]): TransitionResult => ({ ok: false, error, path });
const MANUAL_REFUSAL = { error: M.statusManual, path: ['status'] };
const LOCKED_REFUSAL = { error: M.locked, path: [] as string[] };
const MANUAL = refuse(M.statusManual, ['status']);

function conditionFailure(condition: TransitionCondition, facts: TransitionFacts): TransitionResult | null {
  switch (condition) {
    case 'notArchived':
      return facts.archived === false ? null : refuse(M.locked, []);
    case 'reason':
      return facts.reasonId ? null : refuse(M.reasonRequired, ['reasonId']);
    case 'insuranceDetails':
      return facts.insuranceDetailsComplete ? null : refuse(M.insuranceDetailsIncomplete, ['status']);
    case 'cargoCoded':
      return facts.cargoCoded ? null : refuse(M.tnvedCodesRequired, ['status']);
    case 'noMarkingStageClosed':
      return facts.markingStageClosed === false ? null : MANUAL;
    case 'billsComplete':
      return facts.billsComplete ? null : refuse(M.billsIncomplete, ['status']);
  }
}

type StatusMachine<S extends string> = StateMachine<S, StatusTransition<S>, OperationActor, TransitionFacts>;

const machines = new WeakMap<readonly StatusTransition<string>[], StatusMachine<string>>();

/**
 * The state machine of a transition table: a user never changes anything of an archived operation, the
 * transition's authorities say who may make it, its conditions must hold.
 */
export function statusMachine<S extends string>(table: readonly StatusTransition<S>[]): StatusMachine<S> {
  let machine = machines.get(table);
  if (!machine) {
    machine = defineStateMachine<string, StatusTransition<string>, OperationActor, TransitionFacts>({
      states: [...new Set(table.flatMap((t) => [t.from, t.to]))],
      transitions: table,
      refusal: MANUAL_REFUSAL,
      precheck: (_rule, actor, facts) => (!actor.isSystem && facts.archived ? LOCKED_REFUSAL : null),
      authorize: (rule, actor, facts) => rule.by.some((authority) => authorized(authority, actor, facts)),
      guard: (rule, _actor, facts) => {
        for (const condition of rule.conditions ?? []) {
          const failure = conditionFailure(condition, facts);
          if (failure && !failure.ok) return { error: failure.error, path: failure.path };
        }
        return null;
      },
    });
    machines.set(table, machine);
  }
  return machine as unknown as StatusMachine<S>;
}

/**
 * Whether `actor` may move a status `from` → `to` under `table`. The same status is no change and passes.
 * A user never changes anything of an archived operation ("order or job archived ...").
 */
export function checkTransition<S extends string>(
  table: readonly StatusTransition<S>[],
  from: S,
  to: S,
  actor: OperationActor,
  facts: TransitionFacts = {},
): TransitionResult {
  return statusMachine(table).check(from, to, actor, facts) as TransitionResult;
}

export function financeControlTransition(
  from: FinanceControlStatus,
  to: FinanceControlStatus,
  actor: OperationActor,
  facts: TransitionFacts = {},
): TransitionResult {
  return checkTransition(FINANCE_CONTROL_TRANSITIONS, from, to, actor, facts);
}

export function cargoInsuranceTransition(
  from: CargoInsuranceStatus,
  to: CargoInsuranceStatus,
  actor: OperationActor,
  facts: TransitionFacts = {},
): TransitionResult {
  return checkTransition(CARGO_INSURANCE_TRANSITIONS, from, to, actor, facts);
}

export function tnvedControlTransition(
  from: TnvedControlStatus,
  to: TnvedControlStatus,
  actor: OperationActor,
  facts: TransitionFacts = {},
): TransitionResult {
  return checkTransition(TNVED_CONTROL_TRANSITIONS, from, to, actor, facts);
}

export function transfersTransition(
  from: TransfersStatus,
  to: TransfersStatus,
  actor: OperationActor,
  facts: TransitionFacts = {},
): TransitionResult {
  return checkTransition(TRANSFERS_TRANSITIONS, from, to, actor, facts);
}

export function markingTransition(
  from: MarkingStatus,
  to: MarkingStatus,
  actor: OperationActor,
  facts: TransitionFacts = {},
): TransitionResult {
  return checkTransition(MARKING_TRANSITIONS, from, to, actor, facts);
}

/** The five statuses of an operation, each with its entity field, values, labels and transitions. */
export const OPERATION_STATUS_KINDS = [
  'financeControl',
  'cargoInsurance',
  'tnvedControl',
  'transfers',
  'marking',
] as const;
export type OperationStatusKind = (typeof OPERATION_STATUS_KINDS)[number];

export interface OperationStatusDef<S extends string = string> {
  /** Path segment of its change route: `PUT /api/tms/orders/{id}/statuses/{kind}`. */
  kind: OperationStatusKind;
  /** The entity field holding it, e.g. `financeControlStatus`. */
  field: string;
  values: readonly S[];
  labels: Readonly<Record<S, LocalizedText>>;
  label: LocalizedText;
  transitions: readonly StatusTransition<S>[];
  /** Which operations carry it. */
  operations: readonly OperationType[];
  /** A new operation starts with it. */
  initial: S;
  /** No user ever changes it (the system only). */
  systemOnly: boolean;
}

const def = <S extends string>(d: OperationStatusDef<S>) => d;

export const OPERATION_STATUSES = {
  financeControl: def({
    kind: 'financeControl',
    field: 'financeControlStatus',
    values: FINANCE_CONTROL_STATUSES,
    labels: FINANCE_CONTROL_STATUS_LABELS,
    label: { ru: 'Финансовый контроль', en: 'Finance control' },
    transitions: FINANCE_CONTROL_TRANSITIONS,
    operations: ['order', 'job'],
    initial: 'NOT_READY',
    systemOnly: false,
  }),
  cargoInsurance: def({
    kind: 'cargoInsurance',
    field: 'cargoInsuranceStatus',
    values: CARGO_INSURANCE_STATUSES,
    labels: CARGO_INSURANCE_STATUS_LABELS,
    label: { ru: 'Страхование груза', en: 'Cargo insurance' },
    transitions: CARGO_INSURANCE_TRANSITIONS,
    operations: ['order'],
    initial: 'NOT_READY',
    systemOnly: false,
  }),
  tnvedControl: def({
    kind: 'tnvedControl',
    field: 'tnvedControlStatus',
    values: TNVED_CONTROL_STATUSES,
    labels: TNVED_CONTROL_STATUS_LABELS,
    label: { ru: 'Контроль ТН ВЭД', en: 'TNVED control' },
    transitions: TNVED_CONTROL_TRANSITIONS,
    operations: ['order'],
    initial: 'NOT_READY',
    systemOnly: false,
  }),
  transfers: def({
    kind: 'transfers',
    field: 'transfersStatus',
    values: TRANSFERS_STATUSES,
    labels: TRANSFERS_STATUS_LABELS,
    label: { ru: 'Внутренние переводы', en: 'Transfers' },
    transitions: TRANSFERS_TRANSITIONS,
    operations: ['order'],
    initial: 'not-required',
    systemOnly: true,
  }),
  marking: def({
    kind: 'marking',
    field: 'markingStatus',
    values: MARKING_STATUSES,
    labels: MARKING_STATUS_LABELS,
    label: { ru: 'Маркировка', en: 'Marking' },
    transitions: MARKING_TRANSITIONS,
    operations: ['order'],
    initial: 'not_required',
    systemOnly: false,
  }),
} as const satisfies Record<OperationStatusKind, OperationStatusDef<string>>;

/** The statuses a kind of operation carries: all five for an order, finance control for a job. */
export function statusKindsOf(operation: OperationType): OperationStatusKind[] {
  return OPERATION_STATUS_KINDS.filter((kind) =>
    (OPERATION_STATUSES[kind].operations as readonly OperationType[]).includes(operation),
  );
}

/** Any status change by kind: the check the status route runs (`from`/`to` as stored strings). */
export function statusTransition(
  kind: OperationStatusKind,
  from: string,
  to: string,
  actor: OperationActor,
  facts: TransitionFacts = {},
): TransitionResult {
  const status = OPERATION_STATUSES[kind] as OperationStatusDef<string>;
  if (!status.values.includes(to)) return MANUAL;
  return statusMachine(status.transitions).check(from, to, actor, facts) as TransitionResult;
}

export interface StatusTarget {
  status: string;
  /** The change dialog must ask for a reason (finance control REJECTED). */
  needsReason: boolean;
}

/**
 * The statuses a user may move to from `from` (the web's status menu): every transition the actor is
 * authorized for and whose conditions hold, except the reason, which the dialog asks for.
 */
export function allowedStatusTargets(
  kind: OperationStatusKind,
  from: string,
  actor: OperationActor,
  facts: TransitionFacts = {},
): StatusTarget[] {
  const status = OPERATION_STATUSES[kind] as OperationStatusDef<string>;
  return statusMachine(status.transitions)
    .next(from, actor, { ...facts, reasonId: 1 })
    .map((t) => ({ status: t.to, needsReason: t.conditions?.includes('reason') ?? false }));
}

/** The body of `PUT /api/tms/{orders|jobs}/{id}/statuses/{kind}`. */
export function statusChangeSchemaOf(kind: OperationStatusKind) {
  const values = OPERATION_STATUSES[kind].values as readonly [string, ...string[]];
  return z.object({
    status: z.enum(values),
    /** A finance control status reason (required for REJECTED, kept when given for the others). */
    reasonId: z.number().int().positive().nullable().optional(),
    comment: z.string().trim().max(2000).nullable().optional(),
    version: z.number().int().positive(),
  });
}
export type StatusChange = z.infer<ReturnType<typeof statusChangeSchemaOf>>;

/** What the state of an operation says about changing it. */
export interface EditLockFacts {
  archived: boolean;
  financeControlStatus: FinanceControlStatus;
}

/**
 * Why an edit of the operation (its fields, its jobs' money, its route) is refused, or null: archived, or
 * finance control ACCEPTED. Status changes and stage work follow their own rules.
 */
export function operationEditLock(facts: EditLockFacts): OperationMessage | null {
  return facts.archived || LOCKING_FINANCE_CONTROL_STATUSES.includes(facts.financeControlStatus)
    ? M.locked
    : null;
}

/**
 * Files of an operation under the edit lock (archived, or finance control ACCEPTED) are added, changed or
 * removed only with ROLE_ARCHIVED_OPERATION_FILE_UPLOAD.
 */
export function fileUploadLock(facts: EditLockFacts, actor: OperationActor): OperationMessage | null {
  const lock = operationEditLock(facts);
  if (!lock || actor.isSystem || holdsRole(actor, 'ROLE_ARCHIVED_OPERATION_FILE_UPLOAD')) return null;
  return lock;
}

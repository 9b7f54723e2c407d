import { z } from 'zod';
import type { LocalizedText } from '../common/resource';
import { defineStateMachine } from '../common/state-machine';
import { holdsRole } from '../operations/actor';
import { OPERATION_MESSAGES } from '../operations/messages';
import type { Role } from '../permissions';

/**
 * Spec §4: the customs processing status of a customs request (docs/requests.md "Customs requests"). The
 * declarant prices the customs part (TO_REQUIRED → TO_IN_PROCESSING → TO_PROCESSING_COMPLETE, or
 * TO_NOT_REQUIRED); once the client orders the clearance the customs specialist carries it out
 * (TO_AWAITING → TO_IN_PROGRESS ⇄ TO_WAIT_ADDITIONAL_INFO → TO_FINISHED).
 */
export const CUSTOMS_STATUSES = [
  'TO_REQUIRED',
  'TO_IN_PROCESSING',
  'TO_PROCESSING_COMPLETE',
  'TO_NOT_REQUIRED',
  'TO_AWAITING',
  'TO_IN_PROGRESS',
  'TO_WAIT_ADDITIONAL_INFO',
  'TO_FINISHED',
] as const;
export type CustomsStatus = (typeof CUSTOMS_STATUSES)[number];
export const CUSTOMS_STATUS_LABELS: Readonly<Record<CustomsStatus, LocalizedText>> = {
  TO_REQUIRED: { ru: 'Требуется оформление', en: 'Clearance required' },
  TO_IN_PROCESSING: { ru: 'В обработке у декларанта', en: 'With the declarant' },
  TO_PROCESSING_COMPLETE: { ru: 'Обработка завершена', en: 'Processing complete' },
  TO_NOT_REQUIRED: { ru: 'Оформление не требуется', en: 'Clearance not required' },
  TO_AWAITING: { ru: 'Ожидает оформления', en: 'Awaiting clearance' },
  TO_IN_PROGRESS: { ru: 'Оформляется', en: 'Clearance in progress' },
  TO_WAIT_ADDITIONAL_INFO: { ru: 'Ждём информацию', en: 'Waiting for information' },
  TO_FINISHED: { ru: 'Оформление завершено', en: 'Clearance finished' },
};

/** The customs status of a new customs request. */
export const INITIAL_CUSTOMS_STATUS: CustomsStatus = 'TO_REQUIRED';

/** Who may make a customs move (docs/requests.md "Customs requests"). */
export type CustomsMover = 'declarant' | 'specialist' | 'editor';

const ROLE_OF: Readonly<Record<Exclude<CustomsMover, 'editor'>, Role>> = {
  declarant: 'ROLE_REQUEST_CUSTOMS_PROCESSING',
  specialist: 'ROLE_REQUEST_CUSTOMS_SPECIALIST',
};

interface CustomsTransition {
  from: CustomsStatus;
  to: CustomsStatus;
  /** Any of these may make it. */
  by: readonly CustomsMover[];
  /** The mover takes the request as its declarant or customs specialist (acceptance). */
  accepts?: 'declarant' | 'specialist';
  /** A reason must be given (what the specialist waits for). */
  reason?: true;
}

/** The acting user as the customs moves see them. */
export interface CustomsActor {
  userId: number;
  roles: ReadonlySet<string> | readonly string[];
  /** The request's edit scope reaches the request. */
  canEdit: boolean;
}

/** What the moves look at besides the actor: the request's people, its lock, the reason given. */
export interface CustomsFacts {
  declarantId: number | null;
  customsSpecialistId: number | null;
  /** The request's edit lock ("changes locked by request status"), or null. */
  lock: string | null;
  reason: string | null;
}

/**
 * The transitions of docs/requests.md. A declarant's move needs ROLE_REQUEST_CUSTOMS_PROCESSING and the
 * request's declarant being the user (or nobody yet, for the acceptance); a specialist's the same with
 * ROLE_REQUEST_CUSTOMS_SPECIALIST; an editor's the request in the user's edit scope.
 */
export const CUSTOMS_TRANSITIONS: readonly CustomsTransition[] = [
  { from: 'TO_REQUIRED', to: 'TO_IN_PROCESSING', by: ['declarant'], accepts: 'declarant' },
  { from: 'TO_REQUIRED', to: 'TO_NOT_REQUIRED', by: ['declarant', 'editor'] },
  { from: 'TO_NOT_REQUIRED', to: 'TO_REQUIRED', by: ['declarant', 'editor'] },
  { from: 'TO_IN_PROCESSING', to: 'TO_PROCESSING_COMPLETE', by: ['declarant'] },
  { from: 'TO_IN_PROCESSING', to: 'TO_NOT_REQUIRED', by: ['declarant'] },
  { from: 'TO_PROCESSING_COMPLETE', to: 'TO_IN_PROCESSING', by: ['declarant'] },
  { from: 'TO_PROCESSING_COMPLETE', to: 'TO_AWAITING', by: ['editor'] },
  { from: 'TO_AWAITING', to: 'TO_IN_PROGRESS', by: ['specialist'], accepts: 'specialist' },
  { from: 'TO_IN_PROGRESS', to: 'TO_WAIT_ADDITIONAL_INFO', by: ['specialist'], reason: true },
  { from: 'TO_WAIT_ADDITIONAL_INFO', to: 'TO_IN_PROGRESS', by: ['specialist'] },
  { from: 'TO_IN_PROGRESS', to: 'TO_FINISHED', by: ['specialist'] },
];

function mayMove(by: CustomsMover, actor: CustomsActor, facts: CustomsFacts): boolean {
  if (by === 'editor') return actor.canEdit;
  const person = by === 'declarant' ? facts.declarantId : facts.customsSpecialistId;
  return holdsRole(actor, ROLE_OF[by]) && (person === null || person === actor.userId);
}

export const customsStatusMachine = defineStateMachine<
  CustomsStatus,
  CustomsTransition,
  CustomsActor,
  CustomsFacts
>({
  states: CUSTOMS_STATUSES,
  transitions: CUSTOMS_TRANSITIONS,
  refusal: { error: OPERATION_MESSAGES.statusManual, path: ['customsStatus'] },
  precheck: (_t, _actor, facts) => (facts.lock ? { error: facts.lock, path: [] } : null),
  authorize: (t, actor, facts) => t.by.some((by) => mayMove(by, actor, facts)),
  guard: (t, _actor, facts) =>
    t.reason && !facts.reason?.trim() ? { error: OPERATION_MESSAGES.reasonRequired, path: ['reason'] } : null,
});

/** A customs status the user may move the request to, and whether the move asks for a reason. */
export interface CustomsStatusTarget {
  status: CustomsStatus;
  needsReason: boolean;
}

export function customsStatusTargets(
  from: CustomsStatus,
  actor: CustomsActor,
  facts: Omit<CustomsFacts, 'reason'>,
): CustomsStatusTarget[] {
  return customsStatusMachine
    .next(from, actor, { ...facts, reason: 'given' })
    .map((t) => ({ status: t.to, needsReason: Boolean(t.reason) }));
}

/**
 * The people a move leaves on the request: the acceptance makes the mover the declarant or the customs
 * specialist when nobody is yet.
 */
export function customsPeopleAfter(
  from: CustomsStatus,
  to: CustomsStatus,
  userId: number,
  people: { declarantId: number | null; customsSpecialistId: number | null },
): { declarantId: number | null; customsSpecialistId: number | null } {
  const accepts = CUSTOMS_TRANSITIONS.find((t) => t.from === from && t.to === to)?.accepts;
  return {
    declarantId: accepts === 'declarant' ? (people.declarantId ?? userId) : people.declarantId,
    customsSpecialistId:
      accepts === 'specialist' ? (people.customsSpecialistId ?? userId) : people.customsSpecialistId,
  };
}

/** The body of `PUT /api/requests/{id}/customs-status`. */
export const customsStatusChangeSchema = z.object({
  customsStatus: z.enum(CUSTOMS_STATUSES),
  reason: z.string().trim().max(2000).nullable().optional(),
  version: z.number().int().positive(),
});
export type CustomsStatusChange = z.infer<typeof customsStatusChangeSchema>;

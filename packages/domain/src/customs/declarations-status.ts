import { z } from 'zod';
import type { LocalizedText } from '../common/resource';
import { defineStateMachine } from '../common/state-machine';

/**
 * The status of a customs declaration (DT) as the customs authority's messages move it (docs/customs.md
 * "Declarations"): the declarant files it (ESADout_CU), the authority registers it (NotifGTDRegistration),
 * may put it under control (examination start, document requests, inspection acts, samples) and ends it with
 * a decision (GTDoutCustomsMark / DeclarationStatus): release, conditional release, refusal, withdrawal
 * (code 81) or "deemed not filed" (code 82).
 */
export const DECLARATION_STATUSES = [
  'DRAFT',
  'SUBMITTED',
  'REGISTERED',
  'UNDER_CONTROL',
  'RELEASED',
  'RELEASED_CONDITIONALLY',
  'REFUSED',
  'WITHDRAWN',
  'NOT_FILED',
] as const;
export type DeclarationStatus = (typeof DECLARATION_STATUSES)[number];

export const DECLARATION_STATUS_LABELS: Readonly<Record<DeclarationStatus, LocalizedText>> = {
  DRAFT: { ru: 'Черновик', en: 'Draft' },
  SUBMITTED: { ru: 'Подана', en: 'Submitted' },
  REGISTERED: { ru: 'Зарегистрирована', en: 'Registered' },
  UNDER_CONTROL: { ru: 'На контроле', en: 'Under control' },
  RELEASED: { ru: 'Выпуск разрешён', en: 'Released' },
  RELEASED_CONDITIONALLY: { ru: 'Условный выпуск', en: 'Released conditionally' },
  REFUSED: { ru: 'Отказано в выпуске', en: 'Release refused' },
  WITHDRAWN: { ru: 'Отозвана', en: 'Withdrawn' },
  NOT_FILED: { ru: 'Считается не поданной', en: 'Deemed not filed' },
};

/** The statuses a declaration ends in: nothing moves it further. */
export const FINAL_DECLARATION_STATUSES: readonly DeclarationStatus[] = [
  'RELEASED',
  'RELEASED_CONDITIONALLY',
  'REFUSED',
  'WITHDRAWN',
  'NOT_FILED',
];
/** The statuses in which the goods may leave customs control: the order's customs stages close. */
export const RELEASE_STATUSES: readonly DeclarationStatus[] = ['RELEASED', 'RELEASED_CONDITIONALLY'];
/** The statuses the customs authority has the declaration in hand (the monitoring's open declarations). */
export const OPEN_DECLARATION_STATUSES: readonly DeclarationStatus[] = [
  'SUBMITTED',
  'REGISTERED',
  'UNDER_CONTROL',
];

/**
 * The statuses whose registration date is the order's declaration date (the TNVED control's day): a
 * withdrawn declaration or one deemed not filed declares nothing.
 */
export const VOID_DECLARATION_STATUSES: readonly DeclarationStatus[] = ['WITHDRAWN', 'NOT_FILED'];

export const isFinalDeclarationStatus = (status: DeclarationStatus) =>
  FINAL_DECLARATION_STATUSES.includes(status);

/** What the authority checks while the declaration is under control. */
export const CONTROL_KINDS = [
  'CHECK',
  'INSPECTION',
  'EXAMINATION',
  'SAMPLING',
  'DOCUMENTS_REQUESTED',
] as const;
export type ControlKind = (typeof CONTROL_KINDS)[number];
export const CONTROL_KIND_LABELS: Readonly<Record<ControlKind, LocalizedText>> = {
  CHECK: { ru: 'Идёт проверка', en: 'Check' },
  INSPECTION: { ru: 'Осмотр', en: 'Inspection' },
  EXAMINATION: { ru: 'Досмотр', en: 'Examination' },
  SAMPLING: { ru: 'Взятие проб', en: 'Sampling' },
  DOCUMENTS_REQUESTED: { ru: 'Запрошены документы', en: 'Documents requested' },
};

/** Spec §9: the inspection mode of the goods. */
export const INSPECTION_MODES = ['none', 'inspection', 'examination', 'take_sample'] as const;
export type InspectionMode = (typeof INSPECTION_MODES)[number];
export const INSPECTION_MODE_LABELS: Readonly<Record<InspectionMode, LocalizedText>> = {
  none: { ru: 'Без осмотра', en: 'None' },
  inspection: { ru: 'Осмотр', en: 'Inspection' },
  examination: { ru: 'Досмотр', en: 'Examination' },
  take_sample: { ru: 'Взятие проб', en: 'Sampling' },
};

/** The inspection mode a control of the goods sets (a check of documents leaves the goods alone). */
export const INSPECTION_MODE_OF_CONTROL: Readonly<Partial<Record<ControlKind, InspectionMode>>> = {
  INSPECTION: 'inspection',
  EXAMINATION: 'examination',
  SAMPLING: 'take_sample',
};

/**
 * The decision codes of the customs authority's classifier (2010 wording) a final move carries: 10 release,
 * 11 release against security, 22 release under special procedures; 20/21/23/34 conditional release
 * variants; 90/91 refusal; 81 withdrawn; 82 deemed not filed.
 */
export const DECISION_CODES = {
  RELEASED: ['10', '11', '22'],
  RELEASED_CONDITIONALLY: ['20', '21', '23', '34'],
  REFUSED: ['90', '91'],
  WITHDRAWN: ['81'],
  NOT_FILED: ['82'],
} as const satisfies Partial<Record<DeclarationStatus, readonly string[]>>;

export const DECISION_CODE_LABELS: Readonly<Record<string, LocalizedText>> = {
  '10': { ru: '10 — выпуск разрешён', en: '10 — release' },
  '11': { ru: '11 — выпуск при обеспечении', en: '11 — release against security' },
  '22': { ru: '22 — выпуск по особой процедуре', en: '22 — release under a special procedure' },
  '20': { ru: '20 — условный выпуск', en: '20 — conditional release' },
  '21': { ru: '21 — условный выпуск (льготы)', en: '21 — conditional release (privileges)' },
  '23': { ru: '23 — условный выпуск (ограничения)', en: '23 — conditional release (restrictions)' },
  '34': { ru: '34 — условный выпуск (экспертиза)', en: '34 — conditional release (expertise)' },
  '90': { ru: '90 — отказ в выпуске', en: '90 — release refused' },
  '91': { ru: '91 — отказ в выпуске (запреты)', en: '91 — release refused (prohibitions)' },
  '81': { ru: '81 — отзыв ДТ', en: '81 — declaration withdrawn' },
  '82': { ru: '82 — ДТ считается не поданной', en: '82 — deemed not filed' },
};

/**
 * The messages of the authority (and the declarant's filing), each one use case: where it may come from,
 * where it leads, the decision codes it may carry (the first is the default).
 */
export const DECLARATION_MOVES = {
  submit: { from: ['DRAFT'], to: 'SUBMITTED' },
  register: { from: ['SUBMITTED'], to: 'REGISTERED' },
  startControl: { from: ['REGISTERED', 'UNDER_CONTROL'], to: 'UNDER_CONTROL' },
  requestDocuments: { from: ['REGISTERED', 'UNDER_CONTROL'], to: 'UNDER_CONTROL' },
  release: { from: ['REGISTERED', 'UNDER_CONTROL'], to: 'RELEASED' },
  releaseConditionally: { from: ['REGISTERED', 'UNDER_CONTROL'], to: 'RELEASED_CONDITIONALLY' },
  refuse: { from: ['REGISTERED', 'UNDER_CONTROL'], to: 'REFUSED' },
  withdraw: { from: ['SUBMITTED', 'REGISTERED', 'UNDER_CONTROL'], to: 'WITHDRAWN' },
  notFiled: { from: ['SUBMITTED', 'REGISTERED'], to: 'NOT_FILED' },
} as const satisfies Record<string, { from: readonly DeclarationStatus[]; to: DeclarationStatus }>;
export type DeclarationMove = keyof typeof DECLARATION_MOVES;
export const DECLARATION_MOVE_NAMES = Object.keys(DECLARATION_MOVES) as DeclarationMove[];

export const DECLARATION_MOVE_LABELS: Readonly<Record<DeclarationMove, LocalizedText>> = {
  submit: { ru: 'Подать в таможню', en: 'Submit to customs' },
  register: { ru: 'Регистрация ДТ', en: 'Registration' },
  startControl: { ru: 'Начат контроль', en: 'Control started' },
  requestDocuments: { ru: 'Запрос документов', en: 'Documents requested' },
  release: { ru: 'Выпуск', en: 'Release' },
  releaseConditionally: { ru: 'Условный выпуск', en: 'Conditional release' },
  refuse: { ru: 'Отказ в выпуске', en: 'Refusal' },
  withdraw: { ru: 'Отзыв ДТ', en: 'Withdrawal' },
  notFiled: { ru: 'Считается не поданной', en: 'Deemed not filed' },
};

/** Who records what: the declarant files; the authority's messages are entered by the customs staff. */
export const DECLARATION_STATUS_ROLE = 'ROLE_CUSTOMS_DECLARATION_STATUS';

/**
 * The refusal of a move the authority would not send, naming the status the declaration is in (one stable
 * message per status, translated by the web).
 */
export const DECLARATION_MOVE_REFUSALS: Readonly<Record<DeclarationStatus, string>> = Object.fromEntries(
  DECLARATION_STATUSES.map((status) => [
    status,
    `The customs authority sends no such message for a declaration in status ${DECLARATION_STATUS_LABELS[status].en}.`,
  ]),
) as Record<DeclarationStatus, string>;

/** The moves between statuses, as a state machine (each move's own use case checks its message). */
export const declarationStatusMachine = defineStateMachine<
  DeclarationStatus,
  { from: DeclarationStatus; to: DeclarationStatus },
  unknown,
  unknown
>({
  states: DECLARATION_STATUSES,
  transitions: Object.values(DECLARATION_MOVES).flatMap((move) =>
    move.from.map((from) => ({ from: from as DeclarationStatus, to: move.to as DeclarationStatus })),
  ),
  refusal: { error: 'This status change is not allowed.', path: ['status'] },
});

/** The moves the declaration may take in `status` (for the page's menu). */
export function declarationMovesFrom(status: DeclarationStatus): DeclarationMove[] {
  return DECLARATION_MOVE_NAMES.filter((name) =>
    (DECLARATION_MOVES[name].from as readonly DeclarationStatus[]).includes(status),
  );
}

/** Minutes from registration to the decision, the release time the report and monitoring read. */
export function releaseMinutes(registeredAt: Date | string | null, decisionAt: Date | string): number | null {
  if (!registeredAt) return null;
  const ms = new Date(decisionAt).getTime() - new Date(registeredAt).getTime();
  return Math.max(0, Math.round(ms / 60_000));
}

export const DECLARATION_MESSAGES = {
  atInFuture: 'The moment of the message cannot be in the future.',
  atBeforePrevious: 'The message cannot come before the previous move of the declaration.',
  decisionCode: 'This decision code does not belong to this decision.',
  numberTaken: 'A declaration with this number already exists.',
  numberPoint: 'The customs code in the number is not the code of the declaration’s customs point.',
  locked: 'A declaration filed with customs changes only by the customs authority’s messages.',
  notDraft: 'Only a draft declaration can be deleted.',
  notYours: 'Only the person named on the declaration can accept it.',
  nobody: 'Nobody is named to accept this declaration.',
  itemsRequired: 'A declaration needs at least one item to be submitted.',
  peopleRequired: 'Name the declarant before submitting the declaration.',
} as const;

/** The input of a move: the message's moment and the version the user saw (optimistic locking). */
export const declarationMoveBaseSchema = z.object({
  version: z.number().int().nonnegative(),
  /** When the message came (ISO timestamp with zone); default: now. */
  at: z.iso.datetime({ offset: true }).optional(),
  comment: z.string().trim().max(2000).optional(),
});

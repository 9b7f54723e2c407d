import { z } from 'zod';
import type { LocalizedText } from '../common/resource';
import { tnvedCodeSchema } from '../operations/cargo';
import { MARKING_STATUSES, type MarkingStatus } from '../operations/statuses';
import { gtinCheckDigitValid, MARKING_CODE_MESSAGES } from './codes';

/**
 * The marking of an order's goods (docs/marking.md): its codes per cargo line (a TNVED code of the order's
 * cargo), where each stands in ГИС МТ, and the calls to Честный ЗНАК the order made.
 */

/** Where a code stands in ГИС МТ: NEW is entered here and not yet reported on by Честный ЗНАК. */
export const MARKING_CODE_STATUSES = [
  'NEW',
  'EMITTED',
  'APPLIED',
  'INTRODUCED',
  'RETIRED',
  'WRITTEN_OFF',
] as const;
export type MarkingCodeStatus = (typeof MARKING_CODE_STATUSES)[number];
export const MARKING_CODE_STATUS_LABELS: Readonly<Record<MarkingCodeStatus, LocalizedText>> = {
  NEW: { ru: 'Введён', en: 'Entered' },
  EMITTED: { ru: 'Эмитирован', en: 'Emitted' },
  APPLIED: { ru: 'Нанесён', en: 'Applied' },
  INTRODUCED: { ru: 'В обороте', en: 'Introduced' },
  RETIRED: { ru: 'Выбыл', en: 'Retired' },
  WRITTEN_OFF: { ru: 'Списан', en: 'Written off' },
};
/** The codes whose goods are marked: CZ_MARKING_COMPLETED waits for every code of the order to be one. */
export const MARKED_CODE_STATUSES: readonly MarkingCodeStatus[] = ['APPLIED', 'INTRODUCED'];
/** The codes an application report tells Честный ЗНАК were applied. */
export const REPORTABLE_CODE_STATUSES: readonly MarkingCodeStatus[] = ['NEW', 'EMITTED'];

/** Where a code came from: typed, pasted or uploaded here, or ordered from Честный ЗНАК. */
export const MARKING_CODE_SOURCES = ['entered', 'ordered'] as const;

/** The calls to Честный ЗНАК: order codes (СУЗ), the application report, the codes' statuses (ГИС МТ). */
export const MARKING_REQUEST_KINDS = ['emission', 'report', 'status'] as const;
export type MarkingRequestKind = (typeof MARKING_REQUEST_KINDS)[number];
export const MARKING_REQUEST_KIND_LABELS: Readonly<Record<MarkingRequestKind, LocalizedText>> = {
  emission: { ru: 'Заказ кодов', en: 'Codes ordered' },
  report: { ru: 'Отчёт о нанесении', en: 'Application report' },
  status: { ru: 'Запрос статусов кодов', en: 'Code status query' },
};
/** queued: waiting for its call (again, after a failure: `error` says why); done; failed for good. */
export const MARKING_REQUEST_STATES = ['queued', 'done', 'failed'] as const;
export type MarkingRequestState = (typeof MARKING_REQUEST_STATES)[number];
export const MARKING_REQUEST_STATE_LABELS: Readonly<Record<MarkingRequestState, LocalizedText>> = {
  queued: { ru: 'В очереди', en: 'Queued' },
  done: { ru: 'Выполнен', en: 'Done' },
  failed: { ru: 'Не выполнен', en: 'Failed' },
};

export const MARKING_MESSAGES = {
  notRequired: 'The order does not require marking: set its marking status to Required first.',
  marked: 'The order is marked: its codes no longer change.',
  noLine: 'The order’s cargo has no line with this TNVED code.',
  duplicate: 'This code is given twice.',
  onOrder: 'This code is already on this order.',
  elsewhere: 'This code is already on another order.',
  codeLocked: 'Only an entered code that Chestny ZNAK knows nothing of yet can be removed.',
  nothingToReport: 'No code of the order waits for an application report.',
  noCodes: 'The order has no marking codes yet.',
  notConfigured: 'The connection to Chestny ZNAK is not configured.',
  unreachable: 'Chestny ZNAK cannot be reached; the call will be retried.',
  garbage: 'Chestny ZNAK answered something that is not a valid answer; the call will be retried.',
  refused: 'Chestny ZNAK refused the call.',
  codesPending: 'Chestny ZNAK has not issued the codes yet; the call will be retried.',
  notMarked: 'Every marking code of the order must be applied before marking is completed.',
  gtin: 'Enter the 14 digits of a GTIN with its check digit.',
} as const;

const id = z.number().int();

export const markingCodeSchema = z.object({
  id,
  orderId: id,
  /** The cargo line: a TNVED code of the order's cargo. */
  tnvedCode: z.string(),
  gtin: z.string(),
  serial: z.string(),
  cis: z.string(),
  /** The element string with GS separators, as the DataMatrix carries it. */
  code: z.string(),
  printed: z.string(),
  status: z.enum(MARKING_CODE_STATUSES),
  source: z.enum(MARKING_CODE_SOURCES),
  statusChangedAt: z.string(),
  createdAt: z.string(),
});
export type MarkingCodeEntity = z.infer<typeof markingCodeSchema>;

export const markingRequestSchema = z.object({
  id,
  orderId: id,
  kind: z.enum(MARKING_REQUEST_KINDS),
  tnvedCode: z.string().nullable(),
  gtin: z.string().nullable(),
  quantity: z.number().int().nullable(),
  /** How many codes the call is about (a report, a status query) or brought (an emission). */
  codeCount: z.number().int(),
  state: z.enum(MARKING_REQUEST_STATES),
  /** Честный ЗНАК's id of the emission order or report. */
  externalId: z.string().nullable(),
  /** Why the last attempt failed (a stable English text), null once it succeeded. */
  error: z.string().nullable(),
  /** What Честный ЗНАК said, as it said it (a refusal's reason). */
  errorDetail: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MarkingRequest = z.infer<typeof markingRequestSchema>;

/** A cargo line of the order and its codes. */
export const markingLineSchema = z.object({
  tnvedCode: z.string(),
  codes: z.array(markingCodeSchema),
});
export type MarkingLine = z.infer<typeof markingLineSchema>;

/** `GET /api/tms/orders/{id}/marking`: what the order's marking page shows. */
export const orderMarkingSchema = z.object({
  orderId: id,
  markingStatus: z.enum(MARKING_STATUSES),
  /** The user may add and remove codes and call Честный ЗНАК for the order. */
  editable: z.boolean(),
  /** The server has an address of Честный ЗНАК to call. */
  adapterConfigured: z.boolean(),
  lines: z.array(markingLineSchema),
  /** The order's latest calls, newest first. */
  requests: z.array(markingRequestSchema),
});
export type OrderMarking = z.infer<typeof orderMarkingSchema>;

export const MAX_CODES_PER_CALL = 5000;

/** `POST /api/tms/orders/{id}/marking/codes`: codes of one cargo line, each checked; one bad code writes none. */
export const markingCodesAddSchema = z.object({
  tnvedCode: tnvedCodeSchema,
  codes: z.array(z.string().max(1000)).min(1).max(MAX_CODES_PER_CALL),
});
export type MarkingCodesAdd = z.infer<typeof markingCodesAddSchema>;

export const gtinSchema = z
  .string()
  .trim()
  .refine((value) => /^\d{14}$/.test(value) && gtinCheckDigitValid(value), MARKING_MESSAGES.gtin);

/** `POST /api/tms/orders/{id}/marking/emission`: order `quantity` codes of a GTIN for a cargo line. */
export const markingEmissionSchema = z.object({
  tnvedCode: tnvedCodeSchema,
  gtin: gtinSchema,
  quantity: z.number().int().min(1).max(MAX_CODES_PER_CALL),
});
export type MarkingEmission = z.infer<typeof markingEmissionSchema>;

/** Whether codes may change: the order requires marking and is not marked yet. */
export function markingCodesLock(status: MarkingStatus): string | null {
  if (status === 'not_required') return MARKING_MESSAGES.notRequired;
  if (status === 'marked') return MARKING_MESSAGES.marked;
  return null;
}

/** Every message of the marking context, for the translations' check. */
export const MARKING_ALL_MESSAGES = [
  ...Object.values(MARKING_MESSAGES),
  ...Object.values(MARKING_CODE_MESSAGES),
] as const;

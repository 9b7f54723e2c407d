import { z } from 'zod';

/** The stage behaviours whose stage waits for the WMS, and the advice each sends. */
export const WMS_ADVICE_KINDS = { WMS_AA: 'acceptance', WMS_AR: 'release' } as const;
export type WmsBehaviour = keyof typeof WMS_ADVICE_KINDS;
export type WmsAdviceKind = (typeof WMS_ADVICE_KINDS)[WmsBehaviour];

/** The WMS behaviour of a stage, if it has one. */
export function wmsBehaviourOf(behaviours: readonly string[]): WmsBehaviour | null {
  return (behaviours.find((b) => b in WMS_ADVICE_KINDS) as WmsBehaviour | undefined) ?? null;
}

/**
 * Where an advice stands: `queued` until the WMS took it (retried while unreachable), then as the WMS says
 * (received → confirmed, partial, rejected or cancelled), or `forced` when a user closed its stage by hand.
 */
export const WMS_ADVICE_STATES = [
  'queued',
  'received',
  'confirmed',
  'partial',
  'rejected',
  'cancelled',
  'forced',
] as const;
export type WmsAdviceState = (typeof WMS_ADVICE_STATES)[number];
/** The states the WMS reports. */
export const WMS_REPORTED_STATES = ['received', 'confirmed', 'partial', 'rejected', 'cancelled'] as const;
export type WmsReportedState = (typeof WMS_REPORTED_STATES)[number];
/** The states that close the stage: the places were taken or given out. */
export const WMS_DONE_STATES: readonly WmsAdviceState[] = ['confirmed', 'partial'];
/** The states after which the WMS says nothing more. */
export const WMS_FINAL_STATES: readonly WmsAdviceState[] = [
  'confirmed',
  'partial',
  'rejected',
  'cancelled',
  'forced',
];

export const WMS_MESSAGES = {
  awaiting: 'Awaiting WMS confirmation.',
  notWmsStage: 'The stage sends no advice to the WMS.',
  noWms: 'The warehouse has no WMS address.',
  orderOnly: "Advices to the WMS are sent from an order's stages.",
  alreadyAdvised: 'The advice of this stage is already with the WMS.',
  badSignature: 'The signature of the WMS message is wrong.',
  unknownAdvice: 'No advice of ours has that id.',
  reasonRequired: 'Say why the stage is closed without the WMS.',
} as const;

/** What a user asks the WMS for on a WMS_AA or WMS_AR stage. */
export const wmsAdviceRequestSchema = z.object({
  warehouseId: z.number().int().positive(),
  places: z.number().int().positive().max(1_000_000),
  weight: z.number().positive().max(1e9).nullable().optional(),
  volume: z.number().positive().max(1e9).nullable().optional(),
  marks: z.string().trim().max(1000).nullable().optional(),
});
export type WmsAdviceRequest = z.infer<typeof wmsAdviceRequestSchema>;

/** A user with forced WMS management closes the stage without the WMS, saying why. */
export const wmsForceCloseSchema = z.object({
  reason: z.string().trim().min(1, WMS_MESSAGES.reasonRequired).max(1000),
  actualDate: z.iso.date().optional(),
});

/** An advice as the stage shows it. */
export const wmsAdviceSchema = z.object({
  id: z.number().int(),
  stageId: z.number().int(),
  orderId: z.number().int(),
  warehouseId: z.number().int(),
  kind: z.enum(['acceptance', 'release']),
  state: z.enum(WMS_ADVICE_STATES),
  places: z.number().int(),
  actualPlaces: z.number().int().nullable(),
  wmsId: z.string().nullable(),
  reason: z.string().nullable(),
  /** Why the last attempt to reach the WMS failed, while it is retried. */
  lastError: z.string().nullable(),
  attempts: z.number().int(),
  movementId: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type WmsAdvice = z.infer<typeof wmsAdviceSchema>;

/** A state change as the WMS reports it, by callback or when polled; `version` grows with each change. */
export const wmsReportSchema = z.object({
  id: z.string().min(1).max(100),
  externalId: z.string().min(1).max(100),
  state: z.enum(WMS_REPORTED_STATES),
  version: z.number().int().nonnegative(),
  actualPlaces: z.number().int().nonnegative().nullable().optional(),
  reason: z.string().max(1000).nullable().optional(),
});
export type WmsReport = z.infer<typeof wmsReportSchema>;

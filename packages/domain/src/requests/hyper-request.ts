import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { type LocalizedText, updateSchemaOf } from '../common/resource';
import { counterpartyResource } from '../counterparties/counterparty';
import { cargoInputSchema } from '../operations/cargo';
import { operationCommonFields, padId } from '../operations/order';
import { routeInputSchema } from '../operations/route';
import type { Role } from '../permissions';
import { TRANSPORT_TYPES } from '../reference-data/transport-types';
import { colleagueReference } from '../users';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestStatus } from './request';

/** Stable English messages of the hyper requests' rules (the web translates them in messages.json). */
export const HYPER_REQUEST_MESSAGES = {
  lotsRequired: 'at least one lot',
  lotInProgress: 'a lot whose request is already being worked on cannot be removed',
  clientFixed: 'the client of a hyper request cannot change: its lots are requests of that client',
  lotsNeedRequestCreate: 'adding lots needs the right to create requests',
  duplicateLot: 'the same lot is listed twice',
} as const;

/** The most lots one hyper request holds (a tender of a few dozen lanes is large). */
export const MAX_HYPER_LOTS = 100;

/**
 * The status a lot's request starts in; a lot whose request has left it is being worked on (asked for
 * more, quoted, refused) and stays in the hyper request.
 */
export const LOT_OPEN_STATUS: RequestStatus = 'QUOTE_NOT_COMPLETED';

/** Whether a lot whose request is in `status` may still be taken out of its hyper request. */
export function lotRemovable(status: RequestStatus): boolean {
  return status === LOT_OPEN_STATUS;
}

/**
 * A lot as the hyper request's form sends it: a lot already saved names its request (`requestId`) and
 * may change only its name here (its route and cargo are its request's, edited there); a new lot brings
 * what its request is created with.
 */
export const hyperLotInputSchema = z.object({
  requestId: z.number().int().positive().optional(),
  name: z.string().trim().min(1).max(255),
  transportTypes: z.array(z.enum(TRANSPORT_TYPES)).max(TRANSPORT_TYPES.length).optional(),
  route: routeInputSchema.optional(),
  cargo: cargoInputSchema.optional(),
});
export type HyperLotInput = z.infer<typeof hyperLotInputSchema>;

/** A lot as it is stored on the hyper request: its name and its request. */
export interface StoredHyperLot {
  name: string;
  requestId: number;
}

/**
 * A lot as the hyper request answers it: its request's number, status, route (its ends, "Москва →
 * Berlin") and cargo with it.
 */
export const hyperLotSchema = z.object({
  requestId: z.number().int(),
  name: z.string(),
  number: z.number().int(),
  status: z.enum(REQUEST_STATUSES),
  route: z.string().nullable(),
  transportTypes: z.array(z.string()),
  cargoDescription: z.string().nullable(),
});
export type HyperLot = z.infer<typeof hyperLotSchema>;

/** How many lots are in each request status (every status present, zeros included). */
export const lotStatusCountsSchema = z.record(z.enum(REQUEST_STATUSES), z.number().int());
export type LotStatusCounts = z.infer<typeof lotStatusCountsSchema>;

export function lotStatusCounts(lots: readonly Pick<HyperLot, 'status'>[]): LotStatusCounts {
  const counts = Object.fromEntries(REQUEST_STATUSES.map((s) => [s, 0])) as LotStatusCounts;
  for (const lot of lots) counts[lot.status] += 1;
  return counts;
}

/** The progress as text in the statuses' order, zeros left out: "Котировка готова: 2, Не обслуживаем: 1". */
export function lotStatusCountsText(counts: Partial<LotStatusCounts> | undefined, lang: 'ru' | 'en'): string {
  return REQUEST_STATUSES.filter((s) => (counts?.[s] ?? 0) > 0)
    .map((s) => `${REQUEST_STATUS_LABELS[s][lang]}: ${counts![s]}`)
    .join(', ');
}

/** A lot as its text needs it: as answered (with its request's number) or as stored (with its request's id). */
type LotText = { name: string; requestId: number; number?: number };

/** The lots as text, each with its request's number: "Лот 1 (000012); Лот 2 (000013)". */
export function lotsText(lots: readonly LotText[] | undefined): string {
  return (lots ?? []).map((lot) => `${lot.name} (${padId(lot.number ?? lot.requestId)})`).join('; ');
}

/** Spec §6 "Hyper requests": view and edit. */
export const HYPER_REQUEST_ROLES = {
  view: ['ROLE_HYPER_REQUEST_VIEW'],
  edit: ['ROLE_HYPER_REQUEST_EDIT'],
} as const satisfies { view: readonly Role[]; edit: readonly Role[] };

const LOT_STATUS_FILTER_LABELS: Readonly<Record<RequestStatus, LocalizedText>> = REQUEST_STATUS_LABELS;
const C = operationCommonFields;

/**
 * Hyper customer requests (`/hyper-customer-requests`): one client's tender of many lots; every lot is a
 * customer request of its own (created through the requests' service when the lot is added), so it is
 * priced, quoted and ordered as any request. docs/requests.md "Hyper requests" has the rules.
 */
export const hyperRequestResource = declareResource({
  name: 'hyper_request',
  path: '/hyper-customer-requests',
  title: 'hyperRequests.title',
  itemTitle: 'hyperRequests.item',
  keys: 'hyperRequests.fields',
  fields: {
    number: C.number,
    name: f.text({ max: 255 }).listed().searchable().sortable(),
    tenderNumber: f.text({ max: 100 }).optional().listed().searchable(),
    clientId: f.reference(counterpartyResource).filterable().shownBy('clientName'),
    /** The client's name at the save, for the list's sort and the search. */
    clientName: f.text().readOnly().listed().searchable().sortable().hiddenInForm(),
    sellerId: f.reference(colleagueReference).optional().listed().filterable(),
    forwarderId: C.forwarderId,
    serviceOfficeId: C.serviceOfficeId,
    /** The day the client wants the prices by. */
    deadline: f.date().optional().listed().filterable().sortable(),
    comment: f.textarea({ max: 4000 }).optional(),
    lots: f
      .of(
        'json',
        z.array(hyperLotInputSchema).min(1, HYPER_REQUEST_MESSAGES.lotsRequired).max(MAX_HYPER_LOTS),
        z.array(hyperLotSchema),
      )
      .hiddenInForm()
      .set({ exportText: (value) => lotsText(value as LotText[] | undefined) }),
    /** The lots' progress: how many of their requests are in each status. */
    lotStatusCounts: f
      .of('json', z.never(), lotStatusCountsSchema)
      .readOnly()
      .listed()
      .hiddenInForm()
      .set({
        exportText: (value, lang) => lotStatusCountsText(value as LotStatusCounts | undefined, lang),
      }),
    /** Hyper requests with a lot whose request is in one of the statuses asked. */
    lotStatus: f.enum(REQUEST_STATUSES, LOT_STATUS_FILTER_LABELS).filterOnly(),
    /**
     * Why the lots taken out of the hyper request are refused: their requests move to NO_SERVICE with it.
     * Needed by an update that removes a lot.
     */
    withdrawalReason: f.text({ max: 2000 }).optional().writeOnly().schemaOnly(),
    createdById: C.createdById,
    createdAt: f.createdAt().listed().filterable().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: HYPER_REQUEST_ROLES,
  labelField: 'name',
  defaultSort: { field: 'number', order: 'desc' },
  deletable: false,
  screens: { create: true, edit: true },
});

export const hyperRequestCreateSchema = hyperRequestResource.create;
export type HyperRequestCreate = z.infer<typeof hyperRequestCreateSchema>;
export const hyperRequestUpdateSchema = updateSchemaOf(hyperRequestCreateSchema);
export const hyperRequestSchema = hyperRequestResource.entity;
export type HyperRequest = z.infer<typeof hyperRequestSchema>;

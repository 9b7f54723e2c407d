import { z } from 'zod';
import { declareResource } from '../common/declare';
import { defineFieldRoles } from '../common/field-roles';
import { f } from '../common/fields';
import { type LocalizedText, updateSchemaOf } from '../common/resource';
import { defineStateMachine } from '../common/state-machine';
import { counterpartyResource } from '../counterparties/counterparty';
import { holdsRole } from '../operations/actor';
import { cargoInputSchema, cargoSchema } from '../operations/cargo';
import { OPERATION_MESSAGES } from '../operations/messages';
import { customFieldValuesSchema, type OrderCreate, operationCommonFields } from '../operations/order';
import type { RouteEndPoint } from '../operations/route';
import { serviceResource } from '../operations/services';
import { type Role, rolesOfScopedPermission } from '../permissions';
import { TRANSPORT_TYPE_LABELS, TRANSPORT_TYPES } from '../reference-data/transport-types';
import { colleagueReference } from '../users';
import { CUSTOMS_STATUS_LABELS, CUSTOMS_STATUSES } from './customs-status';

/** Stable English messages of the requests' rules (the web translates them in messages.json). */
export const CUSTOMER_REQUEST_MESSAGES = {
  locked: 'changes locked by request status',
  orderStatus: 'order cannot be created from request with current status',
  transportTypeRequired: 'at least one transport type',
  notClientManager: 'must be the manager of the client',
  customsFixed: 'A request cannot become or stop being a customs request.',
} as const;

/** Spec §4: the request's operational status; docs/requests.md has the transitions. */
export const REQUEST_STATUSES = [
  'QUOTE_NOT_COMPLETED',
  'NEED_MORE_INFO',
  'INFO_PROVIDED',
  'QUOTE_COMPLETED',
  'NO_SERVICE',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_LABELS: Readonly<Record<RequestStatus, LocalizedText>> = {
  QUOTE_NOT_COMPLETED: { ru: 'Котировка не готова', en: 'Quote not completed' },
  NEED_MORE_INFO: { ru: 'Нужна информация', en: 'Need more info' },
  INFO_PROVIDED: { ru: 'Информация получена', en: 'Info provided' },
  QUOTE_COMPLETED: { ru: 'Котировка готова', en: 'Quote completed' },
  NO_SERVICE: { ru: 'Не обслуживаем', en: 'No service' },
};
/** Statuses in which the request is not edited any more ("changes locked by request status"). */
export const LOCKING_REQUEST_STATUSES: readonly RequestStatus[] = ['NO_SERVICE'];

/** The edit lock of a request in `status`, or null. */
export function requestEditLock(status: RequestStatus): string | null {
  return LOCKING_REQUEST_STATUSES.includes(status) ? CUSTOMER_REQUEST_MESSAGES.locked : null;
}

/**
 * The statuses an order may be created from (docs/requests.md "An order from a request"): the quote is
 * done, or the client answered the questions asked.
 */
export const ORDER_FROM_REQUEST_STATUSES: readonly RequestStatus[] = ['QUOTE_COMPLETED', 'INFO_PROVIDED'];

/** Whether an order may be created from a request in `status`. */
export function ordersFromRequestAllowed(status: RequestStatus): boolean {
  return ORDER_FROM_REQUEST_STATUSES.includes(status);
}

/**
 * The starting body of an order made from a request: its client, route, cargo, office, seller and
 * forwarder, the first transport type and the first service wanted (an order has one of each), and the
 * link. The product (which a request has not) is the user's to choose.
 */
export function orderFromRequest(request: CustomerRequest): Partial<OrderCreate> & { requestId: number } {
  const { declaredValuePerKg: _computed, ...cargo } = request.cargo;
  return {
    requestId: request.id,
    clientId: request.clientId,
    serviceOfficeId: request.serviceOfficeId ?? null,
    sellerId: request.sellerId ?? null,
    forwarderId: request.forwarderId ?? null,
    transportType: request.transportTypes[0] ?? null,
    serviceId: request.serviceIds[0] ?? null,
    route: request.route.map((point) => ({ ...point })),
    cargo: { ...cargo, tnvedCodes: [...cargo.tnvedCodes] },
  };
}

/** Who changes a request's status: their roles and whether their edit scope reaches the request. */
export interface RequestActor {
  roles: ReadonlySet<string> | readonly string[];
  canEdit: boolean;
}

/** What a transition needs besides its authority (the facts come from the caller). */
export interface RequestTransitionFacts {
  /** The reason given with the change. */
  reason: string | null;
  /**
   * The status a NO_SERVICE request may be restored to: the one it left, while the restore timeout
   * (option `customerRequestRestoreStatusTimeout`) since the move has not run out; null otherwise.
   */
  restorable?: RequestStatus | null;
}

interface RequestTransition {
  from: RequestStatus;
  to: RequestStatus;
  /** Besides the edit scope, this role is needed. */
  role?: Role;
  /** A reason must be given. */
  reason?: true;
  /** Only back to the status the request left for NO_SERVICE, within the restore timeout. */
  restore?: true;
}

const quoteComplete: Role = 'ROLE_REQUEST_MARK_QUOTE_COMPLETE';

/**
 * The transitions of docs/requests.md: every move needs the request in the user's edit scope; marking
 * (and reopening) a quote complete needs its role; NO_SERVICE needs a reason and is final by hand.
 */
export const REQUEST_TRANSITIONS: readonly RequestTransition[] = [
  { from: 'QUOTE_NOT_COMPLETED', to: 'NEED_MORE_INFO' },
  { from: 'QUOTE_NOT_COMPLETED', to: 'QUOTE_COMPLETED', role: quoteComplete },
  { from: 'QUOTE_NOT_COMPLETED', to: 'NO_SERVICE', reason: true },
  { from: 'NEED_MORE_INFO', to: 'INFO_PROVIDED' },
  { from: 'NEED_MORE_INFO', to: 'NO_SERVICE', reason: true },
  { from: 'INFO_PROVIDED', to: 'NEED_MORE_INFO' },
  { from: 'INFO_PROVIDED', to: 'QUOTE_COMPLETED', role: quoteComplete },
  { from: 'INFO_PROVIDED', to: 'NO_SERVICE', reason: true },
  { from: 'QUOTE_COMPLETED', to: 'QUOTE_NOT_COMPLETED', role: quoteComplete },
  { from: 'NO_SERVICE', to: 'QUOTE_NOT_COMPLETED', restore: true },
  { from: 'NO_SERVICE', to: 'NEED_MORE_INFO', restore: true },
  { from: 'NO_SERVICE', to: 'INFO_PROVIDED', restore: true },
];

/**
 * The status whose move may carry the forwarder's question to the client: kept on the request
 * (`statusReason`) until the client answers, as NO_SERVICE keeps its reason.
 */
export const REQUEST_QUESTION_STATUS: RequestStatus = 'NEED_MORE_INFO';

/** Whether a NO_SERVICE request moved at `changedAt` may still be restored at `now`. */
export function requestRestorable(changedAt: Date | null, now: Date, timeoutMinutes: number): boolean {
  return changedAt !== null && now.getTime() - changedAt.getTime() <= timeoutMinutes * 60_000;
}

export const requestStatusMachine = defineStateMachine<
  RequestStatus,
  RequestTransition,
  RequestActor,
  RequestTransitionFacts
>({
  states: REQUEST_STATUSES,
  transitions: REQUEST_TRANSITIONS,
  refusal: { error: OPERATION_MESSAGES.statusManual, path: ['status'] },
  authorize: (t, actor, facts) =>
    actor.canEdit && (!t.role || holdsRole(actor, t.role)) && (!t.restore || facts.restorable === t.to),
  guard: (t, _actor, facts) =>
    t.reason && !facts.reason?.trim() ? { error: OPERATION_MESSAGES.reasonRequired, path: ['reason'] } : null,
});

/** A status the user may move a request to, and whether the move asks for a reason. */
export interface RequestStatusTarget {
  status: RequestStatus;
  needsReason: boolean;
}

export function requestStatusTargets(
  from: RequestStatus,
  actor: RequestActor,
  restorable: RequestStatus | null = null,
): RequestStatusTarget[] {
  return requestStatusMachine
    .next(from, actor, { reason: 'given', restorable })
    .map((t) => ({ status: t.to, needsReason: Boolean(t.reason) }));
}

/** The body of `PUT /api/requests/{id}/status`. */
export const requestStatusChangeSchema = z.object({
  status: z.enum(REQUEST_STATUSES),
  reason: z.string().trim().max(2000).nullable().optional(),
  version: z.number().int().positive(),
});
export type RequestStatusChange = z.infer<typeof requestStatusChangeSchema>;

/**
 * Spec §6 "Requests": comments, the complex mark and the substitute are set by holders of their roles
 * only; a customs request's declarant and customs specialist by holders of the declarant's and the
 * specialist's roles (docs/requests.md "Customs requests").
 */
export const REQUEST_FIELD_RULES = defineFieldRoles({
  roles: {
    complexMark: 'ROLE_REQUEST_COMPLEX_MARK',
    executionComment: 'ROLE_REQUEST_EXECUTION_COMMENT',
    tnvedComment: 'ROLE_REQUEST_TNVED_COMMENT',
    substituteId: 'ROLE_REQUEST_SUBSTITUTE',
    declarantId: 'ROLE_REQUEST_CUSTOMS_PROCESSING',
    customsSpecialistId: 'ROLE_REQUEST_CUSTOMS_SPECIALIST',
  },
  freeOnCreate: [],
  createDefaults: { complexMark: false },
});

/** The customs team: the declarant's and the customs specialist's roles (docs/requests.md "Customs requests"). */
export const REQUEST_CUSTOMS_ROLES = [
  'ROLE_REQUEST_CUSTOMS_PROCESSING',
  'ROLE_REQUEST_CUSTOMS_SPECIALIST',
] as const satisfies readonly Role[];

/**
 * The views of a request: any scope of the view permission, and the customs team (customs requests only,
 * the server's scope says). Creating: the create role; editing: it, and the customs team.
 */
export const REQUEST_ROLES = {
  view: [...rolesOfScopedPermission('ROLE_REQUEST_VIEW'), ...REQUEST_CUSTOMS_ROLES],
  edit: ['ROLE_REQUEST_CREATE', ...REQUEST_CUSTOMS_ROLES],
  create: ['ROLE_REQUEST_CREATE'],
} as const satisfies { view: readonly Role[]; edit: readonly Role[]; create: readonly Role[] };

const transportTypes = z.array(z.enum(TRANSPORT_TYPES));
const C = operationCommonFields;

/**
 * Customer requests (`/requests`): a client asks for a price of a route and cargo. The route and cargo
 * are the operations' own (their dates are the dates the client wants); the status changes through its
 * own route, never through these bodies. The client must be a client (the server checks).
 */
export const requestResource = declareResource({
  fieldRoles: REQUEST_FIELD_RULES,
  name: 'request',
  path: '/requests',
  title: 'requests.title',
  itemTitle: 'requests.item',
  keys: 'requests.fields',
  fields: {
    number: C.number,
    clientId: f.reference(counterpartyResource).listed().filterable(),
    /** The client's name at the last save, for the list's sort and the search. */
    clientName: f.text().readOnly().searchable().sortable().hiddenInForm(),
    sellerId: f.reference(colleagueReference).optional().filterable(),
    /** Stands in for the seller while they are away: reaches the request as its seller does. */
    substituteId: f.reference(colleagueReference).optional().filterable(),
    forwarderId: C.forwarderId,
    serviceOfficeId: C.serviceOfficeId,
    route: C.route.listed(),
    dispatchDate: C.dispatchDate,
    deliveryDate: C.deliveryDate,
    cargo: f.of('json', cargoInputSchema, cargoSchema).defaulted().hiddenInForm().recordOnly(),
    /** `cargo.description`, kept as a column for the search. */
    cargoDescription: f.text().readOnly().optional().searchable().hiddenInForm(),
    transportTypes: f
      .of('json', transportTypes.min(1, CUSTOMER_REQUEST_MESSAGES.transportTypeRequired), transportTypes)
      .listed()
      .hiddenInForm()
      .set({
        exportText: (value, lang) =>
          ((value as string[] | undefined) ?? [])
            .map((t) => TRANSPORT_TYPE_LABELS[t as keyof typeof TRANSPORT_TYPE_LABELS]?.[lang] ?? t)
            .join(', '),
      }),
    serviceIds: f.references(serviceResource).input(z.array(z.number().int().positive()).max(50)).defaulted(),
    customFields: f
      .of('json', customFieldValuesSchema, z.record(z.string(), z.unknown()))
      .defaulted()
      .hiddenInForm()
      .recordOnly(),
    executionComment: f.textarea({ max: 4000 }).optional(),
    tnvedComment: f.textarea({ max: 4000 }).optional(),
    complexMark: f.boolean().defaulted().filterable().width('short'),
    status: f.enum(REQUEST_STATUSES, REQUEST_STATUS_LABELS).readOnly().listed().filterable().sortable(),
    /** Why the request went to NO_SERVICE. */
    statusReason: f.text().readOnly().optional().hiddenInForm(),
    /** When the operational status last moved, and from which status (the restore of NO_SERVICE). */
    statusChangedAt: f.datetime().optional().schemaOnly(),
    previousStatus: f.enum(REQUEST_STATUSES).readOnly().optional().schemaOnly(),
    /** A customs request (`/requests/customs/...`), fixed when it is created. */
    customs: f.boolean().defaulted().filterable().width('short'),
    customsStatus: f
      .enum(CUSTOMS_STATUSES, CUSTOMS_STATUS_LABELS)
      .readOnly()
      .optional()
      .listed()
      .filterable()
      .sortable(),
    /** What the customs specialist waits for (TO_WAIT_ADDITIONAL_INFO). */
    customsStatusReason: f.text().readOnly().optional().hiddenInForm(),
    declarantId: f.reference(colleagueReference).optional().filterable(),
    customsSpecialistId: f.reference(colleagueReference).optional().filterable(),
    /**
     * The auto-assignment rules that chose the forwarder and (a customs request) the customs specialist,
     * with their names then (docs/assignment.md).
     */
    assignmentRuleId: f.integer().readOnly().optional().schemaOnly(),
    assignmentRuleName: f.text().readOnly().optional().hiddenInForm(),
    customsAssignmentRuleId: f.integer().readOnly().optional().schemaOnly(),
    customsAssignmentRuleName: f.text().readOnly().optional().hiddenInForm(),
    createdById: C.createdById,
    createdAt: f.createdAt().listed().filterable().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: REQUEST_ROLES,
  labelField: 'number',
  defaultSort: { field: 'number', order: 'desc' },
  deletable: false,
  screens: { create: true, edit: true },
});

export const requestCreateSchema = requestResource.create;
export type RequestCreate = z.infer<typeof requestCreateSchema>;
export const requestUpdateSchema = updateSchemaOf(requestCreateSchema);
export const requestSchema = requestResource.entity;
/** A row of the request list: the request without what only the record answers (its cargo, custom fields). */
export type CustomerRequestListRow = Omit<CustomerRequest, 'cargo' | 'customFields' | 'route'> & {
  route: RouteEndPoint[];
};
export const requestListRowSchema = (requestResource.listEntity ??
  requestResource.entity) as unknown as z.ZodType<CustomerRequestListRow>;
export type CustomerRequest = z.infer<typeof requestSchema>;

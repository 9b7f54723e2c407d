import { z } from 'zod';
import { declareResource } from '../common/declare';
import { defineFieldRoles, fieldRoleOf } from '../common/field-roles';
import { f } from '../common/fields';
import { type LocalizedText, updateSchemaOf } from '../common/resource';
import { serviceOfficeResource } from '../company/service-offices';
import {
  counterpartyResource,
  PAYMENT_TERMS_BASES,
  PAYMENT_TERMS_BASIS_LABELS,
} from '../counterparties/counterparty';
import { COUNTERPARTY_MESSAGES } from '../counterparties/messages';
import type { CustomFieldDefinition } from '../custom-fields/definitions';
import { operationCustomFieldGroupResource } from '../custom-fields/resources';
import { inheritedCustomFieldValues } from '../custom-fields/values';
import type { Role } from '../permissions';
import { countryResource } from '../reference-data/countries';
import { shipmentTermResource } from '../reference-data/shipment-terms';
import { TRANSPORT_TYPE_LABELS, TRANSPORT_TYPES } from '../reference-data/transport-types';
import { colleagueReference } from '../users';
import { holdsRole, OPERATION_ROLES, type OperationActor } from './actor';
import {
  type CargoInput,
  type CargoListValue,
  cargoInputSchema,
  cargoListSchema,
  cargoListValue,
  cargoSchema,
} from './cargo';
import { OPERATION_MESSAGES as M, type OperationIssue } from './messages';
import { productResource } from './products';
import {
  type RouteEndPoint,
  type RoutePoint,
  type RoutePointInput,
  routeEndPointSchema,
  routeEndPoints,
  routeEndsText,
  routeInputSchema,
  routePointSchema,
} from './route';
import { serviceResource } from './services';
import {
  CARGO_INSURANCE_STATUS_LABELS,
  CARGO_INSURANCE_STATUSES,
  FINANCE_CONTROL_STATUS_LABELS,
  FINANCE_CONTROL_STATUSES,
  MARKING_STATUS_LABELS,
  MARKING_STATUSES,
  TNVED_CONTROL_STATUS_LABELS,
  TNVED_CONTROL_STATUSES,
  TRANSFERS_STATUS_LABELS,
  TRANSFERS_STATUSES,
} from './statuses';

/** Spec §9: ids and numbers are shown padded to 6 digits (42 → "000042"); longer ones as they are. */
export function padId(id: number | string, width = 6): string {
  return String(id).padStart(width, '0');
}

const id = z.number().int().positive();
const ids = z
  .array(id)
  .max(100)
  .overwrite((values) => [...new Set(values)]);

/** Custom field values of the operation's group, keyed by field code (checked by the server). */
export const customFieldValuesSchema = z.record(z.string().max(64), z.unknown());

/**
 * Fields only holders of a role may set or change (spec §6 "Orders and jobs"); the server refuses a changed
 * value without it ("Field edit access denied.") and the web disables the input.
 */
export const ORDER_FIELD_ROLES: Readonly<Record<string, Role>> = {
  damaged: 'ROLE_ORDER_CARGO_DAMAGE',
  completionDate: 'ROLE_ORDER_COMPLETION_MARK',
  clientId: 'ROLE_ORDER_COUNTERPARTY_CHANGE',
};
/** Cargo flags only holders of a role may set or change: liquid cargo (spec §6 "liquid"). */
export const CARGO_FIELD_ROLES: Readonly<Record<string, Role>> = { liquid: 'ROLE_ORDER_LIQUID' };

/**
 * The cargo flags a write changes that need a role the actor lacks: each flag as sent against the saved one
 * (unset on a new order; a write without cargo changes none).
 */
export function deniedCargoFields(
  sent: { readonly [flag: string]: unknown } | null | undefined,
  saved: { readonly [flag: string]: unknown } | null | undefined,
  actor: Pick<OperationActor, 'roles'>,
): string[] {
  if (!sent) return [];
  return Object.entries(CARGO_FIELD_ROLES)
    .filter(([flag, role]) => Boolean(sent[flag]) !== Boolean(saved?.[flag]) && !holdsRole(actor, role))
    .map(([flag]) => flag);
}

/** Whoever creates an order chooses its client. */
export const ORDER_FIELDS_FREE_ON_CREATE: readonly string[] = ['clientId'];

/** The role a user needs to set `field` (create: a new order), or undefined when edit access is enough. */
export function orderFieldRole(field: string, create: boolean): Role | undefined {
  return fieldRoleOf(ORDER_FIELD_RULES, field, create ? null : {});
}

/** A new operation's flags before anyone sets them: setting `damaged: false` needs no role. */
export const OPERATION_CREATE_DEFAULTS: Readonly<Record<string, unknown>> = {
  damaged: false,
  failure: false,
};

/** The order's field roles as its resource declares them. */
export const ORDER_FIELD_RULES = defineFieldRoles({
  roles: ORDER_FIELD_ROLES,
  freeOnCreate: ORDER_FIELDS_FREE_ON_CREATE,
  createDefaults: OPERATION_CREATE_DEFAULTS,
});

/**
 * The client of a new order (or a changed client): a client, not black-listed. Its credit (the limit, the
 * prepayment balance) is the server's rule: it needs the client's exposure (`checkOrderCredit`).
 */
export function clientOrderIssue(client: { client: boolean; blackList: boolean }): OperationIssue | null {
  const at = (message: string) => ({ path: ['clientId'], message });
  if (!client.client) return at(M.notClient);
  if (client.blackList) return at(COUNTERPARTY_MESSAGES.blackListed);
  return null;
}

/** The order's service must be one of its product's services. */
export function serviceIssue(
  serviceId: number | null | undefined,
  product: { serviceIds: readonly number[] },
): OperationIssue | null {
  if (serviceId == null || product.serviceIds.includes(serviceId)) return null;
  return { path: ['serviceId'], message: M.serviceNotInProduct };
}

/**
 * The create body of a copy (`/tms/orders/copy/{sourceId}`): who, what, where and the planned income are
 * copied; the route loses its dates (a new shipment has its own), custom fields are copied only where
 * "inherit on copy" is set (never files), and statuses, flags, completion date and archive start afresh.
 */
export function copyOrder(
  source: Order,
  definitions: readonly CustomFieldDefinition[],
): OrderCreate & { route: RoutePointInput[]; cargo: CargoInput } {
  const { declaredValuePerKg: _computed, ...cargo } = source.cargo;
  return {
    clientId: source.clientId,
    productId: source.productId,
    serviceId: source.serviceId,
    serviceOfficeId: source.serviceOfficeId,
    forwarderId: source.forwarderId,
    sellerId: source.sellerId,
    curatorIds: [...source.curatorIds],
    transportType: source.transportType,
    shipmentTermId: source.shipmentTermId,
    paymentTermsBasis: source.paymentTermsBasis,
    paymentTermsDays: source.paymentTermsDays,
    plannedIncome: source.plannedIncome,
    route: source.route.map((point: RoutePoint) => ({ ...point, dateFrom: null, dateTo: null })),
    cargo: { ...cargo, tnvedCodes: [...cargo.tnvedCodes] },
    customFieldGroupId: source.customFieldGroupId,
    customFields: inheritedCustomFieldValues(definitions, source.customFields, 'copy'),
  };
}

/** The list filter of live (not archived) orders with a stage due today or overdue (the dashboard links to it). */
export const STAGE_DUE_FILTERS = ['today', 'overdue'] as const;
export type StageDueFilter = (typeof STAGE_DUE_FILTERS)[number];
export const STAGE_DUE_FILTER_LABELS: Readonly<Record<StageDueFilter, LocalizedText>> = {
  today: { ru: 'Этапы на сегодня', en: 'Stages due today' },
  overdue: { ru: 'Просроченные этапы', en: 'Overdue stages' },
};

/**
 * Members shared by orders and jobs (the builders are immutable, so both declarations use the same ones);
 * the schema-only ones are answered and never listed.
 */
export const operationCommonFields = {
  /** The operation's number (the id unless imported); shown with `padId`. */
  number: f.integer().readOnly().listed().searchable().filterable().sortable().width('short'),
  serviceOfficeId: f.reference(serviceOfficeResource).optional().listed().filterable(),
  forwarderId: f.reference(colleagueReference).optional().listed().filterable(),
  route: f
    .of('json', routeInputSchema, z.array(routePointSchema))
    .defaulted()
    .hiddenInForm()
    .inList(z.array(routeEndPointSchema), (value) => routeEndPoints(value as RoutePoint[] | undefined))
    .set({ exportText: (value) => routeEndsText(value as RoutePoint[] | undefined) }),
  /** From the route (`routeSummary`): first dispatch and last delivery. */
  dispatchDate: f.date().readOnly().optional().listed().filterable().sortable(),
  deliveryDate: f.date().readOnly().optional().listed().filterable().sortable(),
  customFieldGroupId: f.reference(operationCustomFieldGroupResource).optional().schemaOnly(),
  customFields: f
    .of('json', customFieldValuesSchema, z.record(z.string(), z.unknown()))
    .defaulted()
    .hiddenInForm()
    .recordOnly(),
  financeControlStatus: f
    .enum(FINANCE_CONTROL_STATUSES, FINANCE_CONTROL_STATUS_LABELS)
    .readOnly()
    .listed()
    .filterable()
    .sortable(),
  financeControlReasonId: f.integer().readOnly().optional().schemaOnly(),
  financeControlChangedAt: f.datetime().optional().schemaOnly(),
  archived: f.boolean().readOnly().listed().filterable().width('short'),
  archivedAt: f.datetime().optional().schemaOnly(),
  failure: f.boolean().defaulted().filterable().width('short'),
  damaged: f.boolean().defaulted().filterable().width('short'),
  completionDate: f.date().optional().listed().filterable().sortable(),
  createdById: f.integer().readOnly().optional().schemaOnly(),
};

const C = operationCommonFields;

/**
 * Orders (`/tms/orders`). The search covers the padded number, the client's name and the cargo
 * description; `stageDue` is a computed filter (orders with an open stage expected today, or before today).
 * Rules of the create and update bodies needing other records are the server's: the client
 * (`clientOrderIssue`), the route against the product (`routeIssues`), the service in the product
 * (`serviceIssue`), field roles (`orderFieldRole`) and the edit lock (`operationEditLock`). Statuses change
 * through their own route, never through these bodies.
 */
export const orderResource = declareResource({
  fieldRoles: ORDER_FIELD_RULES,
  name: 'order',
  path: '/tms/orders',
  title: 'operations.orders.title',
  itemTitle: 'operations.orders.item',
  keys: 'operations.fields',
  fields: {
    number: C.number,
    clientId: f.reference(counterpartyResource).filterable().shownBy('clientName'),
    /** The client's name at the last save, for the list and the search. */
    clientName: f.text().readOnly().listed().searchable().sortable().hiddenInForm(),
    productId: f.reference(productResource).filterable().shownBy('productName'),
    /** The product's name, kept with the order (and on the product's renames), for the list's sort. */
    productName: f.text().readOnly().listed().sortable().hiddenInForm(),
    serviceId: f.reference(serviceResource).optional().filterable(),
    serviceOfficeId: C.serviceOfficeId,
    forwarderId: C.forwarderId,
    sellerId: f.reference(colleagueReference).optional().filterable(),
    curatorIds: f.references(colleagueReference).input(ids).defaulted().filterable(),
    /** The contractors of the order's jobs, for the list filter. */
    contractorIds: f.references(counterpartyResource).readOnly().filterable().hiddenInForm(),
    transportType: f.enum(TRANSPORT_TYPES, TRANSPORT_TYPE_LABELS).optional().listed().filterable().sortable(),
    shipmentTermId: f.reference(shipmentTermResource).optional(),
    paymentTermsBasis: f.enum(PAYMENT_TERMS_BASES, PAYMENT_TERMS_BASIS_LABELS).optional(),
    paymentTermsDays: f.integer({ min: 0, max: 365 }).optional(),
    /**
     * The income the order is expected to bring, in the base currency: while the order is open and not yet
     * billed, it counts in its client's credit exposure (docs/finance.md "Credit limits").
     */
    plannedIncome: f.money().optional(),
    route: C.route,
    dispatchDate: C.dispatchDate,
    deliveryDate: C.deliveryDate,
    dispatchCountryId: f.reference(countryResource).readOnly().optional().schemaOnly(),
    deliveryCountryId: f.reference(countryResource).readOnly().optional().schemaOnly(),
    cargo: f
      .of('json', cargoInputSchema, cargoSchema)
      .defaulted()
      .hiddenInForm()
      .inList(cargoListSchema, cargoListValue),
    /** `cargo.description`, kept as a column for the search. */
    cargoDescription: f.text().readOnly().optional().listed().searchable().hiddenInForm().width('wide'),
    customFieldGroupId: C.customFieldGroupId,
    financeControlStatus: C.financeControlStatus,
    financeControlReasonId: C.financeControlReasonId,
    financeControlChangedAt: C.financeControlChangedAt,
    cargoInsuranceStatus: f
      .enum(CARGO_INSURANCE_STATUSES, CARGO_INSURANCE_STATUS_LABELS)
      .readOnly()
      .filterable()
      .sortable(),
    tnvedControlStatus: f
      .enum(TNVED_CONTROL_STATUSES, TNVED_CONTROL_STATUS_LABELS)
      .readOnly()
      .filterable()
      .sortable(),
    transfersStatus: f.enum(TRANSFERS_STATUSES, TRANSFERS_STATUS_LABELS).readOnly().filterable().sortable(),
    markingStatus: f.enum(MARKING_STATUSES, MARKING_STATUS_LABELS).readOnly().filterable().sortable(),
    archived: C.archived,
    archivedAt: C.archivedAt,
    failure: C.failure,
    damaged: C.damaged,
    /** Between a closed WAREHOUSE_IN stage and a closed WAREHOUSE_OUT stage. */
    inWarehouse: f.boolean().readOnly().filterable().width('short'),
    /** An EXPENSES_FILED stage has closed. */
    expensesFiled: f.boolean().readOnly().schemaOnly(),
    completionDate: C.completionDate,
    /** The order's own stages closed, of `stagesTotal` (kept by the stages' writes): the list's progress. */
    stagesClosed: f.integer().readOnly().hiddenInForm().width('short'),
    stagesTotal: f.integer().readOnly().schemaOnly(),
    stageDue: f.enum(STAGE_DUE_FILTERS, STAGE_DUE_FILTER_LABELS).filterOnly(),
    customFields: C.customFields,
    /**
     * The customer request the order was made from (docs/requests.md "An order from a request"): set on
     * create only, after the requests' rules; a filter of the request's orders.
     */
    requestId: f.integer().optional().filterable().hiddenInForm(),
    /** The auto-assignment rule that chose the forwarder, and its name then (docs/assignment.md). */
    assignmentRuleId: f.integer().readOnly().optional().schemaOnly(),
    assignmentRuleName: f.text().readOnly().optional().hiddenInForm(),
    createdById: C.createdById,
    createdAt: f.createdAt(),
    updatedAt: f.updatedAt(),
  },
  roles: OPERATION_ROLES.order,
  labelField: 'number',
  defaultSort: { field: 'number', order: 'desc' },
  deletable: true,
  screens: { create: true, edit: true },
});

/** The body of `POST /api/tms/orders`; the update body is its partial plus `version`. */
export const orderCreateSchema = orderResource.create;
export type OrderCreate = z.infer<typeof orderCreateSchema>;
export const orderUpdateSchema = updateSchemaOf(orderCreateSchema);
export type OrderUpdate = z.infer<typeof orderUpdateSchema>;
export const orderSchema = orderResource.entity;
/** A row of the order list: the order without what only the record answers (its cargo, custom fields). */
export type OrderListRow = Omit<Order, 'cargo' | 'customFields' | 'route'> & {
  route: RouteEndPoint[];
  cargo: CargoListValue;
};
export const orderListRowSchema = (orderResource.listEntity ??
  orderResource.entity) as unknown as z.ZodType<OrderListRow>;
export type Order = z.infer<typeof orderSchema>;

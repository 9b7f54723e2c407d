import { z } from 'zod';
import { createdAtField, updatedAtField } from '../common/dictionary';
import { defineFieldRoles, fieldRoleOf } from '../common/field-roles';
import {
  defineResource,
  entityBase,
  type FieldDescriptor,
  type LocalizedText,
  updateSchemaOf,
} from '../common/resource';
import {
  type CREDIT_STATES,
  PAYMENT_TERMS_BASES,
  PAYMENT_TERMS_BASIS_LABELS,
} from '../counterparties/counterparty';
import { COUNTERPARTY_MESSAGES } from '../counterparties/messages';
import type { CustomFieldDefinition } from '../custom-fields/definitions';
import { inheritedCustomFieldValues } from '../custom-fields/values';
import type { Role } from '../permissions';
import { TRANSPORT_TYPE_LABELS, TRANSPORT_TYPES } from '../reference-data/transport-types';
import { colleagueReference } from '../users';
import { holdsRole, OPERATION_ROLES, type OperationActor } from './actor';
import { type CargoInput, cargoInputSchema, cargoSchema } from './cargo';
import { OPERATION_MESSAGES as M, type OperationIssue } from './messages';
import { type RoutePoint, type RoutePointInput, routeInputSchema, routePointSchema } from './route';
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
const nullableId = id.nullable().optional();

/** Custom field values of the operation's group, keyed by field code (checked by the server). */
export const customFieldValuesSchema = z.record(z.string().max(64), z.unknown());

/**
 * The body of `POST /api/tms/orders`; the update body is its partial plus `version`. Rules needing other
 * records are the server's: the client (`clientOrderIssue`), the route against the product
 * (`routeIssues`), the service in the product (`serviceIssue`), field roles (`orderFieldRole`) and the
 * edit lock (`operationEditLock`). Statuses change through their own route, never through this body.
 */
export const orderCreateSchema = z.object({
  clientId: id,
  productId: id,
  serviceId: nullableId,
  serviceOfficeId: nullableId,
  forwarderId: nullableId,
  sellerId: nullableId,
  curatorIds: ids.optional(),
  transportType: z.enum(TRANSPORT_TYPES).nullable().optional(),
  shipmentTermId: nullableId,
  paymentTermsBasis: z.enum(PAYMENT_TERMS_BASES).nullable().optional(),
  paymentTermsDays: z.number().int().min(0).max(365).nullable().optional(),
  route: routeInputSchema.optional(),
  cargo: cargoInputSchema.optional(),
  customFieldGroupId: nullableId,
  customFields: customFieldValuesSchema.optional(),
  failure: z.boolean().optional(),
  damaged: z.boolean().optional(),
  completionDate: z.iso.date().nullable().optional(),
});
export type OrderCreate = z.infer<typeof orderCreateSchema>;
export const orderUpdateSchema = updateSchemaOf(orderCreateSchema);
export type OrderUpdate = z.infer<typeof orderUpdateSchema>;

export const orderSchema = z.object({
  ...entityBase,
  /** The order number (the id unless imported); shown with `padId`. */
  number: z.number().int(),
  clientId: z.number().int(),
  /** The client's name at the last save, for the list and the search. */
  clientName: z.string(),
  productId: z.number().int(),
  serviceId: z.number().int().nullable(),
  serviceOfficeId: z.number().int().nullable(),
  forwarderId: z.number().int().nullable(),
  sellerId: z.number().int().nullable(),
  curatorIds: z.array(z.number().int()),
  transportType: z.enum(TRANSPORT_TYPES).nullable(),
  shipmentTermId: z.number().int().nullable(),
  paymentTermsBasis: z.enum(PAYMENT_TERMS_BASES).nullable(),
  paymentTermsDays: z.number().int().nullable(),
  route: z.array(routePointSchema),
  /** From the route (`routeSummary`): first dispatch and last delivery. */
  dispatchDate: z.string().nullable(),
  deliveryDate: z.string().nullable(),
  dispatchCountryId: z.number().int().nullable(),
  deliveryCountryId: z.number().int().nullable(),
  cargo: cargoSchema,
  /** `cargo.description`, kept as a column for the search. */
  cargoDescription: z.string().nullable(),
  customFieldGroupId: z.number().int().nullable(),
  customFields: z.record(z.string(), z.unknown()),
  financeControlStatus: z.enum(FINANCE_CONTROL_STATUSES),
  financeControlReasonId: z.number().int().nullable(),
  financeControlChangedAt: z.string().nullable(),
  cargoInsuranceStatus: z.enum(CARGO_INSURANCE_STATUSES),
  tnvedControlStatus: z.enum(TNVED_CONTROL_STATUSES),
  transfersStatus: z.enum(TRANSFERS_STATUSES),
  markingStatus: z.enum(MARKING_STATUSES),
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
  failure: z.boolean(),
  damaged: z.boolean(),
  /** Between a closed WAREHOUSE_IN stage and a closed WAREHOUSE_OUT stage. */
  inWarehouse: z.boolean(),
  /** An EXPENSES_FILED stage has closed. */
  expensesFiled: z.boolean(),
  completionDate: z.string().nullable(),
  /** The contractors of the order's jobs, for the list filter. */
  contractorIds: z.array(z.number().int()),
  createdById: z.number().int().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

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

/** The client of a new order (or a changed client): a client, not black-listed, within its credit limit. */
export function clientOrderIssue(
  client: { client: boolean; blackList: boolean; creditState: (typeof CREDIT_STATES)[number] },
  actor: OperationActor,
): OperationIssue | null {
  const at = (message: string) => ({ path: ['clientId'], message });
  if (!client.client) return at(M.notClient);
  if (client.blackList) return at(COUNTERPARTY_MESSAGES.blackListed);
  if (client.creditState === 'EXHAUSTED' && !holdsRole(actor, 'ROLE_COUNTERPARTY_CREDIT_LIMIT_EXCEED')) {
    return at(COUNTERPARTY_MESSAGES.creditLimitExhausted);
  }
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
 * The create body of a copy (`/tms/orders/copy/{sourceId}`): who, what and where are copied; the route
 * loses its dates (a new shipment has its own), custom fields are copied only where "inherit on copy" is set
 * (never files), and statuses, flags, completion date and archive start afresh.
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

const field = (name: string) => ({
  name,
  label: `operations.fields.${name}`,
});

/** Columns shared by the order and job lists. */
export const operationCommonFields = {
  number: {
    ...field('number'),
    type: 'integer',
    listed: true,
    searchable: true,
    filterable: true,
    sortable: true,
    readOnly: true,
    filterWidth: 'short',
  },
  serviceOfficeId: {
    ...field('serviceOfficeId'),
    type: 'reference',
    reference: { path: '/settings/service-offices', labelField: 'name' },
    listed: true,
    filterable: true,
  },
  forwarderId: {
    ...field('forwarderId'),
    type: 'reference',
    reference: colleagueReference,
    listed: true,
    filterable: true,
  },
  financeControlStatus: {
    ...field('financeControlStatus'),
    type: 'enum',
    options: FINANCE_CONTROL_STATUSES,
    optionLabels: FINANCE_CONTROL_STATUS_LABELS,
    listed: true,
    filterable: true,
    sortable: true,
    readOnly: true,
  },
  archived: {
    ...field('archived'),
    type: 'boolean',
    listed: true,
    filterable: true,
    readOnly: true,
    filterWidth: 'short',
  },
  failure: {
    ...field('failure'),
    type: 'boolean',
    filterable: true,
    filterWidth: 'short',
  },
  damaged: {
    ...field('damaged'),
    type: 'boolean',
    filterable: true,
    filterWidth: 'short',
  },
  completionDate: {
    ...field('completionDate'),
    type: 'date',
    listed: true,
    filterable: true,
    sortable: true,
  },
  route: { ...field('route'), type: 'json', hiddenInForm: true },
  dispatchDate: {
    ...field('dispatchDate'),
    type: 'date',
    listed: true,
    filterable: true,
    sortable: true,
    readOnly: true,
  },
  deliveryDate: {
    ...field('deliveryDate'),
    type: 'date',
    listed: true,
    filterable: true,
    sortable: true,
    readOnly: true,
  },
  customFields: {
    ...field('customFields'),
    type: 'json',
    hiddenInForm: true,
  },
} as const satisfies Record<string, FieldDescriptor>;

const C = operationCommonFields;

export const orderFields: readonly FieldDescriptor[] = [
  C.number,
  {
    ...field('clientId'),
    type: 'reference',
    reference: { path: '/counterparties', labelField: 'name' },
    listed: true,
    filterable: true,
  },
  {
    ...field('clientName'),
    type: 'text',
    searchable: true,
    sortable: true,
    readOnly: true,
    hiddenInForm: true,
  },
  {
    ...field('productId'),
    type: 'reference',
    reference: { path: '/tms/products', labelField: 'name' },
    listed: true,
    filterable: true,
  },
  {
    ...field('serviceId'),
    type: 'reference',
    reference: { path: '/tms/services', labelField: 'name' },
    filterable: true,
  },
  C.serviceOfficeId,
  C.forwarderId,
  {
    ...field('sellerId'),
    type: 'reference',
    reference: colleagueReference,
    filterable: true,
  },
  {
    ...field('curatorIds'),
    type: 'references',
    reference: colleagueReference,
    filterable: true,
  },
  {
    ...field('contractorIds'),
    type: 'references',
    reference: { path: '/counterparties', labelField: 'name' },
    filterable: true,
    readOnly: true,
    hiddenInForm: true,
  },
  {
    ...field('transportType'),
    type: 'enum',
    options: TRANSPORT_TYPES,
    optionLabels: TRANSPORT_TYPE_LABELS,
    listed: true,
    filterable: true,
    sortable: true,
  },
  {
    ...field('shipmentTermId'),
    type: 'reference',
    reference: { path: '/tms/shipment-terms', labelField: 'code' },
  },
  {
    ...field('paymentTermsBasis'),
    type: 'enum',
    options: PAYMENT_TERMS_BASES,
    optionLabels: PAYMENT_TERMS_BASIS_LABELS,
  },
  { ...field('paymentTermsDays'), type: 'integer' },
  C.route,
  C.dispatchDate,
  C.deliveryDate,
  { ...field('cargo'), type: 'json', hiddenInForm: true },
  {
    ...field('cargoDescription'),
    type: 'text',
    listed: true,
    searchable: true,
    readOnly: true,
    hiddenInForm: true,
    filterWidth: 'wide',
  },
  C.financeControlStatus,
  {
    ...field('cargoInsuranceStatus'),
    type: 'enum',
    options: CARGO_INSURANCE_STATUSES,
    optionLabels: CARGO_INSURANCE_STATUS_LABELS,
    filterable: true,
    sortable: true,
    readOnly: true,
  },
  {
    ...field('tnvedControlStatus'),
    type: 'enum',
    options: TNVED_CONTROL_STATUSES,
    optionLabels: TNVED_CONTROL_STATUS_LABELS,
    filterable: true,
    sortable: true,
    readOnly: true,
  },
  {
    ...field('transfersStatus'),
    type: 'enum',
    options: TRANSFERS_STATUSES,
    optionLabels: TRANSFERS_STATUS_LABELS,
    filterable: true,
    sortable: true,
    readOnly: true,
  },
  {
    ...field('markingStatus'),
    type: 'enum',
    options: MARKING_STATUSES,
    optionLabels: MARKING_STATUS_LABELS,
    filterable: true,
    sortable: true,
    readOnly: true,
  },
  C.archived,
  C.failure,
  C.damaged,
  {
    ...field('inWarehouse'),
    type: 'boolean',
    filterable: true,
    readOnly: true,
    filterWidth: 'short',
  },
  C.completionDate,
  {
    ...field('stageDue'),
    type: 'enum',
    options: STAGE_DUE_FILTERS,
    optionLabels: STAGE_DUE_FILTER_LABELS,
    filterable: true,
    readOnly: true,
    hiddenInForm: true,
  },
  C.customFields,
  createdAtField,
  updatedAtField,
];

/**
 * Orders (`/tms/orders`). The search covers the padded number, the client's name and the cargo
 * description; `stageDue` is a computed filter (orders with an open stage expected today, or before today).
 */
export const orderResource = defineResource({
  fieldRoles: ORDER_FIELD_RULES,
  name: 'order',
  path: '/tms/orders',
  title: 'operations.orders.title',
  itemTitle: 'operations.orders.item',
  titles: { ru: 'Заказы', en: 'Orders' },
  entity: orderSchema,
  create: orderCreateSchema,
  fields: orderFields,
  roles: OPERATION_ROLES.order,
  labelField: 'number',
  defaultSort: { field: 'number', order: 'desc' },
  deletable: true,
  screens: { create: true, edit: true },
});

import { z } from 'zod';
import { createdAtField, updatedAtField } from '../common/dictionary';
import { defineFieldRoles, fieldRoleOf } from '../common/field-roles';
import { defineResource, entityBase, type FieldDescriptor, updateSchemaOf } from '../common/resource';
import { MATERIAL_ASSET_MESSAGES, moneyAmountSchema } from '../company/material-assets';
import { COUNTERPARTY_MESSAGES } from '../counterparties/messages';
import type { CustomFieldDefinition } from '../custom-fields/definitions';
import { inheritedCustomFieldValues } from '../custom-fields/values';
import type { Role } from '../permissions';
import { holdsRole, OPERATION_ROLES, type OperationActor } from './actor';
import { OPERATION_MESSAGES as M, type OperationIssue } from './messages';
import {
  operationCommonFields as C,
  customFieldValuesSchema,
  OPERATION_CREATE_DEFAULTS,
  type Order,
} from './order';
import { type RoutePointInput, routeInputSchema, routePointSchema } from './route';
import { FINANCE_CONTROL_STATUSES } from './statuses';

const id = z.number().int().positive();
const nullableId = id.nullable().optional();

/**
 * The body of `POST /api/tms/jobs` (also `/tms/orders/{orderId}/jobs/new` with the order preset); the update
 * body is its partial plus `version`. Rules needing other records are the server's: the orders
 * (`jobOrderIssue`), the job type against the orders' products (`jobTypeIssue`), the contractor
 * (`jobContractorIssue`), tracking against bills (`trackingJobIssue`), the edit lock of the job and of its
 * orders (`operationEditLock`).
 */
export const jobCreateSchema = z.object({
  jobTypeId: id,
  contractorId: nullableId,
  /** Exactly one order, or several for a consolidation (ROLE_ORDER_CONSOLIDATION). */
  orderIds: z
    .array(id)
    .max(100)
    .overwrite((values) => [...new Set(values)])
    .refine((values) => values.length > 0, M.jobNoOrders),
  route: routeInputSchema.optional(),
  costAmount: moneyAmountSchema.nullable().optional(),
  costCurrencyId: nullableId,
  /** Only follows a shipment someone else runs: never has bills. */
  tracking: z.boolean().optional(),
  serviceOfficeId: nullableId,
  forwarderId: nullableId,
  customFieldGroupId: nullableId,
  customFields: customFieldValuesSchema.optional(),
  failure: z.boolean().optional(),
  damaged: z.boolean().optional(),
  completionDate: z.iso.date().nullable().optional(),
});
export type JobCreate = z.infer<typeof jobCreateSchema>;
export const jobUpdateSchema = updateSchemaOf(jobCreateSchema);
export type JobUpdate = z.infer<typeof jobUpdateSchema>;

export const jobSchema = z.object({
  ...entityBase,
  number: z.number().int(),
  jobTypeId: z.number().int(),
  contractorId: z.number().int().nullable(),
  /** The contractor's name at the last save, for the list and the search. */
  contractorName: z.string().nullable(),
  orderIds: z.array(z.number().int()),
  /** The clients of the job's orders, for the list filter. */
  clientIds: z.array(z.number().int()),
  route: z.array(routePointSchema),
  dispatchDate: z.string().nullable(),
  deliveryDate: z.string().nullable(),
  costAmount: z.string().nullable(),
  costCurrencyId: z.number().int().nullable(),
  tracking: z.boolean(),
  serviceOfficeId: z.number().int().nullable(),
  forwarderId: z.number().int().nullable(),
  customFieldGroupId: z.number().int().nullable(),
  customFields: z.record(z.string(), z.unknown()),
  financeControlStatus: z.enum(FINANCE_CONTROL_STATUSES),
  financeControlReasonId: z.number().int().nullable(),
  financeControlChangedAt: z.string().nullable(),
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
  failure: z.boolean(),
  damaged: z.boolean(),
  completionDate: z.string().nullable(),
  createdById: z.number().int().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/**
 * Fields only holders of a role may set or change (spec §6 "Orders and jobs"), as ORDER_FIELD_ROLES for
 * orders; the server refuses a changed value without it ("Field edit access denied.") and the web disables
 * the input. The job keeps no liquid flag of its own (liquid cargo is the order's), and more than one order
 * is the consolidation rule of `jobOrderIssue`.
 */
export const JOB_FIELD_ROLES: Readonly<Record<string, Role>> = {
  contractorId: 'ROLE_ORDER_COUNTERPARTY_CHANGE',
  damaged: 'ROLE_ORDER_CARGO_DAMAGE',
  completionDate: 'ROLE_ORDER_COMPLETION_MARK',
};

/**
 * The role a user needs to set `field` of a job (`existing` null: a new job), or undefined when edit access
 * is enough. Choosing the contractor of a job that has none (at creation or later, after the trading) is
 * the forwarder's everyday work; replacing or removing a chosen one is the counterparty change.
 */
export function jobFieldRole(field: string, existing: Pick<Job, 'contractorId'> | null): Role | undefined {
  return fieldRoleOf(JOB_FIELD_RULES, field, existing);
}

/** The job's field roles as its resource declares them. */
export const JOB_FIELD_RULES = defineFieldRoles<Pick<Job, 'contractorId'>>({
  roles: JOB_FIELD_ROLES,
  isFree: (field, existing) =>
    field === 'contractorId' && (existing === null || existing.contractorId === null),
  createDefaults: OPERATION_CREATE_DEFAULTS,
});

/** A job has exactly one order, or several when the user may consolidate. */
export function jobOrderIssue(orderIds: readonly number[], actor: OperationActor): OperationIssue | null {
  if (orderIds.length === 0) return { path: ['orderIds'], message: M.jobNoOrders };
  if (orderIds.length > 1 && !holdsRole(actor, 'ROLE_ORDER_CONSOLIDATION')) {
    return { path: ['orderIds'], message: M.jobMoreThanOneOrder };
  }
  return null;
}

/** The job type must list the product of every order of the job among its compatible products. */
export function jobTypeIssue(
  jobType: { productIds: readonly number[] },
  orders: readonly Pick<Order, 'productId'>[],
): OperationIssue | null {
  return orders.every((order) => jobType.productIds.includes(order.productId))
    ? null
    : { path: ['jobTypeId'], message: M.jobTypeIncompatible };
}

/**
 * The contractor of a job: a contractor, not black-listed, and with liquid access when any of the job's
 * orders carries liquid cargo.
 */
export function jobContractorIssue(
  contractor: { contractor: boolean; blackList: boolean; liquidAccess: boolean },
  liquidCargo: boolean,
): OperationIssue | null {
  const at = (message: string) => ({ path: ['contractorId'], message });
  if (!contractor.contractor) return at(M.notContractor);
  if (contractor.blackList) return at(COUNTERPARTY_MESSAGES.blackListed);
  if (liquidCargo && !contractor.liquidAccess) return at(M.liquidAccess);
  return null;
}

/** A tracking job can never have bills: refused when the job becomes tracking while it has some. */
export function trackingJobIssue(job: { tracking: boolean; billCount: number }): OperationIssue | null {
  return job.tracking && job.billCount > 0 ? { path: ['tracking'], message: M.trackingJobBills } : null;
}

/** For the bills module: a bill may be linked to the job. */
export function jobCanHaveBills(job: Pick<Job, 'tracking'>): boolean {
  return !job.tracking;
}

/** A cost needs its currency. */
export function jobCostIssue(job: {
  costAmount?: string | null;
  costCurrencyId?: number | null;
}): OperationIssue | null {
  return job.costAmount && !job.costCurrencyId
    ? { path: ['costCurrencyId'], message: MATERIAL_ASSET_MESSAGES.currencyRequired }
    : null;
}

/**
 * What a job created from an order starts with: the order, its route, office and forwarder, its custom field
 * group and the values of fields flagged "inherit on job creation".
 */
export function jobDefaultsFromOrder(
  order: Order,
  definitions: readonly CustomFieldDefinition[],
): Omit<JobCreate, 'jobTypeId'> & { route: RoutePointInput[] } {
  return {
    orderIds: [order.id],
    route: order.route.map((point) => ({ ...point })),
    serviceOfficeId: order.serviceOfficeId,
    forwarderId: order.forwarderId,
    customFieldGroupId: order.customFieldGroupId,
    customFields: inheritedCustomFieldValues(definitions, order.customFields, 'job'),
  };
}

const field = (name: string) => ({
  name,
  label: `operations.fields.${name}`,
});

export const jobFields: readonly FieldDescriptor[] = [
  C.number,
  {
    ...field('jobTypeId'),
    type: 'reference',
    reference: { path: '/tms/job-types', labelField: 'name' },
    listed: true,
    filterable: true,
  },
  {
    ...field('contractorId'),
    type: 'reference',
    reference: { path: '/counterparties', labelField: 'name' },
    listed: true,
    filterable: true,
  },
  {
    ...field('contractorName'),
    type: 'text',
    searchable: true,
    sortable: true,
    readOnly: true,
    hiddenInForm: true,
  },
  {
    ...field('orderIds'),
    type: 'references',
    reference: { path: '/tms/orders', labelField: 'number', padded: true },
    listed: true,
    filterable: true,
  },
  {
    ...field('clientIds'),
    type: 'references',
    reference: { path: '/counterparties', labelField: 'name' },
    filterable: true,
    readOnly: true,
    hiddenInForm: true,
  },
  C.route,
  C.dispatchDate,
  C.deliveryDate,
  { ...field('costAmount'), type: 'money', listed: true, sortable: true },
  {
    ...field('costCurrencyId'),
    type: 'reference',
    reference: { path: '/settings/currencies', labelField: 'code' },
    listed: true,
    filterable: true,
  },
  {
    ...field('tracking'),
    type: 'boolean',
    listed: true,
    filterable: true,
    filterWidth: 'short',
  },
  C.serviceOfficeId,
  C.forwarderId,
  C.financeControlStatus,
  C.archived,
  C.failure,
  C.damaged,
  C.completionDate,
  C.customFields,
  createdAtField,
  updatedAtField,
];

/** Jobs (`/tms/jobs`); the search covers the padded number and the contractor's name. */
export const jobResource = defineResource({
  fieldRoles: JOB_FIELD_RULES,
  name: 'job',
  path: '/tms/jobs',
  title: 'operations.jobs.title',
  itemTitle: 'operations.jobs.item',
  titles: { ru: 'Работы', en: 'Jobs' },
  entity: jobSchema,
  create: jobCreateSchema,
  fields: jobFields,
  roles: OPERATION_ROLES.job,
  labelField: 'number',
  defaultSort: { field: 'number', order: 'desc' },
  deletable: true,
  screens: { create: true, edit: true },
});

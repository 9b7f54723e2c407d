import { z } from 'zod';
import { declareResource } from '../common/declare';
import { defineFieldRoles, fieldRoleOf } from '../common/field-roles';
import { f } from '../common/fields';
import { updateSchemaOf } from '../common/resource';
import { MATERIAL_ASSET_MESSAGES, moneyAmountSchema } from '../company/material-assets';
import { counterpartyResource } from '../counterparties/counterparty';
import { COUNTERPARTY_MESSAGES } from '../counterparties/messages';
import type { CustomFieldDefinition } from '../custom-fields/definitions';
import { inheritedCustomFieldValues } from '../custom-fields/values';
import type { Role } from '../permissions';
import { currencyResource } from '../reference-data/currencies';
import { holdsRole, OPERATION_ROLES, type OperationActor } from './actor';
import { jobTypeResource } from './job-types';
import { OPERATION_MESSAGES as M, type OperationIssue } from './messages';
import { operationCommonFields as C, OPERATION_CREATE_DEFAULTS, type Order, orderResource } from './order';
import type { RouteEndPoint, RoutePointInput } from './route';

const id = z.number().int().positive();

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

/** The job's field roles as its resource declares them (typed apart from `Job`, which the resource gives). */
export const JOB_FIELD_RULES = defineFieldRoles<{ contractorId: number | null }>({
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

/**
 * Jobs (`/tms/jobs`); the search covers the padded number and the contractor's name. The create body is
 * also `/tms/orders/{orderId}/jobs/new`'s, with the order preset. Rules needing other records are the
 * server's: the orders (`jobOrderIssue`), the job type against the orders' products (`jobTypeIssue`), the
 * contractor (`jobContractorIssue`), tracking against bills (`trackingJobIssue`), the edit lock of the job
 * and of its orders (`operationEditLock`).
 */
export const jobResource = declareResource({
  fieldRoles: JOB_FIELD_RULES,
  name: 'job',
  path: '/tms/jobs',
  title: 'operations.jobs.title',
  itemTitle: 'operations.jobs.item',
  keys: 'operations.fields',
  fields: {
    number: C.number,
    jobTypeId: f.reference(jobTypeResource).listed().filterable(),
    contractorId: f.reference(counterpartyResource).optional().listed().filterable(),
    /** The contractor's name at the last save, for the list and the search. */
    contractorName: f.text().readOnly().optional().searchable().sortable().hiddenInForm(),
    /** Exactly one order, or several for a consolidation (ROLE_ORDER_CONSOLIDATION). */
    orderIds: f
      .references(orderResource, undefined, { padded: true })
      .input(
        z
          .array(id)
          .max(100)
          .overwrite((values) => [...new Set(values)])
          .refine((values) => values.length > 0, M.jobNoOrders),
      )
      .listed()
      .filterable(),
    /** The clients of the job's orders, for the list filter. */
    clientIds: f.references(counterpartyResource).readOnly().filterable().hiddenInForm(),
    route: C.route,
    dispatchDate: C.dispatchDate,
    deliveryDate: C.deliveryDate,
    costAmount: f.money().input(moneyAmountSchema).optional().listed().sortable(),
    costCurrencyId: f.reference(currencyResource, 'code').optional().listed().filterable(),
    /** Only follows a shipment someone else runs: never has bills. */
    tracking: f.boolean().defaulted().listed().filterable().width('short'),
    serviceOfficeId: C.serviceOfficeId,
    forwarderId: C.forwarderId,
    customFieldGroupId: C.customFieldGroupId,
    financeControlStatus: C.financeControlStatus,
    financeControlReasonId: C.financeControlReasonId,
    financeControlChangedAt: C.financeControlChangedAt,
    archived: C.archived,
    archivedAt: C.archivedAt,
    failure: C.failure,
    damaged: C.damaged,
    completionDate: C.completionDate,
    customFields: C.customFields,
    createdById: C.createdById,
    createdAt: f.createdAt(),
    updatedAt: f.updatedAt(),
  },
  roles: OPERATION_ROLES.job,
  labelField: 'number',
  defaultSort: { field: 'number', order: 'desc' },
  deletable: true,
  screens: { create: true, edit: true },
});

/** The body of `POST /api/tms/jobs`; the update body is its partial plus `version`. */
export const jobCreateSchema = jobResource.create;
export type JobCreate = z.infer<typeof jobCreateSchema>;
export const jobUpdateSchema = updateSchemaOf(jobCreateSchema);
export type JobUpdate = z.infer<typeof jobUpdateSchema>;
export const jobSchema = jobResource.entity;
/** A row of the job list: the job without what only the record answers (its cargo, custom fields). */
export type JobListRow = Omit<Job, 'customFields' | 'route'> & { route: RouteEndPoint[] };
export const jobListRowSchema = (jobResource.listEntity ??
  jobResource.entity) as unknown as z.ZodType<JobListRow>;
export type Job = z.infer<typeof jobSchema>;

import type {
  Cargo,
  CargoInsuranceStatus,
  FinanceControlStatus,
  MarkingStatus,
  OperationType,
  PaymentTermsBasis,
  RoutePoint,
  TnvedControlStatus,
  TransfersStatus,
  TransportType,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { serviceOffices, users } from '../../platform/identity/tables';
import { dictionaryColumns, listIndexes, searchTextColumn } from '../../platform/resources/indexes';
import { counterparties } from '../counterparties';
import { operationCustomFieldGroups } from '../custom-fields';
import { financeControlStatusReasons } from '../finance';
import { countries, currencies, shipmentTerms } from '../reference-data';

const day = (name: string) => date(name, { mode: 'string' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The search text of an operation: the number padded as people write it ("000042"), then the given
 * columns, lower-cased. The number is the id (spec §9), so the id is padded: a generated column cannot
 * read another generated column.
 */
function operationSearchText(...columns: string[]) {
  const parts = columns.map((c) => `coalesce(${JSON.stringify(c)}::text, '')`);
  return text('search_text').generatedAlwaysAs(
    (): SQL => sql.raw(`lower(lpad("id"::text, 6, '0') || E'\\n' || ${parts.join(` || E'\\n' || `)})`),
  );
}

/** Columns orders and jobs share: route summary, office, forwarder, custom fields, statuses and flags. */
function operationColumns() {
  return {
    /** The operation's number: its id (spec §9, shown padded to 6 digits). */
    number: integer('number')
      .notNull()
      .generatedAlwaysAs((): SQL => sql.raw('"id"')),
    route: jsonb('route').$type<RoutePoint[]>().notNull().default([]),
    dispatchDate: day('dispatch_date'),
    deliveryDate: day('delivery_date'),
    serviceOfficeId: integer('service_office_id').references(() => serviceOffices.id),
    forwarderId: integer('forwarder_id').references(() => users.id),
    customFieldGroupId: integer('custom_field_group_id').references(() => operationCustomFieldGroups.id),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    financeControlStatus: text('finance_control_status')
      .$type<FinanceControlStatus>()
      .notNull()
      .default('NOT_READY'),
    financeControlReasonId: integer('finance_control_reason_id').references(
      () => financeControlStatusReasons.id,
    ),
    financeControlChangedAt: at('finance_control_changed_at'),
    archived: boolean('archived').notNull().default(false),
    archivedAt: at('archived_at'),
    failure: boolean('failure').notNull().default(false),
    damaged: boolean('damaged').notNull().default(false),
    completionDate: day('completion_date'),
    createdById: integer('created_by_id').references(() => users.id),
  };
}

/** Orders (spec §3 "Order and job"): what a client bought. Route and cargo are documents of the order. */
export const orders = pgTable(
  'orders',
  {
    ...entityColumns(),
    ...operationColumns(),
    clientId: integer('client_id')
      .notNull()
      .references(() => counterparties.id),
    clientName: text('client_name').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The product's name (kept on its renames), so that the list sorts by product as by client. */
    productName: text('product_name').notNull(),
    serviceId: integer('service_id').references(() => services.id),
    sellerId: integer('seller_id').references(() => users.id),
    curatorIds: integer('curator_ids').array().notNull().default([]),
    transportType: text('transport_type').$type<TransportType>(),
    shipmentTermId: integer('shipment_term_id').references(() => shipmentTerms.id),
    paymentTermsBasis: text('payment_terms_basis').$type<PaymentTermsBasis>(),
    paymentTermsDays: integer('payment_terms_days'),
    /** The income expected in the base currency: its unbilled part counts in the client's credit exposure. */
    plannedIncome: numeric('planned_income', { precision: 18, scale: 2 }),
    dispatchCountryId: integer('dispatch_country_id').references(() => countries.id),
    deliveryCountryId: integer('delivery_country_id').references(() => countries.id),
    cargo: jsonb('cargo').$type<Cargo>().notNull(),
    cargoDescription: text('cargo_description'),
    cargoInsuranceStatus: text('cargo_insurance_status')
      .$type<CargoInsuranceStatus>()
      .notNull()
      .default('NOT_READY'),
    tnvedControlStatus: text('tnved_control_status')
      .$type<TnvedControlStatus>()
      .notNull()
      .default('NOT_READY'),
    transfersStatus: text('transfers_status').$type<TransfersStatus>().notNull().default('not-required'),
    markingStatus: text('marking_status').$type<MarkingStatus>().notNull().default('not_required'),
    inWarehouse: boolean('in_warehouse').notNull().default(false),
    expensesFiled: boolean('expenses_filed').notNull().default(false),
    /** The contractors of the order's jobs (kept by the jobs' writes), for the list filter. */
    contractorIds: integer('contractor_ids').array().notNull().default([]),
    /** The forwarders of the order's jobs (kept by the jobs' writes), for the related scope. */
    jobForwarderIds: integer('job_forwarder_ids').array().notNull().default([]),
    /**
     * The expected dates of the open stages of the order and of its jobs, ascending and distinct (kept by
     * the stages' writes and the jobs' links): stages due today or overdue are then an index lookup on the
     * orders alone, however many stages there are.
     */
    openStageDates: day('open_stage_dates').array().notNull().default([]),
    /**
     * The earliest of them while the order is live (an archived order's stages are not due), as a column so
     * that overdue orders are one range of its index: one condition the planner estimates from this
     * column's statistics, where "live and before today" multiplied two correlated guesses.
     */
    nextStageDate: day('next_stage_date').generatedAlwaysAs(
      (): SQL => sql.raw('CASE WHEN archived THEN NULL ELSE open_stage_dates[1] END'),
    ),
    /** How many stages the order has and how many of them are closed (kept with the dates), for the list. */
    stagesTotal: integer('stages_total').notNull().default(0),
    stagesClosed: integer('stages_closed').notNull().default(0),
    /** The customer request the order was made from (no foreign key: requests build on operations). */
    requestId: integer('request_id'),
    /**
     * The auto-assignment rule that gave the order its forwarder, and its name then (no foreign key: the
     * rule may go, the record of what happened stays; docs/assignment.md).
     */
    assignmentRuleId: integer('assignment_rule_id'),
    assignmentRuleName: text('assignment_rule_name'),
    searchText: operationSearchText('client_name', 'cargo_description'),
  },
  (t) => [
    // With the status: a client's orders in one status (finance looking at what is ready) is one range.
    index('orders_client_idx').on(t.clientId, t.financeControlStatus),
    index('orders_request_idx').on(t.requestId),
    // A client's first order ever (the new-clients report: docs/reports.md) is the first of this range.
    index('orders_client_created_idx').on(t.clientId, t.createdAt),
    index('orders_product_idx').on(t.productId),
    index('orders_service_idx').on(t.serviceId),
    index('orders_office_idx').on(t.serviceOfficeId),
    index('orders_forwarder_idx').on(t.forwarderId),
    index('orders_seller_idx').on(t.sellerId),
    index('orders_curators_idx').using('gin', t.curatorIds),
    index('orders_contractors_idx').using('gin', t.contractorIds),
    index('orders_job_forwarders_idx').using('gin', t.jobForwarderIds),
    // No index is partial on "live" (NOT archived) or has an `archived` column: the planner would read it
    // whole as the live orders' bitmap (195,000 entries at 1,000,000 orders) to AND it with a few hundred
    // candidates (one forwarder's open orders: 15 ms instead of 1). Live orders with due stages are found
    // through `next_stage_date`, null once archived.
    index('orders_open_stage_dates_idx').using('gin', t.openStageDates),
    index('orders_next_stage_date_idx').on(t.nextStageDate).where(sql`next_stage_date IS NOT NULL`),
    // Live orders awaiting finance control (the dashboard's figure, finance's list): partial on the status
    // too, so no query on "live" alone reads it.
    index('orders_awaiting_finance_control_idx')
      .on(t.id)
      .where(sql`finance_control_status = 'READY' AND NOT archived`),
    check('orders_planned_income_positive', sql`${t.plannedIncome} IS NULL OR ${t.plannedIncome} >= 0`),
    // The credit exposure of a client reads its open orders with a planned income (docs/finance.md).
    index('orders_open_planned_income_idx')
      .on(t.clientId)
      .where(sql`planned_income IS NOT NULL AND NOT archived AND finance_control_status <> 'ACCEPTED'`),
    ...listIndexes('orders', t, {
      sortable: [
        t.number,
        t.clientName,
        t.productName,
        t.transportType,
        t.dispatchDate,
        t.deliveryDate,
        t.financeControlStatus,
        t.cargoInsuranceStatus,
        t.tnvedControlStatus,
        t.transfersStatus,
        t.markingStatus,
        t.completionDate,
        t.createdAt,
        t.updatedAt,
      ],
      searchText: t.searchText,
    }),
  ],
);

/** Jobs: work given to a contractor to fulfil (part of) an order. */
export const jobs = pgTable(
  'jobs',
  {
    ...entityColumns(),
    ...operationColumns(),
    jobTypeId: integer('job_type_id')
      .notNull()
      .references(() => jobTypes.id),
    contractorId: integer('contractor_id').references(() => counterparties.id),
    contractorName: text('contractor_name'),
    /** The job's orders (`job_orders` holds the same links with their integrity), for the list filter. */
    orderIds: integer('order_ids').array().notNull().default([]),
    /** The clients of the job's orders, for the list filter. */
    clientIds: integer('client_ids').array().notNull().default([]),
    costAmount: numeric('cost_amount', { precision: 18, scale: 2 }),
    costCurrencyId: integer('cost_currency_id').references(() => currencies.id),
    tracking: boolean('tracking').notNull().default(false),
    searchText: operationSearchText('contractor_name'),
  },
  (t) => [
    index('jobs_job_type_idx').on(t.jobTypeId),
    index('jobs_contractor_idx').on(t.contractorId),
    index('jobs_office_idx').on(t.serviceOfficeId),
    index('jobs_forwarder_idx').on(t.forwarderId),
    index('jobs_orders_idx').using('gin', t.orderIds),
    index('jobs_clients_idx').using('gin', t.clientIds),
    ...listIndexes('jobs', t, {
      sortable: [
        t.number,
        t.contractorName,
        t.dispatchDate,
        t.deliveryDate,
        t.costAmount,
        t.financeControlStatus,
        t.completionDate,
        t.createdAt,
        t.updatedAt,
      ],
      searchText: t.searchText,
    }),
  ],
);

/** Which orders a job fulfils: one, or several for a consolidation. An order with jobs cannot be deleted. */
export const jobOrders = pgTable(
  'job_orders',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.orderId] }), index('job_orders_order_idx').on(t.orderId)],
);

/** Stages of an order or a job; names and behaviours are taken from the stage type when created. */
export const stages = pgTable(
  'stages',
  {
    ...entityColumns(),
    operationType: text('operation_type').$type<OperationType>().notNull(),
    operationId: integer('operation_id').notNull(),
    stageTypeId: integer('stage_type_id')
      .notNull()
      .references(() => stageTypes.id),
    name: text('name').notNull(),
    pccName: text('pcc_name').notNull(),
    pccVisible: boolean('pcc_visible').notNull(),
    opsName: text('ops_name').notNull(),
    opsVisible: boolean('ops_visible').notNull(),
    behaviours: text('behaviours').array().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
    expectedDate: day('expected_date'),
    actualDate: day('actual_date'),
    closed: boolean('closed').notNull().default(false),
    closedAt: at('closed_at'),
    closedById: integer('closed_by_id').references(() => users.id),
    comment: text('comment'),
  },
  (t) => [index('stages_operation_idx').on(t.operationType, t.operationId)],
);

/** Each user's property view preferences (spec §2), one document per user. */
export const operationPropertyViews = pgTable('operation_property_views', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Services the company sells; products bundle them. */
export const services = pgTable(
  'services',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
    transportType: text('transport_type').$type<TransportType>(),
  },
  (t) => [
    uniqueIndex('services_code_uq').on(t.code),
    ...listIndexes('services', t, {
      sortable: [t.name, t.nameEn, t.transportType, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Products: bundles of services with route limits. `service_ids` is checked by the product hooks. */
export const products = pgTable(
  'products',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
    serviceIds: integer('service_ids').array().notNull().default([]),
    maxDispatchPoints: integer('max_dispatch_points'),
    maxDeliveryPoints: integer('max_delivery_points'),
  },
  (t) => [
    uniqueIndex('products_code_uq').on(t.code),
    index('products_service_ids_idx').using('gin', t.serviceIds),
    ...listIndexes('products', t, {
      sortable: [t.name, t.nameEn, t.maxDispatchPoints, t.maxDeliveryPoints, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Job types and the products they are compatible with (`product_ids`, checked by the hooks). */
export const jobTypes = pgTable(
  'job_types',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
    productIds: integer('product_ids').array().notNull().default([]),
  },
  (t) => [
    uniqueIndex('job_types_code_uq').on(t.code),
    index('job_types_product_ids_idx').using('gin', t.productIds),
    ...listIndexes('job_types', t, { sortable: [t.name, t.nameEn, t.updatedAt], searchText: t.searchText }),
  ],
);

/** Kinds of stages with their PCC/OPS presentation and behaviours (STAGE_BEHAVIOURS codes). */
export const stageTypes = pgTable(
  'stage_types',
  {
    ...entityColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    pccName: text('pcc_name'),
    pccVisible: boolean('pcc_visible').notNull().default(false),
    opsName: text('ops_name'),
    opsVisible: boolean('ops_visible').notNull().default(true),
    behaviours: text('behaviours').array().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name', 'code', 'pcc_name', 'ops_name'),
  },
  (t) => [
    uniqueIndex('stage_types_code_uq').on(t.code),
    ...listIndexes('stage_types', t, {
      sortable: [t.name, t.pccName, t.opsName, t.sortOrder, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

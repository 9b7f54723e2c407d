import type { Cargo, CustomsStatus, Money, OfferStatus, RequestStatus, RoutePoint } from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { serviceOffices, users } from '../../platform/identity/tables';
import {
  dictionaryColumns,
  listIndexes,
  resourceTable,
  searchTextColumn,
} from '../../platform/resources/indexes';
import { counterparties } from '../counterparties';

/** Kinds of offers on customer requests. */
export const requestOfferTypes = pgTable(
  'request_offer_types',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
  },
  (t) => [
    uniqueIndex('request_offer_types_code_uq').on(t.code),
    ...listIndexes('request_offer_types', t, {
      sortable: [t.name, t.nameEn, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

const day = (name: string) => date(name, { mode: 'string' });

/** Customer requests (spec §3 Request): a client's ask for a price of a route and cargo. */
export const customerRequests = pgTable(
  'customer_requests',
  {
    ...entityColumns(),
    /** The request's number: its id (spec §9, shown padded to 6 digits). */
    number: integer('number')
      .notNull()
      .generatedAlwaysAs((): SQL => sql.raw('"id"')),
    clientId: integer('client_id')
      .notNull()
      .references(() => counterparties.id),
    clientName: text('client_name').notNull(),
    sellerId: integer('seller_id').references(() => users.id),
    substituteId: integer('substitute_id').references(() => users.id),
    forwarderId: integer('forwarder_id').references(() => users.id),
    serviceOfficeId: integer('service_office_id').references(() => serviceOffices.id),
    route: jsonb('route').$type<RoutePoint[]>().notNull().default([]),
    dispatchDate: day('dispatch_date'),
    deliveryDate: day('delivery_date'),
    cargo: jsonb('cargo').$type<Cargo>().notNull(),
    cargoDescription: text('cargo_description'),
    transportTypes: jsonb('transport_types').$type<string[]>().notNull(),
    serviceIds: integer('service_ids').array().notNull().default([]),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    executionComment: text('execution_comment'),
    tnvedComment: text('tnved_comment'),
    complexMark: boolean('complex_mark').notNull().default(false),
    status: text('status').$type<RequestStatus>().notNull().default('QUOTE_NOT_COMPLETED'),
    statusReason: text('status_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    previousStatus: text('previous_status').$type<RequestStatus>(),
    customs: boolean('customs').notNull().default(false),
    /** Null on a request that is not a customs request. */
    customsStatus: text('customs_status').$type<CustomsStatus>(),
    customsStatusReason: text('customs_status_reason'),
    declarantId: integer('declarant_id').references(() => users.id),
    customsSpecialistId: integer('customs_specialist_id').references(() => users.id),
    /** The auto-assignment rules that chose the forwarder and the customs specialist (docs/assignment.md). */
    assignmentRuleId: integer('assignment_rule_id'),
    assignmentRuleName: text('assignment_rule_name'),
    customsAssignmentRuleId: integer('customs_assignment_rule_id'),
    customsAssignmentRuleName: text('customs_assignment_rule_name'),
    createdById: integer('created_by_id').references(() => users.id),
    /** The padded number, the client's name and the cargo description, lower-cased. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql.raw(
          `lower(lpad("id"::text, 6, '0') || E'\\n' || coalesce("client_name", '') || E'\\n' || coalesce("cargo_description", ''))`,
        ),
    ),
  },
  (t) => [
    index('customer_requests_client_idx').on(t.clientId),
    index('customer_requests_office_idx').on(t.serviceOfficeId),
    index('customer_requests_seller_idx').on(t.sellerId),
    index('customer_requests_forwarder_idx').on(t.forwarderId),
    index('customer_requests_created_by_idx').on(t.createdById),
    index('customer_requests_substitute_idx').on(t.substituteId),
    index('customer_requests_declarant_idx').on(t.declarantId),
    index('customer_requests_customs_specialist_idx').on(t.customsSpecialistId),
    ...listIndexes('customer_requests', t, {
      sortable: [
        t.number,
        t.clientName,
        t.status,
        t.customsStatus,
        t.dispatchDate,
        t.deliveryDate,
        t.createdAt,
      ],
      searchText: t.searchText,
    }),
  ],
);

/**
 * Hyper customer requests (docs/requests.md "Hyper requests"): one client's tender; its lots (name and
 * request, in the tender's order) are customer requests created through the requests' service.
 */
export const hyperCustomerRequests = pgTable(
  'hyper_customer_requests',
  {
    ...entityColumns(),
    number: integer('number')
      .notNull()
      .generatedAlwaysAs((): SQL => sql.raw('"id"')),
    name: text('name').notNull(),
    tenderNumber: text('tender_number'),
    clientId: integer('client_id')
      .notNull()
      .references(() => counterparties.id),
    clientName: text('client_name').notNull(),
    sellerId: integer('seller_id').references(() => users.id),
    forwarderId: integer('forwarder_id').references(() => users.id),
    serviceOfficeId: integer('service_office_id').references(() => serviceOffices.id),
    deadline: day('deadline'),
    comment: text('comment'),
    lots: jsonb('lots').$type<{ name: string; requestId: number }[]>().notNull().default([]),
    createdById: integer('created_by_id').references(() => users.id),
    /** The padded number, the name, the tender's number and the client's name, lower-cased. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql.raw(
          `lower(lpad("id"::text, 6, '0') || E'\\n' || "name" || E'\\n' || coalesce("tender_number", '') || E'\\n' || "client_name")`,
        ),
    ),
  },
  (t) => [
    index('hyper_customer_requests_client_idx').on(t.clientId),
    index('hyper_customer_requests_office_idx').on(t.serviceOfficeId),
    index('hyper_customer_requests_seller_idx').on(t.sellerId),
    index('hyper_customer_requests_forwarder_idx').on(t.forwarderId),
    index('hyper_customer_requests_created_by_idx').on(t.createdById),
    ...listIndexes('hyper_customer_requests', t, {
      sortable: [t.number, t.name, t.clientName, t.deadline, t.createdAt],
      searchText: t.searchText,
    }),
  ],
);

// The offers and quotes of docs/request-offers.md.

/** Contractors' offers on customer requests (docs/request-offers.md). */
export const requestOffers = resourceTable(
  'request_offers',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => customerRequests.id),
    offerTypeId: integer('offer_type_id')
      .notNull()
      .references(() => requestOfferTypes.id),
    contractorId: integer('contractor_id')
      .notNull()
      .references(() => counterparties.id),
    contractorName: text('contractor_name').notNull(),
    amounts: jsonb('amounts').$type<Money[]>().notNull().default([]),
    amountInBaseCurrency: numeric('amount_in_base_currency', { precision: 18, scale: 2 }),
    baseCurrency: text('base_currency'),
    rateDate: day('rate_date'),
    validUntil: day('valid_until'),
    status: text('status').$type<OfferStatus>().notNull().default('REQUESTED'),
    disabled: boolean('disabled').notNull().default(false),
    selected: boolean('selected').notNull().default(false),
    comment: text('comment'),
    createdById: integer('created_by_id').references(() => users.id),
    searchText: searchTextColumn('contractor_name'),
  },
  {
    indexed: ['requestId', 'offerTypeId', 'contractorId'],
    sortable: ['contractorName', 'amountInBaseCurrency', 'validUntil', 'status', 'createdAt'],
  },
);

/** Templates that prefill a new offer (ROLE_REQUEST_OFFER_TEMPLATES). */
export const requestOfferTemplates = resourceTable(
  'request_offer_templates',
  {
    name: text('name').notNull(),
    offerTypeId: integer('offer_type_id').references(() => requestOfferTypes.id),
    contractorId: integer('contractor_id').references(() => counterparties.id),
    amounts: jsonb('amounts').$type<Money[]>().notNull().default([]),
    validityDays: integer('validity_days'),
    comment: text('comment'),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name'),
  },
  { indexed: ['offerTypeId', 'contractorId'], sortable: ['name', 'updatedAt'] },
);

/** A request's quote to the client: the selected rates and the last document sent. */
export const requestQuotes = resourceTable(
  'request_quotes',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => customerRequests.id),
    rates: jsonb('rates').$type<Money[]>().notNull().default([]),
    comment: text('comment'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentById: integer('sent_by_id').references(() => users.id),
    fileId: integer('file_id'),
    /** The client's acceptance of the sent quote: when, and which of its rates (docs/request-offers.md). */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedRate: jsonb('accepted_rate').$type<Money>(),
  },
  { unique: ['requestId'] },
);

import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { queryInteger } from '../common/list';
import { moneySchema } from '../common/money';
import { cargoInputSchema, cargoSchema } from '../operations/cargo';
import type { RoutePoint } from '../operations/route';
import { routeEndPointSchema, routeEndPoints, routeInputSchema, routePointSchema } from '../operations/route';
import { TRANSPORT_TYPES } from '../reference-data/transport-types';
import { CUSTOMER_REQUEST_MESSAGES, REQUEST_STATUS_LABELS, REQUEST_STATUSES } from '../requests/request';
import { cabinetMoneyDocument, NO_STAFF } from './shared';

/**
 * The client cabinet's (PCC) views of the back office's records: the members a client may see, served
 * under `/pcc/...` to cabinets alone, within the cabinet's counterparty (the kernel's counterparty scope).
 * Staff users read the same rows through their own resources. No role of the staff catalogue opens them.
 */

const transportTypes = z.array(z.enum(TRANSPORT_TYPES));
const route = f
  .of('json', routeInputSchema, z.array(routePointSchema))
  .hiddenInForm()
  .inList(z.array(routeEndPointSchema), (value) => routeEndPoints(value as RoutePoint[] | undefined));

/**
 * The client's requests (`/pcc/requests`): he asks for a price of a route (its points carry the dates he
 * wants) and a cargo; the client is always his own counterparty and nothing of the back office (people,
 * office, comments) is his to set or see.
 */
export const pccRequestResource = declareResource({
  name: 'request',
  path: '/pcc/requests',
  title: 'cabinets.requests.title',
  itemTitle: 'cabinets.requests.item',
  keys: 'cabinets.requests.fields',
  fields: {
    number: f.integer().readOnly().listed().searchable().sortable(),
    route: route.listed(),
    dispatchDate: f.date().readOnly().optional().listed().filterable().sortable(),
    deliveryDate: f.date().readOnly().optional().listed().filterable().sortable(),
    cargo: f.of('json', cargoInputSchema, cargoSchema).defaulted().recordOnly(),
    cargoDescription: f.text().readOnly().optional().listed().searchable(),
    transportTypes: f
      .of('json', transportTypes.min(1, CUSTOMER_REQUEST_MESSAGES.transportTypeRequired), transportTypes)
      .listed(),
    status: f.enum(REQUEST_STATUSES, REQUEST_STATUS_LABELS).readOnly().listed().filterable().sortable(),
    statusReason: f.text().readOnly().optional(),
    createdAt: f.createdAt().listed().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: NO_STAFF,
  labelField: 'number',
  defaultSort: { field: 'number', order: 'desc' },
  deletable: false,
});
export type PccRequest = z.infer<typeof pccRequestResource.entity>;
export const pccRequestCreateSchema = pccRequestResource.create;
export type PccRequestCreate = z.infer<typeof pccRequestCreateSchema>;

/** `POST /pcc/requests/{id}/answer`: the client answers the forwarder's question (NEED_MORE_INFO). */
export const pccRequestAnswerSchema = z.strictObject({
  answer: z.string().trim().min(1).max(4000),
  version: z.number().int().positive(),
});

/** The client's orders (`/pcc/orders`): where his cargo is, by the stages he is shown. */
export const pccOrderResource = declareResource({
  name: 'order',
  path: '/pcc/orders',
  title: 'cabinets.orders.title',
  itemTitle: 'cabinets.orders.item',
  keys: 'cabinets.orders.fields',
  fields: {
    number: f.integer().readOnly().listed().searchable().sortable(),
    route: route.readOnly().listed(),
    dispatchDate: f.date().readOnly().optional().listed().filterable().sortable(),
    deliveryDate: f.date().readOnly().optional().listed().filterable().sortable(),
    cargoDescription: f.text().readOnly().optional().listed().searchable(),
    stagesTotal: f.integer().readOnly().listed(),
    stagesClosed: f.integer().readOnly().listed(),
    completionDate: f.date().readOnly().optional().listed().sortable(),
    requestId: f.integer().readOnly().optional().filterable(),
    createdAt: f.createdAt().listed().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: NO_STAFF,
  labelField: 'number',
  defaultSort: { field: 'number', order: 'desc' },
  readOnly: true,
});
export type PccOrder = z.infer<typeof pccOrderResource.entity>;

/** A stage of an order as the client sees it: its PCC name, dates and whether it is reached. */
export const pccStageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  expectedDate: z.string().nullable(),
  actualDate: z.string().nullable(),
  closed: z.boolean(),
});
export type PccStage = z.infer<typeof pccStageSchema>;

/** The client's bills (`/pcc/bills`): the finalized bill documents made out to him, each with its PDF. */
export const pccBillResource = cabinetMoneyDocument({
  name: 'printable_bill',
  path: '/pcc/bills',
  title: 'cabinets.bills.title',
  itemTitle: 'cabinets.bills.item',
  keys: 'cabinets.bills.fields',
});
export type PccBill = z.infer<typeof pccBillResource.entity>;

/** A document of an order the client may download (`GET /pcc/orders/{id}/files`). */
export const pccFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type PccFile = z.infer<typeof pccFileSchema>;

/**
 * A quote the forwarder sent for one of the client's requests (`GET /pcc/quotes`): its rates (currency →
 * amount, he accepts one), the comment to him, and whether it is accepted or may be accepted now.
 */
export const pccQuoteSchema = z.object({
  requestId: z.number().int(),
  requestNumber: z.number().int(),
  route: z.array(routeEndPointSchema),
  cargoDescription: z.string().nullable(),
  rates: z.array(moneySchema),
  comment: z.string().nullable(),
  sentAt: z.string(),
  version: z.number().int(),
  acceptedAt: z.string().nullable(),
  acceptedRate: moneySchema.nullable(),
  /** The request is in a status a quote is accepted in and it is not accepted yet. */
  acceptable: z.boolean(),
});
export type PccQuote = z.infer<typeof pccQuoteSchema>;

/**
 * What the cabinets tell their users of: the client's (a stage reached, a document added, a bill issued),
 * the contractor's (a price asked of him, a transport order sent to him, a payment we made him).
 */
export const CABINET_NOTIFICATION_KINDS = [
  'stageReached',
  'documentAdded',
  'billIssued',
  'priceAsked',
  'transportOrderSent',
  'paymentMade',
  'paymentReceived',
] as const;
export type CabinetNotificationKind = (typeof CABINET_NOTIFICATION_KINDS)[number];

/** One of the cabinet user's notifications (`GET /pcc/notifications`, `/ops/notifications`): the web writes it from its values. */
export const pccNotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CABINET_NOTIFICATION_KINDS),
  params: z.record(z.string(), z.string()),
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type PccNotification = z.infer<typeof pccNotificationSchema>;

/** The bell's page: the latest notifications and how many are unread. */
export const pccNotificationPageSchema = z.object({
  collection: z.array(pccNotificationSchema),
  unread: z.number().int(),
});
export type PccNotificationPage = z.infer<typeof pccNotificationPageSchema>;

/** `POST /pcc/notifications/read`: these ids (none: all) are read. */
export const pccNotificationsReadSchema = z.strictObject({
  ids: z.array(z.number().int().positive()).max(100).optional(),
});

/** `GET|PUT /pcc/me/settings`: the user's own switch for notifications by mail. */
export const pccSettingsSchema = z.strictObject({ mailNotifications: z.boolean() });
export type PccSettings = z.infer<typeof pccSettingsSchema>;

/** `GET /pcc/reconciliation`: the period of the акт сверки, if he wants one our legal entity, and the file. */
export const pccReconciliationQuerySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  legalEntityId: queryInteger(1, 2_147_483_647).optional(),
  lang: z.enum(['ru', 'en']).default('ru'),
  /** The printed form as a PDF, or the same form as a workbook. */
  format: z.enum(['pdf', 'xlsx']).default('pdf'),
});
export type PccReconciliationQuery = z.infer<typeof pccReconciliationQuerySchema>;

/** Our legal entities the client may pick for his акт сверки (`GET /pcc/legal-entities`). */
export const pccLegalEntitySchema = z.object({ id: z.number().int(), name: z.string() });

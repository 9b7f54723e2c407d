import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { MONEY_MESSAGES, moneySchema } from '../common/money';
import { amountsSchema, OFFER_STATUS_LABELS, OFFER_STATUSES } from '../requests/offer';
import { transportOrderDetailsSchema } from '../shipment-documents/shipment-documents';
import { type CabinetStage, cabinetMoneyDocument, NO_STAFF, readOnlyRoute } from './shared';

/**
 * The contractor's portal's (OPS) views of the back office's records: what a contractor may see of the
 * requests for offers asked of him, the jobs given to him, his bills to us and our payments to him,
 * served under `/ops/...` to his cabinet alone, within his counterparty (the kernel's counterparty
 * scope). Staff users read the same rows through their own resources; no staff role opens these.
 */
const route = readOnlyRoute;

/**
 * A request for an offer asked of the contractor (`/ops/offers`): the request's route and cargo to price,
 * his answer (amounts, validity, comment) and its status.
 */
export const opsOfferResource = declareResource({
  name: 'request_offer',
  path: '/ops/offers',
  title: 'cabinets.ops.offers.title',
  itemTitle: 'cabinets.ops.offers.item',
  keys: 'cabinets.ops.offers.fields',
  fields: {
    requestNumber: f.integer().readOnly().listed(),
    route: route.listed(),
    cargoDescription: f.text().readOnly().optional().listed(),
    offerTypeName: f.text().readOnly().listed(),
    amounts: f.of('json', amountsSchema, z.array(moneySchema)).readOnly().listed(),
    validUntil: f.date().readOnly().optional().listed().filterable().sortable(),
    status: f.enum(OFFER_STATUSES, OFFER_STATUS_LABELS).readOnly().listed().filterable().sortable(),
    /** Taken into the quote the forwarder sends the client. */
    selected: f.boolean().readOnly().listed(),
    comment: f.text().readOnly().optional(),
    createdAt: f.createdAt().listed().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: NO_STAFF,
  labelField: 'requestNumber',
  defaultSort: { field: 'createdAt', order: 'desc' },
  readOnly: true,
});
export type OpsOffer = z.infer<typeof opsOfferResource.entity>;

/**
 * `POST /ops/offers/{id}/answer`: the contractor's price (several currencies at most once each), how long
 * it holds and a comment, on the version he read.
 */
export const opsOfferAnswerSchema = z.strictObject({
  amounts: amountsSchema.min(1),
  validUntil: z.iso.date().nullable().optional(),
  comment: z.string().trim().max(2000).nullable().optional(),
  version: z.number().int().positive(),
});
export type OpsOfferAnswer = z.infer<typeof opsOfferAnswerSchema>;

/** The jobs given to the contractor (`/ops/jobs`): the route, cargo and dates of the work. */
export const opsJobResource = declareResource({
  name: 'job',
  path: '/ops/jobs',
  title: 'cabinets.ops.jobs.title',
  itemTitle: 'cabinets.ops.jobs.item',
  keys: 'cabinets.ops.jobs.fields',
  fields: {
    number: f.integer().readOnly().listed().searchable().sortable(),
    route: route.listed(),
    /** The cargo of the job's orders (their descriptions, one per line). */
    cargoDescription: f.text().readOnly().optional().listed(),
    dispatchDate: f.date().readOnly().optional().listed().filterable().sortable(),
    deliveryDate: f.date().readOnly().optional().listed().filterable().sortable(),
    completionDate: f.date().readOnly().optional().listed().sortable(),
    createdAt: f.createdAt().listed().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: NO_STAFF,
  labelField: 'number',
  defaultSort: { field: 'number', order: 'desc' },
  readOnly: true,
});
export type OpsJob = z.infer<typeof opsJobResource.entity>;

/** A stage of a job as the contractor sees it: the cabinets' shared one. */
export type OpsStage = CabinetStage;

/**
 * A transport order of his job as the contractor sees it (`GET /ops/jobs/{id}/transport-orders`): one that
 * was mailed to him, its details, its document and whether he accepted it.
 */
export const opsTransportOrderSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  legalEntityName: z.string(),
  details: transportOrderDetailsSchema,
  sentAt: z.string(),
  acceptedAt: z.string().nullable(),
  /** Its PDF (or its Word file when no PDF was made). */
  file: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type OpsTransportOrder = z.infer<typeof opsTransportOrderSchema>;

/** `POST /ops/jobs/{id}/transport-orders/{orderId}/accept`: on the version he read. */
export const opsTransportOrderAcceptSchema = z.strictObject({ version: z.number().int().positive() });

/** The contractor's bills to us (`/ops/bills`): our expense bills with his counterparty, read only. */
export const opsBillResource = cabinetMoneyDocument(
  {
    name: 'bill',
    path: '/ops/bills',
    title: 'cabinets.ops.bills.title',
    itemTitle: 'cabinets.ops.bills.item',
    keys: 'cabinets.ops.bills.fields',
  },
  {
    afterAmount: { balance: f.money().readOnly().listed() },
    after: { paymentDate: f.date().readOnly().optional().listed().sortable() },
  },
);
export type OpsBill = z.infer<typeof opsBillResource.entity>;

/** Our payments to the contractor (`/ops/payments`): outgoing payments to his counterparty, read only. */
export const opsPaymentResource = cabinetMoneyDocument(
  {
    name: 'payment',
    path: '/ops/payments',
    title: 'cabinets.ops.payments.title',
    itemTitle: 'cabinets.ops.payments.item',
    keys: 'cabinets.ops.payments.fields',
  },
  { after: { purpose: f.text().readOnly().optional().listed().searchable() } },
);
export type OpsPayment = z.infer<typeof opsPaymentResource.entity>;

/** Where a contractor's own bill for a job stands: sent, then accepted or rejected by the job's forwarder. */
export const CONTRACTOR_BILL_STATUSES = ['SUBMITTED', 'ACCEPTED', 'REJECTED'] as const;
export type ContractorBillStatus = (typeof CONTRACTOR_BILL_STATUSES)[number];

/** Stable English messages of contractors' bills; the web translates them (messages.json). */
export const CONTRACTOR_BILL_MESSAGES = {
  numberTaken: 'A bill with this number has already been sent.',
  notPositive: 'The amount must be greater than zero.',
  decided: 'The bill has already been accepted or rejected.',
} as const;

const billAmount = moneySchema.shape.amount.refine((value) => Number(value) > 0, {
  message: CONTRACTOR_BILL_MESSAGES.notPositive,
});

/**
 * `POST /ops/jobs/{id}/bills`: the contractor's bill for his job; its PDF is one he uploaded for the job
 * first (`POST /ops/jobs/{id}/files`), named by `fileId`. The currency is its letter code.
 */
export const contractorBillSubmitSchema = z.strictObject({
  number: z.string().trim().min(1).max(64),
  date: z.iso.date(),
  amount: billAmount,
  currency: moneySchema.shape.currency,
  vatAmount: z
    .string()
    .trim()
    .regex(/^\d{1,15}(\.\d{1,2})?$/, MONEY_MESSAGES.amount)
    .nullable()
    .optional(),
  fileId: z.number().int().positive(),
});
export type ContractorBillSubmit = z.infer<typeof contractorBillSubmitSchema>;

/** A contractor's bill as he and the job's forwarder see it. */
export const contractorBillSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  jobId: z.number().int(),
  jobNumber: z.number().int(),
  number: z.string(),
  date: z.string(),
  amount: z.string(),
  currency: z.string(),
  vatAmount: z.string().nullable(),
  status: z.enum(CONTRACTOR_BILL_STATUSES),
  rejectReason: z.string().nullable(),
  file: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ContractorBill = z.infer<typeof contractorBillSchema>;

/** The back office's answer to a contractor's bill: accepted, or rejected with the reason he reads. */
export const contractorBillDecisionSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('ACCEPTED'), version: z.number().int().positive() }),
  z.strictObject({
    status: z.literal('REJECTED'),
    version: z.number().int().positive(),
    reason: z.string().trim().min(1).max(1000),
  }),
]);
export type ContractorBillDecision = z.infer<typeof contractorBillDecisionSchema>;

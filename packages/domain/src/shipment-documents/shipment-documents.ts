import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { legalEntityResource } from '../company/legal-entities';
import { moneyAmountSchema } from '../company/material-assets';
import { emailSchema } from '../counterparties/schemas';
import { productResource } from '../operations/products';
import { DECLARED_SCREENS } from '../screens';

/**
 * The documents of a shipment (DOMAIN.md "Documents of a shipment") made from .docx templates of our legal
 * entities: the transport order (заявка перевозчику) of a job, sent to its contractor; the forwarding
 * receipt and the customer application of an order. Templates are checked and filled by the document
 * generator (documents), each kind with its own list of templates.
 */

export const SHIPMENT_DOCUMENT_KINDS = [
  'transport-order',
  'forwarding-receipt',
  'customer-application',
] as const;
export type ShipmentDocumentKind = (typeof SHIPMENT_DOCUMENT_KINDS)[number];

/** The refusals (spec §5, §8), stable English the web translates. */
export const SHIPMENT_DOCUMENT_MESSAGES = {
  transportOrderNeeds: 'A transport order needs a contractor, expense bills and stages.',
  noApplicationTemplate: 'Legal entity has no application template.',
  noTransportOrderTemplate: 'Legal entity has no transport order template for this product.',
  noReceiptTemplate: 'Legal entity has no forwarding receipt template.',
  legalEntityRequired: 'Choose the legal entity the document is issued by.',
  trackingJob: 'A tracking job has no transport order.',
  mailNotConfigured: 'Mail is not configured on this server.',
  notSent: 'The transport order has not been sent yet.',
  alreadyAccepted: 'The transport order is already accepted.',
  notApplication: 'Only a customer application is signed.',
  templateForOtherKind: 'The template is for another kind of document.',
} as const;

/** The initiator types (documents' `documentInitiators`) the templates of each kind are filled from. */
export const SHIPMENT_DOCUMENT_INITIATORS = {
  'transport-order': 'transportOrder',
  'forwarding-receipt': 'shipmentOrder',
  'customer-application': 'shipmentOrder',
} as const satisfies Record<ShipmentDocumentKind, string>;

/** Who manages each kind of template (spec §6: transport-order templates; settings: templates). */
export const SHIPMENT_TEMPLATE_ROLES = {
  'transport-order': ['ROLE_TRANSPORT_ORDER_TEMPLATES', 'ROLE_SETTINGS_TEMPLATES'],
  'forwarding-receipt': ['ROLE_SETTINGS_TEMPLATES'],
  'customer-application': ['ROLE_SETTINGS_TEMPLATES'],
} as const;

const templateFields = (withProduct: boolean) => ({
  name: f.text().listed().searchable().sortable(),
  legalEntityId: f.reference(legalEntityResource).listed().filterable(),
  ...(withProduct ? { productId: f.reference(productResource).optional().listed().filterable() } : {}),
  fileId: f.integer({ min: 1 }).hiddenInForm(),
  fileName: f.text().readOnly().listed(),
  enabled: f.enabled(),
  updatedAt: f.updatedAt(),
});

/** A transport order template of a legal entity, for one product or (no product) for every product. */
export const transportOrderTemplateResource = declareResource({
  name: 'transport_order_template',
  path: DECLARED_SCREENS.transportOrderTemplateResource.path,
  title: 'shipmentDocuments.transportOrderTemplates.title',
  itemTitle: 'shipmentDocuments.transportOrderTemplates.item',
  keys: 'shipmentDocuments.templates',
  fields: templateFields(true),
  roles: {
    view: [...SHIPMENT_TEMPLATE_ROLES['transport-order']],
    edit: [...SHIPMENT_TEMPLATE_ROLES['transport-order']],
  },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});

/** The forwarding receipt template of a legal entity. */
export const forwardingReceiptTemplateResource = declareResource({
  name: 'forwarding_receipt_template',
  path: DECLARED_SCREENS.forwardingReceiptTemplateResource.path,
  title: 'shipmentDocuments.forwardingReceiptTemplates.title',
  itemTitle: 'shipmentDocuments.forwardingReceiptTemplates.item',
  keys: 'shipmentDocuments.templates',
  fields: templateFields(false),
  roles: {
    view: [...SHIPMENT_TEMPLATE_ROLES['forwarding-receipt']],
    edit: [...SHIPMENT_TEMPLATE_ROLES['forwarding-receipt']],
  },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});

/** The customer application template of a legal entity (each of the group's has one, DOMAIN.md). */
export const customerApplicationTemplateResource = declareResource({
  name: 'customer_application_template',
  path: DECLARED_SCREENS.customerApplicationTemplateResource.path,
  title: 'shipmentDocuments.customerApplicationTemplates.title',
  itemTitle: 'shipmentDocuments.customerApplicationTemplates.item',
  keys: 'shipmentDocuments.templates',
  fields: templateFields(false),
  roles: {
    view: [...SHIPMENT_TEMPLATE_ROLES['customer-application']],
    edit: [...SHIPMENT_TEMPLATE_ROLES['customer-application']],
  },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});

export const SHIPMENT_TEMPLATE_RESOURCES = {
  'transport-order': transportOrderTemplateResource,
  'forwarding-receipt': forwardingReceiptTemplateResource,
  'customer-application': customerApplicationTemplateResource,
} as const;

export type ShipmentTemplate = z.infer<typeof transportOrderTemplateResource.entity>;

const text = (max: number) => z.string().trim().max(max).optional();

/** What the forwarder adds to the job's facts for the carrier: the vehicle, the driver, the rate, the terms. */
export const transportOrderDetailsSchema = z.strictObject({
  vehicle: text(100),
  trailer: text(100),
  driverName: text(200),
  driverPhone: text(50),
  driverPassport: text(200),
  loadingDate: z.iso.date().optional(),
  unloadingDate: z.iso.date().optional(),
  /** The carrier's rate; by default the job's cost. */
  rate: moneyAmountSchema.optional(),
  currencyCode: z.string().trim().max(3).optional(),
  terms: text(4000),
});
export type TransportOrderDetails = z.infer<typeof transportOrderDetailsSchema>;

/** A transport order made for a job: the template of the legal entity is chosen unless one is named. */
export const transportOrderCreateSchema = z.strictObject({
  legalEntityId: z.number().int().positive().optional(),
  templateId: z.number().int().positive().optional(),
  details: transportOrderDetailsSchema.default({}),
});

/** A forwarding receipt or customer application made for an order, issued by one of our legal entities. */
export const orderDocumentCreateSchema = z.strictObject({
  kind: z.enum(['forwarding-receipt', 'customer-application']),
  legalEntityId: z.number().int().positive().optional(),
});

/**
 * What the order page's form for a receipt or application starts from: the legal entity of the order's first
 * income bill, the one a document is issued by when none is chosen (null: the order has no income bill).
 */
export const orderDocumentDefaultsSchema = z.object({ legalEntityId: z.number().int().nullable() });
export type OrderDocumentDefaults = z.infer<typeof orderDocumentDefaultsSchema>;

export const transportOrderSendSchema = z.strictObject({
  to: emailSchema,
  version: z.number().int().positive(),
});
export const versionSchema = z.strictObject({ version: z.number().int().positive() });
export const signedApplicationSchema = z.strictObject({
  fileId: z.number().int().positive(),
  version: z.number().int().positive(),
});

const fileLink = z.object({ id: z.number().int(), description: z.string(), downloadLink: z.string() });

export const shipmentDocumentSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  kind: z.enum(SHIPMENT_DOCUMENT_KINDS),
  operationType: z.enum(['order', 'job']),
  operationId: z.number().int(),
  legalEntityId: z.number().int(),
  legalEntityName: z.string(),
  templateId: z.number().int().nullable(),
  templateName: z.string(),
  details: transportOrderDetailsSchema,
  file: fileLink.nullable(),
  pdf: fileLink.nullable(),
  /** Tags of the template that came out empty when it was filled. */
  emptyTags: z.array(z.string()),
  /** The contractor's address it is (being) mailed to, when asked; when the mail server took it. */
  sentTo: z.string().nullable(),
  sendRequestedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  signedFile: fileLink.nullable(),
  signedAt: z.string().nullable(),
  contractorEmail: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type ShipmentDocument = z.infer<typeof shipmentDocumentSchema>;

/** What a job lacks for a transport order (spec §5), for the job page to say before the user tries. */
export const transportOrderReadinessSchema = z.object({
  contractor: z.boolean(),
  expenseBills: z.boolean(),
  stages: z.boolean(),
  legalEntityIds: z.array(z.number().int()),
});
export type TransportOrderReadiness = z.infer<typeof transportOrderReadinessSchema>;

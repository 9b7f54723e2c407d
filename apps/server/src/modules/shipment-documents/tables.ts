import type { ShipmentDocumentKind, TransportOrderDetails } from '@tms/domain';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { files } from '../../platform/files/tables';
import { users } from '../../platform/identity/tables';
import { listIndexes, searchTextColumn } from '../../platform/resources/indexes';
import { legalEntities } from '../company';
import { products } from '../operations';

/**
 * The .docx templates of shipment documents by kind (transport order, forwarding receipt, customer
 * application) and legal entity; a transport order's also by product (none: any product). The Word file
 * is a file of owner type `shipment_template`, checked and filled by the document generator.
 */
export const shipmentTemplates = pgTable(
  'shipment_templates',
  {
    ...entityColumns(),
    kind: text('kind').$type<ShipmentDocumentKind>().notNull(),
    name: text('name').notNull(),
    legalEntityId: integer('legal_entity_id')
      .notNull()
      .references(() => legalEntities.id),
    productId: integer('product_id').references(() => products.id),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    fileName: text('file_name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name'),
  },
  (t) => [
    index('shipment_templates_kind_entity_idx').on(t.kind, t.legalEntityId, t.productId),
    index('shipment_templates_file_id_idx').on(t.fileId),
    index('shipment_templates_product_idx').on(t.productId),
    ...listIndexes('shipment_templates', t, {
      sortable: [t.name, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/**
 * A shipment document made from a template: a transport order of a job (its details for the carrier, when
 * it was mailed and accepted) or a forwarding receipt or customer application of an order (the signed
 * application uploaded back). The generated file is one of the job's or order's files.
 */
export const shipmentDocuments = pgTable(
  'shipment_documents',
  {
    ...entityColumns(),
    kind: text('kind').$type<ShipmentDocumentKind>().notNull(),
    operationType: text('operation_type').$type<'order' | 'job'>().notNull(),
    operationId: integer('operation_id').notNull(),
    legalEntityId: integer('legal_entity_id')
      .notNull()
      .references(() => legalEntities.id),
    /** The template filled (no foreign key: a template may go, the document stays); its name then. */
    templateId: integer('template_id'),
    templateName: text('template_name').notNull(),
    details: jsonb('details').$type<TransportOrderDetails>().notNull().default({}),
    fileId: integer('file_id').references(() => files.id),
    pdfFileId: integer('pdf_file_id').references(() => files.id),
    emptyTags: text('empty_tags').array().notNull().default([]),
    sentTo: text('sent_to'),
    sendRequestedAt: timestamp('send_requested_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    signedFileId: integer('signed_file_id').references(() => files.id),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdById: integer('created_by_id').references(() => users.id),
  },
  (t) => [
    index('shipment_documents_operation_idx').on(t.operationType, t.operationId, t.kind),
    index('shipment_documents_legal_entity_idx').on(t.legalEntityId),
    index('shipment_documents_file_idx').on(t.fileId),
    index('shipment_documents_pdf_file_idx').on(t.pdfFileId),
    index('shipment_documents_signed_file_idx').on(t.signedFileId),
    index('shipment_documents_created_by_idx').on(t.createdById),
  ],
);

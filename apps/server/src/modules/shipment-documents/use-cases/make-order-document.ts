import {
  SHIPMENT_DOCUMENT_MESSAGES as M,
  OPERATION_ROLES,
  orderDocumentCreateSchema,
  type ShipmentDocument,
  shipmentDocumentSchema,
} from '@tms/domain';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { actingUserId } from '../../../platform/auth/context';
import { fieldError } from '../../../platform/errors';
import { defineUseCase } from '../../../platform/resources';
import { generateDocument } from '../../documents';
import { orderService } from '../../operations';
import { issuingEntityOf, toShipmentDocuments } from '../documents';
import { shipmentDocuments, shipmentTemplates } from '../tables';
import type { MakeContext } from './make-transport-order';

/**
 * A forwarding receipt or customer application of an order, from the template of the legal entity that
 * issues it (the one chosen, else that of the order's first income bill): "legal entity has no application
 * template" (spec §8) when it has none. The .docx and its PDF go to the order's files.
 */
export const makeOrderDocument = defineUseCase({
  name: 'shipment-documents.make-order-document',
  roles: OPERATION_ROLES.order.edit,
  input: orderDocumentCreateSchema.extend({ orderId: z.number().int().positive() }),
  output: shipmentDocumentSchema,
  async run(ctx: MakeContext, input): Promise<ShipmentDocument> {
    const order = await orderService.find(ctx, input.orderId, { access: 'write', lock: true });
    const legalEntityId = input.legalEntityId ?? (await issuingEntityOf(ctx.tx, order.id));
    if (legalEntityId === null) throw fieldError(['legalEntityId'], M.legalEntityRequired);
    const [template] = await ctx.tx
      .select()
      .from(shipmentTemplates)
      .where(
        and(
          eq(shipmentTemplates.kind, input.kind),
          eq(shipmentTemplates.legalEntityId, legalEntityId),
          eq(shipmentTemplates.enabled, true),
        ),
      )
      .orderBy(asc(shipmentTemplates.name), asc(shipmentTemplates.id))
      .limit(1);
    if (!template) {
      const message = input.kind === 'customer-application' ? M.noApplicationTemplate : M.noReceiptTemplate;
      throw fieldError(['legalEntityId'], message);
    }
    const [row] = await ctx.tx
      .insert(shipmentDocuments)
      .values({
        kind: input.kind,
        operationType: 'order',
        operationId: order.id,
        legalEntityId,
        templateId: template.id,
        templateName: template.name,
        createdById: actingUserId(ctx.auth),
      })
      .returning();
    const generation = { ...ctx, actingUserId: actingUserId(ctx.auth) };
    const source = { name: template.name, fileId: template.fileId, initiatorType: 'shipmentOrder' };
    const owner = { type: 'order', id: order.id };
    const docx = await generateDocument(generation, 'shipmentOrder', row!.id, source, 'docx', owner);
    const pdf = await generateDocument(generation, 'shipmentOrder', row!.id, source, 'pdf', owner);
    const [saved] = await ctx.tx
      .update(shipmentDocuments)
      .set({ fileId: docx.file.id, pdfFileId: pdf.file.id, emptyTags: docx.report.emptyTags })
      .where(eq(shipmentDocuments.id, row!.id))
      .returning();
    return (await toShipmentDocuments(ctx.tx, [saved!]))[0]!;
  },
});

import {
  SHIPMENT_DOCUMENT_MESSAGES as M,
  OPERATION_ROLES,
  type ShipmentDocument,
  shipmentDocumentSchema,
  versionSchema,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { conflict, fieldError } from '../../../platform/errors';
import { defineUseCase } from '../../../platform/resources';
import { type ShipmentContext, shipmentDocumentOf, toShipmentDocuments } from '../documents';
import { shipmentDocuments } from '../tables';

/** "Accepted by the contractor": recorded once the order was mailed, once. */
export const acceptTransportOrder = defineUseCase({
  name: 'shipment-documents.accept-transport-order',
  roles: OPERATION_ROLES.job.edit,
  input: versionSchema.extend({ id: z.number().int().positive() }),
  output: shipmentDocumentSchema,
  async run(ctx: ShipmentContext, input): Promise<ShipmentDocument> {
    const row = await shipmentDocumentOf(ctx, input.id, 'write', ['transport-order'], true);
    if (row.version !== input.version) throw conflict();
    if (!row.sentAt) throw fieldError([], M.notSent);
    if (row.acceptedAt) throw fieldError([], M.alreadyAccepted);
    const now = ctx.clock?.() ?? new Date();
    const [saved] = await ctx.tx
      .update(shipmentDocuments)
      .set({ acceptedAt: now, version: row.version + 1, updatedAt: now })
      .where(eq(shipmentDocuments.id, row.id))
      .returning();
    return (await toShipmentDocuments(ctx.tx, [saved!]))[0]!;
  },
});

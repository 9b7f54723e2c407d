import {
  SHIPMENT_DOCUMENT_MESSAGES as M,
  OPERATION_ROLES,
  type ShipmentDocument,
  shipmentDocumentSchema,
  transportOrderSendSchema,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../../config';
import { conflict, HttpError } from '../../../platform/errors';
import { defineUseCase } from '../../../platform/resources';
import { type ShipmentContext, shipmentDocumentOf, toShipmentDocuments } from '../documents';
import { transportOrderMailTask } from '../mail';
import { shipmentDocuments } from '../tables';

/**
 * "Send to the contractor": the transport order's PDF and Word file mailed to the address given (the
 * contractor's by default), by the job queue (a mail server that is down is tried again; no request waits on
 * it). When it is asked and when the mail server took it are both recorded; sending again is allowed (a
 * corrected address).
 */
export const sendTransportOrder = defineUseCase({
  name: 'shipment-documents.send-transport-order',
  roles: OPERATION_ROLES.job.edit,
  input: transportOrderSendSchema.extend({ id: z.number().int().positive() }),
  output: shipmentDocumentSchema,
  async run(ctx: ShipmentContext & { config: Config }, input): Promise<ShipmentDocument> {
    if (!ctx.config.smtp) throw new HttpError(503, M.mailNotConfigured);
    const row = await shipmentDocumentOf(ctx, input.id, 'write', ['transport-order'], true);
    if (row.version !== input.version) throw conflict();
    const now = ctx.clock?.() ?? new Date();
    const [saved] = await ctx.tx
      .update(shipmentDocuments)
      .set({ sentTo: input.to, sendRequestedAt: now, sentAt: null, version: row.version + 1, updatedAt: now })
      .where(eq(shipmentDocuments.id, row.id))
      .returning();
    await transportOrderMailTask.enqueue(
      ctx,
      { documentId: row.id, to: input.to, requestedAt: now.toISOString() },
      { label: `${row.templateName} ${String(row.id).padStart(6, '0')}` },
    );
    return (await toShipmentDocuments(ctx.tx, [saved!]))[0]!;
  },
});

import {
  SHIPMENT_DOCUMENT_MESSAGES as M,
  OPERATION_ROLES,
  type ShipmentDocument,
  shipmentDocumentSchema,
  versionSchema,
} from '@tms/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { conflict, fieldError, notFound } from '../../../platform/errors';
import { defineUseCase } from '../../../platform/resources';
import { jobs } from '../../operations';
import { type ShipmentContext, shipmentDocumentOf, toShipmentDocuments } from '../documents';
import { shipmentDocuments } from '../tables';

/**
 * The transport order a contractor's portal accepts: one mailed to him for a job given to his
 * counterparty; 404 for any other.
 */
async function contractorsTransportOrder(ctx: ShipmentContext, id: number) {
  if (ctx.auth.kind !== 'cabinet') throw notFound();
  const [row] = await ctx.tx
    .select()
    .from(shipmentDocuments)
    .where(
      and(
        eq(shipmentDocuments.id, id),
        eq(shipmentDocuments.kind, 'transport-order'),
        eq(shipmentDocuments.operationType, 'job'),
        isNotNull(shipmentDocuments.sentAt),
      ),
    )
    .for('update');
  if (!row) throw notFound();
  const [job] = await ctx.tx
    .select({ contractorId: jobs.contractorId })
    .from(jobs)
    .where(eq(jobs.id, row.operationId));
  if (job?.contractorId !== ctx.auth.counterpartyId) throw notFound();
  return row;
}

/**
 * "Accepted by the contractor": recorded once the order was mailed, once; by a user who may change the job,
 * or by the contractor from his portal.
 */
export const acceptTransportOrder = defineUseCase({
  name: 'shipment-documents.accept-transport-order',
  roles: OPERATION_ROLES.job.edit,
  cabinet: 'contractor',
  input: versionSchema.extend({ id: z.number().int().positive() }),
  output: shipmentDocumentSchema,
  async run(ctx: ShipmentContext, input): Promise<ShipmentDocument> {
    const row =
      ctx.auth.kind === 'cabinet'
        ? await contractorsTransportOrder(ctx, input.id)
        : await shipmentDocumentOf(ctx, input.id, 'write', ['transport-order'], true);
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

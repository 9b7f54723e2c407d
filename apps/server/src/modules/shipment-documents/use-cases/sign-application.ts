import {
  APPLICATION_FILE_TAG,
  SHIPMENT_DOCUMENT_MESSAGES as M,
  OPERATION_ROLES,
  type ShipmentDocument,
  shipmentDocumentSchema,
  signedApplicationSchema,
} from '@tms/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../../db/connection';
import { conflict, fieldError } from '../../../platform/errors';
import { attachFiles } from '../../../platform/files/service';
import { fileTags, fileTagTypes } from '../../../platform/files/tables';
import { defineUseCase } from '../../../platform/resources';
import { type ShipmentContext, shipmentDocumentOf, toShipmentDocuments } from '../documents';
import { shipmentDocuments } from '../tables';

/** Tags an order's file APPLICATION: the archive condition "application loaded" looks for it. */
async function tagAsApplication(tx: Tx, fileId: number): Promise<void> {
  const [tag] = await tx
    .select({ id: fileTagTypes.id })
    .from(fileTagTypes)
    .where(eq(fileTagTypes.code, APPLICATION_FILE_TAG));
  if (tag) await tx.insert(fileTags).values({ fileId, tagTypeId: tag.id }).onConflictDoNothing();
}

/**
 * A signed application the client uploaded to his order (from his cabinet), already among the order's
 * files: tagged APPLICATION as the back office's upload tags it, and the order's latest customer
 * application not signed yet, if one was made, is signed by it.
 */
export async function fileSignedApplication(
  tx: Tx,
  orderId: number,
  fileId: number,
  now: Date,
): Promise<void> {
  await tagAsApplication(tx, fileId);
  const [unsigned] = await tx
    .select({ id: shipmentDocuments.id, version: shipmentDocuments.version })
    .from(shipmentDocuments)
    .where(
      and(
        eq(shipmentDocuments.operationType, 'order'),
        eq(shipmentDocuments.operationId, orderId),
        eq(shipmentDocuments.kind, 'customer-application'),
        isNull(shipmentDocuments.signedFileId),
      ),
    )
    .orderBy(desc(shipmentDocuments.id))
    .limit(1)
    .for('update');
  if (unsigned)
    await tx
      .update(shipmentDocuments)
      .set({ signedFileId: fileId, signedAt: now, version: unsigned.version + 1, updatedAt: now })
      .where(eq(shipmentDocuments.id, unsigned.id));
}

/**
 * The signed customer application uploaded back: attached to the order's files with the APPLICATION tag,
 * which is what the archive condition "application loaded or not required" (spec §4) looks for.
 */
export const signApplication = defineUseCase({
  name: 'shipment-documents.sign-application',
  roles: OPERATION_ROLES.order.edit,
  input: signedApplicationSchema.extend({ id: z.number().int().positive() }),
  output: shipmentDocumentSchema,
  async run(ctx: ShipmentContext, input): Promise<ShipmentDocument> {
    const row = await shipmentDocumentOf(ctx, input.id, 'write', undefined, true);
    if (row.kind !== 'customer-application') throw fieldError([], M.notApplication);
    if (row.version !== input.version) throw conflict();
    await attachFiles(ctx.tx, ctx.auth, [input.fileId], { type: 'order', id: row.operationId }, ['fileId']);
    await tagAsApplication(ctx.tx, input.fileId);
    const now = ctx.clock?.() ?? new Date();
    const [saved] = await ctx.tx
      .update(shipmentDocuments)
      .set({ signedFileId: input.fileId, signedAt: now, version: row.version + 1, updatedAt: now })
      .where(eq(shipmentDocuments.id, row.id))
      .returning();
    return (await toShipmentDocuments(ctx.tx, [saved!]))[0]!;
  },
});

import {
  APPLICATION_FILE_TAG,
  SHIPMENT_DOCUMENT_MESSAGES as M,
  OPERATION_ROLES,
  type ShipmentDocument,
  shipmentDocumentSchema,
  signedApplicationSchema,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { conflict, fieldError } from '../../../platform/errors';
import { attachFiles } from '../../../platform/files/service';
import { fileTags, fileTagTypes } from '../../../platform/files/tables';
import { defineUseCase } from '../../../platform/resources';
import { type ShipmentContext, shipmentDocumentOf, toShipmentDocuments } from '../documents';
import { shipmentDocuments } from '../tables';

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
    const [tag] = await ctx.tx
      .select({ id: fileTagTypes.id })
      .from(fileTagTypes)
      .where(eq(fileTagTypes.code, APPLICATION_FILE_TAG));
    if (tag)
      await ctx.tx.insert(fileTags).values({ fileId: input.fileId, tagTypeId: tag.id }).onConflictDoNothing();
    const now = ctx.clock?.() ?? new Date();
    const [saved] = await ctx.tx
      .update(shipmentDocuments)
      .set({ signedFileId: input.fileId, signedAt: now, version: row.version + 1, updatedAt: now })
      .where(eq(shipmentDocuments.id, row.id))
      .returning();
    return (await toShipmentDocuments(ctx.tx, [saved!]))[0]!;
  },
});

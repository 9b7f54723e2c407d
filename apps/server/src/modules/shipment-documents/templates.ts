import {
  SHIPMENT_DOCUMENT_INITIATORS,
  SHIPMENT_TEMPLATE_RESOURCES,
  type ShipmentDocumentKind,
} from '@tms/domain';
import { and, eq } from 'drizzle-orm';
import type { FileStorage } from '../../platform/files/storage';
import { files } from '../../platform/files/tables';
import { type ResourceService, resourceService } from '../../platform/resources';
import { checkTemplateFile } from '../documents';
import { shipmentTemplates } from './tables';

/** The owner type of a shipment template's Word file. */
export const SHIPMENT_TEMPLATE_FILE_OWNER = 'shipment_template';

export type ShipmentTemplateRow = typeof shipmentTemplates.$inferSelect;

/**
 * The templates of one kind of shipment document: a resource of its own (its path, roles and screens) over
 * the rows of that kind. The Word file is checked by the document generator as any template's.
 */
export function shipmentTemplateService(
  kind: ShipmentDocumentKind,
  storage: () => FileStorage,
): ResourceService<ShipmentTemplateRow> {
  return resourceService(SHIPMENT_TEMPLATE_RESOURCES[kind], shipmentTemplates, {
    hooks: {
      scope: () => eq(shipmentTemplates.kind, kind),
      async beforeCreate(ctx, values) {
        const file = await checkTemplateFile(
          ctx,
          storage(),
          values.fileId,
          undefined,
          SHIPMENT_TEMPLATE_FILE_OWNER,
        );
        return { ...values, kind, fileName: file.description };
      },
      async beforeUpdate(ctx, values, existing) {
        if (values.fileId === undefined || values.fileId === existing.fileId) return values;
        const file = await checkTemplateFile(
          ctx,
          storage(),
          values.fileId,
          existing.id,
          SHIPMENT_TEMPLATE_FILE_OWNER,
        );
        return { ...values, fileName: file.description };
      },
      async afterWrite({ tx }, { action, after }) {
        if (!after || (action !== 'create' && action !== 'update')) return;
        await tx
          .update(files)
          .set({ temporary: false, ownerType: SHIPMENT_TEMPLATE_FILE_OWNER, ownerId: after.id })
          .where(and(eq(files.id, after.fileId), eq(files.temporary, true)));
      },
    },
  });
}

/** The initiator a template of `kind` is filled from (and its tags checked against). */
export const initiatorTypeOf = (kind: ShipmentDocumentKind) => SHIPMENT_DOCUMENT_INITIATORS[kind];

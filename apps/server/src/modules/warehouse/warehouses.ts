import { WAREHOUSE_MESSAGES, warehouseResource } from '@tms/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { fieldError } from '../../platform/errors';
import { afterUpdate, resourceService } from '../../platform/resources';
import { warehouseServices, warehouses } from './tables';

interface WarehouseTerms {
  ownership?: string | null;
  operatorId?: number | null;
  storageServiceId?: number | null;
  storagePaymentFormId?: number | null;
}

/**
 * A partner's warehouse names the partner running it; an own one names none. Storage is billed with both
 * its service and the payment form or neither, and the service has a price in a currency.
 */
async function warehouseRules(tx: Tx, record: WarehouseTerms) {
  if (record.ownership === 'partner' && record.operatorId == null) {
    throw fieldError(['operatorId'], WAREHOUSE_MESSAGES.operatorRequired);
  }
  const service = record.storageServiceId ?? null;
  const form = record.storagePaymentFormId ?? null;
  if ((service === null) !== (form === null)) {
    throw fieldError(
      [service === null ? 'storageServiceId' : 'storagePaymentFormId'],
      WAREHOUSE_MESSAGES.storageBoth,
    );
  }
  if (service !== null) {
    const [row] = await tx
      .select({ price: warehouseServices.price, currencyId: warehouseServices.currencyId })
      .from(warehouseServices)
      .where(eq(warehouseServices.id, service));
    if (row && (!row.price || row.currencyId === null)) {
      throw fieldError(['storageServiceId'], WAREHOUSE_MESSAGES.storagePrice);
    }
  }
  return undefined;
}

/** Warehouses, own and partners', with their address, the WMS each runs and how its storage is billed. */
export const warehouseService = resourceService(warehouseResource, warehouses, {
  hooks: {
    beforeCreate: (ctx, values) => warehouseRules(ctx.tx, values),
    beforeUpdate: (ctx, values, existing) => warehouseRules(ctx.tx, afterUpdate(values, existing)),
  },
  inUseMessage: WAREHOUSE_MESSAGES.inUse,
});

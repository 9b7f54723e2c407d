import { MATERIAL_ASSET_MESSAGES, warehouseServiceResource } from '@tms/domain';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { afterUpdate, registerResource } from '../../platform/resources';
import { warehouseServices } from './tables';

/** A price means nothing without its currency. */
function priceNeedsCurrency(record: Record<string, unknown>): undefined {
  if (record.price != null && record.currencyId == null) {
    throw fieldError(['currencyId'], MATERIAL_ASSET_MESSAGES.currencyRequired);
  }
  return undefined;
}

/** The warehouse: its price list of services (events, accounting and warehouses come later). */
export default async function warehouseModule(app: App): Promise<void> {
  registerResource(app, warehouseServiceResource, warehouseServices, {
    hooks: {
      beforeCreate: (_ctx, values) => priceNeedsCurrency(values),
      beforeUpdate: (_ctx, values, existing) => priceNeedsCurrency(afterUpdate(values, existing)),
    },
  });
}

import { WAREHOUSE_MESSAGES, warehouseResource } from '@tms/domain';
import { fieldError } from '../../platform/errors';
import { afterUpdate, resourceService } from '../../platform/resources';
import { warehouses } from './tables';

/** A partner's warehouse names the partner running it; an own one names none. */
function operatorRule(record: { ownership?: string | null; operatorId?: number | null }) {
  if (record.ownership === 'partner' && record.operatorId == null) {
    throw fieldError(['operatorId'], WAREHOUSE_MESSAGES.operatorRequired);
  }
  return undefined;
}

/** Warehouses, own and partners', with their address and the WMS each runs. */
export const warehouseService = resourceService(warehouseResource, warehouses, {
  hooks: {
    beforeCreate: (_ctx, values) => operatorRule(values),
    beforeUpdate: (_ctx, values, existing) => operatorRule(afterUpdate(values, existing)),
  },
  inUseMessage: WAREHOUSE_MESSAGES.inUse,
});

import { WAREHOUSE_EVENTS_TOPIC, WAREHOUSE_ROLES } from '@tms/domain';
import { isStaff } from '../../platform/auth/context';
import { defineModule } from '../../platform/modules';
import { hasAnyRole } from '../../platform/permissions/check';
import { ordersHeldInWarehouse } from './accounting';
import routes from './routes';
import { storageBillingJob } from './storage-billing';
import { wmsAdviceTask, wmsPollJob, wmsStageHandler } from './wms';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const warehouseModule = defineModule({
  name: 'warehouse',
  routes,
  topics: {
    [WAREHOUSE_EVENTS_TOPIC]: (auth, id) =>
      isStaff(auth) && id === undefined && hasAnyRole(auth, WAREHOUSE_ROLES.events),
  },
  tasks: [wmsAdviceTask],
  jobs: [wmsPollJob, storageBillingJob],
  contributes: {
    orderInWarehouse: { warehouse: ordersHeldInWarehouse },
    stageBehaviourHandlers: { WMS_AA: wmsStageHandler, WMS_AR: wmsStageHandler },
  },
});

import { defineModule } from '../../platform/modules';
import { requestsMergeHook, requestsRenameHook } from './counterparty-hooks';
import { REQUEST_NOTIFICATIONS } from './notifications';
import routes from './routes';
import { orderRequestCheck } from './use-cases/order-from-request';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const requestsModule = defineModule({
  name: 'requests',
  routes,
  notifications: REQUEST_NOTIFICATIONS,
  contributes: {
    counterpartyMergeHooks: { requests: requestsMergeHook },
    counterpartyRenameHooks: { requests: requestsRenameHook },
    orderRequestChecks: { requests: orderRequestCheck },
  },
});

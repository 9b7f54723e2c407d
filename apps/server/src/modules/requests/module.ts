import { defineModule } from '../../platform/modules';
import { openCustomsRequestsOfSpecialists, openRequestsOfForwarders } from './assignment-load';
import { requestsMergeHook, requestsRenameHook } from './counterparty-hooks';
import { REQUEST_DOCUMENT_INITIATOR } from './document-initiator';
import { hyperRequestsMergeHook, hyperRequestsRenameHook } from './hyper-requests';
import { REQUEST_NOTIFICATIONS } from './notifications';
import { REQUEST_FILE_OWNERS } from './requests';
import routes from './routes';
import { orderRequestCheck } from './use-cases/order-from-request';
import { REQUEST_WORKFLOW_INITIATOR } from './workflow-initiator';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const requestsModule = defineModule({
  name: 'requests',
  routes,
  fileOwners: REQUEST_FILE_OWNERS,
  notifications: REQUEST_NOTIFICATIONS,
  contributes: {
    counterpartyMergeHooks: { requests: requestsMergeHook },
    counterpartyRenameHooks: { requests: requestsRenameHook },
    orderRequestChecks: { requests: orderRequestCheck },
    documentInitiators: { request: REQUEST_DOCUMENT_INITIATOR },
    workflowInitiators: { request: REQUEST_WORKFLOW_INITIATOR },
    assignmentLoads: {
      requests: openRequestsOfForwarders,
      customsRequests: openCustomsRequestsOfSpecialists,
    },
  },
});

/**
 * The hyper requests' contributions (their routes are the module's): their client follows a merge and a
 * rename of the counterparty, as the requests of their lots do.
 */
export const hyperRequestsModule = defineModule({
  name: 'hyper-requests',
  contributes: {
    counterpartyMergeHooks: { hyperRequests: hyperRequestsMergeHook },
    counterpartyRenameHooks: { hyperRequests: hyperRequestsRenameHook },
  },
});

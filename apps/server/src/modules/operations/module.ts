import { defineModule } from '../../platform/modules';
import { operationsArchiverJob } from './archiver';
import { openOrdersOfForwarders } from './assignment-load';
import { operationsOfBills, setOrderTransfersStatus } from './bill-links';
import { OPERATION_DOCUMENT_INITIATORS } from './document-initiators';
import { OPERATION_FILE_OWNERS, operationFilesColdStorageJob } from './files';
import { operationsMergeHook, operationsRenameHook } from './merge';
import { OPERATION_NOTIFICATIONS, operationCreatedNotifications } from './notifications';
import { openOrdersPlannedIncome } from './order-credit';
import { OPERATION_CHANGE_TOPICS, OPERATION_TOPIC_RULES } from './realtime';
import routes from './routes';
import { stageChangeLogAccess } from './scope';
import { JOB_WORKFLOW_INITIATOR, ORDER_WORKFLOW_INITIATOR } from './workflow-initiator';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const operationsModule = defineModule({
  name: 'operations',
  routes,
  jobs: [operationsArchiverJob, operationFilesColdStorageJob],
  topics: OPERATION_TOPIC_RULES,
  changeTopics: OPERATION_CHANGE_TOPICS,
  subscribers: { 'operations.created-notifications': operationCreatedNotifications },
  fileOwners: OPERATION_FILE_OWNERS,
  notifications: OPERATION_NOTIFICATIONS,
  changeLog: { stage: stageChangeLogAccess },
  contributes: {
    counterpartyMergeHooks: { operations: operationsMergeHook },
    counterpartyRenameHooks: { operations: operationsRenameHook },
    documentInitiators: OPERATION_DOCUMENT_INITIATORS,
    billOperations: { operations: operationsOfBills },
    orderTransfersStatus: { operations: setOrderTransfersStatus },
    creditExposureSources: { orders: openOrdersPlannedIncome },
    assignmentLoads: { orders: openOrdersOfForwarders },
    workflowInitiators: { order: ORDER_WORKFLOW_INITIATOR, job: JOB_WORKFLOW_INITIATOR },
  },
});

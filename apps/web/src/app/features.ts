import { accessGroupRoutes } from '../features/access-groups/routes';
import { assignmentRoutes } from '../features/assignment/routes';
import { backgroundJobRoutes } from '../features/background-jobs/routes';
import { changeLogRoutes } from '../features/changelog/routes';
import { communicationRoutes } from '../features/communication/routes';
import { companyStructureRoutes } from '../features/company-structure/routes';
import { counterpartyRoutes } from '../features/counterparties/routes';
import { customFieldsRoutes } from '../features/custom-fields/routes';
import { declarationRoutes } from '../features/customs/declarations/routes';
import { customsRoutes } from '../features/customs/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { dataImportRoutes } from '../features/data-import/routes';
import { documentRoutes } from '../features/documents/routes';
import { exportRoutes } from '../features/exports/routes';
import { financeRoutes } from '../features/finance/routes';
import { insuranceRoutes } from '../features/insurance/routes';
import { operationRoutes } from '../features/operations/routes';
import { optionsRoutes } from '../features/options/routes';
import { pricingRoutes } from '../features/pricing/routes';
import { profileRoutes } from '../features/profile/routes';
import { reportRoutes } from '../features/reports/routes';
import { hyperRequestRoutes } from '../features/requests/hyperRoutes';
import { offerRoutes } from '../features/requests/offerRoutes';
import { requestRoutes } from '../features/requests/routes';
import { shipmentDocumentRoutes } from '../features/shipment-documents/routes';
import { userDefinedListsRoutes } from '../features/user-defined-lists/routes';
import { userRoutes } from '../features/users/routes';
import { warehouseRoutes } from '../features/warehouse/routes';
import { workflowRoutes } from '../features/workflows/routes';
import { declaredRoutes } from './declaredRoutes';
import type { AppRoute } from './routeMeta';

/** Every feature's routes inside the shell; adding a feature is one line here. */
export const featureRoutes: AppRoute[] = [
  ...dashboardRoutes,
  ...counterpartyRoutes,
  ...operationRoutes,
  ...declarationRoutes,
  ...insuranceRoutes,
  ...requestRoutes,
  ...pricingRoutes,
  ...hyperRequestRoutes,
  ...offerRoutes,
  ...documentRoutes,
  ...shipmentDocumentRoutes,
  ...financeRoutes,
  ...reportRoutes,
  ...profileRoutes,
  ...backgroundJobRoutes,
  ...exportRoutes,
  ...userRoutes,
  ...accessGroupRoutes,
  ...changeLogRoutes,
  ...optionsRoutes,
  ...customFieldsRoutes,
  ...userDefinedListsRoutes,
  ...workflowRoutes,
  ...communicationRoutes,
  ...assignmentRoutes,
  ...companyStructureRoutes,
  ...customsRoutes,
  ...warehouseRoutes,
  ...dataImportRoutes,
  ...declaredRoutes,
];

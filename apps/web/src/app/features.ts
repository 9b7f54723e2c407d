import { accessGroupRoutes } from '../features/access-groups/routes';
import { backgroundJobRoutes } from '../features/background-jobs/routes';
import { changeLogRoutes } from '../features/changelog/routes';
import { communicationRoutes } from '../features/communication/routes';
import { counterpartyRoutes } from '../features/counterparties/routes';
import { customFieldsRoutes } from '../features/custom-fields/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { documentRoutes } from '../features/documents/routes';
import { financeRoutes } from '../features/finance/routes';
import { operationRoutes } from '../features/operations/routes';
import { optionsRoutes } from '../features/options/routes';
import { pricingRoutes } from '../features/pricing/routes';
import { profileRoutes } from '../features/profile/routes';
import { hyperRequestRoutes } from '../features/requests/hyperRoutes';
import { offerRoutes } from '../features/requests/offerRoutes';
import { requestRoutes } from '../features/requests/routes';
import { userDefinedListsRoutes } from '../features/user-defined-lists/routes';
import { userRoutes } from '../features/users/routes';
import { declaredRoutes } from './declaredRoutes';
import type { AppRoute } from './routeMeta';

/** Every feature's routes inside the shell; adding a feature is one line here. */
export const featureRoutes: AppRoute[] = [
  ...dashboardRoutes,
  ...counterpartyRoutes,
  ...operationRoutes,
  ...requestRoutes,
  ...pricingRoutes,
  ...hyperRequestRoutes,
  ...offerRoutes,
  ...documentRoutes,
  ...financeRoutes,
  ...profileRoutes,
  ...backgroundJobRoutes,
  ...userRoutes,
  ...accessGroupRoutes,
  ...changeLogRoutes,
  ...optionsRoutes,
  ...customFieldsRoutes,
  ...userDefinedListsRoutes,
  ...communicationRoutes,
  ...declaredRoutes,
];

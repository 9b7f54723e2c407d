import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

/** Hyper customer requests (`/hyper-customer-requests`): the engine's list with the lots' progress, the tender page. */
export const hyperRequestRoutes: AppRoute[] = resourceRoutes(
  '/hyper-customer-requests',
  (domain) => domain.hyperRequestResource,
  {
    list: () => import('./HyperRequestList').then((m) => m.HyperRequestList),
    form: () => import('./HyperRequestPage').then((m) => m.HyperRequestPage),
  },
);

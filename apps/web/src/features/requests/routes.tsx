import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

/** Customer requests (`/requests`): the engine's list with the route and transport types, the request page. */
export const requestRoutes: AppRoute[] = resourceRoutes('/requests', (domain) => domain.requestResource, {
  list: () => import('./RequestList').then((m) => m.RequestList),
  form: () => import('./RequestPage').then((m) => m.RequestPage),
});

import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes, resourceScreen } from '../../platform/resources';

const requestPage = () => import('./RequestPage').then((m) => m.RequestPage);

/**
 * Customer requests (`/requests`): the engine's list with the route and transport types, the request page,
 * and a customs request's page at `/requests/customs/new` and `/requests/customs/{id}`.
 */
export const requestRoutes: AppRoute[] = [
  ...resourceRoutes('/requests', (domain) => domain.requestResource, {
    list: () => import('./RequestList').then((m) => m.RequestList),
    form: requestPage,
  }),
  resourceScreen('requests/customs/new', 'requests:customs.new', (d) => d.requestResource, requestPage),
  resourceScreen('requests/customs/:id', 'requests:customs.item', (d) => d.requestResource, requestPage),
];

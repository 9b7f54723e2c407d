import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

/** Customer requests' dictionaries; one line per resource. */
export const requestsRoutes: AppRoute[] = [
  ...resourceRoutes('/settings/request-offer-types', (domain) => domain.requestOfferTypeResource),
];

import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

/**
 * `/request-offers`: every offer the user reaches, with the list toolkit (filters by request, contractor,
 * type, validity and status). Offer templates at `/request-offer-templates` (decision 008). The screens
 * load with their routes.
 */
export const offerRoutes: AppRoute[] = [
  ...resourceRoutes('/request-offer-templates', (domain) => domain.requestOfferTemplateResource, {
    list: () => import('./OfferScreens').then((m) => m.OfferTemplateList),
    form: () => import('./OfferScreens').then((m) => m.OfferTemplateForm),
  }),
  ...resourceRoutes('/request-offers', (domain) => domain.requestOfferResource, {
    list: () => import('./OfferScreens').then((m) => m.OfferList),
  }),
];

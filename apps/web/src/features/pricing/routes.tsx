import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

/**
 * Rate tables (docs/decisions/007-rate-tables-screen.md): the collections' list with the XLSX import, a
 * collection's page with its rows, and the computed regions' generated screens. The paths are written
 * out: the domain's constants would bring the domain into the shell's first load.
 */
export const pricingRoutes: AppRoute[] = [
  ...resourceRoutes('/request-offers/rate-tables/regions', (domain) => domain.pricingRegionResource),
  ...resourceRoutes('/request-offers/rate-tables', (domain) => domain.priceCollectionResource, {
    list: () => import('./RateTablesList').then((m) => m.RateTablesList),
    form: () => import('./CollectionPage').then((m) => m.CollectionPage),
  }),
];

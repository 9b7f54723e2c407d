import type { AppRoute } from '../../../app/routeMeta';
import { resourceRoutes } from '../../../platform/resources';

/** Customs declarations (`/tms/customs`): the engine's list with its columns and filters, the DT page. */
export const declarationRoutes: AppRoute[] = resourceRoutes(
  '/tms/customs',
  (domain) => domain.customsDeclarationResource,
  {
    list: () => import('./DeclarationList').then((m) => m.DeclarationList),
    form: () => import('./DeclarationPage').then((m) => m.DeclarationPage),
  },
);

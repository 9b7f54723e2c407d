import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

/** Custom field definitions: the customer request's set and the operation groups (spec §2 routes). */
export const customFieldsRoutes: AppRoute[] = [
  ...resourceRoutes(
    '/custom-fields/customer-request',
    (domain) => domain.customerRequestCustomFieldResource,
    {
      form: () => import('./DefinitionFormPage').then((m) => m.DefinitionFormPage),
    },
  ),
  ...resourceRoutes('/custom-fields/operation/groups', (domain) => domain.operationCustomFieldGroupResource, {
    form: () => import('./GroupFormPage').then((m) => m.GroupFormPage),
  }),
];

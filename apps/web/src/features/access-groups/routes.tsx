import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

/** Access groups (/settings/access-groups): the generated list, form (with the role picker) and history. */
export const accessGroupRoutes: AppRoute[] = [
  ...resourceRoutes('/settings/access-groups', (domain) => domain.accessGroupResource),
];

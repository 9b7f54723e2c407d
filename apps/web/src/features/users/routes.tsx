import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

/** Users (/settings/users): the generated list and history, and a screen of its own for one user. */
export const userRoutes: AppRoute[] = [
  ...resourceRoutes('/settings/users', (domain) => domain.userResource, {
    form: () => import('./UserForm').then((m) => m.UserForm),
  }),
];

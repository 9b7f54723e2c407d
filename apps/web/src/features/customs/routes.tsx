import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

/** Customs dictionaries; one line per resource. */
export const customsRoutes: AppRoute[] = [
  ...resourceRoutes('/tms/customs-points', (domain) => domain.customsPointResource),
  ...resourceRoutes('/tms/customs-responsibilities', (domain) => domain.customsResponsibilityResource),
];

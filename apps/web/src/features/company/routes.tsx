import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

/** Our company: service offices and material assets; one line per resource. */
export const companyRoutes: AppRoute[] = [
  ...resourceRoutes('/settings/service-offices', (domain) => domain.serviceOfficeResource),
  ...resourceRoutes('/material-assets', (domain) => domain.materialAssetResource),
];

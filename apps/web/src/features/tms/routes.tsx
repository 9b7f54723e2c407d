import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

/** The TMS dictionaries (/tms/*); one line per resource. */
export const tmsRoutes: AppRoute[] = [
  ...resourceRoutes('/tms/loading-unloading-methods', (domain) => domain.loadingUnloadingMethodResource),
  ...resourceRoutes('/tms/customs-points', (domain) => domain.customsPointResource),
  ...resourceRoutes('/tms/customs-responsibilities', (domain) => domain.customsResponsibilityResource),
  ...resourceRoutes('/tms/services', (domain) => domain.serviceResource),
  ...resourceRoutes('/tms/products', (domain) => domain.productResource),
  ...resourceRoutes('/tms/job-types', (domain) => domain.jobTypeResource),
  ...resourceRoutes('/tms/shipment-terms', (domain) => domain.shipmentTermResource),
];

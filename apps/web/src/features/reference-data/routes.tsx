import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

/** Reference data: the shared dictionaries (under /settings, /tms and the top level of routes.txt); one line per resource. */
export const referenceDataRoutes: AppRoute[] = [
  ...resourceRoutes('/settings/countries', (domain) => domain.countryResource),
  ...resourceRoutes('/settings/currencies', (domain) => domain.currencyResource),
  ...resourceRoutes('/settings/contact-info-types', (domain) => domain.contactInfoTypeResource),
  ...resourceRoutes('/settings/vehicle-types', (domain) => domain.vehicleTypeResource),
  ...resourceRoutes('/settings/file-tag-types', (domain) => domain.fileTagTypeResource),
  ...resourceRoutes('/courier-delivery-services', (domain) => domain.courierDeliveryServiceResource),
  ...resourceRoutes('/holidays', (domain) => domain.holidayResource, { newPath: 'add' }),
  ...resourceRoutes('/banks', (domain) => domain.bankResource),
  ...resourceRoutes('/tms/loading-unloading-methods', (domain) => domain.loadingUnloadingMethodResource),
  ...resourceRoutes('/tms/shipment-terms', (domain) => domain.shipmentTermResource),
];

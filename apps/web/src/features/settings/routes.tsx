import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

/** The settings dictionaries (/settings/* and the top-level dictionaries of routes.txt); one line per resource. */
export const settingsRoutes: AppRoute[] = [
  ...resourceRoutes('/settings/countries', (domain) => domain.countryResource),
  ...resourceRoutes('/settings/currencies', (domain) => domain.currencyResource),
  ...resourceRoutes('/settings/service-offices', (domain) => domain.serviceOfficeResource),
  ...resourceRoutes('/settings/contact-info-types', (domain) => domain.contactInfoTypeResource),
  ...resourceRoutes('/settings/vehicle-types', (domain) => domain.vehicleTypeResource),
  ...resourceRoutes('/settings/request-offer-types', (domain) => domain.requestOfferTypeResource),
  ...resourceRoutes('/settings/file-tag-types', (domain) => domain.fileTagTypeResource),
  ...resourceRoutes(
    '/settings/operation-finance-control-status-reasons',
    (d) => d.financeControlStatusReasonResource,
  ),
  ...resourceRoutes('/agreement-types', (domain) => domain.agreementTypeResource),
  ...resourceRoutes('/courier-delivery-services', (domain) => domain.courierDeliveryServiceResource),
  ...resourceRoutes('/holidays', (domain) => domain.holidayResource, { newPath: 'add' }),
  ...resourceRoutes('/banks', (domain) => domain.bankResource),
  ...resourceRoutes('/finances/payment-forms', (domain) => domain.paymentFormResource),
  ...resourceRoutes('/counterparty-statuses', (domain) => domain.counterpartyStatusResource),
  ...resourceRoutes('/counterparty-features', (domain) => domain.counterpartyFeatureResource),
  ...resourceRoutes('/material-assets', (domain) => domain.materialAssetResource),
  ...resourceRoutes('/settings/stage-types', (domain) => domain.stageTypeResource),
];

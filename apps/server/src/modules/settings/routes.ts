import {
  agreementTypeResource,
  contactInfoTypeResource,
  countryResource,
  courierDeliveryServiceResource,
  currencyResource,
  fileTagTypeResource,
  fileTagTypeSchema,
  financeControlStatusReasonResource,
  holidayResource,
  requestOfferTypeResource,
  serviceOfficeResource,
  vehicleTypeResource,
} from '@tms/domain';
import { z } from 'zod';
import changeLogRoutes from '../../platform/changelog/routes';
import { fileTagTypes } from '../../platform/files/tables';
import type { App } from '../../platform/http/types';
import { serviceOffices } from '../../platform/identity/tables';
import { registerResource } from '../../platform/resources';
import { registerCompanyResources } from './company';
import { enabledFileTagTypes } from './service';
import {
  agreementTypes,
  contactInfoTypes,
  countries,
  courierDeliveryServices,
  currencies,
  financeControlStatusReasons,
  holidays,
  requestOfferTypes,
  vehicleTypes,
} from './tables';

/**
 * The settings screens: the /settings/* dictionaries, the other settings-management dictionaries of spec §6
 * (holidays, agreement types, courier services) and the change log.
 */
export default async function settingsModule(app: App): Promise<void> {
  registerResource(app, countryResource, countries);
  registerResource(app, currencyResource, currencies);
  registerResource(app, serviceOfficeResource, serviceOffices);
  registerResource(app, contactInfoTypeResource, contactInfoTypes);
  registerResource(app, vehicleTypeResource, vehicleTypes);
  registerResource(app, financeControlStatusReasonResource, financeControlStatusReasons);
  registerResource(app, requestOfferTypeResource, requestOfferTypes);
  registerResource(app, fileTagTypeResource, fileTagTypes);
  registerResource(app, holidayResource, holidays);
  registerResource(app, agreementTypeResource, agreementTypes);
  registerResource(app, courierDeliveryServiceResource, courierDeliveryServices);
  registerCompanyResources(app);
  await changeLogRoutes(app);

  // Spec §7: the client caches the enabled file tag types for its file widgets.
  app.get(
    '/file-management/file-tag-types/cache',
    {
      schema: {
        tags: ['file_tag_type'],
        summary: 'Enabled file tag types, for the client cache',
        response: { 200: z.object({ data: z.array(fileTagTypeSchema) }) },
      },
    },
    async () => ({ data: await enabledFileTagTypes(app.database.db) }),
  );
}

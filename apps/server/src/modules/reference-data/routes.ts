import {
  BANK_MESSAGES,
  bankResource,
  COUNTERPARTY_MESSAGES,
  contactInfoTypeResource,
  countryResource,
  courierDeliveryServiceResource,
  currencyResource,
  fileTagTypeResource,
  fileTagTypeSchema,
  holidayResource,
  isValidCorrespondentAccount,
  loadingUnloadingMethodResource,
  MESSAGES,
  shipmentTermResource,
  vehicleTypeResource,
} from '@tms/domain';
import { z } from 'zod';
import type { Tx } from '../../db/connection';
import { ErrorCollector, fieldError } from '../../platform/errors';
import { fileTagTypes } from '../../platform/files/tables';
import type { App } from '../../platform/http/types';
import { afterUpdate, registerResource } from '../../platform/resources';
import { countryCode, enabledFileTagTypes, RUSSIA } from './service';
import {
  banks,
  contactInfoTypes,
  countries,
  courierDeliveryServices,
  currencies,
  holidays,
  loadingUnloadingMethods,
  shipmentTerms,
  vehicleTypes,
} from './tables';

/** Banks in Russia are known by their BIK; the correspondent account is checked against it. */
async function checkBank(
  tx: Tx,
  record: { countryId: number; bik?: string | null; correspondentAccount?: string | null },
): Promise<undefined> {
  const errors = new ErrorCollector();
  const code = await countryCode(tx, record.countryId);
  if (code === undefined) throw fieldError(['countryId'], MESSAGES.invalid);
  const { bik, correspondentAccount: account } = record;
  if (code === RUSSIA && !bik) errors.add(['bik'], BANK_MESSAGES.bikRequired);
  if (code !== RUSSIA && bik) errors.add(['bik'], BANK_MESSAGES.bikOutsideRussia);
  if (account && !bik) errors.add(['correspondentAccount'], BANK_MESSAGES.correspondentAccountWithoutBik);
  else if (account && bik && !isValidCorrespondentAccount(account, bik)) {
    errors.add(['correspondentAccount'], COUNTERPARTY_MESSAGES.correspondentAccount);
  }
  errors.throwIfAny();
  return undefined;
}

/**
 * Reference data: the shared dictionaries (countries, currencies, contact info types, vehicle types, file
 * tag types, holidays, courier services, banks, loading methods, shipment terms).
 */
export default async function referenceDataModule(app: App): Promise<void> {
  registerResource(app, countryResource, countries);
  registerResource(app, currencyResource, currencies);
  registerResource(app, contactInfoTypeResource, contactInfoTypes);
  registerResource(app, vehicleTypeResource, vehicleTypes);
  registerResource(app, fileTagTypeResource, fileTagTypes);
  registerResource(app, holidayResource, holidays);
  registerResource(app, courierDeliveryServiceResource, courierDeliveryServices);
  registerResource(app, bankResource, banks, {
    inUseMessage: BANK_MESSAGES.inUse,
    hooks: {
      beforeCreate: ({ tx }, values) => checkBank(tx, values),
      beforeUpdate: ({ tx }, values, existing) => checkBank(tx, afterUpdate(values, existing)),
    },
  });
  registerResource(app, loadingUnloadingMethodResource, loadingUnloadingMethods);
  registerResource(app, shipmentTermResource, shipmentTerms);

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

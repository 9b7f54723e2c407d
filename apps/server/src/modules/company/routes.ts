import {
  LEGAL_ENTITY_MESSAGES,
  legalEntityResource,
  MESSAGES,
  requisitesErrors,
  serviceOfficeResource,
} from '@tms/domain';
import type { Tx } from '../../db/connection';
import { ErrorCollector, fieldError } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { serviceOffices } from '../../platform/identity/tables';
import { afterUpdate, registerResource } from '../../platform/resources';
import { countryCode, RUSSIA } from '../reference-data';
import { registerMaterialAssetRoutes } from './material-assets';
import { legalEntities } from './tables';

/** A company registered in Russia has an INN; INN, KPP and OGRN must agree with each other. */
async function checkLegalEntity(
  tx: Tx,
  record: { countryId: number; inn?: string | null; kpp?: string | null; ogrn?: string | null },
): Promise<undefined> {
  const errors = new ErrorCollector();
  const code = await countryCode(tx, record.countryId);
  if (code === undefined) throw fieldError(['countryId'], MESSAGES.invalid);
  if (code === RUSSIA && !record.inn) errors.add(['inn'], LEGAL_ENTITY_MESSAGES.innRequired);
  const requisites = requisitesErrors({
    inn: record.inn ?? null,
    kpp: record.kpp ?? null,
    ogrn: record.ogrn ?? null,
  });
  for (const [field, message] of Object.entries(requisites)) errors.add([field], message);
  errors.throwIfAny();
  return undefined;
}

/** Our company: its service offices, its legal entities and its material assets. */
export default async function companyModule(app: App): Promise<void> {
  registerResource(app, serviceOfficeResource, serviceOffices);
  registerResource(app, legalEntityResource, legalEntities, {
    inUseMessage: LEGAL_ENTITY_MESSAGES.inUse,
    hooks: {
      beforeCreate: ({ tx }, values) => checkLegalEntity(tx, values),
      beforeUpdate: ({ tx }, values, existing) => checkLegalEntity(tx, afterUpdate(values, existing)),
    },
  });
  registerMaterialAssetRoutes(app);
}

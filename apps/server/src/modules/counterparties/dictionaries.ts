import { agreementTypeResource, counterpartyFeatureResource, counterpartyStatusResource } from '@tms/domain';
import type { App } from '../../platform/http/types';
import { registerResource } from '../../platform/resources';
import { agreementTypes, counterpartyFeatures, counterpartyStatuses } from './tables';

/** The counterparties' dictionaries: statuses, features and agreement types. */
export function registerCounterpartyDictionaries(app: App): void {
  registerResource(app, agreementTypeResource, agreementTypes);
  registerResource(app, counterpartyStatusResource, counterpartyStatuses);
  registerResource(app, counterpartyFeatureResource, counterpartyFeatures);
}

import { requestOfferTypeResource } from '@tms/domain';
import type { App } from '../../platform/http/types';
import { registerResource } from '../../platform/resources';
import { requestOfferTypes } from './tables';

/** Customer requests' dictionaries: the kinds of offers. */
export default async function requestsModule(app: App): Promise<void> {
  registerResource(app, requestOfferTypeResource, requestOfferTypes);
}

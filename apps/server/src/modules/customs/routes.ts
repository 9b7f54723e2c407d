import { customsPointResource, customsResponsibilityResource } from '@tms/domain';
import type { App } from '../../platform/http/types';
import { registerResource } from '../../platform/resources';
import { customsPoints, customsResponsibilities } from './tables';

/** Customs dictionaries: the customs points and who answers for a formality. */
export default async function customsModule(app: App): Promise<void> {
  registerResource(app, customsPointResource, customsPoints);
  registerResource(app, customsResponsibilityResource, customsResponsibilities);
}

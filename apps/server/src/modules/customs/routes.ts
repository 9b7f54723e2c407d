import { customsPointResource, customsResponsibilityResource } from '@tms/domain';
import type { App } from '../../platform/http/types';
import { registerResource } from '../../platform/resources';
import { registerDeclarationRoutes } from './declarations/routes';
import { customsPoints, customsResponsibilities } from './tables';
import { registerTnvedRoutes } from './tnved/routes';

/** Customs dictionaries: the customs points and who answers for a formality; the declarations. */
export default async function customsModule(app: App): Promise<void> {
  registerResource(app, customsPointResource, customsPoints);
  registerResource(app, customsResponsibilityResource, customsResponsibilities);
  await registerDeclarationRoutes(app);
  registerTnvedRoutes(app);
}

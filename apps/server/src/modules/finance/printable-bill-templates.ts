import { printableBillTemplateResource } from '@tms/domain';
import type { App } from '../../platform/http/types';
import { registerResource } from '../../platform/resources';
import { printableBillTemplates } from './tables';

/** Printable bill templates: a plain resource (spec §6 "Printable bills": templates). */
export function registerPrintableBillTemplateRoutes(app: App): void {
  registerResource(app, printableBillTemplateResource, printableBillTemplates);
}

import { defineModule } from '../../platform/modules';
import routes from './routes';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const companyStructureModule = defineModule({ name: 'company-structure', routes });

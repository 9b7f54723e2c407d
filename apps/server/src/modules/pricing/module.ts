import { defineModule } from '../../platform/modules';
import routes from './routes';
import { rateTableImport } from './use-cases/import-rate-table';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const pricingModule = defineModule({
  name: 'pricing',
  routes,
  contributes: { imports: { rateTables: rateTableImport } },
});

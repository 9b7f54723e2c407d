import { defineModule } from '../../platform/modules';
import { billHasMaterialAssets } from './material-assets';
import routes from './routes';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const companyModule = defineModule({
  name: 'company',
  routes,
  // A bill that bought material assets no longer changes: their amount is its (spec §8).
  contributes: { billChangeBlockers: { materialAssets: billHasMaterialAssets } },
});

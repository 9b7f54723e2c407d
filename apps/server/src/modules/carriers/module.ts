import { defineModule } from '../../platform/modules';
import { moveReferences } from '../counterparties';
import routes from './routes';
import { counterpartyDrivers, counterpartyVehicles } from './tables';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const carriersModule = defineModule({
  name: 'carriers',
  routes,
  contributes: {
    counterpartyMergeHooks: {
      counterparty_drivers: moveReferences(counterpartyDrivers, counterpartyDrivers.counterpartyId),
      counterparty_vehicles: moveReferences(counterpartyVehicles, counterpartyVehicles.counterpartyId),
    },
  },
});

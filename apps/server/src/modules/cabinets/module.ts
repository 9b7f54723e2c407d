import { defineModule } from '../../platform/modules';
import { cabinetMailJob } from './mail';
import { cabinetsMergeHook } from './merge';
import { cabinetNotificationsSubscriber } from './notifications';
import routes from './routes';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const cabinetsModule = defineModule({
  name: 'cabinets',
  routes,
  jobs: [cabinetMailJob],
  subscribers: { 'cabinets.notifications': cabinetNotificationsSubscriber },
  contributes: { counterpartyMergeHooks: { cabinets: cabinetsMergeHook } },
});

import { defineModule } from '../../platform/modules';
import { cabinetsMergeHook } from './merge';
import { cabinetMailJob, cabinetNotificationsSubscriber } from './notifications';
import { CONTRACTOR_BILL_NOTIFICATIONS } from './ops';
import routes from './routes';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const cabinetsModule = defineModule({
  name: 'cabinets',
  routes,
  jobs: [cabinetMailJob],
  notifications: CONTRACTOR_BILL_NOTIFICATIONS,
  subscribers: { 'cabinets.notifications': cabinetNotificationsSubscriber },
  contributes: { counterpartyMergeHooks: { cabinets: cabinetsMergeHook } },
});

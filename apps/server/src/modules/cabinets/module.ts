import { defineModule } from '../../platform/modules';
import { CONTRACTOR_BILL_NOTIFICATIONS } from './contractor-bills';
import { cabinetMailJob } from './mail';
import { cabinetsMergeHook } from './merge';
import { cabinetNotificationsSubscriber } from './notifications';
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

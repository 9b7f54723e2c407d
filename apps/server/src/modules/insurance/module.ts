import { defineModule } from '../../platform/modules';
import { certificateKeepsStatus } from './certificates';
import { insurerCancelTask, insurerClaimTask } from './insurer/after-issue';
import { insurerSendTask } from './insurer/send';
import routes from './routes';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const insuranceModule = defineModule({
  name: 'insurance',
  routes,
  tasks: [insurerSendTask, insurerCancelTask, insurerClaimTask],
  contributes: { cargoInsuranceOwners: { insurance: certificateKeepsStatus } },
});

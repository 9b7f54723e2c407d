import { defineModule } from '../../platform/modules';
import { markingCallTask } from './calls';
import routes from './routes';
import { markingCompletedCheck } from './stage-check';

/** What the marking module adds to the app (docs/marking.md); only app.ts imports it. */
export const markingModule = defineModule({
  name: 'marking',
  routes,
  tasks: [markingCallTask],
  contributes: { stageBehaviourHandlers: { CZ_MARKING_COMPLETED: markingCompletedCheck } },
});

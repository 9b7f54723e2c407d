import { defineModule } from '../../platform/modules';
import { ASSIGNMENT_NOTIFICATIONS } from './notifications';
import routes from './routes';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const assignmentModule = defineModule({
  name: 'assignment',
  routes,
  notifications: ASSIGNMENT_NOTIFICATIONS,
});

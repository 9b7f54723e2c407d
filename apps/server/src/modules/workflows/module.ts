import { defineModule } from '../../platform/modules';
import { WORKFLOW_NOTIFICATIONS, workflowMovedNotifications } from './notifications';
import routes from './routes';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const workflowsModule = defineModule({
  name: 'workflows',
  routes,
  notifications: WORKFLOW_NOTIFICATIONS,
  subscribers: { 'workflows.moved-notifications': workflowMovedNotifications },
});

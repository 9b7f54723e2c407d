import { defineModule } from '../../platform/modules';
import routes from './routes';
import { contactChangeLogAccess } from './service';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const usersModule = defineModule({
  name: 'users',
  routes,
  changeLog: { contact: contactChangeLogAccess },
});

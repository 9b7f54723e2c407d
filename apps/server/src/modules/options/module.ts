import { defineModule } from '../../platform/modules';
import routes, { optionsChangeLogAccess } from './routes';
import { SYSTEM_OPTIONS_ENTITY } from './service';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const optionsModule = defineModule({
  name: 'options',
  routes,
  changeLog: { [SYSTEM_OPTIONS_ENTITY]: optionsChangeLogAccess },
});

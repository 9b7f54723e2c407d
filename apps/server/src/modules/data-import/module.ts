import { defineModule } from '../../platform/modules';
import { dataImport } from './import';
import routes from './routes';
import { dataImportPreviewTask, dataImportRunTask } from './runs';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const dataImportModule = defineModule({
  name: 'data-import',
  routes,
  tasks: [dataImportPreviewTask, dataImportRunTask],
  contributes: { imports: { dataImport } },
});

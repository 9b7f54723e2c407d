import { defineModule } from '../../platform/modules';
import { canReadDocuments, DOCUMENT_FILE_OWNER } from './documents';
import routes from './routes';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const documentsModule = defineModule({
  name: 'documents',
  routes,
  fileOwners: { [DOCUMENT_FILE_OWNER]: async (auth) => canReadDocuments(auth) },
});

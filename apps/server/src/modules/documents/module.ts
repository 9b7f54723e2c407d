import { documentTemplateResource } from '@tms/domain';
import { defineModule } from '../../platform/modules';
import { hasAnyRole } from '../../platform/permissions/check';
import { canReadDocuments, DOCUMENT_FILE_OWNER } from './documents';
import generatorRoutes from './generator-routes';
import { DOCUMENT_NOTIFICATIONS } from './notifications';
import routes from './routes';
import { documentGenerationHandler, documentGenerationTask } from './stage-generation';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const documentsModule = defineModule({
  name: 'documents',
  async routes(app) {
    await routes(app);
    await generatorRoutes(app);
  },
  tasks: [documentGenerationTask],
  notifications: DOCUMENT_NOTIFICATIONS,
  fileOwners: {
    [DOCUMENT_FILE_OWNER]: async (auth) => canReadDocuments(auth),
    document_template: async (auth) => hasAnyRole(auth, documentTemplateResource.roles.edit),
  },
  contributes: { stageBehaviourHandlers: { DOCUMENT_GENERATION: documentGenerationHandler } },
});

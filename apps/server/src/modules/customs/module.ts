import { CUSTOMS_DECLARATIONS_TOPIC } from '@tms/domain';
import { defineModule } from '../../platform/modules';
import { openDeclarationsOfDeclarants } from './declarations/assignment-load';
import { DECLARATION_DOCUMENT_INITIATORS } from './declarations/document-initiators';
import { DECLARATION_NOTIFICATIONS } from './declarations/notifications';
import { declarationChangesPublisher, declarationsTopicRule } from './declarations/report-scope';
import { declarationStageCloser } from './declarations/stages';
import routes from './routes';
import { tnvedImport } from './tnved/import';
import { tnvedOrderChecks } from './tnved/order-checks';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const customsModule = defineModule({
  name: 'customs',
  routes,
  topics: { [CUSTOMS_DECLARATIONS_TOPIC]: declarationsTopicRule },
  subscribers: {
    'customs.declaration-stages': declarationStageCloser,
    'customs.declaration-changes': declarationChangesPublisher,
  },
  notifications: DECLARATION_NOTIFICATIONS,
  contributes: {
    assignmentLoads: { declarants: openDeclarationsOfDeclarants },
    documentInitiators: DECLARATION_DOCUMENT_INITIATORS,
    imports: { tnved: tnvedImport },
    orderTnvedChecks: { tnved: tnvedOrderChecks },
  },
});

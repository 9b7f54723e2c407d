import { defineModule } from '../../platform/modules';
import { COUNTERPARTY_DOCUMENT_INITIATOR } from './document-initiator';
import { COUNTERPARTY_MERGE_HOOKS } from './merge';
import { COUNTERPARTY_NOTIFICATIONS } from './notifications';
import routes from './routes';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const counterpartiesModule = defineModule({
  name: 'counterparties',
  routes,
  notifications: COUNTERPARTY_NOTIFICATIONS,
  // Its own parts move with a merge; other modules contribute theirs the same way.
  contributes: {
    counterpartyMergeHooks: COUNTERPARTY_MERGE_HOOKS,
    documentInitiators: { counterparty: COUNTERPARTY_DOCUMENT_INITIATOR },
  },
});

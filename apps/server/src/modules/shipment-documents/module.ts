import { SHIPMENT_TEMPLATE_ROLES } from '@tms/domain';
import { defineModule } from '../../platform/modules';
import { hasAnyRole } from '../../platform/permissions/check';
import { SHIPMENT_DOCUMENT_INITIATORS_CONTRIBUTION } from './initiators';
import { transportOrderMailTask } from './mail';
import routes from './routes';
import { SHIPMENT_TEMPLATE_FILE_OWNER } from './templates';

/** What the module adds to the app (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const shipmentDocumentsModule = defineModule({
  name: 'shipment-documents',
  routes,
  tasks: [transportOrderMailTask],
  fileOwners: {
    [SHIPMENT_TEMPLATE_FILE_OWNER]: async (auth) =>
      hasAnyRole(auth, [...new Set(Object.values(SHIPMENT_TEMPLATE_ROLES).flat())]),
  },
  contributes: { documentInitiators: SHIPMENT_DOCUMENT_INITIATORS_CONTRIBUTION },
});

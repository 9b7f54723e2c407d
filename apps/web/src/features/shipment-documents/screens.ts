import type { ResourceRouteOptions } from '../../platform/resources';

const form = () => import('./ShipmentTemplateForm').then((m) => m.ShipmentTemplateForm);

/** The templates of shipment documents: a form that uploads the Word file and shows its tag warnings. */
export const shipmentTemplateScreenOptions: Record<string, ResourceRouteOptions> = {
  transportOrderTemplateResource: { form },
  forwardingReceiptTemplateResource: { form },
  customerApplicationTemplateResource: { form },
};

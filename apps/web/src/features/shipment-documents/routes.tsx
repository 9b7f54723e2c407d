import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';

const NS = ['shipmentDocuments'] as const;
const transportOrderPage = () => import('./TransportOrderPage').then((m) => m.TransportOrderPage);

/** A transport order (`/transport-orders/{id}`); the templates' screens are declared (`screens.ts`). */
export const shipmentDocumentRoutes: AppRoute[] = [
  screen('transport-orders/:id', 'shipmentDocuments:transportOrders.item', transportOrderPage, NS),
];

import type { ResourceRouteOptions } from '../../platform/resources';

/**
 * The warehouse's declared screens that are more than the generic ones: a movement started from an order
 * (`/warehouse/accounting/new?orderId=&kind=`), the events list that follows new events live.
 */
export const warehouseScreenOptions: Record<string, ResourceRouteOptions> = {
  warehouseMovementResource: { form: () => import('./MovementPage').then((m) => m.MovementPage) },
  warehouseEventResource: { list: () => import('./EventList').then((m) => m.EventList) },
};

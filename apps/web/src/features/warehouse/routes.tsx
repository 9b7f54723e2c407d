import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';

/** Warehouse screens of their own (warehouses, accounting, events and services are declared resources). */
export const warehouseRoutes: AppRoute[] = [
  screen(
    'tms/orders/:id/warehouse-accounting',
    'warehouse:accounting.title',
    () => import('./OrderAccountingPage').then((m) => m.OrderAccountingPage),
    ['warehouse', 'messages'],
  ),
];

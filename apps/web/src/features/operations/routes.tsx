import type { ComponentType } from 'react';
import type { AppRoute } from '../../app/routeMeta';
import { type ResourceScreenProps, resourceRoutes, resourceScreen } from '../../platform/resources';

type LazyScreen = () => Promise<ComponentType<ResourceScreenProps>>;

const orderList: LazyScreen = () => import('./lists').then((m) => m.OrderList);
const orderPage: LazyScreen = () => import('./OrderPage').then((m) => m.OrderPage);
const jobList: LazyScreen = () => import('./lists').then((m) => m.JobList);
const jobPage: LazyScreen = () => import('./JobPage').then((m) => m.JobPage);
const prefetchPropertyViews = () => void import('./api').then((m) => m.prefetchPropertyViews());

/**
 * Orders and jobs (`/tms/orders`, `/tms/jobs`): the engine's lists with padded numbers, the order and job
 * pages with their property-view blocks, the copy of an order, an order made from a customer request and a
 * job created from its order.
 */
export const operationRoutes: AppRoute[] = [
  ...resourceRoutes('/tms/orders', (domain) => domain.orderResource, {
    list: orderList,
    form: orderPage,
    prefetch: prefetchPropertyViews,
  }),
  resourceScreen(
    'tms/orders/copy/:sourceId',
    'operations:orders.copyTitle',
    (d) => d.orderResource,
    orderPage,
  ),
  resourceScreen(
    'tms/orders/new/from-request/:requestId',
    'operations:orders.fromRequestTitle',
    (d) => d.orderResource,
    orderPage,
  ),
  resourceScreen('tms/orders/:orderId/jobs/new', 'operations:jobs.newTitle', (d) => d.jobResource, jobPage),
  ...resourceRoutes('/reports/ready-orders', (domain) => domain.readyOrderResource),
  ...resourceRoutes('/tms/jobs', (domain) => domain.jobResource, {
    list: jobList,
    form: jobPage,
    prefetch: prefetchPropertyViews,
  }),
];

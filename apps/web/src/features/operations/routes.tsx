import type * as Domain from '@tms/domain';
import type { ResourceDescriptor } from '@tms/domain';
import type { ComponentType } from 'react';
import type { AppRoute } from '../../app/routeMeta';
import { type ResourceScreenProps, resourceRoutes } from '../../platform/resources';

type LazyScreen = () => Promise<ComponentType<ResourceScreenProps>>;

/** A screen of its own under a resource (the copy of an order, a job created from an order). */
function screen(
  path: string,
  title: string,
  pick: (domain: typeof Domain) => ResourceDescriptor,
  load: LazyScreen,
): AppRoute {
  return {
    path,
    handle: { title },
    lazy: async () => {
      const [domain, texts, Component] = await Promise.all([
        import('@tms/domain'),
        import('../../platform/resources/texts'),
        load(),
      ]);
      const descriptor = pick(domain);
      await texts.loadResourceTexts(descriptor);
      return { element: <Component descriptor={descriptor} options={{}} /> };
    },
  };
}

const orderList: LazyScreen = () => import('./lists').then((m) => m.OrderList);
const orderPage: LazyScreen = () => import('./OrderPage').then((m) => m.OrderPage);
const jobList: LazyScreen = () => import('./lists').then((m) => m.JobList);
const jobPage: LazyScreen = () => import('./JobPage').then((m) => m.JobPage);

/**
 * Orders and jobs (`/tms/orders`, `/tms/jobs`): the engine's lists with padded numbers, the order and job
 * pages with their property-view blocks, the copy of an order and a job created from its order.
 */
export const operationRoutes: AppRoute[] = [
  ...resourceRoutes('/tms/orders', (domain) => domain.orderResource, { list: orderList, form: orderPage }),
  screen('tms/orders/copy/:sourceId', 'operations:orders.copyTitle', (d) => d.orderResource, orderPage),
  screen('tms/orders/:orderId/jobs/new', 'operations:jobs.newTitle', (d) => d.jobResource, jobPage),
  ...resourceRoutes('/tms/jobs', (domain) => domain.jobResource, { list: jobList, form: jobPage }),
];

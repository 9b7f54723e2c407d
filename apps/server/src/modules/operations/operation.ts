import { jobResource, type OperationType, orderResource, type ResourceDescriptor } from '@tms/domain';
import type { SQL } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/context';
import { type ResourceService, resourceService } from '../../platform/resources';
import { stageDueFilter } from './dashboard';
import { jobHooks } from './jobs';
import { withNotifications } from './notifications';
import { type JobRow, type OrderRow, orderHooks } from './orders';
import { type Access, jobScope, orderScope } from './scope';
import { jobs, orders } from './tables';

export type OperationRow = OrderRow | JobRow;

/** Orders and jobs as resource services: every read and write of either goes through them. */
export const orderService: ResourceService<OrderRow> = resourceService(orderResource, orders, {
  hooks: withNotifications('order', orderHooks()),
  scopeField: 'serviceOfficeId',
  filters: { stageDue: stageDueFilter },
});
export const jobService: ResourceService<JobRow> = resourceService(jobResource, jobs, {
  hooks: withNotifications('job', jobHooks()),
  scopeField: 'serviceOfficeId',
});

/** What the routes shared by orders and jobs (statuses, archive, stages) need to know of each. */
export interface OperationKind {
  type: OperationType;
  descriptor: ResourceDescriptor;
  table: typeof orders | typeof jobs;
  service: ResourceService<OperationRow>;
  /** Path segment under /tms: `orders` or `jobs`. */
  segment: 'orders' | 'jobs';
  scope(auth: Principal, access: Access, strict?: boolean): SQL | undefined;
}

export const OPERATION_KINDS: Record<OperationType, OperationKind> = {
  order: {
    type: 'order',
    descriptor: orderResource,
    table: orders,
    service: orderService as ResourceService<OperationRow>,
    segment: 'orders',
    scope: orderScope,
  },
  job: {
    type: 'job',
    descriptor: jobResource,
    table: jobs,
    service: jobService as ResourceService<OperationRow>,
    segment: 'jobs',
    scope: jobScope,
  },
};

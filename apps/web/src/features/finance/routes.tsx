import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';
import { resourceRoutes, resourceScreen } from '../../platform/resources';

const billPage = () => import('./BillPage').then((m) => m.BillPage);

/**
 * Finances: bills (`/finances/bills`: the engine's list, the bill's form, its copy and a bill of an order
 * or a job) and the period locks of the ledger.
 */
export const financeRoutes: AppRoute[] = [
  ...resourceRoutes('/finances/bills', (domain) => domain.billResource, { form: billPage }),
  resourceScreen(
    'finances/bills/:sourceBillId/copy',
    'finance:bills.copyTitle',
    (d) => d.billResource,
    billPage,
  ),
  resourceScreen(
    'finances/bills/from-operation/:operationId',
    'finance:bills.fromOperationTitle',
    (d) => d.billResource,
    billPage,
  ),
  screen(
    'finances/period-locks',
    'nav:nav.periodLocks',
    () => import('./PeriodLocks').then((m) => m.PeriodLocks),
    ['finance'],
  ),
];

import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

/** Finance dictionaries; one line per resource. */
export const financeRoutes: AppRoute[] = [
  ...resourceRoutes(
    '/settings/operation-finance-control-status-reasons',
    (d) => d.financeControlStatusReasonResource,
  ),
  ...resourceRoutes('/finances/payment-forms', (domain) => domain.paymentFormResource),
];

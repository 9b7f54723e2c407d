import { lazy } from 'react';
import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';
import { resourceRoutes, resourceScreen } from '../../platform/resources';

const billPage = () => import('./BillPage').then((m) => m.BillPage);
const paymentPage = () => import('./PaymentPage').then((m) => m.PaymentPage);
const paymentLinks = lazy(() => import('./PaymentLinks').then((m) => ({ default: m.PaymentLinks })));

/**
 * Finances: bills (`/finances/bills`: the engine's list, the bill's form, its copy and a bill of an order
 * or a job), payments (the list with totals, the form with its links, a payment of a bill), currency
 * conversions and the period locks of the ledger.
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
  ...resourceRoutes('/finances/payments', (domain) => domain.paymentResource, {
    list: () => import('./PaymentList').then((m) => m.PaymentList),
    form: paymentPage,
    fields: { links: paymentLinks },
  }),
  resourceScreen(
    'finances/payments/new/by-bill/:billId',
    'finance:payments.byBillTitle',
    (d) => d.paymentResource,
    paymentPage,
  ),
  ...resourceRoutes('/currency-conversion', (domain) => domain.currencyConversionResource),
  screen(
    'finances/period-locks',
    'nav:nav.periodLocks',
    () => import('./PeriodLocks').then((m) => m.PeriodLocks),
    ['finance'],
  ),
];

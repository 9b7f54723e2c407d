import { lazy } from 'react';
import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';
import { resourceRoutes, resourceScreen } from '../../platform/resources';

const billPage = () => import('./BillPage').then((m) => m.BillPage);
const printableBillPage = () => import('./PrintableBillPage').then((m) => m.PrintableBillPage);
const budgetPage = () => import('./BudgetPage').then((m) => m.BudgetPage);
const internalTransferPage = () => import('./InternalTransferPage').then((m) => m.InternalTransferPage);
const paymentPage = () => import('./PaymentPage').then((m) => m.PaymentPage);
const paymentLinks = lazy(() => import('./PaymentLinks').then((m) => ({ default: m.PaymentLinks })));

/**
 * Finances: bills (`/finances/bills`: the engine's list, the bill's form, its copy and a bill of an order
 * or a job), printable bills (their list, one made from a bill, its PDF, XML and files), payments (the list
 * with totals, the form with its links, a payment of a bill), internal transfers (the form, a copy, one of
 * an order, an order's transfer plan), automatic transfer rules with the job's runs and the legal-entity rules,
 * currency conversions, bank acquiring (the list with totals, the form with its bills), the period locks of the
 * ledger and budgets (`/budgets`: the list, a budget with its items and its plan against actuals).
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
  ...resourceRoutes('/finances/printable-bills', (domain) => domain.printableBillResource, {
    form: printableBillPage,
  }),
  resourceScreen(
    'finances/printable-bills/from-bill/:billId',
    'finance:printableBills.fromBillTitle',
    (d) => d.printableBillResource,
    printableBillPage,
  ),
  ...resourceRoutes('/budgets', (domain) => domain.budgetResource, { form: budgetPage }),
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
  ...resourceRoutes('/finances/internal-transfers', (domain) => domain.internalTransferResource, {
    form: internalTransferPage,
  }),
  resourceScreen(
    'finances/internal-transfers/copy/:copySourceId',
    'finance:internalTransfers.copyTitle',
    (d) => d.internalTransferResource,
    internalTransferPage,
  ),
  resourceScreen(
    'finances/internal-transfers/from-order/:orderId',
    'finance:internalTransfers.fromOrderTitle',
    (d) => d.internalTransferResource,
    internalTransferPage,
  ),
  ...resourceRoutes('/finances/automatic-transfers/rules', (domain) => domain.automaticTransferRuleResource, {
    list: () => import('./AutomaticTransferRuleList').then((m) => m.AutomaticTransferRuleList),
  }),
  screen(
    'finances/automatic-transfers/legal-entity-rules',
    'nav:nav.legalEntityTransferRules',
    () => import('./LegalEntityTransferRules').then((m) => m.LegalEntityTransferRules),
    ['finance'],
  ),
  screen(
    'finances/internal-transfers/from-transfer-plan/:orderId',
    'finance:internalTransfers.plan.screenTitle',
    () => import('./TransferPlanPage').then((m) => m.TransferPlanPage),
    ['finance', 'resources'],
  ),
  ...resourceRoutes('/currency-conversion', (domain) => domain.currencyConversionResource),
  ...resourceRoutes('/bank-acquiring', (domain) => domain.acquiringResource, {
    list: () => import('./AcquiringList').then((m) => m.AcquiringList),
    form: () => import('./AcquiringPage').then((m) => m.AcquiringPage),
    fields: { links: paymentLinks },
  }),
  screen(
    'finances/period-locks',
    'nav:nav.periodLocks',
    () => import('./PeriodLocks').then((m) => m.PeriodLocks),
    ['finance'],
  ),
];

import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';

/**
 * One line per report of the framework (its key and title; the rest is its declaration in `@tms/domain`,
 * loaded with the screen): the generic screen serves it. `/reports` opens the first one the user may read.
 */
const REPORT_SCREENS = [
  ['gross-profit', 'reports:grossProfit.title'],
  ['accounts-receivable', 'reports:accountsReceivable.title'],
  ['new-clients', 'reports:newClients.title'],
  // One screen for the three, differing by their type (spec §2).
  ...(['dso', 'dpo', 'ccc'] as const).map((type) => [type, `reports:${type}.title`] as const),
  ['orders-by-payment-forms', 'reports:ordersByPaymentForms.title'],
  ['plan-fact-report', 'reports:planFact.title'],
  ['finance-registry', 'reports:financeRegistry.title'],
  ['bonus-profit', 'reports:bonusProfit.title'],
  ['marginal-income', 'reports:marginalIncome.title'],
  ['profitability', 'reports:profitability.title'],
  ['specific-productivity', 'reports:productivity.title'],
  ['vat0', 'reports:vat0.title'],
  ['trial-balance', 'reports:trialBalance.title'],
  ['account-turnover', 'reports:accountTurnover.title'],
  ['cash-by-payment-form', 'reports:cashByPaymentForm.title'],
  ['reconciliation', 'reports:reconciliation.title'],
  ['customs-report', 'reports:customsReport.title'],
  ['customs-monitoring', 'reports:customsMonitoring.title'],
  ['pcc-analytics', 'reports:pccAnalytics.title'],
] as const;

export const reportRoutes: AppRoute[] = [
  screen('reports', 'reports:title', () => import('./ReportsIndex').then((m) => m.ReportsIndex), ['reports']),
  ...REPORT_SCREENS.map(([key, title]) =>
    screen(
      `reports/${key}`,
      title,
      () => import('./ReportPage').then((m) => () => <m.ReportPage reportKey={key} />),
      ['reports'],
    ),
  ),
];

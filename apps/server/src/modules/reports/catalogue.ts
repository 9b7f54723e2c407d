import type { ReportUseCases } from './framework';
import { accountTurnover } from './use-cases/account-turnover';
import { accountsReceivable } from './use-cases/accounts-receivable';
import { bonusProfit } from './use-cases/bonus-profit';
import { cashByPaymentForm } from './use-cases/cash-by-payment-form';
import { ccc, dpo, dso } from './use-cases/cash-cycle';
import { customsMonitoring } from './use-cases/customs-monitoring';
import { customsReport } from './use-cases/customs-report';
import { financeRegistry } from './use-cases/finance-registry';
import { grossProfit } from './use-cases/gross-profit';
import { marginalIncome } from './use-cases/marginal-income';
import { newClients } from './use-cases/new-clients';
import { ordersByPaymentForms } from './use-cases/orders-by-payment-forms';
import { pccAnalytics } from './use-cases/pcc-analytics';
import { planFact } from './use-cases/plan-fact';
import { profitability } from './use-cases/profitability';
import { reconciliation } from './use-cases/reconciliation';
import { specificProductivity } from './use-cases/specific-productivity';
import { trialBalance } from './use-cases/trial-balance';
import { vat0 } from './use-cases/vat0';

/** The reports the module serves, each declared in `@tms/domain` (reports/catalogue.ts) and computed here. */
export const REPORT_USE_CASES: readonly ReportUseCases[] = [
  grossProfit,
  accountsReceivable,
  newClients,
  dso,
  dpo,
  ccc,
  ordersByPaymentForms,
  planFact,
  financeRegistry,
  bonusProfit,
  marginalIncome,
  profitability,
  specificProductivity,
  vat0,
  trialBalance,
  accountTurnover,
  cashByPaymentForm,
  reconciliation,
  customsReport,
  customsMonitoring,
  pccAnalytics,
];

export function reportUseCasesOf(key: string): ReportUseCases | undefined {
  return REPORT_USE_CASES.find((report) => report.report.key === key);
}

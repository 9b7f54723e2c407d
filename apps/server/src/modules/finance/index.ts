// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Finance: the dictionaries other modules reference and
// conversion into the base currency at a date's rate.

export type { BillOperation, BillOperationSource } from './bill-operations';
export { type BillChangeBlocker, billReportScope, billService } from './bills';
export { type LedgerContext, type Posting, type PostingLine, post, reverse, setMonthLocked } from './ledger';
export { reconcileMonthTotals } from './ledger-rollups';
export { paymentReportScope } from './payments';
export { printableBillDocument } from './printable-bill-print';
export { type AppliedRate, type BaseAmount, rateOn, toBaseCurrency } from './rates';
export {
  acquiringOperations,
  bills,
  budgetItems,
  budgetPlans,
  budgets,
  currencyConversions,
  currencyRates,
  financeControlStatusReasons,
  internalTransfers,
  ledgerAccounts,
  ledgerEntries,
  ledgerLockedMonths,
  ledgerMonthAccountTotals,
  ledgerMonthTotals,
  ledgerOrderMonthFacts,
  ledgerTransactions,
  paymentBills,
  paymentForms,
  payments,
  printableBills,
  printableBillTemplates,
} from './tables';
export type { OrderTransfersStatusSink } from './transfer-plan';

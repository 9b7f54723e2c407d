// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Finance: the dictionaries other modules reference and
// conversion into the base currency at a date's rate.
export { type AppliedRate, type BaseAmount, rateOn, toBaseCurrency } from './rates';
export { currencyRates, financeControlStatusReasons, paymentForms, printableBillTemplates } from './tables';

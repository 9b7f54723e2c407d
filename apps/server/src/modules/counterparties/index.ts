// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Counterparties: what other modules may use (credit checks, merge hooks, the table for references).

export { cabinetKeyLookup } from './cabinet';
export { contractorChoice, contractorChoices } from './contractor-choices';
export { assertCanTakeNewWork, type CreditExposureSource, checkCreditLimit, creditOf } from './credit';
export { type CounterpartyMergeHook, moveReferences } from './merge';
export type { CounterpartyRenameHook } from './rename';
export { counterpartyService } from './service';
export { counterpartyBankAccountService, ownedHooks as counterpartyPartHooks } from './subresources';
export { counterparties } from './tables';

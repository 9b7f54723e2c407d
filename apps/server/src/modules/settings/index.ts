// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Settings (reference data): the dictionaries other modules reference and join.
export {
  agreementTypes,
  banks,
  contactInfoTypes,
  counterpartyFeatures,
  counterpartyStatuses,
  countries,
  currencies,
  financeControlStatusReasons,
  legalEntities,
  vehicleTypes,
} from './tables';

// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Reference data: the dictionaries other modules reference and join.
export { countryCode, RUSSIA } from './service';
export {
  banks,
  contactInfoTypes,
  countries,
  currencies,
  holidays,
  loadingUnloadingMethods,
  shipmentTerms,
  vehicleTypes,
} from './tables';

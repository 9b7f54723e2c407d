// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). TMS reference data: the dictionaries other modules reference and join.
export { jobTypes, products, services, shipmentTerms, stageTypes } from './tables';

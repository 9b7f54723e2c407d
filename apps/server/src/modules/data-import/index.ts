// The public entry of the module: other modules import from here only (ARCHITECTURE.md "Layout").
export { dataImportDescriptions } from './tables';

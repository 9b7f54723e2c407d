// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Reports: the reconciliation statement a client's cabinet
// prints.
export { reconciliationStatement } from './use-cases/reconciliation';

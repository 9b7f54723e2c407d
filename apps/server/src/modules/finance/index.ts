// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Finance: the dictionaries other modules reference.
export { financeControlStatusReasons, paymentForms } from './tables';

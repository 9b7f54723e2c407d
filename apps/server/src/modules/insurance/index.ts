// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Insurance: its tables for the demo data.
export { insuranceCertificates, insurancePolicies } from './tables';

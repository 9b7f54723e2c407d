// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"). Marking: the codes of an order's cargo lines, which the customs declaration's items carry.
export { markingCodesByLine } from './lines';

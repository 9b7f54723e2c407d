// The public entry of the module: other modules import from here only (ARCHITECTURE.md "Layout").
// Auto-assignment: the one call every create of an assignable record makes, and the load extension point.
export type { AssignmentLoad } from './loads';
export { notifyCustomsUnassigned } from './notifications';
export { type Assignment, assignByRules } from './use-cases/assign-by-rules';

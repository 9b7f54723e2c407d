// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Workflows: the extension point a record's module
// contributes to so workflows run on its records.
export type { WorkflowInitiatorSource } from './initiators';
export { resourceInitiator } from './initiators';

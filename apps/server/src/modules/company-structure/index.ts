// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"). Company structure: the subordinates dimension of every user's scopes, which the app hands to
// the authentication (platform code imports no module).

export { itemService as structureItemService } from './items';
export { structureSubordinates, subordinatesSql } from './subordinates';
export { moveStructureItem } from './use-cases/move-item';

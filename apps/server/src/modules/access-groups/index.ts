// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Access groups: what other modules may use.
export { checkAccessGroupIds, rolesOfGroups } from './service';

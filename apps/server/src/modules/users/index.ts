// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Users: what other modules may use.
export { sessionUserSchema } from './schemas';
export { countUsersInGroup, loadSessionUser } from './service';

// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). System options: what other modules may use.
export { getOptions } from './service';
export { systemOptions } from './tables';

// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). User-defined lists: what other modules may use.
export { findUserDefinedList, missingListRows } from './service';
export { userDefinedListRows, userDefinedLists } from './tables';

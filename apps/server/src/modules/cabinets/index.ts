// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Cabinets: the cabinets' credentials for the app's guard.

export { cabinetLookup } from './auth';
export { cabinetUsers } from './tables';

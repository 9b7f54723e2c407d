// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Cabinets: the cabinets' credentials for the app's guard; their users and event log for the PCC analytics.

export { cabinetLookup } from './access';
export { cabinetJobStageRoutes } from './doors';
export { cabinetEvents, cabinetUsers } from './tables';

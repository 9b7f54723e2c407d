// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Operations: the route and cargo rules other records that
// carry a route and cargo (customer requests) share, and the check of an order made from a request.
export { checkCargoRoles, type OrderSourceCheck, routeColumns } from './orders';
export type { StageBehaviourEvent, StageBehaviourHandler } from './stages';
export { services } from './tables';

// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Operations: the route and cargo rules other records that
// carry a route and cargo (customer requests) share, and the check of an order made from a request.

export type { OrderInWarehouseSource } from './archive-facts';
export { type CargoInsuranceOwner, moveCargoInsuranceStatus } from './cargo-insurance-status';
export { closeCustomsStages } from './customs-stages';
export { operationAudienceOf } from './notifications';
export { jobService, orderService } from './operation';
export { checkCargoRoles, type OrderSourceCheck, type OrderTnvedCheck, routeColumns } from './orders';
export { orderReportScope, orderScope } from './scope';
export type { StageBehaviourEvent, StageBehaviourHandler } from './stages';
export { stagesOf } from './stages';
export { closeStageBySystem, managedStage, visibleStage } from './system-close';
export { jobOrders, jobs, orders, products, services, stages } from './tables';
export { recheckOrderTnvedControl } from './tnved-control';
export { closeStage } from './use-cases/close-stage';

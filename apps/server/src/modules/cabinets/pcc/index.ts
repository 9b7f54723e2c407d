// The client's cabinet (PCC): his requests, orders, bills, documents and reconciliation, and what he may do.
export { PCC_PREDICATES, pccRoutes } from './pcc';
export { pccActionRoutes } from './pcc-actions';

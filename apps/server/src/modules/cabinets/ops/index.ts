// The contractor's and carrier's cabinet (OPS): offers, jobs and their stages, files, the contractor's bills.
export { CONTRACTOR_BILL_NOTIFICATIONS, contractorBillRoutes } from './contractor-bills';
export { OPS_PREDICATES, opsRoutes } from './ops';
export { opsActionRoutes } from './ops-actions';

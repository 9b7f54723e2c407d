// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Shipment documents: the signed application a client files
// from his cabinet; the transport orders mailed to a contractor, which he accepts from his portal.

export { sentTransportOrdersOf } from './documents';
export { acceptTransportOrder } from './use-cases/accept-transport-order';
export { fileSignedApplication } from './use-cases/sign-application';

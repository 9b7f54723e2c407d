// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Shipment documents: the signed application a client files
// from his cabinet.
export { fileSignedApplication } from './use-cases/sign-application';

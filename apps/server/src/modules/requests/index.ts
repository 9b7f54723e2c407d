// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Requests: the dictionaries other modules reference.

export { requestService } from './requests';
export { requestOfferTypes } from './tables';

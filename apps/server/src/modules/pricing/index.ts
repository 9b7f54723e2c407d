// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Pricing: the computed price of a request, for the offers.
export { computeRequestPrice } from './use-cases/compute-price';

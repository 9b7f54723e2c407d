// The public entry of the module: other modules import from here only, never its files (ARCHITECTURE.md
// "Layout"; the dependency checker enforces it). Requests: the dictionaries other modules reference, and
// the offers' one write (pricing writes an offer from the computed price through it).

export type { OfferContext } from './offers';
export { clientRequestHooks, requestService } from './requests';
export { customerRequests, requestOffers, requestOfferTypes, requestQuotes } from './tables';
export { writeOffer } from './use-cases/offer-write';
export { acceptQuote } from './use-cases/quote-accept';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult, Quote, RequestOffer, RequestOfferTemplate } from '@tms/domain';
import { api } from '../../platform/api/client';

/**
 * The calls of the offers and quote blocks (docs/request-offers.md). The keys start like the engine's
 * (`resource`, the descriptor's name), so a write here also refreshes the `/request-offers` list.
 */
export const OFFERS_KEY = ['resource', 'request_offer'] as const;
const QUOTE_KEY = ['resource', 'request', 'quote'] as const;

/** The offers of a request (of one contractor when given) the user reaches. */
export function useRequestOffers(requestId: number, contractorId?: number | null) {
  return useQuery({
    queryKey: [...OFFERS_KEY, 'of-request', requestId, contractorId ?? null],
    queryFn: ({ signal }) =>
      api.get<ListResult<RequestOffer>>('/request-offers', {
        query: {
          requestId,
          ...(contractorId ? { contractorId } : {}),
          sort: 'createdAt',
          order: 'asc',
          itemsPerPage: 100,
        },
        signal,
      }),
  });
}

/** The request's quote with its margin. */
export function useQuote(requestId: number) {
  return useQuery({
    queryKey: [...QUOTE_KEY, requestId],
    queryFn: ({ signal }) => api.get<Quote>(`/requests/${requestId}/quote`, { signal }),
  });
}

/** The offer templates, for the offer dialog's prefill (the enabled ones are offered). */
export function useOfferTemplates(enabled: boolean) {
  return useQuery({
    queryKey: ['resource', 'request_offer_template', 'enabled'],
    queryFn: ({ signal }) =>
      api.get<ListResult<RequestOfferTemplate>>('/request-offer-templates', {
        query: { itemsPerPage: 100 },
        signal,
      }),
    enabled,
  });
}

/** Refreshes what an offer or quote write changes: the offers, the quote's margin and the request. */
export function useOfferRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: OFFERS_KEY }),
      client.invalidateQueries({ queryKey: ['resource', 'request'] }),
    ]);
}

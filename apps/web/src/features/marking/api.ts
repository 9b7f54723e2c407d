import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarkingEmission, MarkingRequest, OrderMarking } from '@tms/domain';
import { api } from '../../platform/api/client';

const ROOT = ['marking'] as const;
export const orderMarkingKey = (orderId: number) => [...ROOT, 'order', orderId] as const;
/** While a call to Честный ЗНАК waits in the queue, the block looks again this often. */
const POLL_MS = 5_000;

/** The order's marking; polled while a call is queued, so its outcome shows without a reload. */
export function useOrderMarking(orderId: number) {
  return useQuery({
    queryKey: orderMarkingKey(orderId),
    queryFn: ({ signal }) => api.get<OrderMarking>(`/tms/orders/${orderId}/marking`, { signal }),
    refetchInterval: (query) =>
      query.state.data?.requests.some((request) => request.state === 'queued') ? POLL_MS : false,
  });
}

function useMarkingMutation<I, O>(orderId: number, call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: orderMarkingKey(orderId) }),
  });
}

const base = (orderId: number) => `/tms/orders/${orderId}/marking`;

/** Codes of one cargo line; a refusal's per-code errors are shown by the form, not as a popup. */
export const useAddCodes = (orderId: number) =>
  useMarkingMutation(orderId, (body: { tnvedCode: string; codes: string[] }) =>
    api.post<{ added: number }>(`${base(orderId)}/codes`, body, { suppressPopup: [400] }),
  );

export const useRemoveCode = (orderId: number) =>
  useMarkingMutation(orderId, (codeId: number) =>
    api.delete<{ removed: number }>(`${base(orderId)}/codes/${codeId}`),
  );

export const useOrderCodes = (orderId: number) =>
  useMarkingMutation(orderId, (body: MarkingEmission) =>
    api.post<MarkingRequest>(`${base(orderId)}/emission`, body, { suppressPopup: [400] }),
  );

export const useReportApplied = (orderId: number) =>
  useMarkingMutation(orderId, () => api.post<MarkingRequest>(`${base(orderId)}/report`, {}));

export const useRefreshStatuses = (orderId: number) =>
  useMarkingMutation(orderId, () => api.post<MarkingRequest>(`${base(orderId)}/statuses`, {}));

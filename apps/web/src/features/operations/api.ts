import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Job,
  ListResult,
  OrderListRow,
  PropertyViews,
  PropertyViewType,
  Stage,
  StatusTarget,
} from '@tms/domain';
import { api } from '../../platform/api/client';
import { queryClient } from '../../platform/api/queryClient';

/** The calls of the order and job screens beyond the engine's: statuses, stages, property views, jobs. */

export type OperationPath = '/tms/orders' | '/tms/jobs';

/** Every query of operations screens starts with this key; a write to an order or job refreshes them. */
export const OPERATIONS_KEY = ['operations'] as const;

const PROPERTY_VIEWS_KEY = [...OPERATIONS_KEY, 'property-views'] as const;

const propertyViewsQuery = {
  queryKey: PROPERTY_VIEWS_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<PropertyViews>('/tms/property-views', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
};

/** The user's property-view preferences of every type. */
export function usePropertyViews() {
  return useQuery(propertyViewsQuery);
}

/** Starts the preferences with an order's or job's route, so its page does not wait for them after rendering. */
export function prefetchPropertyViews() {
  void queryClient.prefetchQuery(propertyViewsQuery);
}

/** Saves some preferences of one type; the screen follows at once, the answer confirms. */
export function useSavePropertyView(type: PropertyViewType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Record<string, unknown>) =>
      api.put<PropertyViews>(`/tms/property-views/${type}`, change),
    onMutate: (change) => {
      client.setQueryData<PropertyViews>(PROPERTY_VIEWS_KEY, (current) =>
        current ? { ...current, [type]: { ...current[type], ...change } } : current,
      );
    },
    onSuccess: (views) => client.setQueryData(PROPERTY_VIEWS_KEY, views),
  });
}

/** The statuses the user may move an operation to, by kind (the server's `allowedStatusTargets`). */
export function useStatusTargets(path: OperationPath, id: number, version: number) {
  return useQuery({
    queryKey: [...OPERATIONS_KEY, path, id, 'statuses', version],
    queryFn: ({ signal }) =>
      api.get<Record<string, StatusTarget[]>>(`${path}/${id}/statuses`, { signal, suppressPopup: true }),
    // The menus of a new version stay buttons (disabled while it loads) instead of turning into plain
    // badges for a moment, where a click would open nothing.
    placeholderData: keepPreviousData,
  });
}

export const stagesKey = (path: OperationPath, id: number) =>
  [...OPERATIONS_KEY, path, id, 'stages'] as const;

export function useStages(path: OperationPath, id: number) {
  return useQuery({
    queryKey: stagesKey(path, id),
    queryFn: ({ signal }) => api.get<ListResult<Stage>>(`${path}/${id}/stages`, { signal }),
  });
}

/** The jobs of an order the user may see. */
export function useOrderJobs(orderId: number) {
  return useQuery({
    queryKey: [...OPERATIONS_KEY, '/tms/orders', orderId, 'jobs'],
    queryFn: ({ signal }) => api.get<ListResult<Job>>(`/tms/orders/${orderId}/jobs`, { signal }),
  });
}

/** The orders made from a customer request (its page lists them), newest first. */
export function useRequestOrders(requestId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...OPERATIONS_KEY, '/tms/orders', 'request', requestId],
    queryFn: ({ signal }) =>
      api.get<ListResult<OrderListRow>>('/tms/orders', { query: { requestId, itemsPerPage: 50 }, signal }),
    enabled,
  });
}

/** The orders a job form links (their products and cargo decide what its selects offer). */
export function useOrdersOf(ids: readonly number[]) {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...OPERATIONS_KEY, '/tms/orders', 'of', wanted],
    queryFn: ({ signal }) =>
      api.get<ListResult<OrderListRow>>('/tms/orders', {
        query: { id: wanted.join(','), itemsPerPage: wanted.length },
        signal,
        suppressPopup: true,
      }),
    enabled: wanted.length > 0,
  });
}

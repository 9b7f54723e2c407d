import type { ListResult, ListViewsAnswer, ResourceDescriptor } from '@tms/domain';
import { api } from '../api/client';
import { queryClient } from '../api/queryClient';
import { listViewsKey, resourceKey } from './keys';
import { isBareAddress, listViewsPath, stateOfView } from './listViewsLogic';
import { listQueryOf, listStateOf, type Row } from './logic';

/** The query of a list's saved filters and column choice. */
export const listViewsQuery = (descriptor: ResourceDescriptor) => ({
  queryKey: listViewsKey(descriptor),
  // A list opens even when these cannot be read; saving one reports its own error.
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<ListViewsAnswer>(listViewsPath(descriptor), { signal, suppressPopup: true }),
  staleTime: 60_000,
});

/** The query of one page of a list, as the address (or a saved filter) asks for it. */
export const listPageQuery = (descriptor: ResourceDescriptor, query: Record<string, string | number>) => ({
  queryKey: [...resourceKey(descriptor), 'list', query],
  // A list refused (403) shows its own screen instead of a snackbar over an empty table.
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<ListResult<Row>>(descriptor.path, { query, signal, suppressPopup: [403] }),
});

/**
 * Starts a list's data with its route, beside the screen's code: the saved filters, then the page the list
 * will ask for (the user's default filter on a bare address, else the address's), so the list finds both
 * in the cache instead of asking for one after the other once it has rendered.
 */
export async function startList(descriptor: ResourceDescriptor, params: URLSearchParams): Promise<void> {
  const answer = await queryClient.fetchQuery(listViewsQuery(descriptor)).catch(() => undefined);
  let state = listStateOf(descriptor, params);
  const preferred = isBareAddress(params) ? answer?.views.find((view) => view.isDefault) : undefined;
  if (preferred) state = stateOfView(descriptor, preferred.query, state);
  await queryClient.prefetchQuery(listPageQuery(descriptor, listQueryOf(state)));
}

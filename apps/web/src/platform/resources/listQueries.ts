import type { ListResult, ListViewQuery, ListViewsAnswer, ResourceDescriptor } from '@tms/domain';
import { api } from '../api/client';
import { queryClient } from '../api/queryClient';
import { tokenSubject } from '../auth/session';
import { authStore } from '../auth/store';
import { listViewsKey, resourceKey } from './keys';
import { isBareAddress, listViewsPath, stateOfView } from './listViewsLogic';
import { listQueryOf, listStateOf, type Row } from './logic';

/** The query of a list's saved filters and column choice. */
export const listViewsQuery = (descriptor: ResourceDescriptor) => ({
  queryKey: listViewsKey(descriptor),
  // A list opens even when these cannot be read; saving one reports its own error.
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const answer = await api.get<ListViewsAnswer>(listViewsPath(descriptor), { signal, suppressPopup: true });
    rememberDefault(descriptor, answer);
    return answer;
  },
  staleTime: 60_000,
});

/**
 * This browser's note of the user's default saved filter of a list, as the server last gave it: the list's
 * first page starts with it beside the saved filters instead of after them. Only a guess at the page to
 * start early: the list applies what the server answers.
 */
const defaultKey = (descriptor: ResourceDescriptor) => {
  const user = tokenSubject(authStore.get().token);
  return user ? `tms.listDefault.${user}.${descriptor.name}` : null;
};

function rememberDefault(descriptor: ResourceDescriptor, answer: ListViewsAnswer) {
  const key = defaultKey(descriptor);
  if (!key) return;
  const preferred = answer.views.find((view) => view.isDefault);
  if (preferred) localStorage.setItem(key, JSON.stringify(preferred.query));
  else localStorage.removeItem(key);
}

function rememberedDefault(descriptor: ResourceDescriptor): ListViewQuery | undefined {
  const key = defaultKey(descriptor);
  const stored = key ? localStorage.getItem(key) : null;
  if (!stored) return undefined;
  try {
    return JSON.parse(stored) as ListViewQuery;
  } catch {
    return undefined;
  }
}

/** The query of one page of a list, as the address (or a saved filter) asks for it. */
export const listPageQuery = (descriptor: ResourceDescriptor, query: Record<string, string | number>) => ({
  queryKey: [...resourceKey(descriptor), 'list', query],
  // A list refused (403) shows its own screen instead of a snackbar over an empty table.
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<ListResult<Row>>(descriptor.path, { query, signal, suppressPopup: [403] }),
});

/**
 * Starts a list's data with its route, beside the screen's code: the saved filters and the page the list
 * will ask for, together. On a bare address that page is the user's default filter, known for sure only from
 * the saved filters: the one this browser last heard of starts at once (none: the bare list), and should the
 * answer name another, its page follows. The list finds both in the cache when it renders.
 */
export async function startList(descriptor: ResourceDescriptor, params: URLSearchParams): Promise<void> {
  const views = queryClient.fetchQuery(listViewsQuery(descriptor)).catch(() => undefined);
  const addressed = listStateOf(descriptor, params);
  const bare = isBareAddress(params);
  const remembered = bare ? rememberedDefault(descriptor) : undefined;
  const expected = remembered ? stateOfView(descriptor, remembered, addressed) : addressed;
  const page = queryClient.prefetchQuery(listPageQuery(descriptor, listQueryOf(expected)));
  if (!bare) return page;
  const preferred = (await views)?.views.find((view) => view.isDefault);
  const state = preferred ? stateOfView(descriptor, preferred.query, addressed) : addressed;
  // The same page as the one started is not asked again: it is fresh in the cache (or on its way).
  await Promise.all([page, queryClient.prefetchQuery(listPageQuery(descriptor, listQueryOf(state)))]);
}

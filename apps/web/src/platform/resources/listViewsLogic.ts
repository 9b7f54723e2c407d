import type { ListView, ListViewQuery, ResourceDescriptor } from '@tms/domain';
import { columnFields, defaultColumns, type ListState, listStateOf, paramsOf, readColumns } from './logic';

/** Pure rules of saved filters and the column choice kept on the server. */

/** The API path of a list's saved filters and column choice. */
export const listViewsPath = (descriptor: ResourceDescriptor) => `/list-views/${descriptor.name}`;

/** What a saved filter keeps of the list state: filters, search and sort (not the page). */
export function viewQueryOf(state: ListState): ListViewQuery {
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([, value]) => value));
  return { filters, search: state.search.trim(), sort: state.sort, order: state.order };
}

/**
 * The list state a saved filter opens: its filters, search and sort on the first page, keeping the page
 * size; read back through the address rules so a field the list no longer offers is dropped.
 */
export function stateOfView(
  descriptor: ResourceDescriptor,
  query: ListViewQuery,
  current: ListState,
): ListState {
  const params = paramsOf(descriptor, {
    page: 1,
    itemsPerPage: current.itemsPerPage,
    sort: query.sort ?? descriptor.defaultSort.field,
    order: query.order ?? descriptor.defaultSort.order,
    search: query.search ?? '',
    filters: query.filters ?? {},
  });
  return listStateOf(descriptor, params);
}

const sameQuery = (a: ListViewQuery, b: ListViewQuery) => {
  const keys = new Set([...Object.keys(a.filters), ...Object.keys(b.filters)]);
  return (
    a.search === b.search &&
    a.sort === b.sort &&
    a.order === b.order &&
    [...keys].every((key) => (a.filters[key] ?? '') === (b.filters[key] ?? ''))
  );
};

/** The saved filter the list currently shows, if any (compared as the list applies them). */
export function matchingView(
  descriptor: ResourceDescriptor,
  views: readonly ListView[],
  state: ListState,
): ListView | undefined {
  const shown = viewQueryOf(state);
  return views.find((view) => sameQuery(viewQueryOf(stateOfView(descriptor, view.query, state)), shown));
}

/** The list was opened without any state in its address: the default saved filter may apply. */
export const isBareAddress = (params: URLSearchParams) => [...params.keys()].length === 0;

/**
 * The columns shown: the user's choice kept on the server; until there is one, the choice this browser
 * kept before (`stored`, from localStorage), else the list's defaults. Fields that no longer exist drop out.
 */
export function chosenColumns(
  descriptor: ResourceDescriptor,
  server: readonly string[] | null | undefined,
  stored: string | null,
): string[] {
  if (!server) return readColumns(descriptor, stored);
  const known = new Set(columnFields(descriptor).map((f) => f.name));
  const chosen = server.filter((name) => known.has(name));
  return chosen.length ? chosen : defaultColumns(descriptor);
}

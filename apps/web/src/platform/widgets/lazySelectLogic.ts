/** Paging rules of the lazy select (spec §4, §9). */
export const LAZY_PAGE_SIZE = 40;
export const FULL_LOAD_PAGE_SIZE = 10_000;
export const LOAD_MORE_STEP = 20;
export const SEARCH_DEBOUNCE_MS = 500;

export interface LazyItem {
  id: number | string;
  label: string;
  enabled?: boolean;
}

export interface WindowState {
  /** Items fetched so far, in server order. */
  loaded: number;
  /** How many of them the dropdown shows. */
  visible: number;
  /** The server has more than was fetched. */
  hasMore: boolean;
}

/** The first page shows whole; "Load more" widens the window by 20 and fetches when it runs past the data. */
export const initialWindow = (loaded: number, total: number): WindowState => ({
  loaded,
  visible: Math.min(loaded, LAZY_PAGE_SIZE),
  hasMore: loaded < total,
});

export function loadMore(state: WindowState): { state: WindowState; fetchNextPage: boolean } {
  const visible = state.visible + LOAD_MORE_STEP;
  return { state: { ...state, visible }, fetchNextPage: visible > state.loaded && state.hasMore };
}

export const canLoadMore = (state: WindowState): boolean => state.visible < state.loaded || state.hasMore;

/** Select-all chooses every listed item; when all are chosen it becomes clear-all. */
export function toggleAll(selected: readonly (number | string)[], listed: readonly (number | string)[]) {
  const allChosen = listed.length > 0 && listed.every((id) => selected.includes(id));
  return allChosen
    ? selected.filter((id) => !listed.includes(id))
    : [...selected, ...listed.filter((id) => !selected.includes(id))];
}

export const allSelected = (selected: readonly (number | string)[], listed: readonly (number | string)[]) =>
  listed.length > 0 && listed.every((id) => selected.includes(id));

/** The lazy-select answers of spec §7 are arrays; the contract's lists are `{collection, total}`. */
export function readPage<T>(answer: T[] | { collection: T[]; total: number }): {
  items: T[];
  total: number | null;
} {
  return Array.isArray(answer)
    ? { items: answer, total: null }
    : { items: answer.collection, total: answer.total };
}

/** What a selected-entries address (spec §7) has in place of the chosen value(s). */
export const SELECTED_VALUE_PLACEHOLDER = '{value}';

/**
 * The address loading the chosen entries of a lazy select (spec §7 `GET {selectedUrl}`): the placeholder
 * replaced by the chosen value, several values joined by '-'.
 */
export function selectedUrlOf(template: string, values: readonly (number | string)[]): string {
  const joined = values.map((value) => encodeURIComponent(String(value))).join('-');
  return template.split(SELECTED_VALUE_PLACEHOLDER).join(joined);
}

/** The entries a selected-entries address answers: an array, the contract's list, or one entry. */
export function selectedEntriesOf<T extends { id: number | string }>(answer: unknown): T[] {
  if (Array.isArray(answer)) return answer as T[];
  if (answer && typeof answer === 'object') {
    const { collection } = answer as { collection?: unknown };
    if (Array.isArray(collection)) return collection as T[];
    if ('id' in answer) return [answer as T];
  }
  return [];
}

import { describe, expect, it } from 'vitest';
import {
  allSelected,
  canLoadMore,
  initialWindow,
  loadMore,
  readPage,
  selectedEntriesOf,
  selectedUrlOf,
  toggleAll,
} from './lazySelectLogic';

describe('lazy select', () => {
  it('load more adds 20 to the window and fetches only when it runs past the data', () => {
    const first = initialWindow(40, 95);
    expect(first).toEqual({ loaded: 40, visible: 40, hasMore: true });
    const next = loadMore(first);
    expect(next).toEqual({ state: { loaded: 40, visible: 60, hasMore: true }, fetchNextPage: true });
    const full = initialWindow(300, 300);
    expect(loadMore({ ...full, visible: 40 })).toEqual({
      state: { loaded: 300, visible: 60, hasMore: false },
      fetchNextPage: false,
    });
  });

  it('offers load more while something is hidden or unfetched', () => {
    expect(canLoadMore({ loaded: 40, visible: 40, hasMore: false })).toBe(false);
    expect(canLoadMore({ loaded: 40, visible: 40, hasMore: true })).toBe(true);
    expect(canLoadMore({ loaded: 60, visible: 40, hasMore: false })).toBe(true);
  });

  it('select-all becomes clear-all when everything listed is chosen', () => {
    expect(toggleAll([7], [1, 2])).toEqual([7, 1, 2]);
    expect(allSelected([7, 1, 2], [1, 2])).toBe(true);
    expect(toggleAll([7, 1, 2], [1, 2])).toEqual([7]);
    expect(allSelected([], [])).toBe(false);
  });

  it('reads arrays and contract lists', () => {
    expect(readPage([{ id: 1 }])).toEqual({ items: [{ id: 1 }], total: null });
    expect(readPage({ collection: [{ id: 1 }], total: 9 })).toEqual({ items: [{ id: 1 }], total: 9 });
  });

  it('builds the selected-entries address: the value in place of {value}, several joined by "-"', () => {
    expect(selectedUrlOf('/lazy-select/country/all/{value}', [12])).toBe('/lazy-select/country/all/12');
    expect(selectedUrlOf('/lazy-select/country/all/{value}', [12, 7, 40])).toBe(
      '/lazy-select/country/all/12-7-40',
    );
    expect(selectedUrlOf('/warehouses/selected?ids={value}', ['a b', 'c/d'])).toBe(
      '/warehouses/selected?ids=a%20b-c%2Fd',
    );
    expect(selectedUrlOf('/items/{value}?again={value}', [1, 2])).toBe('/items/1-2?again=1-2');
  });

  it('reads the selected entries from an array, a list or a single entry', () => {
    const entry = { id: 1, name: 'A' };
    expect(selectedEntriesOf([entry])).toEqual([entry]);
    expect(selectedEntriesOf({ collection: [entry], total: 1 })).toEqual([entry]);
    expect(selectedEntriesOf(entry)).toEqual([entry]);
    expect(selectedEntriesOf(null)).toEqual([]);
    expect(selectedEntriesOf({ nothing: true })).toEqual([]);
  });
});

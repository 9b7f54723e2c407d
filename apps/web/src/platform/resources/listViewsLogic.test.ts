import { type ListView, orderResource } from '@tms/domain';
import { describe, expect, it } from 'vitest';
import { chosenColumns, isBareAddress, matchingView, stateOfView, viewQueryOf } from './listViewsLogic';
import { defaultColumns, listStateOf } from './logic';

const state = (query: string) => listStateOf(orderResource, new URLSearchParams(query));
const view = (id: number, query: ListView['query']): ListView => ({
  id,
  version: 1,
  name: `View ${id}`,
  query,
  isDefault: false,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});

describe('saved filters', () => {
  it('keeps filters, search and sort of the list, not its page', () => {
    expect(
      viewQueryOf(state('page=3&itemsPerPage=100&archived=true&search=%20ab%20&sort=number&order=asc')),
    ).toEqual({
      filters: { archived: 'true' },
      search: 'ab',
      sort: 'number',
      order: 'asc',
    });
  });

  it('opens a saved filter on the first page, keeping the page size and dropping what the list lacks', () => {
    const current = state('page=4&itemsPerPage=100&failure=true');
    const next = stateOfView(
      orderResource,
      { filters: { archived: 'false', gone: 'x' }, search: 'ab', sort: 'route', order: 'asc' },
      current,
    );
    expect(next).toEqual({
      page: 1,
      itemsPerPage: 100,
      sort: orderResource.defaultSort.field,
      order: orderResource.defaultSort.order,
      search: 'ab',
      filters: { archived: 'false' },
    });
  });

  it('names the saved filter the list shows, whatever the page', () => {
    const archived = view(1, { filters: { archived: 'true' }, search: '' });
    const sorted = view(2, { filters: { archived: 'true' }, search: '', sort: 'number', order: 'asc' });
    const views = [archived, sorted];
    expect(matchingView(orderResource, views, state('archived=true&page=2'))).toBe(archived);
    expect(matchingView(orderResource, views, state('archived=true&sort=number&order=asc'))).toBe(sorted);
    expect(matchingView(orderResource, views, state('archived=true&failure=true'))).toBeUndefined();
    expect(matchingView(orderResource, views, state(''))).toBeUndefined();
  });

  it('applies the default only to an address without any list state', () => {
    expect(isBareAddress(new URLSearchParams(''))).toBe(true);
    expect(isBareAddress(new URLSearchParams('page=1'))).toBe(false);
  });
});

describe('column choice', () => {
  it("shows the server's choice, else this browser's earlier one, else the defaults", () => {
    expect(chosenColumns(orderResource, ['number', 'gone', 'archived'], '["dispatchDate"]')).toEqual([
      'number',
      'archived',
    ]);
    expect(chosenColumns(orderResource, null, '["dispatchDate"]')).toEqual(['dispatchDate']);
    expect(chosenColumns(orderResource, undefined, null)).toEqual(defaultColumns(orderResource));
    expect(chosenColumns(orderResource, ['gone'], null)).toEqual(defaultColumns(orderResource));
  });
});

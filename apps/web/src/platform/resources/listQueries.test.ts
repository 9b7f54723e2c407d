import { countryResource, type ListViewsAnswer } from '@tms/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const stored = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
});

/** The saved filters' answer is held until the test gives it, to see what started before it. */
let answerViews: (answer: ListViewsAnswer) => void = () => undefined;
const get = vi.fn((path: string, _options?: { query?: Record<string, unknown> }) =>
  path.startsWith('/list-views/')
    ? new Promise<ListViewsAnswer>((resolve) => {
        answerViews = resolve;
      })
    : Promise.resolve({ collection: [], total: 0 }),
);
vi.mock('../api/client', () => ({ api: { get } }));

const { queryClient } = await import('../api/queryClient');
const { authStore } = await import('../auth/store');
const { startList } = await import('./listQueries');

const token = (sub: string) => `h.${btoa(JSON.stringify({ sub, exp: 4_000_000_000 }))}.s`;
const pagesAsked = () =>
  get.mock.calls.filter(([path]) => path === countryResource.path).map(([, o]) => o?.query);
const bare = { page: 1, itemsPerPage: 40, sort: 'name', order: 'asc' };
const byDefault = { ...bare, sort: 'code', order: 'desc', search: 'рус' };
const views = (isDefault: boolean): ListViewsAnswer =>
  ({
    views: [
      {
        id: 1,
        name: 'Mine',
        isDefault,
        query: { filters: {}, search: 'рус', sort: 'code', order: 'desc' },
      },
    ],
    columns: null,
  }) as unknown as ListViewsAnswer;

describe('a list started with its route', () => {
  beforeEach(() => {
    queryClient.clear();
    get.mockClear();
    authStore.set({ token: token('7'), tokenExpire: 4_000_000_000, legacyToken: null, lastRefresh: null });
  });

  it('asks for the saved filters and the page together, then for the default filter’s page once named', async () => {
    stored.clear();
    const started = startList(countryResource, new URLSearchParams());
    await vi.waitFor(() => expect(pagesAsked()).toEqual([bare]));
    expect(get).toHaveBeenCalledWith('/list-views/country', expect.anything());
    answerViews(views(true));
    await started;
    expect(pagesAsked()).toEqual([bare, byDefault]);
    // This browser keeps, for this user, which filter opens the list.
    expect(JSON.parse(stored.get('tms.listDefault.7.country') ?? 'null')).toMatchObject({ search: 'рус' });
  });

  it('starts the default filter’s page beside the saved filters when it knows it, and nothing else', async () => {
    const started = startList(countryResource, new URLSearchParams());
    await vi.waitFor(() => expect(pagesAsked()).toEqual([byDefault]));
    answerViews(views(true));
    await started;
    expect(pagesAsked()).toEqual([byDefault]);
  });

  it('follows the server when the default filter is gone, and forgets it', async () => {
    const started = startList(countryResource, new URLSearchParams());
    await vi.waitFor(() => expect(pagesAsked()).toEqual([byDefault]));
    answerViews(views(false));
    await started;
    expect(pagesAsked()).toEqual([byDefault, bare]);
    expect(stored.has('tms.listDefault.7.country')).toBe(false);
  });

  it('another user of this browser does not start with this user’s filter', async () => {
    stored.set('tms.listDefault.7.country', JSON.stringify(views(true).views[0]?.query));
    authStore.set({ token: token('8'), tokenExpire: 4_000_000_000, legacyToken: null, lastRefresh: null });
    const started = startList(countryResource, new URLSearchParams());
    await vi.waitFor(() => expect(pagesAsked()).toEqual([bare]));
    answerViews(views(false));
    await started;
    expect(pagesAsked()).toEqual([bare]);
  });

  it('an address with its own state asks for its page without waiting for the saved filters', async () => {
    stored.set('tms.listDefault.7.country', JSON.stringify(views(true).views[0]?.query));
    await startList(countryResource, new URLSearchParams({ search: 'бел' }));
    expect(pagesAsked()).toEqual([{ ...bare, search: 'бел' }]);
  });
});

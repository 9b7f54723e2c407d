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

/** Opens the list at its bare address: the pages asked before the saved filters answer `answer`, and after. */
async function openBare(answer: ListViewsAnswer) {
  const started = startList(countryResource, new URLSearchParams());
  await vi.waitFor(() => expect(pagesAsked()).toHaveLength(1));
  const before = pagesAsked();
  answerViews(answer);
  await started;
  return { before, after: pagesAsked() };
}
const remember = (user: string) =>
  stored.set(`tms.listDefault.${user}.country`, JSON.stringify(views(true).views[0]?.query));

describe('a list started with its route', () => {
  beforeEach(() => {
    queryClient.clear();
    get.mockClear();
    authStore.set({ token: token('7'), tokenExpire: 4_000_000_000, legacyToken: null, lastRefresh: null });
  });

  it('asks for the saved filters and the page together, then for the default filter’s page once named', async () => {
    stored.clear();
    const { before, after } = await openBare(views(true));
    expect(before).toEqual([bare]);
    expect(get).toHaveBeenCalledWith('/list-views/country', expect.anything());
    expect(after).toEqual([bare, byDefault]);
    // This browser keeps, for this user, which filter opens the list.
    expect(JSON.parse(stored.get('tms.listDefault.7.country') ?? 'null')).toMatchObject({ search: 'рус' });
  });

  it('starts the default filter’s page beside the saved filters when it knows it, and nothing else', async () => {
    const { before, after } = await openBare(views(true));
    expect(before).toEqual([byDefault]);
    expect(after).toEqual([byDefault]);
  });

  it('follows the server when the default filter is gone, and forgets it', async () => {
    const { before, after } = await openBare(views(false));
    expect(before).toEqual([byDefault]);
    expect(after).toEqual([byDefault, bare]);
    expect(stored.has('tms.listDefault.7.country')).toBe(false);
  });

  it('another user of this browser does not start with this user’s filter', async () => {
    remember('7');
    authStore.set({ token: token('8'), tokenExpire: 4_000_000_000, legacyToken: null, lastRefresh: null });
    const { before, after } = await openBare(views(false));
    expect(before).toEqual([bare]);
    expect(after).toEqual([bare]);
  });

  it('an address with its own state asks for its page without waiting for the saved filters', async () => {
    remember('7');
    await startList(countryResource, new URLSearchParams({ search: 'бел' }));
    expect(pagesAsked()).toEqual([{ ...bare, search: 'бел' }]);
  });
});

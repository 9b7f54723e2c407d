import { describe, expect, it, vi } from 'vitest';

const get = vi.fn(async (path: string) => ({ id: 7, path }));
vi.mock('../api/client', () => ({ api: { get } }));

const { queryClient } = await import('../api/queryClient');
const { resourceRoutes } = await import('./routes');

describe('a record route', () => {
  it('starts the record and what its screen asks for when it is entered, before the screen renders', async () => {
    const prefetch = vi.fn();
    const routes = resourceRoutes('/settings/currencies', (domain) => domain.currencyResource, { prefetch });
    const edit = routes.find((route) => route.path === 'settings/currencies/:id');
    const loader = edit?.loader as (args: { params: Record<string, string> }) => unknown;
    expect(loader({ params: { id: '7' } })).toBeNull();
    expect(prefetch).toHaveBeenCalledOnce();
    await vi.waitFor(
      () =>
        expect(queryClient.getQueryData(['resource', 'currency', 'record', 7])).toEqual({
          id: 7,
          path: '/settings/currencies/7',
        }),
      // The descriptor comes with the domain package, which loads first.
      { timeout: 15_000 },
    );
    // A path that is not a record's id starts nothing.
    loader({ params: { id: 'new-ish' } });
    expect(get).toHaveBeenCalledOnce();
    // Loading the domain package alone can take seconds on a busy machine: the wait above bounds it.
  }, 20_000);
});

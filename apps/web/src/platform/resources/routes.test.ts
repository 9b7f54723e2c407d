import { describe, expect, it, vi } from 'vitest';

const get = vi.fn(async (path: string) => ({ id: 7, path }));
vi.mock('../api/client', () => ({ api: { get } }));

const { queryClient } = await import('../api/queryClient');
const { resourceRoutes } = await import('./routes');
// The descriptor comes with the domain package: loaded with the file (seconds on a busy machine, outside any
// test's time), the loader's own import of it is answered at once, so the test waits on no clock.
await import('@tms/domain');

describe('a record route', () => {
  it('starts the record and what its screen asks for when it is entered, before the screen renders', async () => {
    const prefetch = vi.fn();
    const routes = resourceRoutes('/settings/currencies', (domain) => domain.currencyResource, { prefetch });
    const edit = routes.find((route) => route.path === 'settings/currencies/:id');
    const loader = edit?.loader as (args: { params: Record<string, string> }) => unknown;
    expect(loader({ params: { id: '7' } })).toBeNull();
    expect(prefetch).toHaveBeenCalledOnce();
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(['resource', 'currency', 'record', 7])).toEqual({
        id: 7,
        path: '/settings/currencies/7',
      }),
    );
    // A path that is not a record's id starts nothing.
    loader({ params: { id: 'new-ish' } });
    expect(get).toHaveBeenCalledOnce();
  });
});

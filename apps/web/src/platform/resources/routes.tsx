import type * as Domain from '@tms/domain';
import type { ResourceDescriptor } from '@tms/domain';
import { type LoaderFunctionArgs, Navigate } from 'react-router';
import type { AppRoute, RouteMeta } from '../../app/routeMeta';
import { api } from '../api/client';
import { queryClient } from '../api/queryClient';
import { resourceKey } from './keys';
import { RECORD_LOAD } from './recordState';
import type { LazyScreen, ResourceRouteOptions } from './types';

export type { ResourceRouteOptions, ResourceScreenProps } from './types';

type Screen = 'list' | 'create' | 'edit';

const screens: Record<'list' | 'form', LazyScreen> = {
  list: () => import('./screens').then((m) => m.ResourceList),
  form: () => import('./screens').then((m) => m.ResourceForm),
};

/**
 * The screens of one resource (ARCHITECTURE.md "The resource engine"): the list at its path, `/new` and
 * `/:id` (the create path is `options.newPath`, `new` by default). One line per resource in a feature's routes:
 *
 *     ...resourceRoutes('/settings/currencies', (domain) => domain.currencyResource),
 *
 * The descriptor is picked from `@tms/domain` when a screen first opens, so the domain's schemas stay out
 * of the shell's initial JavaScript. A screen the descriptor does not offer (`screens`, `creatable`)
 * sends the user back to the list.
 */
export function resourceRoutes(
  path: string,
  pick: (domain: typeof Domain) => ResourceDescriptor,
  options: ResourceRouteOptions = {},
): AppRoute[] {
  const base = path.replace(/^\//, '');
  const lazy = (screen: Screen) => async () => {
    const load = screen === 'list' ? (options.list ?? screens.list) : (options.form ?? screens.form);
    // The screen's code loads beside the descriptor it needs (a screen not offered merely wastes it).
    const component = load();
    component.catch(() => undefined);
    const [domain, logic, texts] = await Promise.all([
      import('@tms/domain'),
      import('./logic'),
      import('./texts'),
    ]);
    const descriptor = pick(domain);
    if (descriptor.path !== path)
      throw new Error(`Resource ${descriptor.name} lives at ${descriptor.path}, not ${path}`);
    const nav = logic.navEntryOf(path);
    const { ns, key } = logic.splitKey(descriptor.title);
    // A menu entry named by the resource's title (no `nav.*` name of its own) titles the page by that key.
    const handle: RouteMeta = { title: nav?.name.startsWith('nav.') ? `nav:${nav.name}` : `${ns}:${key}` };
    const offered =
      screen === 'list' ||
      (screen === 'edit' && descriptor.screens?.edit !== false) ||
      (screen === 'create' &&
        descriptor.creatable !== false &&
        (descriptor.screens?.create ?? true) === true);
    if (!offered) return { handle, element: <Navigate to={path} replace /> };
    const [Component] = await Promise.all([component, texts.loadResourceTexts(descriptor)]);
    return { handle, element: <Component descriptor={descriptor} options={options} /> };
  };
  // A record's data starts with the route, beside its screen's code, not after the screen has rendered.
  const startRecord = ({ params }: LoaderFunctionArgs) => {
    const id = params.id;
    if (id && /^\d+$/.test(id)) {
      void import('@tms/domain').then((domain) =>
        queryClient.prefetchQuery({
          queryKey: [...resourceKey(pick(domain)), 'record', Number(id)],
          queryFn: ({ signal }) => api.get(`${path}/${id}`, { signal, ...RECORD_LOAD }),
        }),
      );
      options.prefetch?.();
    }
    return null;
  };
  // A list's saved filters and first page start with the route too (listQueries.ts). A feature's own list
  // screen (`options.list`) is a ResourceList as well, asking for the same page.
  const startList = ({ request }: LoaderFunctionArgs) => {
    const params = new URL(request.url).searchParams;
    void Promise.all([import('@tms/domain'), import('./listQueries')])
      .then(([domain, queries]) => queries.startList(pick(domain), params))
      .catch(() => undefined);
    return null;
  };
  return [
    {
      path: base,
      loader: startList,
      // Only on entering the list: its own filter, search and page changes ask for their pages themselves.
      shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
      lazy: lazy('list'),
    },
    { path: `${base}/${options.newPath ?? 'new'}`, lazy: lazy('create') },
    { path: `${base}/:id`, loader: startRecord, lazy: lazy('edit') },
  ];
}

/**
 * A screen of its own under a resource (the copy of an order, a job created from an order): it gets the
 * resource's descriptor like the resource's own screens, and loads with the resource's texts.
 */
export function resourceScreen(
  path: string,
  title: string,
  pick: (domain: typeof Domain) => ResourceDescriptor,
  load: LazyScreen,
): AppRoute {
  return {
    path,
    handle: { title },
    lazy: async () => {
      const [domain, texts, Component] = await Promise.all([
        import('@tms/domain'),
        import('./texts'),
        load(),
      ]);
      const descriptor = pick(domain);
      await texts.loadResourceTexts(descriptor);
      return { element: <Component descriptor={descriptor} options={{}} /> };
    },
  };
}

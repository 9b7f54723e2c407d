import type { RouteObject } from 'react-router';

/** Translation keys a route carries (`namespace:key`): the page title and, if different, the header. */
export interface RouteMeta {
  title?: string;
  header?: string;
}

export type AppRoute = RouteObject & { handle?: RouteMeta; children?: AppRoute[] };

/** Page title (spec §2): the translated route title and the product suffix, or the product name alone. */
export function pageTitle(meta: RouteMeta | undefined, translate: (key: string) => string): string {
  const product = translate('common:productName');
  return meta?.title ? `${translate(meta.title)} — ${product}` : product;
}

/** Header title (spec §2): the route's header meta, else its title meta, else the product name. */
export function headerTitle(meta: RouteMeta | undefined, translate: (key: string) => string): string {
  const key = meta?.header ?? meta?.title;
  return key ? translate(key) : translate('common:productName');
}

/** The meta of the deepest matched route that has any. */
export function deepestMeta(matches: readonly { handle?: unknown }[]): RouteMeta | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteMeta | undefined;
    if (handle?.title || handle?.header) return handle;
  }
  return undefined;
}

import type { ComponentType } from 'react';
import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

/** A screen of its own, loaded with the counterparty texts when first opened. */
function screen(path: string, title: string, load: () => Promise<ComponentType>): AppRoute {
  return {
    path,
    handle: { title },
    lazy: async () => {
      const [Component, { i18next }] = await Promise.all([load(), import('../../platform/i18n')]);
      await i18next.loadNamespaces(['counterparties', 'resources']);
      return { Component };
    },
  };
}

/**
 * Counterparties (/counterparties): the engine's list with a way to the similar search, the counterparty
 * page with its tabs, the similar search and the merge of two counterparties.
 */
export const counterpartyRoutes: AppRoute[] = [
  ...resourceRoutes('/counterparties', (domain) => domain.counterpartyResource, {
    list: () => import('./CounterpartyList').then((m) => m.CounterpartyList),
    form: () => import('./CounterpartyPage').then((m) => m.CounterpartyPage),
  }),
  screen('counterparties/similar', 'counterparties:similar.title', () =>
    import('./SimilarPage').then((m) => m.SimilarPage),
  ),
  screen('counterparties/:id/merge', 'counterparties:merge.title', () =>
    import('./MergePage').then((m) => m.MergePage),
  ),
];

import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';
import { resourceRoutes } from '../../platform/resources';

const NAMESPACES = ['counterparties', 'resources'];

/**
 * Counterparties (/counterparties): the engine's list with a way to the similar search, the counterparty
 * page with its tabs, the similar search and the merge of two counterparties.
 */
export const counterpartyRoutes: AppRoute[] = [
  ...resourceRoutes('/counterparties', (domain) => domain.counterpartyResource, {
    list: () => import('./CounterpartyList').then((m) => m.CounterpartyList),
    form: () => import('./CounterpartyPage').then((m) => m.CounterpartyPage),
  }),
  screen(
    'counterparties/similar',
    'counterparties:similar.title',
    () => import('./SimilarPage').then((m) => m.SimilarPage),
    NAMESPACES,
  ),
  screen(
    'counterparties/:id/merge',
    'counterparties:merge.title',
    () => import('./MergePage').then((m) => m.MergePage),
    NAMESPACES,
  ),
];

import { Navigate } from 'react-router';
import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';
import { resourceRoutes } from '../../platform/resources';
import { ITEMS_PATH } from './api';

const NS = ['companyStructure'] as const;

/**
 * The company structure: its tree (the nodes' list screen, with the generic form for `/new` and `/{id}`), its
 * chart, its people and its settings; the old `/company-structure/structure` link opens the tree.
 */
export const companyStructureRoutes: AppRoute[] = [
  ...resourceRoutes(ITEMS_PATH, (domain) => domain.structureItemResource, {
    list: () => import('./TreePage').then((m) => m.TreePage),
  }),
  screen(
    'company-structure/tree-structure/graph',
    'companyStructure:graph.title',
    () => import('./GraphPage').then((m) => m.GraphPage),
    NS,
  ),
  screen(
    'company-structure/users',
    'companyStructure:people.title',
    () => import('./PeoplePage').then((m) => m.PeoplePage),
    NS,
  ),
  screen(
    'company-structure/users/:id',
    'companyStructure:people.person',
    () => import('./PersonPage').then((m) => m.PersonPage),
    NS,
  ),
  screen(
    'company-structure/settings',
    'companyStructure:settings.title',
    () => import('./SettingsPage').then((m) => m.SettingsPage),
    NS,
  ),
  { path: 'company-structure/structure', element: <Navigate to={ITEMS_PATH} replace /> },
];

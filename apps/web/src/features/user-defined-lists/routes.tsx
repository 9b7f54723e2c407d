import { lazy } from 'react';
import type { AppRoute } from '../../app/routeMeta';
import { resourceRoutes } from '../../platform/resources';

// The editor loads with the form, not with the shell.
const ListFieldsEditor = lazy(() =>
  import('./ListFieldsEditor').then((m) => ({ default: m.ListFieldsEditor })),
);

/** User-defined lists (spec §3): name and fields, through the generic resource screens. */
export const userDefinedListsRoutes: AppRoute[] = [
  ...resourceRoutes('/user-defined-lists', (domain) => domain.userDefinedListResource, {
    fields: { fields: ListFieldsEditor },
  }),
];

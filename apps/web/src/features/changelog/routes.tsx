import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';

/** The change log of every entity (/settings/entity-changelog). */
export const changeLogRoutes: AppRoute[] = [
  screen(
    'settings/entity-changelog',
    'nav:nav.entityChangelog',
    () => import('./ChangeLogPage').then((m) => m.ChangeLogPage),
    ['changelog', 'options', 'companyStructure'],
  ),
];

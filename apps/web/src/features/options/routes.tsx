import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';

/** System settings (/options/main). */
export const optionsRoutes: AppRoute[] = [
  screen('options/main', 'nav:nav.systemOptions', () => import('./OptionsPage').then((m) => m.OptionsPage), [
    'options',
  ]),
];

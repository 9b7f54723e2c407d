import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';

/** Customs screens of their own (the customs dictionaries are declared resources). */
export const customsRoutes: AppRoute[] = [
  screen(
    // Spec routes.txt; a literal, so the shell's first load does not take in @tms/domain.
    'tnved-library',
    'customs:tnved.title',
    () => import('./tnved/TnvedLibraryPage').then((m) => m.TnvedLibraryPage),
    ['customs', 'messages'],
  ),
];

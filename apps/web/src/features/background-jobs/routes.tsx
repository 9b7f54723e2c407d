import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';

/** The user's background jobs (docs/decisions/013-job-queue.md "Where a user sees the jobs"). */
export const backgroundJobRoutes: AppRoute[] = [
  screen(
    'background-jobs',
    'backgroundJobs:title',
    () => import('./BackgroundJobsPage').then((m) => m.BackgroundJobsPage),
    ['backgroundJobs'],
  ),
];

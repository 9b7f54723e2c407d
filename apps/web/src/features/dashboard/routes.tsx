import type { AppRoute } from '../../app/routeMeta';

export const dashboardRoutes: AppRoute[] = [
  {
    path: 'dashboard',
    handle: { title: 'dashboard:title' },
    lazy: () => import('./DashboardPage').then((m) => ({ Component: m.DashboardPage })),
  },
];

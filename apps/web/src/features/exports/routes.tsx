import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';

/** Exports in the background (spec §2 `/export`, `/prepared-exports`, `/report-export`; docs/exports.md). */
export const exportRoutes: AppRoute[] = [
  screen('export', 'nav:nav.export', () => import('./ExportPage').then((m) => m.ExportPage), [
    'exports',
    'resources',
  ]),
  screen(
    'prepared-exports',
    'nav:nav.preparedExports',
    () => import('./PreparedExportsPage').then((m) => m.PreparedExportsPage),
    ['exports', 'backgroundJobs'],
  ),
  screen(
    'prepared-exports/:id',
    'exports:preparedExport',
    () => import('./PreparedExportsPage').then((m) => m.PreparedExportPage),
    ['exports', 'backgroundJobs'],
  ),
  screen(
    'report-export',
    'nav:nav.reportExport',
    () => import('./ReportExportPage').then((m) => m.ReportExportPage),
    ['exports', 'reports'],
  ),
];

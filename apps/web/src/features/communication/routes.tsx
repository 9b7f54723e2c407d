import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';

const NS = ['announcements', 'notifications', 'common'];

/** Announcements, notifications, their settings and version news (spec §2, §3). */
export const communicationRoutes: AppRoute[] = [
  screen(
    'announcements',
    'nav:nav.announcements',
    () => import('./AnnouncementsPage').then((m) => m.AnnouncementsPage),
    NS,
  ),
  screen(
    'announcements/new',
    'announcements:newTitle',
    () => import('./AnnouncementNewPage').then((m) => m.AnnouncementNewPage),
    NS,
  ),
  screen(
    'announcements/:id',
    'announcements:itemTitle',
    () => import('./AnnouncementPage').then((m) => m.AnnouncementPage),
    NS,
  ),
  screen(
    'notifications',
    'nav:nav.notifications',
    () => import('./NotificationsPage').then((m) => m.NotificationsPage),
    NS,
  ),
  screen(
    'user-settings/notification-settings',
    'nav:nav.notificationSettings',
    () => import('./NotificationSettingsPage').then((m) => m.NotificationSettingsPage),
    NS,
  ),
  screen(
    'version-news/announcements',
    'nav:nav.versionNews',
    () => import('./VersionNewsPages').then((m) => m.VersionNewsListPage),
    NS,
  ),
  screen(
    'version-news/announcements/new',
    'announcements:versionNews.newTitle',
    () => import('./VersionNewsPages').then((m) => m.VersionNewsEditPage),
    NS,
  ),
  screen(
    'version-news/announcements/:id',
    'announcements:versionNews.itemTitle',
    () => import('./VersionNewsPages').then((m) => m.VersionNewsEditPage),
    NS,
  ),
];

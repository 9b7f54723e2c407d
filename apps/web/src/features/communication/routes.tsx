import type { AppRoute } from '../../app/routeMeta';
import { screen } from '../../platform/kit/screen';

type Screens = typeof import('./screens');

/** Path, title key and screen of announcements, notifications, their settings and version news (spec §2, §3). */
const SCREENS: [string, string, keyof Screens][] = [
  ['announcements', 'nav:nav.announcements', 'AnnouncementsPage'],
  ['announcements/new', 'announcements:newTitle', 'AnnouncementNewPage'],
  ['announcements/:id', 'announcements:itemTitle', 'AnnouncementPage'],
  ['notifications', 'nav:nav.notifications', 'NotificationsPage'],
  ['user-settings/notification-settings', 'nav:nav.notificationSettings', 'NotificationSettingsPage'],
  ['version-news/announcements', 'nav:nav.versionNews', 'VersionNewsListPage'],
  ['version-news/announcements/new', 'announcements:versionNews.newTitle', 'VersionNewsEditPage'],
  ['version-news/announcements/:id', 'announcements:versionNews.itemTitle', 'VersionNewsEditPage'],
];

export const communicationRoutes: AppRoute[] = SCREENS.map(([path, title, name]) =>
  screen(path, title, () => import('./screens').then((m) => m[name]), [
    'announcements',
    'notifications',
    'common',
  ]),
);

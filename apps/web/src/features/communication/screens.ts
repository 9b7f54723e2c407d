// The screens of the context in one chunk: one lazy import in the shell's routes instead of one per screen.
export { AnnouncementNewPage } from './AnnouncementNewPage';
export { AnnouncementPage } from './AnnouncementPage';
export { AnnouncementsPage } from './AnnouncementsPage';
export { NotificationSettingsPage } from './NotificationSettingsPage';
export { NotificationsPage } from './NotificationsPage';
export { VersionNewsEditPage, VersionNewsListPage } from './VersionNewsPages';

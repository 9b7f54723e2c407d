import type { Announcement, Notification } from '@tms/domain';
import { api } from '../../platform/api/client';

/** Query keys of the header's lists: the screens refresh them after their own changes. */
export const UNREAD_NOTIFICATIONS_KEY = ['notifications', 'unread'] as const;
export const NOT_READ_ANNOUNCEMENTS_KEY = ['announcements', 'not-read'] as const;
export const ANNOUNCEMENTS_KEY = ['announcements'] as const;

export interface UnreadNotifications {
  collection: Notification[];
  total: number;
}

/** Failures loading these or marking read are silent (spec §5): the header retries on its own. */
export const quiet = { suppressPopup: true } as const;

export const fetchUnreadNotifications = () =>
  api.get<UnreadNotifications>('/notifications/internal/unread', { query: { 'max-items': 100 }, ...quiet });
export const markNotificationRead = (id: number) => api.get(`/notifications/internal/${id}/read`, quiet);
export const markAllNotificationsRead = () => api.get('/notifications/internal/read-all', quiet);

export const fetchNotReadAnnouncements = () => api.get<Announcement[]>('/announcements/not-read', quiet);
export const markAnnouncementRead = (id: number) =>
  api.post(`/announcements/${id}/mark-read`, undefined, quiet);
export const markAllAnnouncementsRead = () => api.post('/announcements/mark-read-all', undefined, quiet);

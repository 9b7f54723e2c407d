import { can } from '@tms/domain';
import { defineModule } from '../../platform/modules';
import type { NotificationType } from '../../platform/notifications/types';
import routes from './routes';

/** Replies, complaints and the answers to them, told to whom they concern (texts: `notifications.json`). */
const COMMUNICATION_NOTIFICATIONS = {
  announcementReply: { permission: 'ROLE_COMPANY_CHAPTERS', defaultScope: 'direct', colour: 'cyan' },
  announcementComplaint: {
    permission: 'ROLE_ANNOUNCEMENT_COMPLAINT_REPLY',
    defaultScope: 'global',
    colour: 'red',
  },
  announcementComplaintReply: { permission: 'ROLE_COMPANY_CHAPTERS', defaultScope: 'direct', colour: 'cyan' },
} as const satisfies Record<string, NotificationType>;

const editLogReaders = (auth: { roles: ReadonlySet<string> }) =>
  can(auth.roles, 'ROLE_ANNOUNCEMENT_EDIT_LOG_VIEW');

/** Announcements and version news (ARCHITECTURE.md "Layout"); only app.ts imports it. */
export const communicationModule = defineModule({
  name: 'communication',
  routes,
  notifications: COMMUNICATION_NOTIFICATIONS,
  changeLog: { announcement: editLogReaders, announcement_reply: editLogReaders },
});

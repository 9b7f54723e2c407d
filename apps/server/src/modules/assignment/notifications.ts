import type { NotificationLink } from '@tms/domain';
import { notify } from '../../platform/notifications/notify';
import type { NotificationType } from '../../platform/notifications/types';
import type { ChangeContext } from '../../platform/resources/context';

/** The notification types of auto-assignment (texts: `notifications.json`). */
export const ASSIGNMENT_NOTIFICATIONS = {
  // The customs group (the office's holders of the customs specialist role) hears of work no rule gave anyone.
  customsUnassigned: {
    permission: 'ROLE_REQUEST_CUSTOMS_SPECIALIST',
    defaultScope: 'office',
    colour: 'orange',
  },
} as const satisfies Record<string, NotificationType>;

/**
 * Tells the customs group of the record's office that no customs rule gave the record (`link`: a customs
 * request, later a declaration) a customs specialist, so one of them takes it.
 */
export async function notifyCustomsUnassigned(
  ctx: ChangeContext,
  record: { serviceOfficeId: number | null; link: NotificationLink },
): Promise<void> {
  await notify(ctx, {
    type: 'customsUnassigned',
    links: { record: record.link },
    offices: [record.serviceOfficeId],
  });
}

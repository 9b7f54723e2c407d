import type { CustomsAssignee, NotificationLink } from '@tms/domain';
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
  // The office's declarants (who accept a declaration's work) hear of a declaration no rule gave a declarant.
  declarantUnassigned: {
    permission: 'ROLE_ORDER_DECLARANT_ACCEPTANCE',
    defaultScope: 'office',
    colour: 'orange',
  },
} as const satisfies Record<string, NotificationType>;

/**
 * Tells the customs group of the record's office that no customs rule gave the record (`link`: a customs
 * request or a declaration) its customs specialist, or (`person: 'declarant'`, a declaration) its declarant,
 * so one of them takes it.
 */
export async function notifyCustomsUnassigned(
  ctx: ChangeContext,
  record: { serviceOfficeId: number | null; link: NotificationLink },
  person: CustomsAssignee = 'specialist',
): Promise<void> {
  await notify(ctx, {
    type: person === 'declarant' ? 'declarantUnassigned' : 'customsUnassigned',
    links: { record: record.link },
    offices: [record.serviceOfficeId],
  });
}

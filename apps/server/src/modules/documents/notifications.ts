import { documentResource } from '@tms/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import { changeLog } from '../../platform/changelog/tables';
import { notify } from '../../platform/notifications/notify';
import type { NotificationType } from '../../platform/notifications/types';
import type { ChangeContext } from '../../platform/resources/context';
import type { documents } from './tables';

/** The notification types of documents (texts: `notifications.json`). */
export const DOCUMENT_NOTIFICATIONS = {
  documentProcessed: { permission: 'ROLE_DOCUMENT_VIEW', defaultScope: 'direct', colour: 'green' },
  // Its records are orders and jobs (the initiators answering `audience`): reached as orders are read.
  documentGenerated: { permission: 'ROLE_ORDER_VIEW', defaultScope: 'off', colour: 'teal' },
} as const satisfies Record<string, NotificationType>;

/** Tells those who wrote a document (its change log names them) that it was marked processed. */
export async function notifyDocumentProcessed(
  ctx: ChangeContext,
  document: typeof documents.$inferSelect,
): Promise<void> {
  const writers = await ctx.tx
    .selectDistinct({ userId: changeLog.userId })
    .from(changeLog)
    .where(
      and(
        eq(changeLog.entityType, documentResource.name),
        eq(changeLog.entityId, document.id),
        isNotNull(changeLog.userId),
      ),
    );
  await notify(ctx, {
    type: 'documentProcessed',
    params: { name: document.name },
    links: {
      document: {
        link: `/document-folders/${document.folderId}/text-documents/${document.id}`,
        text: document.name,
      },
    },
    direct: writers.map((w) => w.userId),
  });
}

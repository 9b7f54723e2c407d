import { padId } from '@tms/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { systemPrincipal } from '../../platform/auth/context';
import { recordEvent } from '../../platform/events/outbox';
import { fileStorageOf } from '../../platform/files/routes';
import { storedContent } from '../../platform/files/service';
import { files } from '../../platform/files/tables';
import { JobFailure } from '../../platform/jobs/queue';
import { defineTask } from '../../platform/jobs/tasks';
import { smtpTransport } from '../../platform/notifications/mailer';
import { legalEntities } from '../company';
import { shipmentDocuments } from './tables';

export const TRANSPORT_ORDER_MAIL_MESSAGES = {
  gone: 'The transport order no longer exists.',
  superseded: 'The transport order was sent again to another address.',
  noSmtp: 'Mail is not configured on this server.',
  sent: 'Sent to {{to}}',
} as const;

/**
 * The domain event of a transport order the mail server took (the contractor has it now): the contractor
 * portal's notifications listen to it.
 */
export const TRANSPORT_ORDER_SENT_EVENT = { entityType: 'transport_order', kind: 'sent' } as const;

/**
 * Mails a transport order to the contractor: its PDF and Word file attached, the subject and text in
 * Russian (the carrier's language). The send time is recorded once the mail server took the mail; a failed
 * send fails the job, which the queue tries again. A send asked again meanwhile (another address) supersedes
 * this one.
 */
export const transportOrderMailTask = defineTask({
  name: 'transport-order-mail',
  payload: z.object({ documentId: z.number().int(), to: z.string(), requestedAt: z.string() }),
  async run({ database, config, clock }, request) {
    const smtp = config.smtp;
    if (!smtp) throw new JobFailure(TRANSPORT_ORDER_MAIL_MESSAGES.noSmtp);
    const db = database.db;
    const [row] = await db
      .select()
      .from(shipmentDocuments)
      .where(eq(shipmentDocuments.id, request.documentId));
    if (!row) throw new JobFailure(TRANSPORT_ORDER_MAIL_MESSAGES.gone);
    if (row.sentTo !== request.to || row.sendRequestedAt?.toISOString() !== request.requestedAt) {
      throw new JobFailure(TRANSPORT_ORDER_MAIL_MESSAGES.superseded);
    }
    const storage = fileStorageOf(config);
    const ids = [row.pdfFileId, row.fileId].filter((id) => id !== null);
    const attached = ids.length ? await db.select().from(files).where(inArray(files.id, ids)) : [];
    const attachments = await Promise.all(
      attached.map(async (file) => ({
        filename: file.description,
        content: await storedContent(storage, file),
        contentType: file.mimeType ?? undefined,
      })),
    );
    const [company] = await db
      .select({ name: legalEntities.shortName })
      .from(legalEntities)
      .where(eq(legalEntities.id, row.legalEntityId));
    const number = padId(row.id);
    const subject = `Заявка на перевозку № ${number}${company ? ` — ${company.name}` : ''}`;
    await smtpTransport(smtp).sendMail({
      from: smtp.from,
      to: request.to,
      subject,
      text: `Добрый день!\n\nНаправляем заявку на перевозку № ${number}. Просим подтвердить её принятие.\n\n${company?.name ?? ''}`,
      attachments,
    });
    const now = clock();
    await db.transaction(async (tx) => {
      const [sent] = await tx
        .update(shipmentDocuments)
        .set({ sentAt: now })
        .where(and(eq(shipmentDocuments.id, row.id), eq(shipmentDocuments.sentTo, request.to)))
        .returning({ id: shipmentDocuments.id });
      if (sent)
        await recordEvent(tx, {
          ...TRANSPORT_ORDER_SENT_EVENT,
          entityId: row.id,
          fields: ['sentAt'],
          auth: systemPrincipal('transport order mailed'),
        });
    });
    return { summary: { message: TRANSPORT_ORDER_MAIL_MESSAGES.sent, params: { to: request.to } } };
  },
});

import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { JobContext, ScheduledJob } from '../../../platform/modules';
import { smtpTransport } from '../../../platform/notifications/mailer';
import { cabinetMails } from '../tables';

/** Where a mail's link names the product's address, filled in when it is sent (a subscriber has no config). */
export const PUBLIC_URL_MARK = '{{publicUrl}}';

/** Mails looked at per run; a failing address is tried again in the next runs, five times at most. */
const PER_RUN = 50;
const MAX_FAILURES = 5;

/**
 * Sends the cabinets' waiting mails (invitations, resets, notifications) through the product's SMTP server; a sent mail's
 * body, which holds a one-time link, is blanked so the link lives in the mailbox only. Without SMTP the
 * mails wait.
 */
export async function sendCabinetMails(ctx: JobContext): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  const smtp = ctx.config.smtp;
  if (!smtp) return result;
  const db = ctx.database.db;
  const waiting = await db
    .select()
    .from(cabinetMails)
    .where(and(isNull(cabinetMails.sentAt), lt(cabinetMails.failures, MAX_FAILURES)))
    .orderBy(asc(cabinetMails.id))
    .limit(PER_RUN);
  if (!waiting.length) return result;
  const transport = smtpTransport(smtp);
  const now = () => (ctx.clock ? ctx.clock() : new Date());
  for (const mail of waiting) {
    try {
      // The subject and body are the dictionary's texts with a name in them; the address is checked at
      // the invitation, and no header carries anyone's text.
      const text = mail.body.replaceAll(PUBLIC_URL_MARK, ctx.config.publicUrl ?? '');
      await transport.sendMail({ from: smtp.from, to: mail.to, subject: mail.subject, text });
      await db.update(cabinetMails).set({ sentAt: now(), body: '' }).where(eq(cabinetMails.id, mail.id));
      result.sent++;
    } catch (error) {
      ctx.log.warn({ err: error, mailId: mail.id }, 'cabinet mail failed; retried later');
      await db
        .update(cabinetMails)
        .set({ failures: mail.failures + 1 })
        .where(eq(cabinetMails.id, mail.id));
      result.failed++;
    }
  }
  transport.close();
  return result;
}

export const cabinetMailJob: ScheduledJob = {
  name: 'cabinets.mail',
  intervalMs: 60_000,
  run: (ctx) => sendCabinetMails(ctx),
};

import { type ExportLanguage, isValidEmail, type NotificationLink } from '@tms/domain';
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../../config';
import type { Tx } from '../../db/connection';
import { systemClock } from '../clock';
import { textOf } from '../i18n/dictionaries';
import { users } from '../identity/tables';
import type { JobContext, ScheduledJob } from '../modules';
import { notificationMailings, notifications } from './tables';
import { languageOf, renderContent } from './types';

/** Users looked at per run; the rest wait for the next run (a minute later). */
const USERS_PER_RUN = 200;
/** A digest lists this many notifications; the rest are counted ("and 12 more"), all are marked mailed. */
const LISTED = 100;
/** After a failed send the next attempt waits 1, 2, 4 ... minutes, never more than an hour. */
const retryDelayMs = (failures: number) => Math.min(2 ** (failures - 1), 60) * 60_000;

type Row = typeof notifications.$inferSelect;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));

const say = (key: string, lang: ExportLanguage, params: Record<string, string | number> = {}) =>
  fill(textOf(`notifications.mail.${key}`, lang) ?? key, params);

/** A notification's content with its `%%slug%%` markers as text (and the address, where there is one). */
function contentOf(row: Row, lang: ExportLanguage, publicUrl: string | undefined) {
  const content = renderContent(row.type, row.params, lang);
  const href = (link: NotificationLink) => (publicUrl ? `${publicUrl}${link.link}` : undefined);
  const marker = /%%([A-Za-z0-9_-]+)%%/g;
  const text = content.replace(marker, (whole, slug: string) => {
    const link = row.links[slug];
    if (!link) return whole;
    const url = href(link);
    return `${link.prefix ?? ''}${link.text}${url ? ` (${url})` : ''}`;
  });
  let html = '';
  let last = 0;
  for (const match of content.matchAll(marker)) {
    const link = row.links[match[1]!];
    if (!link) continue;
    html += escapeHtml(content.slice(last, match.index));
    const url = href(link);
    const label = escapeHtml(`${link.prefix ?? ''}${link.text}`);
    html += url ? `<a href="${escapeHtml(url)}">${label}</a>` : label;
    last = match.index + match[0].length;
  }
  html += escapeHtml(content.slice(last));
  return { text, html };
}

/** One user's digest: every notification waiting to be mailed to them, in their language. */
export function digestOf(rows: readonly Row[], lang: ExportLanguage, publicUrl: string | undefined) {
  const items = rows.slice(0, LISTED).map((row) => contentOf(row, lang, publicUrl));
  const more = rows.length - items.length;
  const settings = publicUrl ? `${publicUrl}/user-settings/notification-settings` : '';
  const intro = say('intro', lang, { count: rows.length });
  const footer = say('footer', lang);
  const text = [
    intro,
    '',
    ...items.map((item) => `- ${item.text}`),
    ...(more > 0 ? [say('more', lang, { count: more })] : []),
    '',
    footer,
    ...(settings ? [settings] : []),
  ].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${items.map((item) => `<li>${item.html}</li>`).join('')}</ul>`,
    more > 0 ? `<p>${escapeHtml(say('more', lang, { count: more }))}</p>` : '',
    `<p style="color:#666">${escapeHtml(footer)}${settings ? ` <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a>` : ''}</p>`,
  ].join('');
  return { subject: say('subject', lang, { count: rows.length }), text, html };
}

/**
 * A text people write (a contact's name) as a header's text: one line, so no CR or LF (or any other control
 * or line-separating character) can start a header of its own; nodemailer would only encode them into a
 * MIME word, which a mail client decodes back into a line break. Null when the text would read as MIME
 * encoded words (`=?utf-8?B?...?=`), which nodemailer passes through as they are and a client decodes into
 * whatever they hide (a `Bcc:` line): such a name is left out, the address alone names the recipient.
 */
function headerText(text: string): string | null {
  const line = text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.includes('=?') ? null : line;
}

export function smtpTransport(smtp: SmtpConfig) {
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
  });
}
type Transport = ReturnType<typeof smtpTransport>;

/** Records a user's last send or failure (one row a user). */
async function remember(
  tx: Tx,
  userId: number,
  set: Omit<typeof notificationMailings.$inferInsert, 'userId'>,
) {
  await tx
    .insert(notificationMailings)
    .values({ ...set, userId })
    .onConflictDoUpdate({ target: notificationMailings.userId, set });
}

/**
 * Mails one user's digest. The waiting rows are locked for the send and marked mailed in the same
 * transaction once the SMTP server has accepted the mail, so a failed send leaves them waiting (retried
 * later, never lost) and a mailed one is never sent again.
 */
async function mailUser(
  tx: Tx,
  transport: Transport,
  ctx: JobContext,
  userId: number,
  now: Date,
): Promise<'sent' | 'failed' | 'nothing'> {
  const waiting = await tx
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), eq(notifications.mail, true), isNull(notifications.mailedAt)),
    )
    .orderBy(asc(notifications.id))
    .for('update', { skipLocked: true });
  if (!waiting.length) return 'nothing';
  const ids = waiting.map((row) => row.id);
  const [user] = await tx
    .select({ email: users.email, locale: users.locale, active: users.active, name: users.contactName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.active || !user.email || !isValidEmail(user.email)) {
    // Nobody to mail them to any more (or no single mailbox, as every input of an address checks): they
    // stay in the app, out of the queue.
    await tx.update(notifications).set({ mail: false }).where(inArray(notifications.id, ids));
    return 'nothing';
  }
  const digest = digestOf(waiting, languageOf(user.locale), ctx.config.publicUrl);
  const name = headerText(user.name);
  try {
    await transport.sendMail({
      from: ctx.config.smtp!.from,
      to: name ? { name, address: user.email } : user.email,
      // The subject is the dictionary's with a count: no text of anyone's reaches a header but the name.
      ...digest,
    });
  } catch (error) {
    const [state] = await tx
      .select({ failures: notificationMailings.failures })
      .from(notificationMailings)
      .where(eq(notificationMailings.userId, userId));
    const failures = (state?.failures ?? 0) + 1;
    ctx.log.warn({ err: error, userId, failures }, 'notification mail failed; retried later');
    await remember(tx, userId, { failures, retryAt: new Date(now.getTime() + retryDelayMs(failures)) });
    return 'failed';
  }
  await tx.update(notifications).set({ mailedAt: now }).where(inArray(notifications.id, ids));
  await remember(tx, userId, { lastSentAt: now, failures: 0, retryAt: null });
  return 'sent';
}

/**
 * Mails the notifications waiting to be mailed, one digest a user, to each user whose last digest is at
 * least `mailDigestMinutes` old and whose failed send (if any) is due for another try.
 */
export async function mailNotifications(ctx: JobContext): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  const smtp = ctx.config.smtp;
  if (!smtp) return result;
  const now = (ctx.clock ?? systemClock)();
  const quietSince = new Date(now.getTime() - ctx.config.mailDigestMinutes * 60_000);
  const db = ctx.database.db;
  const due = await db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .leftJoin(notificationMailings, eq(notificationMailings.userId, notifications.userId))
    .where(
      and(
        eq(notifications.mail, true),
        isNull(notifications.mailedAt),
        or(isNull(notificationMailings.lastSentAt), lte(notificationMailings.lastSentAt, quietSince)),
        or(isNull(notificationMailings.retryAt), lte(notificationMailings.retryAt, now)),
      ),
    )
    .orderBy(notifications.userId)
    .limit(USERS_PER_RUN);
  if (!due.length) return result;
  const transport = smtpTransport(smtp);
  try {
    for (const { userId } of due) {
      const outcome = await db.transaction((tx) => mailUser(tx, transport, ctx, userId, now));
      if (outcome !== 'nothing') result[outcome]++;
    }
  } finally {
    transport.close();
  }
  return result;
}

/** Mails the waiting notifications every minute; each user still gets at most one digest an interval. */
export const notificationMailJob: ScheduledJob = {
  name: 'notification-mail',
  intervalMs: 60_000,
  async run(ctx) {
    await mailNotifications(ctx);
  },
};

import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import addressparser from 'nodemailer/lib/addressparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailNotifications } from '../../src/platform/notifications/mailer';
import { notifications } from '../../src/platform/notifications/tables';
import { createTestApp, type TestContext } from '../../src/test/harness';
import { type SignedIn, signIn } from '../../src/test/users';

/**
 * Mail (docs/security.md "Mail: no header from anyone's text"): with SMTP on, the names people give
 * themselves and the texts they write reach a notification mail as text only: they add no header and no
 * recipient, however they are spelt (line breaks, MIME encoded words, quotes, SMTP commands).
 */

interface Received {
  to: string[];
  raw: string;
}
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});

let ctx: TestContext;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  ctx = await createTestApp({
    smtp: { host: '127.0.0.1', port, secure: false, from: 'TMS <tms@example.test>' },
    publicUrl: 'https://tms.example.test',
  });
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const run = () =>
  mailNotifications({
    database: ctx.database,
    config: ctx.config,
    log: ctx.app.log,
    registries: ctx.app.registries,
    clock: ctx.app.clock,
  });

const call = (who: SignedIn, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) =>
  ctx.app.inject({ method, url, payload, headers: who.headers });

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Decodes RFC 2047 words as a mail client shows them (many decode them inside quotes too). */
const decodeWords = (value: string) =>
  value.replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_, encoding: string, text: string) => {
    // An encoded word is ASCII, so latin1 turns its characters into the bytes they stand for.
    const bytes =
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_h, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          );
    return bytes.toString('utf8');
  });

/** The top-level header fields of a raw message, unfolded, in order. */
function headersOf(raw: string): [string, string][] {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  return head
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')
    .map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as [string, string];
    });
}

/** Every header of a digest: nothing a name or a text could add. */
const DIGEST_HEADERS = [
  'from',
  'to',
  'subject',
  'message-id',
  'date',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
];

const ANNOUNCEMENT_REPLY = 'announcementReply';

describe('notification mail', () => {
  it('takes no header or recipient from the names and texts people write', async () => {
    const hostileNames = [
      'Eve\r\nBcc: spy@evil.test',
      'Eve\nCc: spy@evil.test\r\n\r\nforged body',
      `=?utf-8?B?${base64('Eve\r\nBcc: spy@evil.test')}?=`,
      '=?utf-8?Q?Eve=0D=0ABcc:_spy@evil.test?=',
      'Ева\r\nBcc: spy@evil.test',
      'Eve\u2028Bcc: spy@evil.test\u0085To: spy@evil.test',
      'Eve", spy@evil.test, "Mallory',
      'Eve <spy@evil.test>',
    ];
    // The one who replies names himself so too: his name is the text of the others' notifications.
    const replier = await signIn(ctx, ['ROLE_COMPANY_CHAPTERS']);
    expect(
      (
        await call(replier, 'PATCH', '/api/users/me', {
          contact: { name: `Mallory\r\nBcc: spy@evil.test =?utf-8?B?${base64('\r\nCc: spy@evil.test')}?=` },
        })
      ).statusCode,
    ).toBe(200);

    const recipients: SignedIn[] = [];
    for (const [index, name] of hostileNames.entries()) {
      const who = await signIn(ctx, ['ROLE_COMPANY_CHAPTERS'], { email: `eve${index}@example.test` });
      recipients.push(who);
      // Each names himself, wants his notifications by mail and publishes an announcement whose title
      // tries the SMTP conversation itself.
      expect((await call(who, 'PATCH', '/api/users/me', { contact: { name } })).statusCode).toBe(200);
      const chosen = await call(who, 'PUT', '/api/user-settings/notification-settings', {
        settings: [{ type: ANNOUNCEMENT_REPLY, scope: 'direct', mail: true }],
      });
      expect(chosen.statusCode).toBe(200);
      const announcement = await call(who, 'POST', '/api/announcements', {
        title: `Title\r\n.\r\nMAIL FROM:<eve@evil.test>\r\nRCPT TO:<spy@evil.test>\r\nDATA\r\nBcc: spy@evil.test ${index}`,
        content: '<p>Hello</p>',
      });
      expect(announcement.statusCode).toBe(201);
      const reply = await call(replier, 'POST', `/api/announcements/${announcement.json().data.id}/replies`, {
        content: '<p>Noted</p>',
      });
      expect(reply.statusCode).toBe(201);
    }

    expect(await run()).toEqual({ sent: hostileNames.length, failed: 0 });
    expect(received).toHaveLength(hostileNames.length);
    for (const [index, who] of recipients.entries()) {
      const own = who.user.email!;
      const mails = received.filter((mail) => mail.raw.includes(own));
      expect(mails, hostileNames[index]).toHaveLength(1);
      const [mail] = mails;
      // The envelope: its own address alone.
      expect(mail!.to, hostileNames[index]).toEqual([own]);
      const headers = headersOf(mail!.raw);
      const names = headers.map(([name]) => name);
      expect(
        names.every((name) => DIGEST_HEADERS.includes(name)),
        names.join(),
      ).toBe(true);
      expect(names.filter((name) => name === 'to')).toHaveLength(1);
      // No header, decoded as a client shows it, holds a line break; To names one mailbox, its own.
      for (const [name, value] of headers) {
        expect(decodeWords(value), `${name} of ${hostileNames[index]}`).not.toMatch(
          /[\r\n\u0085\u2028\u2029]/,
        );
      }
      const to = headers.find(([name]) => name === 'to')![1];
      for (const shown of [to, decodeWords(to)]) {
        const parsed = addressparser(shown, { flatten: true });
        expect(parsed.map((address) => address.address)).toEqual([own]);
      }
    }
  });

  it('mails nothing to a stored address that is not one mailbox, keeping the notification in the app', async () => {
    const who = await signIn(ctx, ['ROLE_COMPANY_CHAPTERS'], {
      email: 'eve@example.test\r\nBcc: spy@evil.test',
    });
    const chosen = await call(who, 'PUT', '/api/user-settings/notification-settings', {
      settings: [{ type: ANNOUNCEMENT_REPLY, scope: 'direct', mail: true }],
    });
    expect(chosen.statusCode).toBe(200);
    const announcement = (
      await call(who, 'POST', '/api/announcements', { title: 'Bad address', content: '<p>x</p>' })
    ).json().data;
    const replier = await signIn(ctx, ['ROLE_COMPANY_CHAPTERS']);
    await call(replier, 'POST', `/api/announcements/${announcement.id}/replies`, { content: '<p>y</p>' });
    const before = received.length;

    expect(await run()).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(before);
    const rows = await ctx.database.db
      .select({ mail: notifications.mail, mailedAt: notifications.mailedAt })
      .from(notifications)
      .where(eq(notifications.userId, who.user.id));
    expect(rows).toEqual([{ mail: false, mailedAt: null }]);
  });
});

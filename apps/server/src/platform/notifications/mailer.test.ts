import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { asSystem } from '../resources/context';
import { mailNotifications } from './mailer';
import { notify } from './notify';
import { notifications } from './tables';

/** A type every holder of ROLE_COMPANY_CHAPTERS may follow, with a link in its text. */
const TYPE = 'announcementReply';

interface Received {
  to: string[];
  body: string;
}

/** An in-process SMTP server: what it accepted, and whether it refuses the next mails. */
const received: Received[] = [];
let refusing = false;
let attempts = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    attempts++;
    let body = '';
    stream.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    stream.on('end', () => {
      if (refusing) return callback(new Error('451 try again later'));
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
      callback();
    });
  },
});

let ctx: TestContext;
let now = new Date();
const minutes = (n: number) => {
  now = new Date(now.getTime() + n * 60_000);
};

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  ctx = await createTestApp(
    {
      smtp: { host: '127.0.0.1', port, secure: false, from: 'TMS <tms@example.test>' },
      mailDigestMinutes: 15,
      publicUrl: 'https://tms.example.test',
    },
    [],
    () => now,
  );
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

const raise = (who: SignedIn[], number: string) =>
  ctx.database.db.transaction((tx) =>
    notify(asSystem({ tx, registries: ctx.app.registries }, 'probe'), {
      type: TYPE,
      params: { author: 'Иванов' },
      links: { announcement: { link: `/announcements/${number}`, text: number } },
      direct: who.map((w) => w.user.id),
    }),
  );

const choose = (who: SignedIn, mail: boolean | undefined, scope = 'direct') =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/user-settings/notification-settings',
    headers: who.headers,
    payload: { settings: [{ type: TYPE, scope, mail }] },
  });

const mailsTo = (who: SignedIn) => received.filter((m) => m.to.includes(who.user.email!));
const waiting = (who: SignedIn) =>
  ctx.database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, who.user.id),
        isNull(notifications.mailedAt),
        eq(notifications.mail, true),
      ),
    );

describe('mailing notifications', () => {
  it('mails the chosen types as one digest a user an interval, in their language, never twice', async () => {
    const english = await signIn(ctx, ['ROLE_COMPANY_CHAPTERS'], {
      email: 'en@example.test',
      locale: 'en-US',
    });
    const russian = await signIn(ctx, ['ROLE_COMPANY_CHAPTERS'], { email: 'ru@example.test' });
    const appOnly = await signIn(ctx, ['ROLE_COMPANY_CHAPTERS'], { email: 'app@example.test' });
    expect((await choose(english, true)).statusCode).toBe(200);
    expect((await choose(russian, true)).statusCode).toBe(200);
    const settings = (await choose(appOnly, false)).json().data;
    expect(settings.find((s: { type: string }) => s.type === TYPE)).toMatchObject({ mail: false });
    // A change of the scope alone keeps the choice of mail.
    const kept = (await choose(english, undefined)).json().data;
    expect(kept.find((s: { type: string }) => s.type === TYPE)).toMatchObject({ mail: true });

    await raise([english, russian, appOnly], 'A-1');
    await raise([english, russian, appOnly], 'A-2');
    expect(await run()).toEqual({ sent: 2, failed: 0 });
    expect(mailsTo(appOnly)).toHaveLength(0);
    const [en] = mailsTo(english);
    expect(en!.body).toContain('Subject: TMS: new notifications (2)');
    expect(en!.body).toContain('https://tms.example.test/announcements/A-1');
    expect(en!.body).toContain('A-2');
    const [ru] = mailsTo(russian);
    // Non-ASCII headers are MIME-encoded; the Russian text is in the UTF-8 body.
    expect(ru!.body).toMatch(/Subject: =\?UTF-8\?/);
    expect(ru!.body).toMatch(/=D0=9D=D0=BE=D0=B2=D1=8B=D1=85|Новых/);
    // Read in the app or not, mailed ones are never mailed again.
    expect(await waiting(english)).toEqual([]);

    await raise([english], 'B-1');
    expect(await run()).toEqual({ sent: 0, failed: 0 });
    minutes(14);
    expect(await run()).toEqual({ sent: 0, failed: 0 });
    minutes(1);
    expect(await run()).toEqual({ sent: 1, failed: 0 });
    const all = mailsTo(english);
    expect(all).toHaveLength(2);
    expect(all[1]!.body).toContain('B-1');
    expect(all[1]!.body).not.toContain('A-1');
    expect(await run()).toEqual({ sent: 0, failed: 0 });
  });

  it('keeps what a refused send held and retries it later, without losing or repeating any', async () => {
    const who = await signIn(ctx, ['ROLE_COMPANY_CHAPTERS'], { email: 'retry@example.test', locale: 'en' });
    await choose(who, true);
    await raise([who], 'C-1');
    refusing = true;
    const before = attempts;
    expect(await run()).toEqual({ sent: 0, failed: 1 });
    expect(attempts).toBe(before + 1);
    expect(await waiting(who)).toHaveLength(1);
    // Not again before the retry is due.
    expect(await run()).toEqual({ sent: 0, failed: 0 });
    expect(attempts).toBe(before + 1);

    refusing = false;
    await raise([who], 'C-2');
    minutes(1);
    expect(await run()).toEqual({ sent: 1, failed: 0 });
    const mails = mailsTo(who);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('C-1');
    expect(mails[0]!.body).toContain('C-2');
    expect(await waiting(who)).toEqual([]);
  });

  it('mails nobody without an address and nothing when the server has no SMTP', async () => {
    const noAddress = await signIn(ctx, ['ROLE_COMPANY_CHAPTERS']);
    await choose(noAddress, true);
    await raise([noAddress], 'D-1');
    expect(await waiting(noAddress)).toEqual([]);

    const who = await signIn(ctx, ['ROLE_COMPANY_CHAPTERS'], { email: 'off@example.test' });
    await choose(who, true);
    await raise([who], 'D-2');
    minutes(60);
    const unconfigured = await mailNotifications({
      database: ctx.database,
      config: { ...ctx.config, smtp: undefined },
      log: ctx.app.log,
      registries: ctx.app.registries,
      clock: ctx.app.clock,
    });
    expect(unconfigured).toEqual({ sent: 0, failed: 0 });
    expect(await waiting(who)).toHaveLength(1);
  });
});

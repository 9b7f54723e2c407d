import { NOTIFICATION_MESSAGES } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { buildApp } from '../../app';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn, socketUrl } from '../../test/users';
import type { AuthContext, SystemPrincipal } from '../auth/context';
import type { App } from '../http/types';
import { serviceOffices, users } from '../identity/tables';
import { defineModule } from '../modules';
import { type NotifyInput, notify } from './notify';
import { renderContent } from './types';

/** A module raising a notification type about orders, so the rules are tested apart from any event. */
const probe = defineModule({
  name: 'notification-probe',
  notifications: {
    probeEvent: { permission: 'ROLE_ORDER_VIEW', defaultScope: 'related' },
    probePlain: { permission: 'ROLE_COMPANY_CHAPTERS', defaultScope: 'global', colour: 'red' },
  },
});

const CHAPTERS = 'ROLE_COMPANY_CHAPTERS';

let ctx: TestContext;
let second: App;
let office: number;
let otherOffice: number;

beforeAll(async () => {
  ctx = await createTestApp({}, [probe]);
  // A second instance on the same database (spec §4 "delivered by every instance").
  second = await buildApp({ config: ctx.config, database: ctx.database, extraModules: [probe] });
  await second.ready();
  const [a, b] = await ctx.database.db
    .insert(serviceOffices)
    .values([{ name: 'Москва' }, { name: 'Минск' }])
    .returning();
  office = a!.id;
  otherOffice = b!.id;
});
afterAll(async () => {
  await second.close();
  await ctx.close();
});

const raise = (
  input: Omit<NotifyInput, 'type'> & { type?: string },
  actor: SignedIn | null = null,
  app = ctx.app,
) =>
  ctx.database.db.transaction(async (tx) =>
    notify(
      { tx, registries: app.registries, auth: actor ? actorAuth(actor) : SYSTEM },
      { type: 'probeEvent', links: { order: { link: '/tms/orders/1', text: '000001' } }, ...input },
    ),
  );

const SYSTEM: SystemPrincipal = { kind: 'system', reason: 'probe', roles: new Set(), userId: null };

function actorAuth(who: SignedIn): AuthContext {
  return {
    userId: who.user.id,
    username: who.user.username,
    contactId: who.user.contactId,
    serviceOfficeId: who.user.serviceOfficeId,
    roles: new Set(who.user.roles),
    kind: 'user',
    sessionId: null,
    impersonatorId: null,
    passwordChangeRequired: false,
  };
}

const get = (who: SignedIn, url: string, app = ctx.app) =>
  app.inject({ method: 'GET', url, headers: who.headers });
const unread = async (who: SignedIn) => (await get(who, '/api/notifications/internal/unread')).json().data;
const setScope = (who: SignedIn, type: string, scope: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/user-settings/notification-settings',
    headers: who.headers,
    payload: { settings: [{ type, scope }] },
  });

describe('who is notified', () => {
  it('by the default scope: the people the event names and those related to it, never the actor', async () => {
    const named = await signIn(ctx, [CHAPTERS, 'ROLE_ORDER_VIEW_ALL']);
    const related = await signIn(ctx, [CHAPTERS, 'ROLE_ORDER_VIEW_ALL']);
    const sameOffice = await signIn(ctx, [CHAPTERS, 'ROLE_ORDER_VIEW_ALL'], { serviceOfficeId: office });
    const actor = await signIn(ctx, [CHAPTERS, 'ROLE_ORDER_VIEW_ALL']);
    const count = await raise(
      { direct: [named.user.id, actor.user.id], related: [related.user.id], offices: [office] },
      actor,
    );
    expect(count).toBe(2);
    expect((await unread(named)).total).toBe(1);
    expect((await unread(related)).total).toBe(1);
    expect((await unread(sameOffice)).total).toBe(0);
    expect((await unread(actor)).total).toBe(0);
  });

  it("by each user's chosen scope: off, direct, related, office, global", async () => {
    const roles = [CHAPTERS, 'ROLE_ORDER_VIEW_ALL'];
    const off = await signIn(ctx, roles, { serviceOfficeId: office });
    const direct = await signIn(ctx, roles);
    const officeWide = await signIn(ctx, roles, { serviceOfficeId: office });
    const elsewhere = await signIn(ctx, roles, { serviceOfficeId: otherOffice });
    const global = await signIn(ctx, roles, { serviceOfficeId: otherOffice });
    for (const [who, scope] of [
      [off, 'off'],
      [direct, 'direct'],
      [officeWide, 'office'],
      [elsewhere, 'office'],
      [global, 'global'],
    ] as const) {
      expect((await setScope(who, 'probeEvent', scope)).statusCode).toBe(200);
    }
    await raise({ direct: [off.user.id], related: [direct.user.id], offices: [office] });
    expect((await unread(off)).total).toBe(0);
    // Related to the event only: a "direct" subscriber does not hear of it.
    expect((await unread(direct)).total).toBe(0);
    expect((await unread(officeWide)).total).toBe(1);
    expect((await unread(elsewhere)).total).toBe(0);
    expect((await unread(global)).total).toBe(1);
    await raise({ direct: [direct.user.id] });
    expect((await unread(direct)).total).toBe(1);
  });

  it('no wider than the records the user may read, never a user without the permission or disabled', async () => {
    const ownOnly = await signIn(ctx, [CHAPTERS, 'ROLE_ORDER_VIEW_OWN'], { serviceOfficeId: office });
    const none = await signIn(ctx, [CHAPTERS], { serviceOfficeId: office });
    const disabled = await signIn(ctx, [CHAPTERS, 'ROLE_ORDER_VIEW_ALL'], { serviceOfficeId: office });
    await setScope(disabled, 'probeEvent', 'office');
    await ctx.database.db.update(users).set({ active: false }).where(eq(users.id, disabled.user.id));

    const wide = await setScope(ownOnly, 'probeEvent', 'office');
    expect(wide.statusCode).toBe(400);
    expect(wide.json().errors.children.settings.children['0'].children.scope.errors).toEqual([
      NOTIFICATION_MESSAGES.scopeTooWide,
    ]);
    const settings = (await get(ownOnly, '/api/user-settings/notification-settings')).json().data;
    expect(settings.find((s: { type: string }) => s.type === 'probeEvent')).toEqual({
      type: 'probeEvent',
      scope: 'direct',
      defaultScope: 'related',
      maxScope: 'direct',
      mail: false,
    });

    await raise({ related: [ownOnly.user.id, none.user.id, disabled.user.id], offices: [office] });
    expect((await unread(ownOnly)).total).toBe(0);
    await raise({ direct: [ownOnly.user.id, none.user.id] });
    expect((await unread(ownOnly)).total).toBe(1);
    expect((await unread(none)).total).toBe(0);
    // Enabled again, they find nothing that was raised while they were disabled.
    await ctx.database.db.update(users).set({ active: true }).where(eq(users.id, disabled.user.id));
    expect((await unread(disabled)).total).toBe(0);
  });

  it('refuses an unknown type in the settings and a type no module declares', async () => {
    const who = await signIn(ctx, [CHAPTERS]);
    const res = await setScope(who, 'noSuchType', 'global');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.children.settings.children['0'].children.type.errors).toEqual([
      NOTIFICATION_MESSAGES.unknownType,
    ]);
    await expect(raise({ type: 'noSuchType', direct: [who.user.id] })).rejects.toThrow(
      /declared by no module/,
    );
  });

  it('refuses to raise a notification without the link its text names: no reader sees a raw marker', async () => {
    const who = await signIn(ctx, [CHAPTERS, 'ROLE_REQUEST_VIEW_ALL']);
    await expect(raise({ type: 'requestCreated', links: {}, direct: [who.user.id] })).rejects.toThrow(
      /%%request%% without its link/,
    );
    expect((await unread(who)).total).toBe(0);
  });
});

describe('the text of a burst', () => {
  it("counts in the reader's language, with the plural form of the count", () => {
    const text = (count: string, lang: 'ru' | 'en') =>
      renderContent('requestCreated', { count, client: 'Клиент' }, lang).split(',')[0];
    expect(['2', '5', '21', '22', '111'].map((count) => text(count, 'ru'))).toEqual([
      '2 новых запроса клиентов',
      '5 новых запросов клиентов',
      '21 новый запрос клиентов',
      '22 новых запроса клиентов',
      '111 новых запросов клиентов',
    ]);
    expect(text('12', 'en')).toBe('12 new customer requests');
    // One is no burst: the type's own text.
    expect(renderContent('requestCreated', { count: '1', client: 'Клиент' }, 'ru')).toBe(
      'Новый запрос %%request%% клиента Клиент',
    );
  });
});

describe('reading', () => {
  it('answers the newest unread ones with the total, marks one or all read, keeps the history', async () => {
    const who = await signIn(ctx, [CHAPTERS]);
    const other = await signIn(ctx, [CHAPTERS]);
    await setScope(other, 'probePlain', 'off');
    for (let i = 0; i < 3; i++) await raise({ type: 'probePlain', direct: [who.user.id] });
    const first = await get(who, '/api/notifications/internal/unread?max-items=2');
    expect(first.json().data.total).toBe(3);
    const [newest, older] = first.json().data.collection;
    expect(newest.id).toBeGreaterThan(older.id);
    expect(newest).toMatchObject({
      type: 'probePlain',
      links: { order: { link: '/tms/orders/1', text: '000001' } },
      colour: 'red',
      read: false,
    });
    expect((await get(who, '/api/notifications/internal/unread?max-items=101')).statusCode).toBe(400);

    expect((await get(other, `/api/notifications/internal/${newest.id}/read`)).statusCode).toBe(404);
    expect((await get(who, `/api/notifications/internal/${newest.id}/read`)).statusCode).toBe(200);
    expect((await unread(who)).total).toBe(2);
    expect((await get(who, '/api/notifications/internal/read-all')).statusCode).toBe(200);
    expect((await unread(who)).total).toBe(0);

    const history = (await get(who, '/api/notifications?page=1&itemsPerPage=2')).json().data;
    expect(history.total).toBe(3);
    expect(history.collection).toHaveLength(2);
    expect(history.collection.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it('is for holders of ROLE_COMPANY_CHAPTERS', async () => {
    const who = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL']);
    expect((await get(who, '/api/notifications/internal/unread')).statusCode).toBe(403);
    expect((await get(who, '/api/user-settings/notification-settings')).statusCode).toBe(403);
  });
});

function collect(
  socket: WebSocket,
): Array<{ type: string; topic?: string; payload?: Record<string, unknown> }> {
  const messages: Array<{ type: string; topic?: string; payload?: Record<string, unknown> }> = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  return messages;
}

async function connect(app: App, who: SignedIn, topics: string[]) {
  const socket = await app.injectWS(await socketUrl(app, who.token));
  const messages = collect(socket);
  socket.send(JSON.stringify({ type: 'subscribe', topics }));
  await expect.poll(() => messages.some((m) => m.type === 'subscribed')).toBe(true);
  return { socket, messages };
}

describe('in real time', () => {
  it('reaches the recipient on every instance, whichever instance raised it, and announces reading', async () => {
    const who = await signIn(ctx, [CHAPTERS], { locale: 'en-US' });
    const topics = [`notifications_new/${who.user.contactId}`, `notifications_read/${who.user.contactId}`];
    const here = await connect(ctx.app, who, topics);
    const there = await connect(second, who, topics);

    await raise({ type: 'probePlain', direct: [who.user.id] }, null, ctx.app);
    await raise({ type: 'probePlain', direct: [who.user.id] }, null, second);
    for (const { messages } of [here, there]) {
      await expect
        .poll(() => messages.filter((m) => m.topic === topics[0]).length, { timeout: 10_000 })
        .toBe(2);
      expect(messages.find((m) => m.topic === topics[0])!.payload).toMatchObject({
        type: 'probePlain',
        read: false,
      });
    }
    const [latest] = (await unread(who)).collection;
    await get(who, `/api/notifications/internal/${latest.id}/read`, second);
    for (const { messages } of [here, there]) {
      await expect
        .poll(() => messages.find((m) => m.topic === topics[1])?.payload, { timeout: 10_000 })
        .toEqual({ id: latest.id });
    }
    here.socket.terminate();
    there.socket.terminate();
  });
});

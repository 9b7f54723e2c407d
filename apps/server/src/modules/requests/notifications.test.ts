import { CUSTOMS_STATUS_LABELS, REQUEST_STATUS_LABELS } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { counterparties } from '../counterparties';
import { requestsWorld } from './test-fixtures';

/** Customer requests raise their notifications (who hears of what: platform/notifications). */
let ctx: TestContext;
let world: Awaited<ReturnType<typeof requestsWorld>>;
let worker: SignedIn;
let colleague: SignedIn;
let client: number;

const unread = async (who: SignedIn) =>
  (
    await ctx.app.inject({ method: 'GET', url: '/api/notifications/internal/unread', headers: who.headers })
  ).json().data.collection as Array<{
    type: string;
    content: string;
    links: Record<string, { link: string }>;
  }>;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await requestsWorld(ctx);
  const roles = [
    'ROLE_REQUEST_VIEW_ALL',
    'ROLE_REQUEST_CREATE',
    'ROLE_COUNTERPARTY_VIEW_ALL',
    'ROLE_COMPANY_CHAPTERS',
  ];
  worker = await signIn(ctx, roles, { serviceOfficeId: world.mow });
  colleague = await signIn(ctx, roles, { serviceOfficeId: world.mow, locale: 'en-US' });
  const [row] = await ctx.database.db
    .insert(counterparties)
    .values({ name: 'Клиент', client: true, countryId: world.ru, applicationRequired: false })
    .returning();
  client = row!.id;
});
afterAll(() => ctx?.close());

describe('request notifications', () => {
  it("tells the request's office of a new request, and those it names of its status moves", async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: worker.headers,
      payload: {
        clientId: client,
        serviceOfficeId: world.mow,
        route: [
          { kind: 'dispatch', address: 'Москва', countryId: world.ru, dateFrom: '2026-12-01' },
          { kind: 'delivery', address: 'Berlin', countryId: world.de, dateFrom: '2026-12-08' },
        ],
        cargo: { description: 'Станки', weight: '1200' },
        transportTypes: ['auto'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json().data;
    const [fresh] = await unread(colleague);
    expect(fresh).toMatchObject({
      type: 'requestCreated',
      links: { request: { link: `/requests/${request.id}` } },
    });
    expect(await unread(worker)).toEqual([]);

    // The colleague moves it: its author, named by the request, hears of it in their language.
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/requests/${request.id}/status`,
      headers: colleague.headers,
      payload: { status: 'NEED_MORE_INFO', version: request.version },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [status] = await unread(worker);
    expect(status!.type).toBe('requestStatusChanged');
    expect(status!.content).toContain(REQUEST_STATUS_LABELS.NEED_MORE_INFO.ru);
  });

  it("groups a burst of new requests for the office's forwarders: one counted notification per person", async () => {
    const forwarder = await signIn(ctx, ['ROLE_REQUEST_VIEW_OFFICE', 'ROLE_COMPANY_CHAPTERS'], {
      serviceOfficeId: world.msq,
    });
    const english = await signIn(ctx, ['ROLE_REQUEST_VIEW_OFFICE', 'ROLE_COMPANY_CHAPTERS'], {
      serviceOfficeId: world.msq,
      locale: 'en-US',
    });
    // A seller of the office: his requests are the office's without his naming it.
    const seller = await signIn(
      ctx,
      ['ROLE_REQUEST_VIEW_OWN', 'ROLE_REQUEST_CREATE', 'ROLE_COUNTERPARTY_VIEW_ALL'],
      { serviceOfficeId: world.msq },
    );
    const create = async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/requests',
        headers: seller.headers,
        payload: {
          clientId: client,
          route: [
            { kind: 'dispatch', address: 'Минск', countryId: world.ru },
            { kind: 'delivery', address: 'Berlin', countryId: world.de },
          ],
          cargo: { description: 'Мебель' },
          transportTypes: ['auto'],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: number; number: number };
    };
    const first = await create();
    const [one] = await unread(forwarder);
    expect(one).toMatchObject({ type: 'requestCreated', content: 'Новый запрос %%request%% клиента Клиент' });

    await create();
    const last = await create();
    const news = await unread(forwarder);
    expect(news).toHaveLength(1);
    expect(news[0]).toMatchObject({
      type: 'requestCreated',
      content: '3 новых запроса клиентов, последний — %%request%% клиента Клиент',
      links: { request: { link: `/requests/${last.id}`, text: String(last.number).padStart(6, '0') } },
    });
    expect((await unread(english)).map((n) => n.content)).toEqual([
      '3 new customer requests, the latest %%request%% from Клиент',
    ]);

    // Once read, the next new request is news of its own.
    await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications/internal/read-all',
      headers: forwarder.headers,
    });
    const next = await create();
    expect(await unread(forwarder)).toMatchObject([
      {
        content: 'Новый запрос %%request%% клиента Клиент',
        links: { request: { link: `/requests/${next.id}` } },
      },
    ]);
    expect(first.id).toBeLessThan(next.id);
  });

  it("tells a subscriber of a customs request's processing status moves, never one who turned the type off", async () => {
    const declarant = await signIn(ctx, ['ROLE_REQUEST_CUSTOMS_PROCESSING']);
    const type = 'requestCustomsStatusChanged';
    for (const [who, scope] of [
      [colleague, 'office'],
      [worker, 'off'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/user-settings/notification-settings',
        headers: who.headers,
        payload: { settings: [{ type, scope }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: worker.headers,
      payload: {
        clientId: client,
        serviceOfficeId: world.mow,
        customs: true,
        route: [
          { kind: 'dispatch', address: 'Shanghai', countryId: world.de },
          { kind: 'delivery', address: 'Москва', countryId: world.ru },
        ],
        cargo: { description: 'Электроника' },
        transportTypes: ['sea'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json().data;
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/requests/${request.id}/customs-status`,
      headers: declarant.headers,
      payload: { customsStatus: 'TO_IN_PROCESSING', version: request.version },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [news] = (await unread(colleague)).filter((n) => n.type === type);
    expect(news).toMatchObject({ links: { request: { link: `/requests/${request.id}` } } });
    expect(news!.content).toContain(CUSTOMS_STATUS_LABELS.TO_IN_PROCESSING.en);
    expect((await unread(worker)).filter((n) => n.type === type)).toEqual([]);
  });
});

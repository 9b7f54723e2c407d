import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';

/** Version news: written by the administrator, shown once per user on the screens they concern. */
let ctx: TestContext;
let admin: SignedIn;
let user: SignedIn;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: object) =>
  ctx.app.inject({ method, url, headers: who.headers, payload });
const unreadOn = async (who: SignedIn, route: string) =>
  (await call('GET', `/api/version-news/announcements/not-read/${encodeURIComponent(route)}`, who))
    .json()
    .data.map((n: { version: string }) => n.version);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signIn(ctx, ['ROLE_ADMIN']);
  user = await signIn(ctx, []);
});
afterAll(() => ctx?.close());

describe('version news', () => {
  it("is shown on its screens (or every screen) until the user's OK", async () => {
    const orders = await call('POST', '/api/version-news/announcements', admin, {
      version: '2025.27',
      shortContent: '<p>Фильтр по этапам<img src=x onerror=alert(1)></p>',
      routeNames: ['/tms/orders', '/tms/orders/{id}'],
    });
    expect(orders.statusCode, orders.body).toBe(201);
    expect(orders.json().data.shortContent).toBe('<p>Фильтр по этапам</p>');
    await call('POST', '/api/version-news/announcements', admin, {
      version: '2025.28',
      shortContent: 'Везде',
    });

    expect(await unreadOn(user, '/tms/orders')).toEqual(['2025.27', '2025.28']);
    expect(await unreadOn(user, '/tms/orders/{id}')).toEqual(['2025.27', '2025.28']);
    expect(await unreadOn(user, '/requests')).toEqual(['2025.28']);
    expect((await call('POST', '/api/version-news/announcements/read-all', user)).statusCode).toBe(200);
    expect(await unreadOn(user, '/tms/orders')).toEqual([]);
    expect(await unreadOn(admin, '/tms/orders')).toEqual(['2025.27', '2025.28']);
  });

  it('is written, changed and deleted by the administrator only', async () => {
    const body = { version: '2025.29', shortContent: 'Текст', routeNames: [] };
    expect((await call('POST', '/api/version-news/announcements', user, body)).statusCode).toBe(403);
    expect((await call('GET', '/api/version-news/announcements', user)).statusCode).toBe(403);
    const created = (await call('POST', '/api/version-news/announcements', admin, body)).json().data;
    const blank = await call('PUT', `/api/version-news/announcements/${created.id}`, admin, {
      ...body,
      version: '',
    });
    expect(blank.statusCode).toBe(400);
    const changed = await call('PUT', `/api/version-news/announcements/${created.id}`, admin, {
      ...body,
      shortContent: 'Новый текст',
    });
    expect(changed.json().data.shortContent).toBe('Новый текст');
    expect((await call('GET', '/api/version-news/announcements', admin)).json().data.total).toBe(3);
    expect((await call('DELETE', `/api/version-news/announcements/${created.id}`, admin)).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/version-news/announcements/${created.id}`, admin)).statusCode).toBe(404);
  });
});

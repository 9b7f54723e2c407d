import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../platform/auth/sessions';
import { accessGroups } from '../../platform/identity/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { createUser, signIn } from '../../test/users';
import { systemOptions } from '../options';
import { currencies } from '../reference-data';

describe('the shell calls /api/system and /api/home', () => {
  let ctx: TestContext;

  const system = (headers?: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/system', headers });
  const home = (objects: string | undefined, headers?: Record<string, string>) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/home',
      query: objects === undefined ? {} : { objects },
      headers,
    });

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('asks an anonymous caller to sign in', async () => {
    expect((await system()).statusCode).toBe(401);
    const res = await home('["systemCurrency"]');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, message: 'Authentication required.' });
  });

  it('answers the user, sorted effective roles, menu and options', async () => {
    const [group] = await ctx.database.db
      .insert(accessGroups)
      .values({ name: 'Chapters', roles: ['ROLE_COMPANY_CHAPTERS'] })
      .returning();
    const { user, headers } = await signIn(ctx, ['ROLE_USER_LIST'], {
      contactName: 'Anna Petrova',
      locale: 'en-US',
      darkTheme: true,
      accessGroupIds: [group!.id],
    });
    const res = await system(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        user: {
          id: user.id,
          username: user.username,
          contact: { id: user.contactId, name: 'Anna Petrova' },
          locale: 'en-US',
          localeShort: 'en',
          nextUi: false,
          changePasswordRequired: false,
          serviceOffice: null,
          darkTheme: true,
        },
        roles: ['ROLE_COMPANY_CHAPTERS', 'ROLE_USER_LIST'],
        nav: [
          {
            name: 'nav.dashboard',
            icon: 'layout-dashboard',
            route: '/dashboard',
            sortable: false,
            children: [],
          },
          {
            name: 'nav.announcements',
            icon: 'speakerphone',
            route: '/announcements',
            sortable: false,
            children: [],
          },
          { name: 'nav.notifications', icon: 'bell', route: '/notifications', sortable: false, children: [] },
          {
            name: 'nav.exportsGroup',
            icon: 'file-export',
            route: null,
            sortable: false,
            children: [
              { name: 'nav.export', icon: 'table-export', route: '/export', sortable: false, children: [] },
              {
                name: 'nav.preparedExports',
                icon: 'files',
                route: '/prepared-exports',
                sortable: false,
                children: [],
              },
            ],
          },
          {
            name: 'nav.settings',
            icon: 'settings',
            route: null,
            sortable: false,
            children: [
              {
                name: 'nav.userProfile',
                icon: 'user-circle',
                route: '/settings/user-profile',
                sortable: false,
                children: [],
              },
              {
                name: 'nav.notificationSettings',
                icon: 'bell',
                route: '/user-settings/notification-settings',
                sortable: false,
                children: [],
              },
              {
                name: 'nav.settingsAccess',
                icon: 'shield-lock',
                route: null,
                sortable: true,
                children: [
                  {
                    name: 'nav.users',
                    icon: 'users',
                    route: '/settings/users',
                    sortable: false,
                    children: [],
                  },
                ],
              },
            ],
          },
        ],
        impersonator: null,
        options: {
          announcementEditTimeout: 60,
          orderCargoDeclaredValue: '0.00',
          orderCargoDeclaredValuePerKg: '20.00',
          customerRequestRestoreStatusTimeout: 30,
          wmsWarehouseId: null,
          cargoInsuredValue: '0.00',
          cargoDeclaredValuePerKg: '20.00',
          shortDateFormat: 'DD.MM.YYYY',
          shortMonthFormat: 'MM.YYYY',
          locale: 'en-US',
          localeShort: 'en',
          darkTheme: true,
          systemCurrency: 'RUB',
          fileTagTypes: [],
        },
      },
    });
  });

  it('shows the options screen in the menu only with the system settings role', async () => {
    const routes = async (roles: string[]) => {
      const { headers } = await signIn(ctx, roles);
      const nav: { route: string | null; children: { route: string | null }[] }[] = (
        await system(headers)
      ).json().data.nav;
      return nav.flatMap((item) => [item.route, ...item.children.map((c) => c.route)]);
    };
    // Exports are every user's: he exports the lists he may read.
    const everyone = ['/dashboard', null, '/export', '/prepared-exports', null, '/settings/user-profile'];
    expect(await routes([])).toEqual(everyone);
    expect(await routes(['ROLE_SETTINGS_SYSTEM'])).toEqual([...everyone, '/options/main']);
    expect(await routes(['ROLE_ADMIN'])).toContain('/options/main');
  });

  it("names a declared screen by its resource's title, in both languages", async () => {
    const { headers } = await signIn(ctx, ['ROLE_WAREHOUSE_ACCOUNTING_VIEW']);
    const nav: { name: string; children: { name: string; labels?: unknown }[] }[] = (
      await system(headers)
    ).json().data.nav;
    expect(nav.find((item) => item.name === 'nav.warehouse')?.children).toContainEqual(
      expect.objectContaining({
        name: 'warehouse.services.title',
        labels: { ru: 'Складские услуги', en: 'Warehouse services' },
      }),
    );
    expect(nav.find((item) => item.name === 'nav.dashboard')).not.toHaveProperty('labels');
  });

  it('follows the saved options', async () => {
    const { headers } = await signIn(ctx, ['ROLE_SETTINGS_SYSTEM']);
    const version = (await ctx.app.inject({ method: 'GET', url: '/api/options/main', headers })).json().data
      .version;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/options/main',
      headers,
      payload: { version, cargoDeclaredValue: '500.00', announcementEditTimeout: 15, wmsWarehouseId: 3 },
    });
    expect(saved.statusCode).toBe(200);
    const { options } = (await system(headers)).json().data;
    expect(options).toMatchObject({
      orderCargoDeclaredValue: '500.00',
      announcementEditTimeout: 15,
      wmsWarehouseId: 3,
    });
  });

  it('names the real user while impersonating', async () => {
    const admin = await createUser(ctx.database, { roles: ['ROLE_ADMIN'], contactName: 'Boss' });
    const target = await createUser(ctx.database);
    const { token } = await openSession(
      ctx.database.db,
      ctx.config,
      {
        userId: target.id,
        impersonatorId: admin.id,
        ip: '127.0.0.1',
        userAgent: 'test',
      },
      new Date(),
    );
    const data = (await system({ authorization: `Bearer ${token}` })).json().data;
    expect(data.user.id).toBe(target.id);
    expect(data.roles).toEqual([]);
    expect(data.impersonator).toEqual({ id: admin.id, username: admin.username, contact: { name: 'Boss' } });
  });

  describe('/api/home', () => {
    it('needs ROLE_COMPANY_CHAPTERS', async () => {
      const { headers } = await signIn(ctx, ['ROLE_USER_LIST', 'ROLE_SETTINGS_SYSTEM']);
      const res = await home('["systemCurrency"]', headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 403, message: 'Access denied.' });
    });

    it('answers the system currency and its id', async () => {
      const { headers } = await signIn(ctx, ['ROLE_COMPANY_CHAPTERS']);
      await ctx.database.db.update(systemOptions).set({ systemCurrencyCode: 'RUB' });
      const [rub] = await ctx.database.db
        .select({ id: currencies.id })
        .from(currencies)
        .where(eq(currencies.code, 'RUB'));
      const res = await home('["systemCurrency"]', headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { systemCurrency: 'RUB', systemCurrencyId: rub!.id } });

      await ctx.database.db.update(systemOptions).set({ systemCurrencyCode: 'EUR' });
      const [eur] = await ctx.database.db
        .select({ id: currencies.id })
        .from(currencies)
        .where(eq(currencies.code, 'EUR'));
      expect((await home('["systemCurrency"]', headers)).json().data).toEqual({
        systemCurrency: 'EUR',
        systemCurrencyId: eur!.id,
      });
    });

    it('answers a null id for a currency missing from the list', async () => {
      const { headers } = await signIn(ctx, ['ROLE_COMPANY_CHAPTERS']);
      await ctx.database.db.update(systemOptions).set({ systemCurrencyCode: 'QQQ' });
      expect((await home('["systemCurrency"]', headers)).json().data).toEqual({
        systemCurrency: 'QQQ',
        systemCurrencyId: null,
      });
      await ctx.database.db.update(systemOptions).set({ systemCurrencyCode: 'RUB' });
    });

    it('answers recent documents, and only what was asked', async () => {
      const { headers } = await signIn(ctx, ['ROLE_COMPANY_CHAPTERS']);
      expect((await home('["recentDocuments"]', headers)).json()).toEqual({ data: { recentDocuments: [] } });
      const both = (await home('["recentDocuments","systemCurrency"]', headers)).json().data;
      expect(Object.keys(both).sort()).toEqual(['recentDocuments', 'systemCurrency', 'systemCurrencyId']);
    });

    it('answers unknown or malformed objects with the Validation Failed tree', async () => {
      const { headers } = await signIn(ctx, ['ROLE_COMPANY_CHAPTERS']);
      const leaf = (errors: string[]) => ({ errors, children: {} });
      const tree = async (objects: string | undefined) => {
        const res = await home(objects, headers);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Validation Failed');
        return res.json().errors;
      };
      expect(await tree('["systemCurrency","weather"]')).toEqual({
        errors: [],
        children: {
          objects: { errors: [], children: { 1: leaf(['The value you selected is not a valid choice.']) } },
        },
      });
      expect(await tree('systemCurrency')).toEqual({
        errors: [],
        children: { objects: leaf(['This value is not valid.']) },
      });
      expect(await tree('{"a":1}')).toEqual({
        errors: [],
        children: { objects: leaf(['This value should be of the correct type.']) },
      });
      expect(await tree('[]')).toEqual({
        errors: [],
        children: { objects: leaf(['This value should not be blank.']) },
      });
      expect(await tree(undefined)).toEqual({
        errors: [],
        children: { objects: leaf(['This value should not be blank.']) },
      });
    });
  });

  it('documents both calls in OpenAPI', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const systemDoc = doc.paths['/api/system'].get.responses['200'].content['application/json'].schema;
    expect(systemDoc.properties.data.properties.options.properties.systemCurrency).toBeDefined();
    const homeDoc = doc.paths['/api/home'].get;
    expect(homeDoc.parameters.map((p: { name: string }) => p.name)).toContain('objects');
  });
});

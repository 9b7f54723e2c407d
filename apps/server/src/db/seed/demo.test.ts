import { PRICING_MESSAGES } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetFigures } from '../../modules/finance/budget-figures';
import { bills, budgets, ledgerEntries, paymentForms } from '../../modules/finance/tables';
import { products, stageTypes } from '../../modules/operations/tables';
import { serviceOffices, users } from '../../platform/identity/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { login, signIn } from '../../test/users';
import { DEMO_PASSWORD, seedDemoData } from './demo';

const quiet = { info: () => undefined };

describe('demo data', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('loads offices and users in several roles who can sign in and see their menus', async () => {
    expect(await seedDemoData(ctx.database, quiet, ctx.app.registries)).toBe(true);
    const offices = await ctx.database.db.select().from(serviceOffices);
    expect(offices.map((o) => o.code)).toEqual(expect.arrayContaining(['MOW', 'MSQ', 'SHA', 'WAW']));

    const forwarder = await login(ctx.app, 'ivanov', DEMO_PASSWORD);
    const system = await ctx.app.inject({
      method: 'GET',
      url: '/api/system',
      headers: { authorization: `Bearer ${forwarder}` },
    });
    expect(system.json().data.roles).toContain('ROLE_ORDER_VIEW_OFFICE');
    expect(system.json().data.user.serviceOffice).toEqual({ id: offices.find((o) => o.code === 'MOW')!.id });

    const settingsAdmin = await login(ctx.app, 'sokolov', DEMO_PASSWORD);
    const adminSystem = await ctx.app.inject({
      method: 'GET',
      url: '/api/system',
      headers: { authorization: `Bearer ${settingsAdmin}` },
    });
    expect(adminSystem.json().data.roles).toContain('ROLE_SETTINGS_CURRENCIES');
    expect(JSON.stringify(adminSystem.json().data.nav).length).toBeGreaterThan(
      JSON.stringify(system.json().data.nav).length,
    );
  });

  it("loads a forwarder's dictionaries that the API's own rules accept", async () => {
    const productRows = await ctx.database.db.select().from(products);
    expect(productRows.map((p) => p.name)).toEqual(
      expect.arrayContaining(['FTL Европа — Россия', 'LTL Китай — Россия', 'Таможенное оформление Брест']),
    );
    expect(productRows.every((p) => p.serviceIds.length > 0)).toBe(true);
    const stages = await ctx.database.db.select().from(stageTypes);
    expect(stages.find((s) => s.code === 'CUSTOMS-RELEASE')!.behaviours).toContain('CUSTOMS_CUSTOMS-BQT');
    expect((await ctx.database.db.select().from(paymentForms)).length).toBeGreaterThanOrEqual(8);
    // Demo orders and jobs have bills, posted to the ledger (its triggers checked them at commit).
    expect((await ctx.database.db.select().from(bills)).length).toBeGreaterThan(0);
    expect((await ctx.database.db.select().from(ledgerEntries)).length).toBeGreaterThan(0);
    // Some paid in full, some in part, some open: the payments list and the bills' balances have data.
    const balances = (await ctx.database.db.select().from(bills)).map((bill) =>
      bill.balance === '0.00' ? 'paid' : bill.balance === bill.amount ? 'open' : 'part',
    );
    expect(new Set(balances)).toEqual(new Set(['paid', 'part', 'open']));
    // The demo budget plans every month of its items and counts the demo bills put on them.
    const [budget] = await ctx.database.db.select().from(budgets);
    const figures = await budgetFigures(ctx.database.db, budget!);
    expect(figures.items.every((item) => item.months.every((month) => month.plan !== '0.00'))).toBe(true);
    expect(figures.items.filter((item) => item.fact !== '0.00').map((item) => item.code)).toEqual([
      '1.1',
      '1.2',
    ]);

    // Saving each record unchanged runs the same checks as a user's edit: BIK keys, IBANs, INN/KPP/OGRN,
    // behaviours. The settings administrator of the demo holds every settings role.
    const token = await login(ctx.app, 'sokolov', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${token}` };
    const paths = [
      ['/api/banks', ['name', 'bik', 'swift', 'correspondentAccount', 'countryId']],
      ['/api/settings/legal-entities', ['name', 'shortName', 'inn', 'kpp', 'ogrn', 'countryId']],
      ['/api/finances/payment-forms', ['name', 'bankId', 'accountNumber', 'currencyId']],
      ['/api/settings/stage-types', ['code', 'behaviours']],
      ['/api/tms/job-types', ['code', 'productIds']],
    ] as const;
    for (const [path, fields] of paths) {
      const list = await ctx.app.inject({ method: 'GET', url: `${path}?itemsPerPage=100`, headers });
      expect(list.statusCode, list.body).toBe(200);
      const rows = list.json().data.collection as Record<string, unknown>[];
      expect(rows.length, path).toBeGreaterThan(1);
      for (const row of rows) {
        const payload = Object.fromEntries([...fields, 'version'].map((f) => [f, row[f]]));
        const res = await ctx.app.inject({ method: 'PUT', url: `${path}/${row.id}`, payload, headers });
        expect(res.statusCode, `${path} ${row.id}: ${res.body}`).toBe(200);
      }
    }

    // The warehouse's price list, saved unchanged by the warehouse's own user.
    const warehouse = { authorization: `Bearer ${await login(ctx.app, 'volkov', DEMO_PASSWORD)}` };
    const list = await ctx.app.inject({ method: 'GET', url: '/api/warehouse/services', headers: warehouse });
    const services = list.json().data.collection as Record<string, unknown>[];
    expect(services.length).toBeGreaterThan(5);
    for (const row of services) {
      const payload = Object.fromEntries(
        ['code', 'name', 'nameEn', 'unit', 'price', 'currencyId', 'description', 'version'].map((f) => [
          f,
          row[f],
        ]),
      );
      const url = `/api/warehouse/services/${row.id}`;
      const res = await ctx.app.inject({ method: 'PUT', url, payload, headers: warehouse });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });

  it('loads clients and contractors that the API’s own rules accept, curated by the demo users', async () => {
    const { headers } = await signIn(ctx, ['ROLE_ADMIN']);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/counterparties?itemsPerPage=100',
      headers,
    });
    const rows = list.json().data.collection as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows.filter((r) => r.blackList)).toHaveLength(1);
    expect(rows.filter((r) => r.client).length).toBeGreaterThan(3);
    expect(rows.filter((r) => r.contractor).length).toBeGreaterThan(3);
    const demoUsers = await ctx.database.db.select().from(users);
    const curators = new Set(rows.flatMap((r) => r.curatorIds as number[]));
    const names = demoUsers.filter((u) => curators.has(u.id)).map((u) => u.username);
    expect(names.sort()).toEqual(['ivanov', 'kozlova', 'nowak', 'petrov']);
    // Saving each record unchanged runs the checks of an edit: checksums, INN+KPP, IBANs and BIK keys.
    const fields = ['name', 'client', 'contractor', 'countryId', 'inn', 'kpp', 'ogrn', 'email', 'blackList'];
    for (const row of rows) {
      const payload = Object.fromEntries([...fields, 'version'].map((f) => [f, row[f]]));
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/counterparties/${row.id}`,
        payload,
        headers,
      });
      expect(res.statusCode, `${row.name}: ${res.body}`).toBe(200);
    }
    const parts = [
      ['/api/counterparty-bank-accounts', ['bik', 'account', 'correspondentAccount', 'iban', 'swift']],
      ['/api/counterparty-drivers', ['name', 'phone']],
      ['/api/counterparty-vehicles', ['plate', 'vehicleTypeId']],
      ['/api/counterparty-agreements', ['number', 'validFrom', 'validUntil']],
      ['/api/counterparty-contacts', ['name', 'email']],
    ] as const;
    for (const [path, partFields] of parts) {
      const answer = await ctx.app.inject({ method: 'GET', url: `${path}?itemsPerPage=100`, headers });
      const records = answer.json().data.collection as Record<string, unknown>[];
      expect(records.length, path).toBeGreaterThan(1);
      for (const record of records) {
        const payload = Object.fromEntries([...partFields, 'version'].map((f) => [f, record[f]]));
        const res = await ctx.app.inject({ method: 'PUT', url: `${path}/${record.id}`, payload, headers });
        expect(res.statusCode, `${path} ${record.id}: ${res.body}`).toBe(200);
      }
    }
  });

  it('prices the demo requests from the demo rate tables, or says why not', async () => {
    const token = await login(ctx.app, 'petrov', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${token}` };
    const list = await ctx.app.inject({ method: 'GET', url: '/api/requests?itemsPerPage=100', headers });
    const requests = list.json().data.collection as { id: number; clientName: string }[];
    const priced = async (client: string) => {
      // The client's first request: the tenders' lots and the customs requests come after it.
      const request = requests.filter((r) => r.clientName === client).sort((a, b) => a.id - b.id)[0]!;
      return (
        await ctx.app.inject({ method: 'GET', url: `/api/requests/${request.id}/computed-price`, headers })
      ).json();
    };
    // 850 kg from Germany: Europe's groupage up to 1,000 kg.
    expect((await priced('ООО «Яндекс»')).data.price).toEqual({ amount: '650.00', currency: 'EUR' });
    // 42 m³ of furniture from Belarus: charged as 13,986 kg, the 20,000 kg break.
    expect((await priced('ООО «Вектор Групп»')).data).toMatchObject({
      chargeableWeight: '13986',
      price: { amount: '165000.00', currency: 'RUB' },
    });
    // China is in no region.
    expect((await priced('ПАО «Магнит»')).errors.errors).toEqual([PRICING_MESSAGES.cannotCalculate]);
  });

  it('has offers on the requests being priced: asked, answered and chosen, in base currency', async () => {
    const token = await login(ctx.app, 'petrov', DEMO_PASSWORD);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/request-offers?itemsPerPage=100',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const offers = res.json().data.collection as {
      status: string;
      selected: boolean;
      amountInBaseCurrency: string | null;
    }[];
    expect(new Set(offers.map((o) => o.status))).toEqual(new Set(['REQUESTED', 'RECEIVED']));
    expect(offers.some((o) => o.selected)).toBe(true);
    expect(offers.filter((o) => o.status === 'RECEIVED').every((o) => o.amountInBaseCurrency)).toBe(true);
  });

  it('runs once: a second start changes nothing', async () => {
    const before = await ctx.database.db.select().from(users);
    expect(await seedDemoData(ctx.database, quiet, ctx.app.registries)).toBe(false);
    expect(await ctx.database.db.select().from(users)).toHaveLength(before.length);
  });
});

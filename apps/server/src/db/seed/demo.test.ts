import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CUSTOMS_STATUSES,
  DECLARATION_STATUSES,
  decimalCompare,
  declarationNumberSchema,
  isScopedPermission,
  jobListRowSchema,
  orderListRowSchema,
  PERMISSION_FAMILIES,
  PRICING_MESSAGES,
  REQUEST_STATUSES,
  requestListRowSchema,
  rolesOfScopedPermission,
  routeIssues,
} from '@tms/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterparties } from '../../modules/counterparties/tables';
import { budgetFigures } from '../../modules/finance/budget-figures';
import { bills, budgets, ledgerEntries, paymentForms } from '../../modules/finance/tables';
import { billsComplete } from '../../modules/operations/bills-complete';
import { orders, products, stageTypes } from '../../modules/operations/tables';
import { customerRequests, requestQuotes } from '../../modules/requests/tables';
import { accessGroups, serviceOffices, userAccessGroups, users } from '../../platform/identity/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { login, signIn } from '../../test/users';
import { DEMO_PASSWORD, seedDemoData } from './demo';

const quiet = { info: () => undefined };

const root = path.resolve(import.meta.dirname, '../../../../..');

/**
 * The catalogue's permissions the product checks: those its sources name (a role is always named by its
 * literal, `Role` says so), the tests, the fixtures, the demo data and the catalogue itself left out. A
 * scoped permission counts when the sources name it or any of its scopes. ROLE_ADMIN is the administrator's
 * account's own, given to no group.
 */
function rolesTheProductChecks(): Set<string> {
  const permissionOf = new Map(
    PERMISSION_FAMILIES.flatMap((family) => family.permissions).map((p) => [p.role, p.scopes ?? p.role]),
  );
  const sources: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['test', 'seed', 'node_modules'].includes(entry.name)) walk(file);
      } else if (
        /\.tsx?$/.test(entry.name) &&
        !/(\.test\.|test-fixtures|^permissions\.ts$)/.test(entry.name)
      ) {
        sources.push(file);
      }
    }
  };
  for (const dir of ['packages/domain/src', 'apps/server/src', 'apps/web/src']) walk(path.join(root, dir));
  const checked = new Set<string>();
  for (const file of sources) {
    for (const [, role] of readFileSync(file, 'utf8').matchAll(/['"`](ROLE_[A-Z0-9_]+)['"`]/g)) {
      const permission = permissionOf.get(role!) ?? (isScopedPermission(role!) ? role! : undefined);
      if (permission) checked.add(permission);
    }
  }
  checked.delete('ROLE_ADMIN');
  return checked;
}

describe('demo data', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  // The whole demo is seeded here (about 8 s alone); in `npm test` it shares two cores with the browser lane.
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
  }, 300_000);

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

  it('loads a workflow on orders that the API’s own rules accept, running on demo orders', async () => {
    const token = await login(ctx.app, 'sokolov', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${token}` };
    const list = await ctx.app.inject({ method: 'GET', url: '/api/workflow-descriptions', headers });
    const [description] = list.json().data.collection;
    const { initiatorType, initialState, states, transitions, version } = description;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/workflow-descriptions/${description.id}`,
      payload: { initiatorType, initialState, states, transitions, version },
      headers,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // An instance is seen by the readers of its order: the managers, who read every office's orders.
    const manager = { authorization: `Bearer ${await login(ctx.app, 'orlova', DEMO_PASSWORD)}` };
    const instances = await ctx.app.inject({
      method: 'GET',
      url: '/api/workflow-instances',
      headers: manager,
    });
    expect(instances.json().data.total).toBeGreaterThanOrEqual(3);
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

  it('gives every role the product checks to a demo user whose group is made for it', async () => {
    // The roles held through a group that has a user: what someone signing in as a demo user can try.
    const held = new Set(
      (
        await ctx.database.db
          .selectDistinct({ roles: accessGroups.roles })
          .from(accessGroups)
          .innerJoin(userAccessGroups, eq(userAccessGroups.accessGroupId, accessGroups.id))
      ).flatMap((group) => group.roles),
    );
    const unheld = [...rolesTheProductChecks()].filter((permission) =>
      // A scoped permission is tried with any of its scopes.
      isScopedPermission(permission)
        ? !rolesOfScopedPermission(permission).some((role) => held.has(role))
        : !held.has(permission),
    );
    expect(unheld).toEqual([]);
  });

  it('completes no quote without its selected rates, and lets sales make the order of their request', async () => {
    const completed = await ctx.database.db
      .select({ id: customerRequests.id, rates: requestQuotes.rates })
      .from(customerRequests)
      .leftJoin(requestQuotes, eq(requestQuotes.requestId, customerRequests.id))
      .where(eq(customerRequests.status, 'QUOTE_COMPLETED'));
    expect(completed.length).toBeGreaterThan(0);
    expect(completed.filter((request) => !request.rates?.length)).toEqual([]);

    // The sales manager's quoted rail request (000005) becomes his order.
    const token = await login(ctx.app, 'petrov', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${token}` };
    const [request] = await ctx.database.db
      .select({ id: customerRequests.id })
      .from(customerRequests)
      .where(and(eq(customerRequests.status, 'QUOTE_COMPLETED'), eq(customerRequests.customs, false)));
    const start = await ctx.app.inject({ method: 'GET', url: `/api/requests/${request!.id}/order`, headers });
    expect(start.statusCode, start.body).toBe(200);
    const [product] = await ctx.database.db.select().from(products).where(eq(products.code, 'RAIL-CN-BY'));
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/tms/orders',
      headers,
      payload: { ...start.json().data, productId: product!.id, serviceId: product!.serviceIds[0] },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().data).toMatchObject({ requestId: request!.id, sellerId: expect.any(Number) });
  });

  it('has customs declarations in every status, read by the customs user and valid by their own rules', async () => {
    const token = await login(ctx.app, 'smirnov', DEMO_PASSWORD);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/tms/customs?itemsPerPage=100',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.collection as { status: string; number: string | null }[];
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(DECLARATION_STATUSES));
    for (const row of rows) {
      if (row.number !== null)
        expect(declarationNumberSchema.safeParse(row.number).success, row.number).toBe(true);
    }
  });

  describe('operations', () => {
    let headers: { authorization: string } | undefined;
    const forwarder = () => headers!;
    beforeAll(async () => {
      headers = { authorization: `Bearer ${await login(ctx.app, 'ivanov', DEMO_PASSWORD)}` };
    });

    it('gives the demo forwarder orders and jobs across statuses that the contract and rules accept', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/tms/orders?itemsPerPage=100',
        headers: forwarder(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const list = (res.json().data.collection as unknown[]).map((o) => orderListRowSchema.parse(o));
      expect(new Set(list.map((o) => o.financeControlStatus))).toEqual(
        new Set(['NOT_READY', 'READY', 'ACCEPTED']),
      );
      expect(list.some((o) => o.archived)).toBe(true);
      expect(list.some((o) => o.inWarehouse)).toBe(true);
      const routes = await ctx.database.db.select({ route: orders.route }).from(orders);
      for (const { route } of routes)
        expect(routeIssues(route, { requireDispatchAndDelivery: true })).toEqual([]);
      const jobs = await ctx.app.inject({
        method: 'GET',
        url: '/api/tms/jobs?itemsPerPage=100',
        headers: forwarder(),
      });
      expect(jobs.json().data.total).toBeGreaterThan(0);
      for (const job of jobs.json().data.collection) jobListRowSchema.parse(job);
    });

    it('has complete bills behind every READY or ACCEPTED order, and planned income in the credit exposure', async () => {
      const db = ctx.database.db;
      const checked = await db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.financeControlStatus, ['READY', 'ACCEPTED']));
      expect(checked.length).toBeGreaterThan(0);
      for (const order of checked) expect(await billsComplete(db, 'order', order.id)).toBe(true);

      const [client] = await db
        .select({ id: counterparties.id })
        .from(counterparties)
        .where(eq(counterparties.name, 'ПАО «Магнит»'));
      const finance = { authorization: `Bearer ${await login(ctx.app, 'sidorova', DEMO_PASSWORD)}` };
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/counterparties/${client!.id}/credit`,
        headers: finance,
      });
      expect(res.statusCode, res.body).toBe(200);
      const credit = res.json().data;
      expect(credit.state).toBe('THRESHOLD');
      expect(decimalCompare(credit.sources.orders, '3700000')).toBeGreaterThanOrEqual(0);
    });

    it('gives the demo forwarder requests in every operational status that the contract accepts', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/requests?itemsPerPage=100',
        headers: forwarder(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const list = (res.json().data.collection as unknown[]).map((r) => requestListRowSchema.parse(r));
      expect(new Set(list.map((r) => r.status))).toEqual(new Set(REQUEST_STATUSES));
      const routes = await ctx.database.db.select({ route: customerRequests.route }).from(customerRequests);
      for (const { route } of routes)
        expect(routeIssues(route, { requireDispatchAndDelivery: true })).toEqual([]);
    });

    it('gives the demo customs user customs requests in every customs status, and nothing else', async () => {
      const customs = { authorization: `Bearer ${await login(ctx.app, 'smirnov', DEMO_PASSWORD)}` };
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/requests?itemsPerPage=100',
        headers: customs,
      });
      expect(res.statusCode, res.body).toBe(200);
      const list = (res.json().data.collection as unknown[]).map((r) => requestListRowSchema.parse(r));
      expect(list.every((r) => r.customs)).toBe(true);
      expect(new Set(list.map((r) => r.customsStatus))).toEqual(new Set(CUSTOMS_STATUSES));
    });

    it('fills the dashboard: stages due today and overdue, orders awaiting finance control', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/tms/dashboard', headers: forwarder() });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.stagesDueToday.count).toBeGreaterThan(0);
      expect(data.stagesOverdue.count).toBeGreaterThan(0);
      expect(data.ordersAwaitingFinanceControl.count).toBeGreaterThan(0);
      expect(data.recentlyChangedOrders.items.length).toBeGreaterThan(0);
    });
  });

  it("opens two clients' cabinets: their users sign in at /pcc and see their own orders", async () => {
    for (const email of ['client1@pcc.demo', 'client2@pcc.demo']) {
      const signedIn = await ctx.app.inject({
        method: 'POST',
        url: '/api/pcc/auth/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(signedIn.statusCode, email).toBe(200);
      const headers = { authorization: `Bearer ${signedIn.json().data.token}` };
      const own = await ctx.app.inject({ method: 'GET', url: '/api/pcc/orders', headers });
      expect(own.json().data.total, email).toBeGreaterThan(0);
      const bills = await ctx.app.inject({ method: 'GET', url: '/api/pcc/bills', headers });
      expect(bills.json().data.total, email).toBeGreaterThan(0);
    }
  });

  it('opens the contractor portal: his user signs in at /ops to prices asked, jobs with stages and bills', async () => {
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/ops/auth/login',
      payload: { email: 'contractor1@ops.demo', password: DEMO_PASSWORD },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const headers = { authorization: `Bearer ${signedIn.json().data.token}` };
    const get = async (url: string) => (await ctx.app.inject({ method: 'GET', url, headers })).json().data;
    const offers = await get('/api/ops/offers');
    expect(offers.collection.map((o: { status: string }) => o.status)).toContain('REQUESTED');
    const jobs = (await get('/api/ops/jobs')).collection as { id: number }[];
    expect(jobs.length).toBeGreaterThan(0);
    expect((await get(`/api/ops/jobs/${jobs[0]!.id}/stages`)).length).toBeGreaterThan(0);
    const transportOrders = await Promise.all(
      jobs.map((job) => get(`/api/ops/jobs/${job.id}/transport-orders`)),
    );
    expect(transportOrders.flat()).toHaveLength(1);
    expect((await get('/api/ops/bills')).total).toBeGreaterThan(0);
  });

  it("opens the demo carrier's cabinet: a trip with a stage to close, a driver pending verification, a vehicle", async () => {
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/carrier/auth/login',
      payload: { email: 'carrier1@carrier.demo', password: DEMO_PASSWORD },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const headers = { authorization: `Bearer ${signedIn.json().data.token}` };
    const get = async (url: string) => (await ctx.app.inject({ method: 'GET', url, headers })).json().data;
    const open: boolean[] = [];
    for (const trip of (await get('/api/carrier/trips')).collection as { id: number }[]) {
      const shown = (await get(`/api/carrier/trips/${trip.id}/stages`)) as { closed: boolean }[];
      open.push(shown.some((s) => !s.closed));
    }
    expect(open).toContain(true);
    const drivers = (await get('/api/carrier/drivers')).collection;
    expect(drivers.map((d: { verificationStatus: string }) => d.verificationStatus)).toContain('pending');
    expect((await get('/api/carrier/vehicles')).total).toBeGreaterThan(0);
  });

  it('runs once: a second start changes nothing', async () => {
    const before = await ctx.database.db.select().from(users);
    expect(await seedDemoData(ctx.database, quiet, ctx.app.registries)).toBe(false);
    expect(await ctx.database.db.select().from(users)).toHaveLength(before.length);
  });
});

import { flattenTree, OPERATION_MESSAGES, type Role } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/connection';
import { createTestApp, type TestContext } from '../../src/test/harness';
import {
  type Caller,
  caller as callerOf,
  createJob,
  createOrder,
  type Entity,
  type OperationsWorld,
  operationsWorld,
  route,
} from '../../src/test/operations-world';
import { currencyId, insertBank, insertLegalEntity } from '../../src/test/reference-rows';
import { type SignedIn, signIn } from '../../src/test/users';

/**
 * Every door scoped (issue 31): what a new record starts from is read through the reader's scope, as the
 * record's own page reads it; an office's forwarder files and moves orders and jobs into his own office only;
 * the change log applies the overhead-bill and office rules to deleted records as to live ones. Each attack
 * is the hostile request, its refusal, and that nothing was told or changed.
 */

type Body = Record<string, unknown>;

/** Two companies of the group with a RUB payment form each, for bills and transfers. */
async function moneyWorld(ctx: TestContext) {
  const rub = await currencyId(ctx.database, 'RUB');
  const usd = await currencyId(ctx.database, 'USD');
  const bank = await insertBank(ctx.database, 'RU');
  const form = async (account: string) => {
    const company = await insertLegalEntity(ctx.database);
    const [row] = await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO payment_forms (name, legal_entity_id, bank_id, account_number, currency_id)
        VALUES (${`Безнал ${account}`}, ${company.id}, ${bank.id}, ${account}, ${rub}) RETURNING id`,
    );
    return { company: company.id, form: row!.id };
  };
  const first = await form('40702810938000000001');
  const second = await form('40702810938000000002');
  return { rub, usd, company: first.company, form: first.form, otherForm: second.form };
}

/** The demo forwarder (wang: the forwarders' group, his office) and what the starters' routes ask. */
const FORWARDER: Role[] = [
  'ROLE_ORDER_VIEW_OFFICE',
  'ROLE_ORDER_EDIT_OWN',
  'ROLE_JOB_VIEW_OFFICE',
  'ROLE_JOB_EDIT_OWN',
  'ROLE_FORWARDER_VIEW',
  'ROLE_COUNTERPARTY_VIEW_OFFICE',
  'ROLE_REQUEST_VIEW_OFFICE',
  'ROLE_REQUEST_CREATE',
  'ROLE_BILL_VIEW_RELATED',
  'ROLE_BILL_CREATE',
  'ROLE_INTERNAL_TRANSFER_CREATE',
  'ROLE_INTERNAL_TRANSFER_PLAN',
  'ROLE_PAYMENT_CREATE',
  'ROLE_PRINTABLE_BILL_CREATE',
];

describe('every door scoped', () => {
  let ctx: TestContext;
  let ops: OperationsWorld;
  let money: Awaited<ReturnType<typeof moneyWorld>>;
  let otherClient: number;
  let call: Caller;
  let admin: SignedIn;
  let forwarder: SignedIn;
  let ownClient: number;
  let secretContractor: number;
  let ownOrder: Entity;
  let hiddenOrder: Entity;
  let ownJob: Entity;
  let hiddenJob: Entity;

  const bill = async (who: SignedIn, values: Body) => {
    const res = await call('POST', '/api/finances/bills', who, {
      number: `С-${Math.random().toString(36).slice(2, 7)}`,
      direction: 'INCOME',
      legalEntityId: money.company,
      paymentFormId: money.form,
      currencyId: money.rub,
      amount: '410000.00',
      date: '2026-03-10',
      recognitionDate: '2026-03-10',
      ...values,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Entity;
  };
  const count = async (table: 'orders' | 'jobs') =>
    (
      await rowsOf<{ n: number }>(
        ctx.database.db,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
      )
    )[0]!.n;

  beforeAll(async () => {
    ctx = await createTestApp();
    call = callerOf(ctx);
    ops = await operationsWorld(ctx);
    money = await moneyWorld(ctx);
    admin = await signIn(ctx, ['ROLE_ADMIN'], { serviceOfficeId: ops.mow });
    forwarder = await signIn(ctx, FORWARDER, { serviceOfficeId: ops.mow });
    ownClient = await ops.counterparty({ serviceOfficeId: ops.mow, curatorIds: [forwarder.user.id] });
    const hiddenClient = await ops.counterparty({ serviceOfficeId: ops.msq });
    otherClient = hiddenClient;
    secretContractor = await ops.counterparty({ name: 'Перевозчик Тайный', serviceOfficeId: ops.msq });
    ownOrder = await createOrder(ctx, ops, admin, ownClient, { serviceOfficeId: ops.mow });
    hiddenOrder = await createOrder(ctx, ops, admin, hiddenClient, { serviceOfficeId: ops.msq });
    const usd = money.usd;
    ownJob = await createJob(ctx, ops, admin, [ownOrder.id], {
      serviceOfficeId: ops.mow,
      contractorId: ownClient,
      costAmount: '100.00',
      costCurrencyId: usd,
    });
    hiddenJob = await createJob(ctx, ops, admin, [hiddenOrder.id], {
      serviceOfficeId: ops.msq,
      contractorId: secretContractor,
      costAmount: '987654.00',
      costCurrencyId: usd,
    });
  });
  afterAll(() => ctx?.close());

  describe('the starters of new records', () => {
    /** Each "start from" door: the URL of a source the forwarder may read, and of one he may not. */
    let doors: { route: string; own: string; hidden: string }[];

    beforeAll(async () => {
      const ownBill = await bill(admin, { counterpartyId: ownClient, orderIds: [ownOrder.id] });
      const hiddenBill = await bill(admin, { counterpartyId: otherClient, orderIds: [hiddenOrder.id] });
      const transfer = await call('POST', '/api/finances/internal-transfers', admin, {
        senderFormId: money.form,
        recipientFormId: money.otherForm,
        amount: '5000.00',
        date: '2026-03-11',
        orderId: hiddenOrder.id,
      });
      expect(transfer.statusCode, transfer.body).toBe(201);
      const request = async (serviceOfficeId: number, clientId: number) => {
        const res = await call('POST', '/api/requests', admin, {
          clientId,
          serviceOfficeId,
          route: route(ops, { from: '2026-12-01', to: '2026-12-08' }),
          cargo: { description: 'Станки', weight: '1200' },
          transportTypes: ['auto'],
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().data as Entity;
      };
      const ownRequest = await request(ops.mow, ownClient);
      const hiddenRequest = await request(ops.msq, otherClient);
      const bills = '/api/finances/bills';
      doors = [
        {
          route: `GET ${bills}/from-operation/:id`,
          own: `${bills}/from-operation/${ownJob.id}?operation=job`,
          hidden: `${bills}/from-operation/${hiddenJob.id}?operation=job`,
        },
        {
          route: `GET ${bills}/from-operation/:id`,
          own: `${bills}/from-operation/${ownOrder.id}?operation=order`,
          hidden: `${bills}/from-operation/${hiddenOrder.id}?operation=order`,
        },
        {
          route: `GET ${bills}/:id/copy`,
          own: `${bills}/${ownBill.id}/copy`,
          hidden: `${bills}/${hiddenBill.id}/copy`,
        },
        {
          route: 'GET /api/finances/payments/by-bill/:id',
          own: `/api/finances/payments/by-bill/${ownBill.id}`,
          hidden: `/api/finances/payments/by-bill/${hiddenBill.id}`,
        },
        {
          route: 'GET /api/finances/printable-bills/from-bill/:id',
          own: `/api/finances/printable-bills/from-bill/${ownBill.id}`,
          hidden: `/api/finances/printable-bills/from-bill/${hiddenBill.id}`,
        },
        {
          route: 'GET /api/finances/internal-transfers/from-order/:id',
          own: `/api/finances/internal-transfers/from-order/${ownOrder.id}`,
          hidden: `/api/finances/internal-transfers/from-order/${hiddenOrder.id}`,
        },
        {
          route: 'GET /api/finances/internal-transfers/transfer-plan/:id',
          own: `/api/finances/internal-transfers/transfer-plan/${ownOrder.id}`,
          hidden: `/api/finances/internal-transfers/transfer-plan/${hiddenOrder.id}`,
        },
        {
          // Transfers are read by whoever entered them: the forwarder entered none.
          route: 'GET /api/finances/internal-transfers/copy/:id',
          own: '',
          hidden: `/api/finances/internal-transfers/copy/${transfer.json().data.id}`,
        },
        {
          route: 'GET /api/tms/orders/copy/:sourceId',
          own: `/api/tms/orders/copy/${ownOrder.id}`,
          hidden: `/api/tms/orders/copy/${hiddenOrder.id}`,
        },
        {
          route: 'GET /api/tms/orders/:id/job-defaults',
          own: `/api/tms/orders/${ownOrder.id}/job-defaults`,
          hidden: `/api/tms/orders/${hiddenOrder.id}/job-defaults`,
        },
        {
          route: 'GET /api/requests/:id/order',
          own: `/api/requests/${ownRequest.id}/order`,
          hidden: `/api/requests/${hiddenRequest.id}/order`,
        },
      ];
    });

    it('knows every "start from" door of the app: a new one must be added here', () => {
      const starters = ctx.app.routeTable
        .filter((r) => r.method === 'GET')
        .map((r) => `${r.method} ${r.url}`)
        .filter((key) =>
          /\/(copy|from-[\w-]+|by-[\w-]+|job-defaults|transfer-plan)(\/|$)|^GET \/api\/requests\/:id\/order$/.test(
            key,
          ),
        );
      expect([...new Set(doors.map((door) => door.route))].sort()).toEqual(starters.sort());
    });

    it("gives wang another office's job's contractor, amount and currency through no door", async () => {
      const job = await call('GET', `/api/tms/jobs/${hiddenJob.id}`, forwarder);
      expect(job.statusCode).toBe(404);
      const start = await call(
        'GET',
        `/api/finances/bills/from-operation/${hiddenJob.id}?operation=job`,
        forwarder,
      );
      expect(start.statusCode, start.body).toBe(404);
      expect(start.body).not.toContain('987654');
      expect(start.body).not.toContain(String(secretContractor));
      const own = await call(
        'GET',
        `/api/finances/bills/from-operation/${ownJob.id}?operation=job`,
        forwarder,
      );
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().data).toMatchObject({ counterpartyId: ownClient, amount: '100.00' });
    });

    it("answers every starter of a source outside the reader's scope as not found, and one inside it", async () => {
      const wrong: string[] = [];
      for (const door of doors) {
        const hidden = await call('GET', door.hidden, forwarder);
        if (hidden.statusCode !== 404) wrong.push(`${door.hidden} → ${hidden.statusCode} ${hidden.body}`);
        if (!door.own) continue;
        const own = await call('GET', door.own, forwarder);
        // A request in a status orders are not made from is refused as such (400), not as unseen.
        if (![200, 400].includes(own.statusCode)) wrong.push(`${door.own} → ${own.statusCode} ${own.body}`);
      }
      expect(wrong).toEqual([]);
    });
  });

  describe("an order's office", () => {
    const order = (body: Body) =>
      call('POST', '/api/tms/orders', forwarder, {
        clientId: ownClient,
        productId: ops.productId,
        route: route(ops),
        cargo: { description: 'Станки' },
        forwarderId: forwarder.user.id,
        ...body,
      });

    it('refuses a forwarder filing an order for another office or for none, and creates nothing', async () => {
      const before = await count('orders');
      for (const serviceOfficeId of [ops.msq, null]) {
        const res = await order({ serviceOfficeId });
        expect(res.statusCode, res.body).toBe(400);
        expect(flattenTree(res.json().errors)).toEqual({
          serviceOfficeId: [OPERATION_MESSAGES.officeOutOfScope],
        });
      }
      const omitted = await order({});
      expect(flattenTree(omitted.json().errors)).toEqual({
        serviceOfficeId: [OPERATION_MESSAGES.officeOutOfScope],
      });
      expect(await count('orders')).toBe(before);
      const mine = await order({ serviceOfficeId: ops.mow });
      expect(mine.statusCode, mine.body).toBe(201);
    });

    it('refuses a forwarder moving his order to another office or to none, and changes nothing', async () => {
      const mine = (await order({ serviceOfficeId: ops.mow })).json().data as Entity;
      for (const serviceOfficeId of [ops.msq, null]) {
        const res = await call('PATCH', `/api/tms/orders/${mine.id}`, forwarder, {
          serviceOfficeId,
          version: mine.version,
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(flattenTree(res.json().errors)).toEqual({
          serviceOfficeId: [OPERATION_MESSAGES.officeOutOfScope],
        });
      }
      const after = (await call('GET', `/api/tms/orders/${mine.id}`, admin)).json().data;
      expect(after).toMatchObject({ serviceOfficeId: ops.mow, version: mine.version });
      // What the order keeps is no move: another change of it goes through.
      const kept = await call('PATCH', `/api/tms/orders/${mine.id}`, forwarder, {
        serviceOfficeId: ops.mow,
        paymentTermsDays: 30,
        version: mine.version,
      });
      expect(kept.statusCode, kept.body).toBe(200);
    });

    it('refuses a job for another office the same way', async () => {
      const before = await count('jobs');
      const res = await call('POST', '/api/tms/jobs', forwarder, {
        jobTypeId: ops.jobTypeId,
        orderIds: [ownOrder.id],
        forwarderId: forwarder.user.id,
        serviceOfficeId: ops.msq,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(flattenTree(res.json().errors)).toEqual({
        serviceOfficeId: [OPERATION_MESSAGES.officeOutOfScope],
      });
      expect(await count('jobs')).toBe(before);
    });

    it('lets a user of every office file orders for any office, or none', async () => {
      const manager = await signIn(
        ctx,
        ['ROLE_ORDER_VIEW_ALL', 'ROLE_ORDER_EDIT_ALL', 'ROLE_COUNTERPARTY_VIEW_ALL'],
        {
          serviceOfficeId: ops.mow,
        },
      );
      for (const serviceOfficeId of [ops.msq, null]) {
        await createOrder(ctx, ops, manager, ownClient, { serviceOfficeId });
      }
    });
  });

  describe('the change log of deleted records', () => {
    /** The bills of his office, direct only (no overhead role), and the change log. */
    const READER: Role[] = ['ROLE_BILL_VIEW_MANAGER_OFFICE', 'ROLE_CHANGELOG_VIEW'];
    let overhead: Entity;
    let otherOffice: Entity;
    let ownOffice: Entity;
    const logged = async (who: SignedIn, query = '') => {
      const res = await call('GET', `/api/settings/entity-changelog?itemsPerPage=1000${query}`, who);
      expect(res.statusCode, res.body).toBe(200);
      const entries = res.json().data.collection as { entityType: string; entityId: number; changes: Body }[];
      return entries.filter((entry) => entry.entityType === 'bill');
    };

    beforeAll(async () => {
      // The administrator of the reader's office: the overhead bill is of that office too.
      overhead = await bill(admin, {
        kind: 'OVERHEAD',
        direction: 'EXPENSE',
        counterpartyId: secretContractor,
        amount: '120000.00',
        comment: 'Зарплата директора',
      });
      otherOffice = await bill(admin, { counterpartyId: otherClient, orderIds: [hiddenOrder.id] });
      ownOffice = await bill(admin, { counterpartyId: ownClient, orderIds: [ownOrder.id] });
      expect(overhead.serviceOfficeId).toBe(ops.mow);
      expect(otherOffice.serviceOfficeId).toBe(ops.msq);
      for (const gone of [overhead, otherOffice, ownOffice]) {
        const res = await call('DELETE', `/api/finances/bills/${gone.id}`, admin);
        expect(res.statusCode, res.body).toBe(200);
      }
    });

    it("shows a one-office reader without the overhead role neither deleted overhead bills nor another office's", async () => {
      const reader = await signIn(ctx, READER, { serviceOfficeId: ops.mow });
      for (const query of ['', '&entityType=bill', `&entityType=bill&entityId=${overhead.id}`]) {
        const ids = new Set((await logged(reader, query)).map((entry) => entry.entityId));
        expect(ids.has(overhead.id), query).toBe(false);
        expect(ids.has(otherOffice.id), query).toBe(false);
      }
      const own = await logged(reader, `&entityType=bill&entityId=${ownOffice.id}`);
      expect(own.map((entry) => entry.entityId)).toEqual([ownOffice.id, ownOffice.id]);
      expect(JSON.stringify(await logged(reader))).not.toContain('Зарплата директора');
    });

    it("shows an office's reader the deleted stages of his office's orders, not another office's", async () => {
      const stageTypeId = await ops.stageType('LOG');
      const stageOf = async (order: Entity) => {
        const res = await call('POST', `/api/tms/orders/${order.id}/stages`, admin, { stageTypeId });
        expect(res.statusCode, res.body).toBe(201);
        const stage = res.json().data as Entity;
        const gone = await call('DELETE', `/api/tms/orders/${order.id}/stages/${stage.id}`, admin);
        expect(gone.statusCode, gone.body).toBe(200);
        return stage.id;
      };
      const own = await stageOf(ownOrder);
      const hidden = await stageOf(hiddenOrder);
      const reader = await signIn(ctx, ['ROLE_ORDER_VIEW_OFFICE', 'ROLE_CHANGELOG_VIEW'], {
        serviceOfficeId: ops.mow,
      });
      const res = await call(
        'GET',
        '/api/settings/entity-changelog?itemsPerPage=1000&entityType=stage',
        reader,
      );
      expect(res.statusCode, res.body).toBe(200);
      const ids = new Set(
        (res.json().data.collection as { entityId: number }[]).map((entry) => entry.entityId),
      );
      expect(ids.has(own)).toBe(true);
      expect(ids.has(hidden)).toBe(false);
    });

    it('shows them to the readers their rules let through, as when they were live', async () => {
      const overheadReader = await signIn(ctx, [...READER, 'ROLE_OVERHEAD_BILL_VIEW'], {
        serviceOfficeId: ops.mow,
      });
      const ids = new Set((await logged(overheadReader, '&entityType=bill')).map((entry) => entry.entityId));
      expect(ids.has(overhead.id)).toBe(true);
      expect(ids.has(otherOffice.id)).toBe(false);
      const otherReader = await signIn(ctx, READER, { serviceOfficeId: ops.msq });
      const theirs = new Set((await logged(otherReader, '&entityType=bill')).map((entry) => entry.entityId));
      expect(theirs.has(otherOffice.id)).toBe(true);
      expect(theirs.has(ownOffice.id)).toBe(false);
    });
  });
});

import { flattenTree, INTERNAL_TRANSFER_MESSAGES, type TransferPlan } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { type BillsWorld, billsWorld } from './test-fixtures';

type Body = Record<string, unknown>;

describe("an order's transfer plan", () => {
  let ctx: TestContext;
  let world: BillsWorld;
  let admin: SignedIn;
  let planner: SignedIn;
  let order: number;
  /** A second RUB form of the other company (two forms fit: the expense bills' one is proposed). */
  let otherRubForm: number;
  let otherUsdForm: number;
  beforeAll(async () => {
    // The app's today: the plan's transfers are dated by its clock.
    ctx = await createTestApp({}, [], () => new Date('2026-03-16T09:00:00Z'));
    world = await billsWorld(ctx);
    admin = await signIn(ctx, ['ROLE_ADMIN']);
    // The plan role on orders one reads: it enters the plan's transfers without the create role.
    planner = await signIn(ctx, ['ROLE_INTERNAL_TRANSFER_PLAN', 'ROLE_ORDER_VIEW_ALL']);
    order = await world.order();
    otherRubForm = await form(world.otherCompany, world.rub, 'Резерв');
    otherUsdForm = await form(world.otherCompany, world.usd, 'Валютный');
    const bills: Body[] = [
      {
        direction: 'INCOME',
        counterpartyId: world.client,
        legalEntityId: world.company,
        paymentFormId: world.form,
        amount: '9000.00',
      },
      {
        direction: 'EXPENSE',
        legalEntityId: world.otherCompany,
        paymentFormId: world.otherForm,
        amount: '1200.00',
      },
      {
        direction: 'EXPENSE',
        legalEntityId: world.otherCompany,
        paymentFormId: world.otherForm,
        amount: '300.50',
      },
      { direction: 'EXPENSE', legalEntityId: world.company, paymentFormId: world.form, amount: '700.00' },
      {
        direction: 'EXPENSE',
        legalEntityId: world.otherCompany,
        paymentFormId: otherUsdForm,
        currencyId: world.usd,
        amount: '40.00',
      },
    ];
    for (const values of bills) {
      const res = await call('POST', '/finances/bills', admin, {
        number: `С-${Math.random().toString(36).slice(2, 7)}`,
        counterpartyId: world.contractor,
        currencyId: world.rub,
        date: '2026-03-10',
        recognitionDate: '2026-03-10',
        orderIds: [order],
        ...values,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const call = (method: 'GET' | 'POST', url: string, who: SignedIn, payload?: Body) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: who.headers, payload });
  async function form(legalEntityId: number, currencyId: number, name: string) {
    const [row] = await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO payment_forms (name, legal_entity_id, bank_id, account_number, currency_id)
          SELECT ${`${name} ${legalEntityId}-${currencyId}`}, ${legalEntityId}, bank_id,
            '40702' || lpad((${legalEntityId} * 1000 + ${currencyId})::text, 15, '0'), ${currencyId}
          FROM payment_forms WHERE id = ${world.form} RETURNING id`,
    );
    return row!.id;
  }
  const plan = async (who = planner) => {
    const res = await call('GET', `/finances/internal-transfers/transfer-plan/${order}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as TransferPlan;
  };
  const transfersOfOrder = () =>
    rowsOf<{ recipient: number; sender: number; amount: string; date: string }>(
      ctx.database.db,
      sql`SELECT recipient_form_id AS recipient, sender_form_id AS sender, amount::text, date::text
          FROM internal_transfers WHERE order_id = ${order} ORDER BY id`,
    );
  const orderStatus = async () =>
    (
      await rowsOf<{ s: string }>(
        ctx.database.db,
        sql`SELECT transfers_status AS s FROM orders WHERE id = ${order}`,
      )
    )[0]!.s;

  it('answers each need with what covers it, what is missing and the forms that fit', async () => {
    // A transfer entered by hand covers part of the RUB need.
    const res = await call('POST', '/finances/internal-transfers', admin, {
      date: '2026-03-12',
      senderFormId: world.form,
      recipientFormId: otherRubForm,
      amount: '1000.00',
      orderId: order,
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = await plan();
    const [row] = await rowsOf<{ number: number }>(
      ctx.database.db,
      sql`SELECT number FROM orders WHERE id = ${order}`,
    );
    expect(answer).toMatchObject({
      orderId: order,
      orderNumber: row!.number,
      transfersStatus: 'not-ready',
      homeLegalEntityId: world.company,
    });
    // The home company's own expenses need nothing; the other company needs RUB and USD apart.
    expect(answer.needs).toMatchObject([
      {
        legalEntityId: world.otherCompany,
        currencyId: world.rub,
        currencyCode: 'RUB',
        needed: '1500.50',
        covered: '1000.00',
        missing: '500.50',
        senderFormId: world.form,
        recipientFormId: world.otherForm,
      },
      {
        legalEntityId: world.otherCompany,
        currencyId: world.usd,
        currencyCode: 'USD',
        needed: '40.00',
        covered: '0.00',
        missing: '40.00',
        senderForms: [],
        senderFormId: null,
        recipientForms: [{ id: otherUsdForm, name: expect.any(String) }],
        recipientFormId: otherUsdForm,
      },
    ]);
    expect(answer.needs[0]!.recipientForms.map((f) => f.id).sort()).toEqual(
      [world.otherForm, otherRubForm].sort(),
    );
    expect((await call('GET', '/finances/internal-transfers/transfer-plan/999999', planner)).statusCode).toBe(
      404,
    );
  });

  it('needs the plan role, on an order the user reads', async () => {
    const creator = await signIn(ctx, [
      'ROLE_INTERNAL_TRANSFER_CREATE',
      'ROLE_INTERNAL_TRANSFER_VIEW',
      'ROLE_ORDER_VIEW_ALL',
    ]);
    const url = `/finances/internal-transfers/transfer-plan/${order}`;
    expect((await call('GET', url, creator)).statusCode).toBe(403);
    expect((await call('POST', url, creator, {})).statusCode).toBe(403);
    const blind = await signIn(ctx, ['ROLE_INTERNAL_TRANSFER_PLAN']);
    expect((await call('GET', url, blind)).statusCode).toBe(404);
    expect((await call('POST', url, blind, {})).statusCode).toBe(404);
  });

  it('refuses the whole call when a need has no form that fits or a chosen form does not fit', async () => {
    const before = await transfersOfOrder();
    const url = `/finances/internal-transfers/transfer-plan/${order}`;
    const res = await call('POST', url, planner, {
      choices: [{ legalEntityId: world.otherCompany, currencyId: world.rub, recipientFormId: world.form }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(flattenTree(res.json().errors)).toEqual({
      'needs.0.recipientFormId': [INTERNAL_TRANSFER_MESSAGES.planRecipient],
      'needs.1.senderFormId': [INTERNAL_TRANSFER_MESSAGES.planNoForm],
    });
    expect(await transfersOfOrder()).toEqual(before);
  });

  it('creates the missing transfers once, from the chosen forms, and the order becomes ready', async () => {
    const homeUsdForm = await form(world.company, world.usd, 'Валютный');
    const url = `/finances/internal-transfers/transfer-plan/${order}`;
    const body = {
      choices: [{ legalEntityId: world.otherCompany, currencyId: world.rub, recipientFormId: otherRubForm }],
    };
    const keyed = { ...planner.headers, 'idempotency-key': 'plan-of-order' };
    const res = await ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: keyed, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    // A retry of the same call (the answer lost on the way) gets the first answer and creates nothing more.
    const retry = await ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: keyed, payload: body });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(res.json());
    const { createdIds, plan: after } = res.json().data as { createdIds: number[]; plan: TransferPlan };
    expect(createdIds).toHaveLength(2);
    expect(after.transfersStatus).toBe('ready');
    expect(after.needs.map((need) => need.missing)).toEqual(['0.00', '0.00']);
    expect((await transfersOfOrder()).slice(1)).toEqual([
      { sender: world.form, recipient: otherRubForm, amount: '500.50', date: '2026-03-16' },
      { sender: homeUsdForm, recipient: otherUsdForm, amount: '40.00', date: '2026-03-16' },
    ]);
    // Each transfer came with its pair of payments, and the order's status followed.
    const [{ n }] = (await rowsOf<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM payments WHERE internal_transfer_id = ANY(${`{${createdIds.join(',')}}`}::int[])`,
    )) as [{ n: number }];
    expect(n).toBe(4);
    expect(await orderStatus()).toBe('ready');

    // Called again: nothing is missing, nothing is created.
    const again = await call('POST', url, planner, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.createdIds).toEqual([]);
    expect(await transfersOfOrder()).toHaveLength(3);
  });
});

import { BILL_MESSAGES, flattenTree, INTERNAL_TRANSFER_MESSAGES, MESSAGES, type Role } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { type BillsWorld, billsWorld } from './test-fixtures';

type Body = Record<string, unknown>;

const TRANSFERS: Role[] = [
  'ROLE_INTERNAL_TRANSFER_CREATE',
  'ROLE_ORDER_VIEW_ALL',
  'ROLE_BILL_VIEW_ALL',
  'ROLE_PAYMENT_DELETE_OWN',
];

describe('internal transfers', () => {
  let ctx: TestContext;
  let world: BillsWorld;
  let treasurer: SignedIn;
  let usdForm: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    world = await billsWorld(ctx);
    // Enters transfers without any payment role: the transfer's own authority enters its payments.
    treasurer = await signIn(ctx, TRANSFERS, { serviceOfficeId: world.office });
    [{ id: usdForm }] = (await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO payment_forms (name, legal_entity_id, bank_id, account_number, currency_id, service_office_id)
          SELECT 'Перевод USD', legal_entity_id, bank_id, '40702840' || lpad((id + 2000)::text, 12, '0'), ${world.usd}, service_office_id
          FROM payment_forms WHERE id = ${world.otherForm} RETURNING id`,
    )) as [{ id: number }];
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: Body) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: who.headers, payload });
  const body = (values: Body = {}): Body => ({
    date: '2026-03-12',
    senderFormId: world.form,
    recipientFormId: world.otherForm,
    amount: '2500.00',
    comment: 'На оплату перевозчику',
    ...values,
  });
  const transfer = async (values: Body = {}, who = treasurer) => {
    const res = await call('POST', '/finances/internal-transfers', who, body(values));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Body & { id: number; version: number };
  };
  const paymentsOf = (id: number) =>
    rowsOf<{ id: number; direction: string; form: number; amount: string; unlinked: string }>(
      ctx.database.db,
      sql`SELECT id, direction, payment_form_id AS form, amount::text, unlinked_amount::text AS unlinked
          FROM payments WHERE internal_transfer_id = ${id} ORDER BY direction`,
    );
  /** The entries of the transfer's payments, per account and payment form, netted. */
  const ledgerOf = (id: number) =>
    rowsOf<{ account: string; form: number | null; currency: number; amount: string; base: string }>(
      ctx.database.db,
      sql`SELECT e.account, e.payment_form_id AS form, e.currency_id AS currency,
            sum(e.amount)::text AS amount, sum(e.base_amount)::text AS base
          FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE t.source_type = 'payment' AND t.source_id IN (SELECT id FROM payments WHERE internal_transfer_id = ${id})
          GROUP BY e.account, e.payment_form_id, e.currency_id HAVING sum(e.amount) <> 0
          ORDER BY e.account, e.payment_form_id`,
    );
  const count = async () =>
    (await rowsOf<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM internal_transfers`))[0]!
      .n;
  const refusal = async (values: Body) => {
    const before = await count();
    const res = await call('POST', '/finances/internal-transfers', treasurer, body(values));
    expect(res.statusCode, res.body).toBe(400);
    expect(await count()).toBe(before);
    return flattenTree(res.json().errors);
  };

  it('enters the outgoing and the incoming payment as a pair, CASH to CASH through INTERNAL_TRANSFERS', async () => {
    const created = await transfer();
    expect(created).toMatchObject({
      senderLegalEntityId: world.company,
      recipientLegalEntityId: world.otherCompany,
      currencyId: world.rub,
      amount: '2500.00',
    });
    expect(await paymentsOf(created.id)).toMatchObject([
      { direction: 'INCOMING', form: world.otherForm, amount: '2500.00', unlinked: '2500.00' },
      { direction: 'OUTGOING', form: world.form, amount: '2500.00', unlinked: '2500.00' },
    ]);
    // The clearing account nets to zero once both payments stand: only the two forms' money moved.
    expect(await ledgerOf(created.id)).toEqual([
      { account: 'CASH', form: world.form, currency: world.rub, amount: '-2500.00', base: '-2500.00' },
      { account: 'CASH', form: world.otherForm, currency: world.rub, amount: '2500.00', base: '2500.00' },
    ]);
  });

  it('balances per currency in a foreign currency too', async () => {
    const [{ id: otherUsd }] = (await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO payment_forms (name, legal_entity_id, bank_id, account_number, currency_id)
          SELECT 'Отправитель USD', ${world.company}, bank_id, '40702840' || lpad((id + 3000)::text, 12, '0'), ${world.usd}
          FROM payment_forms WHERE id = ${world.form} RETURNING id`,
    )) as [{ id: number }];
    const created = await transfer({ senderFormId: otherUsd, recipientFormId: usdForm, amount: '100.00' });
    // 12 March: 90.12 RUB per USD, the same on both sides.
    expect(await ledgerOf(created.id)).toEqual(
      [
        { account: 'CASH', form: otherUsd, currency: world.usd, amount: '-100.00', base: '-9012.00' },
        { account: 'CASH', form: usdForm, currency: world.usd, amount: '100.00', base: '9012.00' },
      ].sort((x, y) => x.form - y.form),
    );
  });

  it('refuses forms of different currencies, one form twice and a missing order, changing nothing', async () => {
    expect(await refusal({ recipientFormId: usdForm })).toEqual({
      recipientFormId: [INTERNAL_TRANSFER_MESSAGES.currency],
    });
    expect(await refusal({ recipientFormId: world.form })).toEqual({
      recipientFormId: [INTERNAL_TRANSFER_MESSAGES.sameForm],
    });
    expect(await refusal({ orderId: 999_999 })).toMatchObject({ orderId: [expect.any(String)] });
  });

  it('does not delete the outgoing payment while the incoming one exists; deleting the transfer deletes both', async () => {
    const created = await transfer();
    const [, outgoing] = await paymentsOf(created.id);
    const cashier = await signIn(ctx, ['ROLE_PAYMENT_LIST_ALL', 'ROLE_PAYMENT_DELETE_ALL']);
    const refused = await call('DELETE', `/finances/payments/${outgoing!.id}`, cashier);
    expect(refused.statusCode).toBe(400);
    expect(flattenTree(refused.json().errors)).toEqual({ '': [INTERNAL_TRANSFER_MESSAGES.outgoingFirst] });
    expect((await paymentsOf(created.id)).length).toBe(2);
    // A payment of a transfer is the transfer's own: no other payment may claim it.
    const claim = await call('POST', '/finances/payments', await signIn(ctx, ['ROLE_ADMIN']), {
      number: 'X',
      direction: 'INCOMING',
      date: '2026-03-12',
      paymentFormId: world.form,
      amount: '2500.00',
      internalTransferId: created.id,
    });
    expect(flattenTree(claim.json().errors)).toEqual({ internalTransferId: [MESSAGES.invalid] });

    expect((await call('DELETE', `/finances/internal-transfers/${created.id}`, treasurer)).statusCode).toBe(
      200,
    );
    expect(await paymentsOf(created.id)).toEqual([]);
    expect(await ledgerOf(created.id)).toEqual([]);
  });

  it('reads and deletes by scope: creators their own, the view role every transfer, no role nothing', async () => {
    const mine = await transfer();
    const colleague = await signIn(ctx, TRANSFERS, { serviceOfficeId: world.office });
    const viewer = await signIn(ctx, ['ROLE_INTERNAL_TRANSFER_VIEW']);
    const stranger = await signIn(ctx, ['ROLE_PAYMENT_LIST_ALL']);
    expect((await call('GET', `/finances/internal-transfers/${mine.id}`, colleague)).statusCode).toBe(404);
    expect((await call('GET', `/finances/internal-transfers/${mine.id}`, viewer)).statusCode).toBe(200);
    expect((await call('GET', '/finances/internal-transfers', stranger)).statusCode).toBe(403);
    expect((await call('POST', '/finances/internal-transfers', viewer, body())).statusCode).toBe(403);
    expect((await call('DELETE', `/finances/internal-transfers/${mine.id}`, viewer)).statusCode).toBe(403);
    // Creating without a payments' delete scope reaching it: found, not deletable.
    const creatorOnly = await signIn(ctx, ['ROLE_INTERNAL_TRANSFER_CREATE']);
    const theirs = await transfer({}, creatorOnly);
    expect((await call('DELETE', `/finances/internal-transfers/${theirs.id}`, creatorOnly)).statusCode).toBe(
      404,
    );
    expect((await paymentsOf(theirs.id)).length).toBe(2);
  });

  it('refuses a locked month for a new transfer and for deleting one', async () => {
    const admin = await signIn(ctx, ['ROLE_ADMIN']);
    const earlier = await transfer({ date: '2026-01-20' });
    expect((await call('PUT', '/finances/period-locks/2026-01', admin)).statusCode).toBe(200);
    expect(await refusal({ date: '2026-01-15' })).toEqual({ date: [BILL_MESSAGES.periodLocked] });
    const res = await call('DELETE', `/finances/internal-transfers/${earlier.id}`, treasurer);
    expect(res.statusCode).toBe(400);
    expect(flattenTree(res.json().errors)).toEqual({ date: [BILL_MESSAGES.periodLocked] });
    expect((await paymentsOf(earlier.id)).length).toBe(2);
  });

  it('starts a copy dated today and a transfer of an order from its bills', async () => {
    const created = await transfer({ comment: 'Копия' });
    const copy = await call('GET', `/finances/internal-transfers/copy/${created.id}`, treasurer);
    expect(copy.json().data).toMatchObject({
      senderFormId: world.form,
      recipientFormId: world.otherForm,
      amount: '2500.00',
      comment: 'Копия',
    });
    const order = await world.order();
    const accountant = await signIn(ctx, ['ROLE_ADMIN']);
    const bill = (values: Body) =>
      call('POST', '/finances/bills', accountant, {
        number: `С-${Math.random().toString(36).slice(2, 7)}`,
        currencyId: world.rub,
        date: '2026-03-10',
        recognitionDate: '2026-03-10',
        orderIds: [order],
        ...values,
      });
    for (const values of [
      {
        direction: 'INCOME',
        counterpartyId: world.client,
        legalEntityId: world.company,
        paymentFormId: world.form,
        amount: '5000.00',
      },
      {
        direction: 'EXPENSE',
        counterpartyId: world.contractor,
        legalEntityId: world.otherCompany,
        paymentFormId: world.otherForm,
        amount: '1200.00',
      },
      {
        direction: 'EXPENSE',
        counterpartyId: world.contractor,
        legalEntityId: world.otherCompany,
        paymentFormId: world.otherForm,
        amount: '300.50',
      },
    ]) {
      const res = await bill(values);
      expect(res.statusCode, res.body).toBe(201);
    }
    const start = await call('GET', `/finances/internal-transfers/from-order/${order}`, treasurer);
    expect(start.json().data).toMatchObject({
      senderFormId: world.form,
      recipientFormId: world.otherForm,
      amount: '1500.50',
      orderId: order,
    });
    expect((await call('GET', '/finances/internal-transfers/from-order/999999', treasurer)).statusCode).toBe(
      404,
    );

    // The order's transfers status follows its plan: the other company's expenses need their sum there.
    const status = async () =>
      (
        await rowsOf<{ s: string }>(
          ctx.database.db,
          sql`SELECT transfers_status AS s FROM orders WHERE id = ${order}`,
        )
      )[0]!.s;
    expect(await status()).toBe('not-ready');
    await transfer({ orderId: order, amount: '1000.00' });
    expect(await status()).toBe('not-ready');
    const rest = await transfer({ orderId: order, amount: '500.50' });
    expect(await status()).toBe('ready');
    expect((await call('DELETE', `/finances/internal-transfers/${rest.id}`, treasurer)).statusCode).toBe(200);
    expect(await status()).toBe('not-ready');
  });
});

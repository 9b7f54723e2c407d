import {
  BILL_MESSAGES,
  CURRENCY_CONVERSION_MESSAGES,
  CURRENCY_RATE_MESSAGES,
  flattenTree,
  INTERNAL_TRANSFER_MESSAGES,
  MESSAGES,
  PAYMENT_MESSAGES,
  type Role,
} from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { bills, ledgerEntries, ledgerTransactions, paymentBills, payments } from './tables';
import { type BillsWorld, billsWorld } from './test-fixtures';

type Body = Record<string, unknown>;

const BILLS: Role[] = [
  'ROLE_COUNTERPARTY_VIEW_ALL',
  'ROLE_ORDER_VIEW_ALL',
  'ROLE_BILL_CREATE',
  'ROLE_BILL_VIEW_ALL',
  'ROLE_BILL_EDIT_ALL',
  'ROLE_BILL_DELETE',
  'ROLE_RECOGNITION_DATE_CHANGE',
];
const CASHIER: Role[] = [
  'ROLE_COUNTERPARTY_VIEW_ALL',
  'ROLE_BILL_VIEW_ALL',
  'ROLE_PAYMENT_LIST_ALL',
  'ROLE_PAYMENT_CREATE',
  'ROLE_PAYMENT_UNLINKED',
  'ROLE_PAYMENT_LINKED',
  'ROLE_PAYMENT_TOTALS',
];

describe('payments', () => {
  let ctx: TestContext;
  let world: BillsWorld;
  let accountant: SignedIn;
  let cashier: SignedIn;
  let order: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    world = await billsWorld(ctx);
    accountant = await signIn(ctx, BILLS);
    cashier = await signIn(ctx, CASHIER, { serviceOfficeId: world.office });
    order = await world.order();
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: SignedIn,
    payload?: Body,
    headers: Record<string, string> = {},
  ) => ctx.app.inject({ method, url: `/api${url}`, headers: { ...who.headers, ...headers }, payload });
  const bill = async (values: Body = {}) => {
    const res = await call('POST', '/finances/bills', accountant, {
      number: `С-${Math.random().toString(36).slice(2, 7)}`,
      direction: 'INCOME',
      counterpartyId: world.client,
      legalEntityId: world.company,
      paymentFormId: world.form,
      currencyId: world.rub,
      amount: '1000.00',
      date: '2026-03-10',
      recognitionDate: '2026-03-10',
      orderIds: [order],
      ...values,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Body & { id: number; version: number };
  };
  const incoming = (values: Body = {}): Body => ({
    number: '15',
    direction: 'INCOMING',
    date: '2026-03-12',
    paymentFormId: world.form,
    amount: '400.00',
    counterpartyId: world.client,
    purpose: 'Оплата по счёту',
    ...values,
  });
  const pay = async (values: Body = {}, who = cashier) => {
    const res = await call('POST', '/finances/payments', who, incoming(values));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Body & { id: number; version: number };
  };
  const balanceOf = async (billId: number) =>
    (await ctx.database.db.select().from(bills).where(eq(bills.id, billId)))[0]!.balance;
  const count = async () =>
    (await rowsOf<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM payments`))[0]!.n;
  const refusal = async (values: Body, who = cashier) => {
    const before = await count();
    const res = await call('POST', '/finances/payments', who, incoming(values));
    expect(res.statusCode, res.body).toBe(400);
    expect(await count()).toBe(before);
    return flattenTree(res.json().errors);
  };

  it('links one payment to several bills and a bill to several payments; the balance follows in the database', async () => {
    const first = await bill();
    const second = await bill({ amount: '300.00' });
    const payment = await pay({
      amount: '900.00',
      links: [
        { billId: first.id, amount: '600.00' },
        { billId: second.id, amount: '300.00' },
      ],
    });
    expect(payment).toMatchObject({
      currencyId: world.rub,
      legalEntityId: world.company,
      linkedAmount: '900.00',
      unlinkedAmount: '0.00',
      links: [
        { billId: first.id, amount: '600.00', billBalance: '400.00' },
        { billId: second.id, amount: '300.00', billBalance: '0.00' },
      ],
    });
    await pay({ amount: '400.00', links: [{ billId: first.id, amount: '400.00' }] });
    expect(await balanceOf(first.id)).toBe('0.00');
    const entries = await ctx.database.db
      .select()
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(
        sql`${ledgerTransactions.sourceType} = 'payment' AND ${ledgerTransactions.sourceId} = ${payment.id}`,
      );
    expect(entries.map((e) => [e.ledger_entries.account, e.ledger_entries.amount]).sort()).toEqual([
      ['CASH', '900.00'],
      ['RECEIVABLE', '-300.00'],
      ['RECEIVABLE', '-600.00'],
    ]);
    // A bill with payments no longer changes.
    const res = await call('PUT', `/finances/bills/${first.id}`, accountant, {
      comment: 'x',
      version: (await ctx.database.db.select().from(bills).where(eq(bills.id, first.id)))[0]!.version,
    });
    expect(res.statusCode).toBe(400);
    expect(flattenTree(res.json().errors)).toEqual({ '': [BILL_MESSAGES.changeBlocked] });
    // The database refuses a balance that is not amount − links, whoever writes.
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.update(bills).set({ balance: '1000.00' }).where(eq(bills.id, first.id));
      }),
    ).rejects.toThrow();
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.delete(paymentBills).where(eq(paymentBills.billId, second.id));
      }),
    ).rejects.toThrow();
  });

  it('posts a USD payment at its own date rate, the unlinked rest as an advance', async () => {
    const usdForm = await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO payment_forms (name, legal_entity_id, bank_id, account_number, currency_id, service_office_id)
          SELECT 'USD ' || id, legal_entity_id, bank_id, '40702840' || lpad(id::text, 12, '0'), ${world.usd}, service_office_id
          FROM payment_forms WHERE id = ${world.form} RETURNING id`,
    );
    const usdBill = await bill({ currencyId: world.usd, paymentFormId: usdForm[0]!.id, amount: '100.00' });
    const payment = await pay({
      paymentFormId: usdForm[0]!.id,
      amount: '150.00',
      date: '2026-03-20',
      links: [{ billId: usdBill.id, amount: '100.00' }],
    });
    expect(payment).toMatchObject({ currencyId: world.usd, unlinkedAmount: '50.00' });
    const entries = await rowsOf<{ account: string; amount: string; base: string }>(
      ctx.database.db,
      sql`SELECT e.account, e.amount::text, e.base_amount::text AS base FROM ledger_entries e
          JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE t.source_type = 'payment' AND t.source_id = ${payment.id} ORDER BY e.account`,
    );
    // 20 March: 90.20 RUB per USD.
    expect(entries).toEqual([
      { account: 'ADVANCES_RECEIVED', amount: '-50.00', base: '-4510.00' },
      { account: 'CASH', amount: '150.00', base: '13530.00' },
      { account: 'RECEIVABLE', amount: '-100.00', base: '-9020.00' },
    ]);
    expect(await refusal({ paymentFormId: usdForm[0]!.id, date: '2026-04-02' })).toEqual({
      date: [CURRENCY_RATE_MESSAGES.noRate],
    });
  });

  it('refuses links breaking the rules, all at once, and writes nothing', async () => {
    const open = await bill({ amount: '100.00' });
    const expense = await bill({ direction: 'EXPENSE', counterpartyId: world.contractor });
    expect(
      await refusal({
        amount: '50.00',
        links: [
          { billId: open.id, amount: '150.00' },
          { billId: expense.id, amount: '10.00' },
          { billId: 999999, amount: '1.00' },
        ],
      }),
    ).toEqual({
      'links.0.amount': [PAYMENT_MESSAGES.overBalance],
      'links.1.billId': [PAYMENT_MESSAGES.billDirection],
      'links.2.billId': [MESSAGES.invalid],
      links: [PAYMENT_MESSAGES.overAmount],
    });
    expect(
      await refusal({ counterpartyId: world.contractor, links: [{ billId: open.id, amount: '10.00' }] }),
    ).toMatchObject({ 'links.0.billId': [PAYMENT_MESSAGES.billCounterparty] });
    expect(await balanceOf(open.id)).toBe('100.00');
    const plain = await signIn(ctx, [
      'ROLE_PAYMENT_CREATE',
      'ROLE_BILL_VIEW_ALL',
      'ROLE_COUNTERPARTY_VIEW_ALL',
    ]);
    expect(await refusal({ links: [{ billId: open.id, amount: '10.00' }] }, plain)).toEqual({
      links: [PAYMENT_MESSAGES.unlinkedDenied],
    });
  });

  it('freezes the links to bills of an order finance accepted, adding, re-sizing and removing alike', async () => {
    const target = await bill({ amount: '600.00' });
    const payment = await pay({ amount: '600.00', links: [{ billId: target.id, amount: '200.00' }] });
    await ctx.database.db.execute(
      sql`UPDATE orders SET finance_control_status = 'ACCEPTED' WHERE id = ${order}`,
    );
    try {
      expect(await refusal({ links: [{ billId: target.id, amount: '10.00' }] })).toEqual({
        'links.0.billId': [PAYMENT_MESSAGES.billAccepted],
      });
      const resize = await call('PUT', `/finances/payments/${payment.id}`, cashier, {
        links: [{ billId: target.id, amount: '300.00' }],
        version: payment.version,
      });
      expect(flattenTree(resize.json().errors)).toEqual({
        'links.0.billId': [PAYMENT_MESSAGES.billAccepted],
      });
      const unlink = await call('PUT', `/finances/payments/${payment.id}`, cashier, {
        links: [],
        version: payment.version,
      });
      expect(flattenTree(unlink.json().errors)).toEqual({ links: [PAYMENT_MESSAGES.billAccepted] });
      expect(await balanceOf(target.id)).toBe('400.00');
    } finally {
      await ctx.database.db.execute(
        sql`UPDATE orders SET finance_control_status = 'NOT_READY' WHERE id = ${order}`,
      );
    }
    const reopened = await call('PUT', `/finances/payments/${payment.id}`, cashier, {
      links: [{ billId: target.id, amount: '300.00' }],
      version: payment.version,
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
  });

  it("links a transfer's payment only to that transfer's bills, and a transfer's bill only to its payments", async () => {
    const made = await call('POST', '/finances/internal-transfers', await signIn(ctx, ['ROLE_ADMIN']), {
      date: '2026-03-12',
      senderFormId: world.form,
      recipientFormId: world.otherForm,
      amount: '500.00',
    });
    expect(made.statusCode, made.body).toBe(201);
    const transferId = (made.json().data as { id: number }).id;
    const [received] = await rowsOf<{ id: number; version: number }>(
      ctx.database.db,
      sql`SELECT id, version FROM payments WHERE internal_transfer_id = ${transferId} AND direction = 'INCOMING'`,
    );
    // The recipient company's intercompany bill documenting the transfer (finance alone sets its transfer).
    const onOther = { legalEntityId: world.otherCompany, paymentFormId: world.otherForm, amount: '500.00' };
    const intercompany = await bill(onOther);
    await ctx.database.db.execute(
      sql`UPDATE bills SET internal_transfer_id = ${transferId} WHERE id = ${intercompany.id}`,
    );
    const ordinary = await bill(onOther);
    const relink = (billId: number) =>
      call('PUT', `/finances/payments/${received!.id}`, cashier, {
        links: [{ billId, amount: '500.00' }],
        version: received!.version,
      });
    const refused = await relink(ordinary.id);
    expect(refused.statusCode).toBe(400);
    expect(flattenTree(refused.json().errors)).toEqual({ 'links.0.billId': [PAYMENT_MESSAGES.transferBill] });
    expect(
      await refusal({
        paymentFormId: world.otherForm,
        links: [{ billId: intercompany.id, amount: '100.00' }],
      }),
    ).toEqual({ 'links.0.billId': [PAYMENT_MESSAGES.billOfTransfer] });
    expect(await balanceOf(intercompany.id)).toBe('500.00');

    const linked = await relink(intercompany.id);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await balanceOf(intercompany.id)).toBe('0.00');
    // The database holds it too, whoever writes: a link to a bill that is no longer the transfer's.
    const bypass = await ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE bills SET internal_transfer_id = NULL WHERE id = ${intercompany.id}`);
        await tx.execute(sql`UPDATE payment_bills SET amount = amount WHERE payment_id = ${received!.id}`);
      })
      .then(
        () => 'committed',
        (error: Error) => `${error.message} ${(error.cause as Error | undefined)?.message ?? ''}`,
      );
    expect(bypass).toMatch(/another internal transfer/);
    // A transfer its bills document is not deleted from under them.
    const deleted = await call(
      'DELETE',
      `/finances/internal-transfers/${transferId}`,
      await signIn(ctx, ['ROLE_ADMIN']),
    );
    expect(deleted.statusCode).toBe(400);
    expect(flattenTree(deleted.json().errors)).toEqual({ '': [INTERNAL_TRANSFER_MESSAGES.hasBills] });
  });

  it('refuses a payment into a locked month', async () => {
    expect((await call('PUT', '/finances/period-locks/2026-02', accountant)).statusCode).toBe(200);
    expect(await refusal({ date: '2026-02-10' })).toEqual({ date: [BILL_MESSAGES.periodLocked] });
  });

  it('changes only the links, with the linked role, reposting them', async () => {
    const target = await bill({ amount: '500.00' });
    const payment = await pay({ amount: '200.00' });
    expect(payment.unlinkedAmount).toBe('200.00');
    const res = await call('PUT', `/finances/payments/${payment.id}`, cashier, {
      links: [{ billId: target.id, amount: '200.00' }],
      version: payment.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ linkedAmount: '200.00', unlinkedAmount: '0.00' });
    expect(await balanceOf(target.id)).toBe('300.00');
    const amount = await call('PUT', `/finances/payments/${payment.id}`, cashier, {
      amount: '1.00',
      version: res.json().data.version,
    });
    expect(amount.statusCode).toBe(400);
    expect(flattenTree(amount.json().errors)).toEqual({ '': [PAYMENT_MESSAGES.fixed] });
  });

  it('deletes by scope, reversing the postings and freeing the bills', async () => {
    const target = await bill({ amount: '700.00' });
    const payment = await pay({ amount: '700.00', links: [{ billId: target.id, amount: '700.00' }] });
    const own = await signIn(ctx, ['ROLE_PAYMENT_LIST_ALL', 'ROLE_PAYMENT_DELETE_OWN']);
    const elsewhere = await signIn(ctx, ['ROLE_PAYMENT_LIST_ALL', 'ROLE_PAYMENT_DELETE_OFFICE']);
    const office = await signIn(ctx, ['ROLE_PAYMENT_LIST_ALL', 'ROLE_PAYMENT_DELETE_OFFICE'], {
      serviceOfficeId: world.office,
    });
    // Outside the delete scope the payment is not found for deleting.
    expect((await call('DELETE', `/finances/payments/${payment.id}`, own)).statusCode).toBe(404);
    expect((await call('DELETE', `/finances/payments/${payment.id}`, elsewhere)).statusCode).toBe(404);
    const res = await call('DELETE', `/finances/payments/${payment.id}`, office);
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(target.id)).toBe('700.00');
    const [net] = await rowsOf<{ n: string }>(
      ctx.database.db,
      sql`SELECT coalesce(sum(e.amount), 0)::text AS n FROM ledger_entries e JOIN ledger_transactions t
          ON t.id = e.transaction_id WHERE t.source_type = 'payment' AND t.source_id = ${payment.id} AND e.account = 'CASH'`,
    );
    expect(net!.n).toBe('0.00');
    const mine = await pay({}, await signIn(ctx, [...CASHIER, 'ROLE_PAYMENT_DELETE_OWN']));
    expect(mine.id).toBeGreaterThan(0);
  });

  it('lists by the list scope, with totals per currency of the same filter', async () => {
    const outsider = await signIn(ctx, ['ROLE_PAYMENT_LIST_OFFICE', 'ROLE_PAYMENT_TOTALS']);
    const list = await call('GET', '/finances/payments', outsider);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.total).toBe(0);
    await pay({ direction: 'OUTGOING', counterpartyId: world.contractor, amount: '25.00', number: 'OUT-1' });
    const totals = await call('GET', '/finances/payments/totals?direction=OUTGOING', cashier);
    expect(totals.statusCode, totals.body).toBe(200);
    const rub = totals.json().data.find((row: { currencyCode: string }) => row.currencyCode === 'RUB');
    const [expected] = await rowsOf<{ sum: string }>(
      ctx.database.db,
      sql`SELECT sum(amount)::text AS sum FROM payments WHERE direction = 'OUTGOING' AND currency_id = ${world.rub}`,
    );
    expect(rub).toMatchObject({ incoming: '0.00', outgoing: expected!.sum });
    expect((await call('GET', '/finances/payments/totals', accountant)).statusCode).toBe(403);
  });

  it('starts a payment of a bill from its open balance', async () => {
    const target = await bill({ amount: '321.00' });
    const res = await call('GET', `/finances/payments/by-bill/${target.id}`, cashier);
    expect(res.json().data).toMatchObject({
      direction: 'INCOMING',
      paymentFormId: world.form,
      counterpartyId: world.client,
      amount: '321.00',
      links: [{ billId: target.id, amount: '321.00' }],
    });
  });

  it('creates one payment for 50 concurrent identical POSTs with one Idempotency-Key', async () => {
    const before = await count();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', '/finances/payments', cashier, incoming({ number: 'IDEM' }), {
          'idempotency-key': 'payment-50',
        }),
      ),
    );
    for (const res of answers) expect([201, 409]).toContain(res.statusCode);
    expect(answers.some((res) => res.statusCode === 201)).toBe(true);
    expect(await count()).toBe(before + 1);
    const created = answers.filter((res) => res.statusCode === 201).map((res) => res.json().data.id);
    expect(new Set(created).size).toBe(1);
    expect((await ctx.database.db.select().from(payments).where(eq(payments.number, 'IDEM'))).length).toBe(1);
  });

  it('converts between payment forms, posted as a pair balancing per currency, and deleted by reversal', async () => {
    const [usdForm] = await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO payment_forms (name, legal_entity_id, bank_id, account_number, currency_id, service_office_id)
          SELECT 'Конверсия USD', legal_entity_id, bank_id, '40702840' || lpad((id + 1000)::text, 12, '0'), ${world.usd}, service_office_id
          FROM payment_forms WHERE id = ${world.form} RETURNING id`,
    );
    const body = {
      date: '2026-03-20',
      soldFormId: world.form,
      soldAmount: '9100.00',
      boughtFormId: usdForm!.id,
      boughtAmount: '100.00',
    };
    const same = await call('POST', '/currency-conversion', cashier, { ...body, boughtFormId: world.form });
    expect(same.statusCode).toBe(400);
    expect(flattenTree(same.json().errors)).toEqual({
      boughtFormId: [CURRENCY_CONVERSION_MESSAGES.sameCurrency],
    });
    const res = await call('POST', '/currency-conversion', cashier, body);
    expect(res.statusCode, res.body).toBe(201);
    const conversion = res.json().data;
    expect(conversion).toMatchObject({
      soldCurrencyId: world.rub,
      boughtCurrencyId: world.usd,
      rate: '0.010989',
    });
    const entries = await rowsOf<{ account: string; currency: number; amount: string; base: string }>(
      ctx.database.db,
      sql`SELECT e.account, e.currency_id AS currency, e.amount::text, e.base_amount::text AS base FROM ledger_entries e
          JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE t.source_type = 'conversion' AND t.source_id = ${conversion.id} ORDER BY e.currency_id, e.account`,
    );
    // 20 March: 90.20 RUB per USD; the 80 RUB difference stays on CONVERSION as the loss in base.
    expect(entries).toEqual(
      [
        { account: 'CASH', currency: world.rub, amount: '-9100.00', base: '-9100.00' },
        { account: 'CONVERSION', currency: world.rub, amount: '9100.00', base: '9100.00' },
        { account: 'CASH', currency: world.usd, amount: '100.00', base: '9020.00' },
        { account: 'CONVERSION', currency: world.usd, amount: '-100.00', base: '-9020.00' },
      ].sort((a, b) => a.currency - b.currency || a.account.localeCompare(b.account)),
    );
    const admin = await signIn(ctx, ['ROLE_ADMIN']);
    const change = await call('PUT', `/currency-conversion/${conversion.id}`, admin, {
      soldAmount: '1.00',
      version: conversion.version,
    });
    expect(change.statusCode).toBe(400);
    expect(flattenTree(change.json().errors)).toEqual({ '': [CURRENCY_CONVERSION_MESSAGES.fixed] });
    const deleter = await signIn(ctx, ['ROLE_PAYMENT_LIST_ALL', 'ROLE_PAYMENT_DELETE_ALL']);
    expect((await call('DELETE', `/currency-conversion/${conversion.id}`, deleter)).statusCode).toBe(200);
    const [net] = await rowsOf<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM (SELECT e.account, e.currency_id FROM ledger_entries e
          JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE t.source_type = 'conversion' AND t.source_id = ${conversion.id}
          GROUP BY e.account, e.currency_id HAVING sum(e.amount) <> 0) open`,
    );
    expect(net!.n).toBe(0);
  });
  it('tells a subscriber, never one who turned the types off, of a bill for their order, its payment, a conversion and a period lock', async () => {
    const types = [
      'billCreated',
      'paymentReceived',
      'billPaid',
      'conversionMade',
      'periodLocked',
      'periodUnlocked',
    ];
    const roles = ['ROLE_BILL_VIEW_ALL', 'ROLE_PAYMENT_LIST_ALL', 'ROLE_COMPANY_CHAPTERS'];
    const subscriber = await signIn(ctx, roles, { serviceOfficeId: world.office });
    const unsubscribed = await signIn(ctx, roles, { serviceOfficeId: world.office });
    for (const [who, scope] of [
      [subscriber, 'office'],
      [unsubscribed, 'off'],
    ] as const) {
      const res = await call('PUT', '/user-settings/notification-settings', who, {
        settings: [
          { type: 'conversionMade', scope },
          ...(scope === 'off' ? types.map((type) => ({ type, scope })) : []),
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Both forward the order and manage its client: the bill and the client's money concern them.
    const people = sql`ARRAY[${subscriber.user.id}, ${unsubscribed.user.id}]::integer[]`;
    const mine = await world.order();
    await ctx.database.db.execute(sql`UPDATE orders SET curator_ids = ${people} WHERE id = ${mine}`);
    await ctx.database.db.execute(
      sql`UPDATE counterparties SET manager_ids = manager_ids || ${people} WHERE id = ${world.client}`,
    );

    const billed = await bill({ orderIds: [mine], amount: '250.00' });
    const payment = await pay({ amount: '250.00', links: [{ billId: billed.id, amount: '250.00' }] });
    const [usdForm] = await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO payment_forms (name, legal_entity_id, bank_id, account_number, currency_id, service_office_id)
          SELECT 'Конверсия USD 2', legal_entity_id, bank_id, '40702840' || lpad((id + 2000)::text, 12, '0'), ${world.usd}, service_office_id
          FROM payment_forms WHERE id = ${world.form} RETURNING id`,
    );
    const converted = await call('POST', '/currency-conversion', cashier, {
      date: '2026-03-21',
      soldFormId: world.form,
      soldAmount: '910.00',
      boughtFormId: usdForm!.id,
      boughtAmount: '10.00',
    });
    expect(converted.statusCode, converted.body).toBe(201);
    expect((await call('PUT', '/finances/period-locks/2019-01', accountant)).statusCode).toBe(200);
    expect((await call('DELETE', '/finances/period-locks/2019-01', accountant)).statusCode).toBe(200);

    const unread = async (who: SignedIn) =>
      (await call('GET', '/notifications/internal/unread', who)).json().data.collection as Array<{
        type: string;
        content: string;
        links: Record<string, { link: string; text: string }>;
      }>;
    const received = await unread(subscriber);
    expect(received.map((n) => n.type).sort()).toEqual([...types].sort());
    expect(received.find((n) => n.type === 'billPaid')).toMatchObject({
      content: expect.stringContaining('%%bill%%'),
      links: { bill: { link: `/finances/bills/${billed.id}`, text: billed.number } },
    });
    expect(received.find((n) => n.type === 'paymentReceived')!.links.payment!.link).toBe(
      `/finances/payments/${payment.id}`,
    );
    expect(received.find((n) => n.type === 'periodLocked')!.links.period!.text).toBe('01.2019');
    // Amounts as the rest of the screens show them, never "910.00 RUB".
    expect(received.find((n) => n.type === 'conversionMade')!.content).toBe(
      'Конвертация %%conversion%%: продано 910,00\u00a0₽, куплено 10,00\u00a0$',
    );
    expect(await unread(unsubscribed)).toEqual([]);
  });
});
